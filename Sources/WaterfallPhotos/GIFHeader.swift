/// A GIF's header: the logical screen's width and height; the wall shows its first frame.
enum GIFHeader {
    static func read(_ reader: inout ByteReader) throws -> ImageHeader {
        try reader.skip(6)  // "GIF87a" or "GIF89a"
        let width = try reader.uint16LE()
        let height = try reader.uint16LE()
        return ImageHeader(format: .gif, width: width, height: height)
    }
}
