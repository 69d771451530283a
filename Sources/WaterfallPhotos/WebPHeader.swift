/// A WebP's header (RIFF): the first chunk gives the size: `VP8 ` (lossy: the key frame's 14-bit width and height),
/// `VP8L` (lossless: 14-bit width and height less one) or `VP8X` (extended: the canvas's 24-bit width and height less
/// one), and an extended file's `EXIF` chunk, when the bytes read hold it, the orientation.
enum WebPHeader {
    static func read(_ reader: inout ByteReader) throws -> ImageHeader {
        try reader.skip(12)  // "RIFF", the size, "WEBP"
        let chunk = try reader.take(4)
        let length = try reader.uint32LE()
        switch String(decoding: chunk, as: UTF8.self) {
        case "VP8 ":
            try reader.skip(3)  // the frame tag
            guard try reader.take(3).elementsEqual([0x9D, 0x01, 0x2A]) else {
                throw PhotoError.unsupported(.webp, "a lossy frame without its start code")
            }
            let width = try reader.uint16LE() & 0x3FFF
            let height = try reader.uint16LE() & 0x3FFF
            return ImageHeader(format: .webp, width: width, height: height)
        case "VP8L":
            guard try reader.uint8() == 0x2F else { throw PhotoError.unsupported(.webp, "a lossless image without its signature") }
            let bits = try reader.uint32LE()
            return ImageHeader(format: .webp, width: (bits & 0x3FFF) + 1, height: (bits >> 14 & 0x3FFF) + 1)
        case "VP8X":
            let flags = try reader.uint8()
            try reader.skip(3)
            var header = ImageHeader(format: .webp, width: try reader.uint24LE() + 1, height: try reader.uint24LE() + 1)
            try reader.skip(max(0, length - 10) + (length & 1))
            if flags & 0x08 != 0 { readExif(into: &header, from: &reader) }
            return header
        case let other:
            throw PhotoError.unsupported(.webp, "a first chunk \"\(other)\"")
        }
    }

    /// Looks through the chunks after VP8X, as far as the bytes read go, for `EXIF`.
    private static func readExif(into header: inout ImageHeader, from reader: inout ByteReader) {
        while reader.remaining >= 8, let type = try? reader.take(4), let length = try? reader.uint32LE() {
            guard let body = try? reader.take(length) else { return }
            if type.elementsEqual("EXIF".utf8) {
                // Some writers keep JPEG's "Exif\0\0" before the TIFF structure.
                let tiff = body.starts(with: Array("Exif".utf8) + [0, 0]) ? body.dropFirst(6) : body
                (header.orientation, header.dateTaken) = ExifReader.read(tiff)
                return
            }
            if length & 1 == 1 { _ = try? reader.skip(1) }
        }
    }
}
