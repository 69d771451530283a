/// The image formats the photo wall shows, told by their first bytes (their magic numbers), never by a file's name.
public enum ImageFormat: String, Hashable, Sendable, CaseIterable {
    /// JPEG (JFIF or Exif): `FF D8 FF`.
    case jpeg = "JPEG"
    /// PNG: its 8-byte signature.
    case png = "PNG"
    /// WebP, lossy, lossless or extended: a RIFF container of type `WEBP`.
    case webp = "WebP"
    /// TIFF, classic or BigTIFF, in either byte order: `II*\0`, `MM\0*`, `II+\0`, `MM\0+`. Its first page is shown.
    case tiff = "TIFF"
    /// GIF (87a or 89a): `GIF87a` or `GIF89a`; the wall shows its first frame.
    case gif = "GIF"
    /// JPEG XL: a bare codestream (`FF 0A`) or its container, whose first box is the 12-byte signature
    /// `00 00 00 0C 'JXL ' 0D 0A 87 0A`; the wall shows its first frame.
    case jxl = "JPEG XL"

    /// The format's media type, as `Thumb::Mimetype` names it: `image/jpeg`, `image/png`, `image/webp`,
    /// `image/tiff`, `image/gif`, `image/jxl`.
    public var mimeType: String {
        switch self {
        case .jpeg: return "image/jpeg"
        case .png: return "image/png"
        case .webp: return "image/webp"
        case .tiff: return "image/tiff"
        case .gif: return "image/gif"
        case .jxl: return "image/jxl"
        }
    }

    /// The format whose magic number `bytes` begin with, or `nil` for anything else.
    public init?(magic bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(12))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + prefix.count && Array(head[offset..<(offset + prefix.count)]) == prefix
        }
        if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) {
            self = .webp
        } else if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A])
                    || starts([0x49, 0x49, 0x2B, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2B]) {
            self = .tiff
        } else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
            self = .gif
        } else if starts([0xFF, 0x0A]) || starts([0x00, 0x00, 0x00, 0x0C] + Array("JXL \r\n".utf8) + [0x87, 0x0A]) {
            self = .jxl
        } else {
            return nil
        }
    }
}
