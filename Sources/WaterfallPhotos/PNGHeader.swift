/// A PNG's header: the IHDR chunk that must come first gives the size; an `eXIf` chunk among the chunks in the bytes
/// read (before the image data) gives the orientation.
enum PNGHeader {
    static func read(_ reader: inout ByteReader) throws -> ImageHeader {
        try reader.skip(8)  // the signature
        let length = try reader.uint32BE()
        guard try reader.take(4).elementsEqual("IHDR".utf8), length == 13 else {
            throw PhotoError.unsupported(.png, "no IHDR chunk first")
        }
        let width = try reader.uint32BE()
        let height = try reader.uint32BE()
        try reader.skip(5 + 4)  // depth, colour type, compression, filter, interlace; the CRC
        var header = ImageHeader(format: .png, width: width, height: height)
        // The chunks up to the image data, as far as the bytes read go: an eXIf chunk may stand among them.
        while reader.remaining >= 8 {
            let chunkLength = try reader.uint32BE()
            let type = try reader.take(4)
            if type.elementsEqual("IDAT".utf8) || type.elementsEqual("IEND".utf8) { break }
            guard chunkLength <= reader.remaining - 4 else { break }
            let body = try reader.take(chunkLength)
            try reader.skip(4)  // CRC
            if type.elementsEqual("eXIf".utf8) {
                (header.orientation, header.dateTaken) = ExifReader.read(body)
            }
        }
        return header
    }
}
