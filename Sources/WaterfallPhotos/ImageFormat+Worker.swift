extension ImageFormat {
    /// The formats whose libraries may hang or crash on a hostile file (FFmpeg's demuxers and decoders, libraw's
    /// camera parsers): their headers and thumbnails are read by a worker process (`DecoderProcess`), so that a stuck
    /// or crashing decoder costs one card, never the wall. The one place to add a format to: a new one (camera RAW)
    /// needs only its case here and its own path-based entry points, as video's.
    public static let decodedInAWorker: Set<ImageFormat> = [.video]

    /// Whether the format's header and thumbnail are read in a worker process (`decodedInAWorker`).
    public var decodesInAWorker: Bool { Self.decodedInAWorker.contains(self) }
}
