/// A HEIF (HEIC) or AVIF file's header, parsed by libheif from the boxes it reads through the header reads
/// (`HEIFContext.withContext(reading:limit:_:)`): the top-level boxes' heads, walked by their sizes without reading
/// their contents (an `mdat` of coded pixels may come before the `meta` box), and the `ftyp` and `meta` boxes whole,
/// never the coded pixels.
///
/// The size is the one libheif gives for the primary image's handle: after its transformations (`clap`, `irot`,
/// `imir`), so already upright, and the orientation is `.up`. A HEIF's EXIF orientation is not applied on top: the
/// spec makes `irot`/`imir` the truth, as libheif does. The coded size (`ispe`) is checked against the limits too.
enum HEIFHeader {
    /// The most bytes libheif may read for a header: a photo's `meta` box holds item locations and properties, a few
    /// KB (a grid of tiles, more), never its pixels.
    static let readLimit = 4 << 20

    /// The header: the primary image's size after its transformations.
    /// - Throws: `PhotoError.truncated` when the file ends before its boxes do; `.unsupported` for a header over
    ///   `readLimit` or what libheif refuses, with its message; `.tooLarge` for a coded size over the limits.
    static func read(_ reader: inout ByteReader) throws -> ImageHeader {
        let format = reader.format
        let metaEnd = try walkToMeta(&reader)
        return try HEIFContext.withContext(reading: &reader, limit: readLimit, refusingFrom: metaEnd) { context in
            let image = try context.primaryImage()
            let coded = image.codedSize
            if coded.width > 0 || coded.height > 0 {
                try ImageHeader(format: format, width: coded.width, height: coded.height).checkSize()
            }
            let size = image.size
            return ImageHeader(format: format, width: size.width, height: size.height)
        }
    }

    /// Walks the top-level boxes by their sizes, reading only their heads, to the end of the `meta` box: a file cut
    /// before that end is "truncated" here, where libheif would name what it then misses ("No 'meta' box").
    /// Returns where the `meta` box ends.
    static func walkToMeta(_ reader: inout ByteReader) throws -> Int {
        while true {
            let start = reader.offset
            var size = try reader.uint32BE()
            let type = String(decoding: try reader.take(4), as: UTF8.self)
            if size == 1 {
                size = try reader.uint32BE() << 32 | reader.uint32BE()  // a 64-bit size follows the type
            } else if size == 0 {
                size = reader.size - start  // the box runs to the end of the file
            }
            guard size >= reader.offset - start else {
                throw PhotoError.unsupported(reader.format, "a '\(type)' box of \(size) bytes")
            }
            try reader.skip(size - (reader.offset - start))
            if type == "meta" { return reader.offset }
        }
    }
}
