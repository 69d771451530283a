/// The EXIF tags read (TIFF/EP and EXIF 2.32 numbers): in IFD0, in the Exif IFD its pointer 0x8769 leads to, and in
/// the GPS IFD its pointer 0x8825 leads to.
enum ExifTag {
    // IFD0
    static let make = 0x010F
    static let model = 0x0110
    static let orientation = 0x0112
    static let dateTime = 0x0132
    static let exifIFD = 0x8769
    static let gpsIFD = 0x8825
    // The Exif IFD
    static let exposureTime = 0x829A
    static let fNumber = 0x829D
    static let photographicSensitivity = 0x8827
    static let dateTimeOriginal = 0x9003
    static let focalLength = 0x920A
    static let focalLengthIn35mmFilm = 0xA405
    static let lensModel = 0xA434
    // The GPS IFD
    static let gpsLatitudeRef = 0x0001
    static let gpsLatitude = 0x0002
    static let gpsLongitudeRef = 0x0003
    static let gpsLongitude = 0x0004
    static let gpsAltitudeRef = 0x0005
    static let gpsAltitude = 0x0006
}

/// An EXIF RATIONAL or SRATIONAL: a numerator over a denominator that is not 0.
public struct ExifRational: Hashable, Sendable {
    /// The numerator.
    public var numerator: Int
    /// The denominator (never 0).
    public var denominator: Int

    /// `numerator` / `denominator`; `denominator` must not be 0.
    public init(numerator: Int, denominator: Int) {
        self.numerator = numerator
        self.denominator = denominator
    }

    /// `numerator` / `denominator`.
    public var value: Double { Double(numerator) / Double(denominator) }
}
