/// A TIFF's header: the first page's (IFD0's) ImageWidth (256), ImageLength (257) and Orientation (274), read from the
/// IFD wherever the file puts it (libtiff writes it after the image data) without reading the pixels between. Its
/// entries are read with `TIFFStructure`, bounds-checked, at most `TIFFStructure.maximumEntries` of them.
enum TIFFHeader {
    /// The header of the TIFF `reader` reads from its start.
    /// - Throws: `PhotoError.truncated` when IFD0 passes the end of the file; `.unsupported` when the file's header is
    ///   malformed or IFD0 has no size.
    static func read(_ reader: inout ByteReader) throws -> ImageHeader {
        try header(of: firstIFD(&reader))
    }

    /// IFD0's entries, read from the file `reader` reads from its start, with the piece of the structure they lie in.
    /// - Throws: `PhotoError.truncated` when IFD0 passes the end of the file; `.unsupported` when the file's header is
    ///   malformed.
    static func firstIFD(
        _ reader: inout ByteReader
    ) throws -> (window: TIFFStructure, entries: [Int: TIFFStructure.Entry]) {
        var start = try reader.take(8)
        if start[start.startIndex + 2] == 0x2B || start[start.startIndex + 3] == 0x2B {  // BigTIFF: a 16-byte header
            start = start + (try reader.take(8))
        }
        guard let structure = TIFFStructure(start) else { throw PhotoError.unsupported(.tiff, "a malformed header") }
        let ifd = structure.firstIFD
        guard ifd >= reader.offset else {
            throw PhotoError.unsupported(.tiff, "IFD0 at offset \(ifd), inside the header")
        }
        guard ifd <= reader.size else { throw PhotoError.truncated(.tiff) }
        try reader.skip(ifd - reader.offset)
        let countBytes = try reader.take(structure.entryCountSize)
        let count = structure.window(countBytes, at: ifd).number(at: ifd, size: structure.entryCountSize) ?? 0
        let entryBytes = try reader.take(min(count, TIFFStructure.maximumEntries) * structure.entrySize)
        let window = structure.window(countBytes + entryBytes, at: ifd)
        return (window, window.entries(ofIFDAt: ifd))
    }

    /// The first page's size and orientation from IFD0's `entries`.
    /// - Throws: `PhotoError.unsupported` when IFD0 has no size.
    static func header(of ifd0: (window: TIFFStructure, entries: [Int: TIFFStructure.Entry])) throws -> ImageHeader {
        let (window, entries) = ifd0
        guard let width = window.integer(entries[256]), let height = window.integer(entries[257]) else {
            throw PhotoError.unsupported(.tiff, "a first page without its width and height")
        }
        let orientation = window.integer(entries[ExifTag.orientation]).flatMap(ExifOrientation.init(rawValue:)) ?? .up
        return ImageHeader(format: .tiff, width: width, height: height, orientation: orientation)
    }
}
