import SystemPackage

/// A camera RAW file's header, as libraw opens it (`RAWFile`): the size of its embedded preview, turned upright by the
/// RAW's own orientation (libraw's flip), so that the card has the aspect the preview shows at before a pixel is
/// decoded. Nothing is developed and no preview is unpacked.
///
/// The size is the preview's, not the sensor's: the wall and the lightbox show the preview (`RAWDecoder`), so it is
/// what a card's aspect must match, and what `checkSize()` refuses a bomb from.
enum RAWHeader {
    /// The header of the RAW file at `path`, opened with `libraw_open_file` (libraw reads only the parts it needs).
    /// - Throws: `PhotoError.unsupportedRAWCamera` (not a RAW libraw knows), `.truncated(.raw)`, `.rawHasNoPreview`,
    ///   `.tooLarge` for a preview over the limits.
    static func read(file path: FilePath) throws -> ImageHeader {
        try header(of: RAWFile(file: path))
    }

    /// The header of the RAW file whose whole bytes are `bytes`, opened with `libraw_open_buffer`.
    /// - Throws: what `read(file:)` throws.
    static func read(bytes: UnsafeRawBufferPointer) throws -> ImageHeader {
        try header(of: RAWFile(bytes: bytes))
    }

    /// The header of the RAW `reader` reads: from its file when the reader knows it (`ByteReader.file`), else from the
    /// whole of its bytes (all of them in memory already, or read through the reader's `more`).
    static func read(_ reader: inout ByteReader) throws -> ImageHeader {
        if let file = reader.file { return try read(file: file) }
        reader.offset = 0
        let bytes = Array(try reader.take(reader.size))
        return try bytes.withUnsafeBytes { try read(bytes: $0) }
    }

    /// The header of an opened RAW: its preview's stored size and libraw's flip. Checked against the limits.
    private static func header(of file: RAWFile) throws -> ImageHeader {
        guard let size = file.previewSize else { throw PhotoError.rawHasNoPreview }
        let header = ImageHeader(format: .raw, width: size.width, height: size.height, orientation: file.orientation)
        try header.checkSize()
        return header
    }

    /// Whether a file named `name` (its last path component), a TIFF structure, is a camera's RAW file by its
    /// extension (NEF, ARW, PEF... whose content says no more than TIFF): the content tells the others.
    static func isNamedAsRAW(_ name: String) -> Bool {
        SkippedKind.rawExtensions.contains(SkippedKind.fileExtension(of: name))
    }

    /// DNG's DNGVersion tag (0xC612): in IFD0, it makes a TIFF structure a DNG.
    static let dngVersionTag = 0xC612
}

extension RAWHeader {
    /// The header of a TIFF structure `reader` reads: a RAW's (through libraw) when the file is named as a TIFF-based
    /// RAW (NEF, ARW...: read by libraw without looking at IFD0, which may be sensor data) or when IFD0 has a
    /// DNGVersion tag (a DNG, whatever its name); else the TIFF's (`TIFFHeader`).
    static func readTIFFOrRAW(_ reader: inout ByteReader) throws -> ImageHeader {
        if let name = reader.file?.lastComponent?.string, isNamedAsRAW(name) { return try read(&reader) }
        let ifd0 = try TIFFHeader.firstIFD(&reader)
        if ifd0.entries[dngVersionTag] != nil { return try read(&reader) }
        return try TIFFHeader.header(of: ifd0)
    }
}
