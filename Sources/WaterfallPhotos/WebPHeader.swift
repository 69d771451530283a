/// A WebP's header (RIFF): the first chunk gives the size: `VP8 ` (lossy: the key frame's 14-bit width and height),
/// `VP8L` (lossless: 14-bit width and height less one) or `VP8X` (extended: the canvas's 24-bit width and height less
/// one), and an extended file's `EXIF` chunk the orientation and the date taken. The EXIF chunk follows the image data
/// and any ICC profile or animation before it: the chunks are followed by their lengths to it, each skipped unread.
enum WebPHeader {
    /// The header, and the EXIF block (the EXIF chunk's TIFF structure) when there is one.
    static func read(_ reader: inout ByteReader) throws -> (header: ImageHeader, exif: ArraySlice<UInt8>?) {
        try reader.skip(4)  // "RIFF"
        let end = min(reader.size, 8 + (try reader.uint32LE()))  // the RIFF's end: what follows is no chunk of its
        try reader.skip(4)  // "WEBP"
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
            return (ImageHeader(format: .webp, width: width, height: height), nil)
        case "VP8L":
            guard try reader.uint8() == 0x2F else {
                throw PhotoError.unsupported(.webp, "a lossless image without its signature")
            }
            let bits = try reader.uint32LE()
            return (ImageHeader(format: .webp, width: (bits & 0x3FFF) + 1, height: (bits >> 14 & 0x3FFF) + 1), nil)
        case "VP8X":
            let flags = try reader.uint8()
            try reader.skip(3)
            var header = ImageHeader(format: .webp, width: try reader.uint24LE() + 1, height: try reader.uint24LE() + 1)
            try reader.skip(max(0, length - 10) + (length & 1))
            let exif = flags & 0x08 != 0 ? try readExif(into: &header, from: &reader, end: end) : nil
            return (header, exif)
        case let other:
            throw PhotoError.unsupported(.webp, "a first chunk \"\(other)\"")
        }
    }

    /// Follows the chunks after VP8X by their lengths up to `end` for `EXIF`, whose body (at most
    /// `ExifReader.readLimit` bytes of it) gives the orientation and date; returns that TIFF structure, if found.
    /// - Throws: `PhotoError.truncated` when a chunk passes the end of the file.
    private static func readExif(
        into header: inout ImageHeader, from reader: inout ByteReader, end: Int
    ) throws -> ArraySlice<UInt8>? {
        while end - reader.offset >= 8 {
            let type = try reader.take(4)
            let length = try reader.uint32LE()
            if type.elementsEqual("EXIF".utf8) {
                let body = try reader.take(min(length, ExifReader.readLimit))
                // Some writers keep JPEG's "Exif\0\0" before the TIFF structure.
                let tiff = body.starts(with: Array("Exif".utf8) + [0, 0]) ? body.dropFirst(6) : body
                (header.orientation, header.dateTaken, header.shot) = ExifReader.read(tiff)
                return tiff
            }
            try reader.skip(length)
            try reader.skip(min(length & 1, reader.remaining))  // the padding to an even length
        }
        return nil
    }
}
