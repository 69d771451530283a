/// Headers built byte by byte, so that each test names exactly what the file says.
public enum HeaderBytes {
    public static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    public static func be32(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF)] + be16(value)
    }
    public static func le16(_ value: Int) -> [UInt8] { be16(value).reversed() }
    public static func le24(_ value: Int) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF)]
    }
    public static func le32(_ value: Int) -> [UInt8] { be32(value).reversed() }

    /// A TIFF structure (as EXIF holds it) with IFD0's Orientation and, through the Exif IFD, DateTimeOriginal.
    public static func tiff(orientation: Int, date: String?, littleEndian: Bool) -> [UInt8] {
        let u16 = littleEndian ? le16 : be16
        let u32 = littleEndian ? le32 : be32
        var bytes: [UInt8] = littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]
        bytes += u16(42) + u32(8)
        let ifd0Entries = date == nil ? 1 : 2
        let exifIFD = 8 + 2 + 12 * ifd0Entries + 4
        bytes += u16(ifd0Entries)
        bytes += u16(0x0112) + u16(3) + u32(1) + u16(orientation) + [0, 0]  // SHORT, left-justified
        if date != nil { bytes += u16(0x8769) + u16(4) + u32(1) + u32(exifIFD) }
        bytes += u32(0)  // no next IFD
        if let date {
            let dateOffset = exifIFD + 2 + 12 + 4
            bytes += u16(1) + u16(0x9003) + u16(2) + u32(20) + u32(dateOffset) + u32(0)
            bytes += Array(date.utf8) + [0]
        }
        return bytes
    }

    /// A JPEG: SOI, an `Exif` APP1 when given, the frame header (`sof`, SOF0 baseline by default) of `width` ×
    /// `height`, then the start of scan.
    public static func jpeg(width: Int, height: Int, sof: UInt8 = 0xC0, exif: [UInt8]? = nil) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xE0] + be16(16) + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        if let exif { bytes += exifSegment(exif) }
        bytes += [0xFF, 0xDB] + be16(67) + [UInt8](repeating: 1, count: 65)  // a quantisation table
        bytes += [0xFF, sof] + be16(17) + [8] + be16(height) + be16(width) + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        bytes += [0xFF, 0xDA] + be16(12) + [3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3F, 0]
        return bytes
    }

    /// A PNG: the signature, IHDR of `width` × `height`, an `eXIf` chunk when given, IDAT.
    public static func png(width: Int, height: Int, exif: [UInt8]? = nil) -> [UInt8] {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += be32(13) + Array("IHDR".utf8) + be32(width) + be32(height) + [8, 6, 0, 0, 0] + be32(0)
        if let exif { bytes += be32(exif.count) + Array("eXIf".utf8) + exif + be32(0) }
        bytes += be32(2) + Array("IDAT".utf8) + [0x78, 0x9C] + be32(0)
        return bytes
    }

    /// A GIF's first 10 bytes: the `GIF89a` signature and the logical screen's `width` and `height`.
    public static func gif(width: Int, height: Int) -> [UInt8] { Array("GIF89a".utf8) + le16(width) + le16(height) }

    /// A WebP of one `chunk` with `body`, in its RIFF container.
    public static func webp(_ chunk: String, _ body: [UInt8], more: [UInt8] = []) -> [UInt8] {
        let chunks = Array(chunk.utf8) + le32(body.count) + body + (body.count & 1 == 1 ? [0] : []) + more
        return Array("RIFF".utf8) + le32(4 + chunks.count) + Array("WEBP".utf8) + chunks
    }

    /// A JPEG segment: its marker, its length (2 + the body's) and `body` (at most 65,533 bytes).
    public static func jpegSegment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] {
        [0xFF, marker] + be16(2 + body.count) + body
    }

    /// The `Exif` APP1 segment of a JPEG that holds `tiff`.
    public static func exifSegment(_ tiff: [UInt8]) -> [UInt8] {
        jpegSegment(0xE1, Array("Exif".utf8) + [0, 0] + tiff)
    }

    /// A PNG chunk: its length, `type`, `body` and CRC, as libspng checks it.
    public static func pngChunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        be32(body.count) + Array(type.utf8) + body + be32(Int(crc32(Array(type.utf8) + body)))
    }

    /// The CRC-32 of `bytes` that PNG chunks end with (ISO 3309, the polynomial 0xEDB88320), a byte at a time.
    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        ~bytes.reduce(0xFFFF_FFFF) { crc, byte in crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    }

    /// The CRC of each byte value, bit by bit.
    private static let crcTable: [UInt32] = (0..<256).map { (value: UInt32) in
        (0..<8).reduce(value) { crc, _ in crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }

    /// A RIFF chunk of a WebP: `type`, the body's length, `body` and a padding byte when the length is odd.
    public static func riffChunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        Array(type.utf8) + le32(body.count) + body + (body.count & 1 == 1 ? [0] : [])
    }
}
