/// EXIF's DateTimeOriginal as a header holds it: the usual "yyyy:mm:dd hh:mm:ss" as its 14 digits in one integer, so
/// that a library of a million photos holds no string for it; any other text as it is. The text comes back byte for
/// byte either way.
public enum ExifDateText: Hashable, Sendable {
    /// The digits `yyyymmddhhmmss` of a text of exactly that form.
    case digits(Int64)
    /// A text of another form (a truncated one, one with a zone or fractions, garbage).
    case other(String)

    /// `text`, held as its digits when it has the usual form.
    public init(_ text: String) {
        var text = text
        self = text.withUTF8 { Self.digits(of: UnsafeRawBufferPointer($0)).map { .digits($0) } } ?? .other(text)
    }

    /// The text of `bytes` (UTF-8, each invalid byte U+FFFD), held as its digits when it has the usual form: an index
    /// row's column is read so, with no string made.
    public init(bytes: UnsafeRawBufferPointer) {
        self = Self.digits(of: bytes).map { .digits($0) } ?? .other(String(decoding: bytes, as: UTF8.self))
    }

    /// The text, as it was given.
    public var text: String {
        switch self {
        case .other(let text): return text
        case .digits(let digits):
            var value = digits
            return String(unsafeUninitializedCapacity: 19) { text in
                for index in (0..<19).reversed() {
                    if Self.separators[index] != 0 {
                        text[index] = Self.separators[index]
                    } else {
                        text[index] = UInt8(ascii: "0") + UInt8(value % 10)
                        value /= 10
                    }
                }
                return 19
            }
        }
    }

    /// When the photo was taken, if the text says (`TakenTime(exif:)`).
    public var takenTime: TakenTime? {
        switch self {
        case .digits(let digits): return TakenTime(digits: digits)
        case .other(let text): return TakenTime(exif: text)
        }
    }

    /// The byte at each place of "yyyy:mm:dd hh:mm:ss" that is not a digit; 0 where a digit goes.
    private static let separators: [UInt8] = Array("....:..:.. ..:..:..".utf8).map { $0 == UInt8(ascii: ".") ? 0 : $0 }

    /// The 14 digits of `bytes` when they are exactly "dddd:dd:dd dd:dd:dd".
    private static func digits(of bytes: UnsafeRawBufferPointer) -> Int64? {
        guard bytes.count == 19 else { return nil }
        var digits: Int64 = 0
        for (byte, separator) in zip(bytes, separators) {
            if separator != 0 {
                guard byte == separator else { return nil }
            } else {
                guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
                digits = digits * 10 + Int64(byte - UInt8(ascii: "0"))
            }
        }
        return digits
    }
}
