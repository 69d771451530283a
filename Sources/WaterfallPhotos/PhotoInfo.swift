/// What a photo's EXIF says about how it was taken: the date, the camera and lens, the exposure, and where. Read on
/// demand (`PhotoFile.readInfo(path:)`; the walk keeps only what the library index holds: `ShotDetails`); each field is `nil` when the EXIF lacks it or it is
/// malformed, and a photo without EXIF has none (`isEmpty`).
public struct PhotoInfo: Hashable, Sendable {
    /// When it was taken, as EXIF writes it ("2024:05:01 12:30:00"): DateTimeOriginal (0x9003), else DateTime (0x0132).
    public var dateTaken: String?
    /// The camera's maker, Make (0x010F), trimmed of NULs and spaces.
    public var make: String?
    /// The camera's model, Model (0x0110), trimmed of NULs and spaces.
    public var model: String?
    /// The lens, LensModel (0xA434).
    public var lens: String?
    /// ExposureTime (0x829A), in seconds.
    public var exposureTime: ExifRational?
    /// FNumber (0x829D).
    public var fNumber: Double?
    /// ISO: PhotographicSensitivity (0x8827).
    public var iso: Int?
    /// FocalLength (0x920A), in millimetres.
    public var focalLength: Double?
    /// FocalLengthIn35mmFilm (0xA405), in millimetres.
    public var focalLength35mm: Int?
    /// Where it was taken: the GPS IFD's position (through 0x8825).
    public var position: GPSPosition?

    /// No information.
    public init() {}

    /// Whether the EXIF said nothing this reads.
    public var isEmpty: Bool { self == PhotoInfo() }

    /// `dateTaken` as its parts, when it is a well-formed "YYYY:MM:DD HH:MM:SS".
    public var dateTakenComponents: DateTaken? { dateTaken.flatMap(DateTaken.init(exif:)) }
}

/// A date and time as EXIF writes it, "YYYY:MM:DD HH:MM:SS", in its parts (local time: EXIF's dates have no zone).
public struct DateTaken: Hashable, Sendable {
    /// The year.
    public var year: Int
    /// The month, 1 to 12.
    public var month: Int
    /// The day, 1 to 31.
    public var day: Int
    /// The hour, 0 to 23.
    public var hour: Int
    /// The minute, 0 to 59.
    public var minute: Int
    /// The second, 0 to 60.
    public var second: Int

    /// The parts of `exif`, "2024:05:01 12:30:00"; `nil` when it is not of that form or a part is out of range.
    public init?(exif: String) {
        let bytes = Array(exif.utf8)
        guard bytes.count >= 19, [4, 7].allSatisfy({ bytes[$0] == UInt8(ascii: ":") }), bytes[10] == UInt8(ascii: " "),
            [13, 16].allSatisfy({ bytes[$0] == UInt8(ascii: ":") })
        else { return nil }
        func part(_ start: Int, _ count: Int) -> Int? {
            let digits = bytes[start..<(start + count)]
            guard digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
            return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        }
        guard let year = part(0, 4), let month = part(5, 2), let day = part(8, 2), let hour = part(11, 2),
            let minute = part(14, 2), let second = part(17, 2),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second <= 60
        else { return nil }
        (self.year, self.month, self.day, self.hour, self.minute, self.second) = (
            year, month, day, hour, minute, second
        )
    }

    /// "2024-05-01 12:30:00".
    public var text: String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day)) \(two(hour)):\(two(minute)):\(two(second))"
    }
}

/// A position from EXIF's GPS IFD: latitude and longitude in degrees (north and east positive), and the altitude.
public struct GPSPosition: Hashable, Sendable {
    /// Degrees north of the equator (south negative).
    public var latitude: Double
    /// Degrees east of Greenwich (west negative).
    public var longitude: Double
    /// Metres above sea level (below negative), when the EXIF says.
    public var altitude: Double?

    /// The position at `latitude`, `longitude` and `altitude`.
    public init(latitude: Double, longitude: Double, altitude: Double? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
    }
}
