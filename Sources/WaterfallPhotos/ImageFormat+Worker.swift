import SystemPackage

extension ImageFormat {
    /// The formats whose libraries may hang or crash on a hostile file (FFmpeg's demuxers and decoders, libraw's
    /// camera parsers): their headers and thumbnails are read by a worker process (`DecoderProcess`), so that a stuck
    /// or crashing decoder costs one card, never the wall. The one place to add a format to: a new one needs only its
    /// case here and its own path-based entry points, as video's and RAW's.
    public static let decodedInAWorker: Set<ImageFormat> = [.video, .raw]

    /// The formats whose pixels, not their headers nor their metadata, are decoded by the worker process when there is
    /// one: AVIF, through dav1d, which is fast but prints what it finds wrong in a broken file on standard error
    /// (`HEIFDecoder.AV1Decoder`). Without a worker, they are decoded here through a quiet, slower decoder.
    public static let picturesDecodedInAWorker: Set<ImageFormat> = [.avif]

    /// Whether the format's header and thumbnail are read in a worker process (`decodedInAWorker`).
    public var decodesInAWorker: Bool { Self.decodedInAWorker.contains(self) }

    /// The format of the file at `path` whose first bytes are `start`, when it is one of `decodedInAWorker`: by its
    /// magic number, or, for a TIFF structure, a camera's RAW by its name (NEF, ARW...) or by a DNGVersion tag in an
    /// IFD0 within `start`, read by our own bounds-checked `TIFFStructure` (libraw never runs in this process).
    /// `nil` for any other file.
    static func decodedInAWorker(start: some Collection<UInt8>, path: FilePath) -> ImageFormat? {
        guard let format = ImageFormat(magic: start) else { return nil }
        if format.decodesInAWorker { return format }
        guard format == .tiff else { return nil }
        if let name = path.lastComponent?.string, RAWHeader.isNamedAsRAW(name) { return .raw }
        var reader = ByteReader(Array(start), format: .tiff)
        guard let ifd0 = try? TIFFHeader.firstIFD(&reader), ifd0.entries[RAWHeader.dngVersionTag] != nil else {
            return nil
        }
        return .raw
    }
}
