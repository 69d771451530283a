/// The camera, the lens and the exposure a photo's EXIF names, as `PhotoInfo` says them (`camera`, `lens`,
/// `exposureLine`): what the walk reads of each photo for the library index, beside its date. A header holds them by
/// one reference, `nil` for a photo whose EXIF names none of them (a screenshot, a scan, an edited export).
public final class ShotDetails: Hashable, Sendable, CustomStringConvertible {
    /// The camera: "FUJIFILM X-T4".
    public let camera: String?
    /// The lens: "XF35mmF1.4 R".
    public let lens: String?
    /// The exposure on one line: "1/250 s · f/2.8 · ISO 400 · 35 mm".
    public let exposure: String?
    /// The ISO speed the exposure names ("ISO 400": 400), for `iso>3200` in a query; `nil` when it names none.
    public let iso: Int?

    /// Details of `camera`, `lens` and `exposure`; `nil` when all three are.
    public init?(camera: String?, lens: String?, exposure: String?) {
        guard camera != nil || lens != nil || exposure != nil else { return nil }
        self.camera = camera
        self.lens = lens
        self.exposure = exposure
        iso = exposure.flatMap(Self.iso(in:))
    }

    /// The number after "ISO " in `exposure`, if any.
    static func iso(in exposure: String) -> Int? {
        guard let range = exposure.range(of: "ISO ") else { return nil }
        let digits = exposure[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
        return Int(digits)
    }

    public static func == (a: ShotDetails, b: ShotDetails) -> Bool {
        a.camera == b.camera && a.lens == b.lens && a.exposure == b.exposure
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(camera)
        hasher.combine(lens)
        hasher.combine(exposure)
    }

    public var description: String {
        [camera, lens, exposure].compactMap { $0 }.joined(separator: ", ")
    }
}

extension PhotoInfo {
    /// The camera, lens and exposure, as the library index keeps them; `nil` when the EXIF names none of them.
    public var shotDetails: ShotDetails? { ShotDetails(camera: camera, lens: lens, exposure: exposureLine) }
}
