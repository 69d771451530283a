/// A GIF's header: the logical screen descriptor right after the 6-byte signature gives the screen's width and height
/// (16 bits each, little-endian), the size the first frame is shown at. Nothing else is read: a GIF has no EXIF
/// and no orientation.
enum GIFHeader {
    /// The header: the logical screen's size.
    static func read(_ reader: inout ByteReader) throws -> ImageHeader {
        try reader.skip(6)  // "GIF87a" or "GIF89a"
        let width = try reader.uint16LE()
        let height = try reader.uint16LE()
        return ImageHeader(format: .gif, width: width, height: height)
    }
}
