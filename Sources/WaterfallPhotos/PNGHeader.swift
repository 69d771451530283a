/// A PNG's header: the IHDR chunk that must come first gives the size; an `eXIf` chunk gives the orientation and the
/// date taken. The chunks are followed by their lengths up to the image data, however long the text (XMP, comments)
/// or the ICC profile before it, each skipped unread. The eXIf chunk may also follow the image data (ImageMagick
/// writes it there): it is then looked for among the chunks that end the file (`exifAfterImageData(_:imageData:)`).
enum PNGHeader {
    /// The header, and the EXIF block (the eXIf chunk's body) when there is one.
    static func read(_ reader: inout ByteReader) throws -> (header: ImageHeader, exif: ArraySlice<UInt8>?) {
        try reader.skip(8)  // the signature
        let length = try reader.uint32BE()
        guard try reader.take(4).elementsEqual("IHDR".utf8), length == 13 else {
            throw PhotoError.unsupported(.png, "no IHDR chunk first")
        }
        let width = try reader.uint32BE()
        let height = try reader.uint32BE()
        try reader.skip(5 + 4)  // depth, colour type, compression, filter, interlace; the CRC
        var header = ImageHeader(format: .png, width: width, height: height)
        try header.checkSize()  // a bomb is refused from IHDR, before any other chunk is looked for
        while true {
            let chunkLength = try reader.uint32BE()
            let type = try reader.take(4)
            if type.elementsEqual("eXIf".utf8) {
                let exif = try reader.take(min(chunkLength, ExifReader.readLimit))
                (header.orientation, header.dateTaken, header.shot) = ExifReader.read(exif)
                return (header, exif)  // (a PNG has one eXIf at most)
            }
            if type.elementsEqual("IDAT".utf8) {
                if let exif = try exifAfterImageData(&reader, imageData: reader.offset - 8) {
                    (header.orientation, header.dateTaken, header.shot) = ExifReader.read(exif)
                    return (header, exif)
                }
                return (header, nil)
            }
            if type.elementsEqual("IEND".utf8) { return (header, nil) }  // no image data: the decoder says so
            try reader.skip(chunkLength + 4)  // the chunk and its CRC
        }
    }
}
