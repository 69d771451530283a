/// An ICC colour profile, as a photo embeds it (JPEG's APP2, PNG's iCCP, WebP's ICCP, HEIF's colr, TIFF's and
/// JPEG XL's own) or as the X server's `_ICC_PROFILE` root window property gives the display's (the ICC Profiles in X
/// specification, which colord and xiccd follow). Its bytes are kept as they are: lcms2 reads them when a picture is
/// converted.
public struct ColorProfile: Hashable, Sendable {
    /// The profile's bytes: the ICC header and tag table, then the tags.
    public let bytes: [UInt8]

    /// A profile of `bytes`, or `nil` when they are too short to be one (an ICC header is 128 bytes) or do not carry
    /// the `acsp` signature at byte 36. Whether lcms2 can use it is known only when it is opened.
    public init?(bytes: [UInt8]) {
        guard bytes.count >= 132, bytes[36..<40].elementsEqual("acsp".utf8) else { return nil }
        self.bytes = bytes
    }

    /// The profile's colour space signature (bytes 16 to 19): "RGB " for the profiles the wall converts from;
    /// "GRAY", "CMYK" or "Lab " for others, which are not applied to decoded RGB pixels.
    public var colorSpace: String { String(decoding: bytes[16..<20], as: UTF8.self) }
}
