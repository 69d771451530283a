import SystemPackage

/// Turns photo files into thumbnails: reads the file, checks its header again (the file may have changed since the
/// walk), decodes it at about the target size, scales it down by area averaging, lays transparency over the card's
/// background, turns it upright and converts its colours to the display's (lcms2: from the profile the photo embeds,
/// or sRGB). One decoder per thread: it keeps its TurboJPEG and lcms2 contexts, the memory it reads files and
/// decodes JPEGs into, and its decoder worker (`DecoderProcess`), which reads the formats whose libraries may hang or
/// crash (`ImageFormat.decodedInAWorker`: videos, RAWs) and decodes AVIF's pixels with dav1d, which prints
/// (`ImageFormat.picturesDecodedInAWorker`), apart from this process.
public final class ThumbnailDecoder {
    private let jpeg: JPEGDecoder?
    /// The memory a file is read into, reused for the next file.
    private let fileMemory = ScratchMemory()
    /// The memory a JPEG is decoded into, reused for the next JPEG.
    private let pixelMemory = ScratchMemory()
    /// Converts the thumbnails' colours to `displayProfile`'s.
    let colors = ColorConversion()
    /// The colour transparent pixels are laid over: the card's background.
    public var background: UInt32 = 0xFFFFFF
    /// The profile of the display the thumbnails are shown on (the `_ICC_PROFILE` root window property), which they
    /// are converted to; `nil` for sRGB, a display without one. A photo without a profile of its own is sRGB, and is
    /// converted only for a display that is not: on an sRGB display it costs nothing.
    public var displayProfile: ColorProfile?
    /// The worker process that reads the files of `ImageFormat.decodedInAWorker`; `nil`: they are decoded in this
    /// process, as every other format (the worker's own decoder, and the fuzz target, which looks for those crashes).
    public let worker: DecoderProcess?
    /// How an AVIF's AV1 is decoded in this process: quietly (libaom), or by dav1d in the worker itself, which points
    /// its standard error away for the call (`DecoderWorker`), and in the fuzz target, which looks for its crashes.
    package var av1: HEIFDecoder.AV1Decoder = .aom
    /// How many threads a decode may run on, for a decoder that splits its work (libjxl's groups): the decoding
    /// thread's share of the cores, which a `ThumbnailPool` sets before each job (`CoreShare`). 1 by default.
    public var threads = 1

    /// A decoder with its own contexts, which reads videos through `worker` (by default, a worker of its own, started
    /// at the first video); `nil` decodes them in this process.
    public init(worker: DecoderProcess? = DecoderProcess()) {
        jpeg = JPEGDecoder()
        self.worker = worker
    }

    /// The largest file the decoder reads: a photo's compressed data is far smaller than its 200-megapixel limit.
    public static let maximumFileSize = 512 << 20

    /// The thumbnail of the file at `path`, `width` device pixels wide and as tall as the upright picture's aspect
    /// makes it (at most 20 times its width, as a card is): a picture smaller than that is enlarged to fill its card.
    /// - Throws: `PhotoError`: the file vanished or cannot be read, is not an image any more, is refused by its header
    ///   (too large), or is truncated or unsupported.
    public func thumbnail(ofFile path: FilePath, width: Int) throws -> Thumbnail {
        try PhotoFile.withHeaderAndBytes(
            of: path, limit: Self.maximumFileSize, in: fileMemory, worker: worker,
            inWorker: { worker, format in
                try worker.thumbnail(ofFile: path, width: width, background: background, format: format).forDisplay(
                    self)
            }
        ) { header, bytes in
            try decode(bytes, header: header, width: width, path: path).forDisplay(self)
        }
    }

    /// Calls `body` with the header of the file at `path` and a function that decodes it at a width: in this process
    /// from its bytes (`withFile(_:_:)`), or, for a format read by `worker`, by the worker (a header, then a
    /// thumbnail request). The file is opened once here either way.
    func withDecoding<Result>(
        _ path: FilePath, _ body: (ImageHeader, (Int) throws -> Decoded) throws -> Result
    ) throws -> Result {
        try PhotoFile.withHeaderAndBytes(
            of: path, limit: Self.maximumFileSize, in: fileMemory, worker: worker,
            inWorker: { worker, format in
                let header = try worker.header(ofFile: path, format: format)
                return try body(header) { width in
                    try worker.thumbnail(ofFile: path, width: width, background: background, format: format)
                }
            }
        ) { header, bytes in
            try body(header) { try decode(bytes, header: header, width: $0, path: path) }
        }
    }

    /// Calls `body` with the header and the whole bytes of the file at `path`, and returns its result. The header
    /// first, from the file's start: a refused file (a bomb) costs no more than that read. A RAW's bytes are only its
    /// start: libraw reads its preview from the file (`decode(_:header:width:file:)`).
    func withFile<Result>(
        _ path: FilePath, _ body: (ImageHeader, UnsafeRawBufferPointer) throws -> Result
    ) throws -> Result {
        try PhotoFile.withHeaderAndBytes(of: path, limit: Self.maximumFileSize, in: fileMemory, body)
    }

    /// The thumbnail of a whole file's `bytes` (see `thumbnail(ofFile:width:)`).
    public func thumbnail(of bytes: [UInt8], width: Int) throws -> Thumbnail {
        try bytes.withUnsafeBytes { try decode($0, header: ImageHeader.read(bytes), width: width).forDisplay(self) }
    }

    /// A picture decoded at a card's size, upright, its colours still the photo's own.
    struct Decoded {
        /// The pixels laid over the background.
        var thumbnail: Thumbnail
        /// Whether the picture had no transparency to lay over the background.
        var isOpaque: Bool
        /// The profile the photo's colours are in; `nil` for sRGB.
        var profile: ColorProfile?

        /// The thumbnail converted to `decoder`'s display profile.
        func forDisplay(_ decoder: ThumbnailDecoder) -> Thumbnail {
            converted(to: decoder.displayProfile, by: decoder)
        }

        /// The thumbnail converted to `target` (`nil`: sRGB), as `decoder`'s lcms2 transforms convert it.
        func converted(to target: ColorProfile?, by decoder: ThumbnailDecoder) -> Thumbnail {
            var thumbnail = thumbnail
            decoder.colors.convert(&thumbnail, from: profile, to: target)
            return thumbnail
        }
    }

    /// The thumbnail of `bytes`, whose `header` was read (and so checked) before, `width` pixels wide, with whether the
    /// picture had no transparency to lay over the background (a JPEG never has: only PNG's, WebP's, TIFF's, GIF's,
    /// JPEG XL's, HEIF's and AVIF's pixels are looked at) and the colour profile it carries. A video's poster frame is
    /// decoded from the file at `path` when it is given (its `bytes` are then only the file's start), else from
    /// `bytes`; so is a RAW, opened by libraw, whose embedded preview is decoded (`RAWDecoder`), opaque.
    func decode(
        _ bytes: UnsafeRawBufferPointer, header: ImageHeader, width: Int, path: FilePath? = nil
    ) throws -> Decoded {
        if let worker, let path, ImageFormat.picturesDecodedInAWorker.contains(header.format) {
            return try worker.thumbnail(ofFile: path, width: width, background: background, format: header.format)
        }
        let (storedWidth, storedHeight) = Self.storedTarget(of: header, width: width)
        func thumbnail(of pixels: RGBAPixels) -> Thumbnail {
            pixels.scaled(toWidth: storedWidth, height: storedHeight, over: background).oriented(header.orientation)
        }
        func decoded(_ pixels: RGBAPixels, profile: ColorProfile?) -> Decoded {
            let scaled = pixels.scaledNotingOpacity(toWidth: storedWidth, height: storedHeight, over: background)
            return Decoded(
                thumbnail: scaled.thumbnail.oriented(header.orientation), isOpaque: scaled.isOpaque, profile: profile)
        }
        func decoded(_ image: RGBAImage) -> Decoded { image.withPixels { decoded($0, profile: image.profile) } }
        switch header.format {
        case .jpeg:
            guard let jpeg else { throw PhotoError.unsupported(.jpeg, "no TurboJPEG context") }
            let profile = JPEGColorProfile.read(bytes)
            return try jpeg.decode(bytes, storedWidth: storedWidth, into: pixelMemory) {
                Decoded(thumbnail: thumbnail(of: $0), isOpaque: true, profile: profile)
            }
        case .png:
            let png = try PNGDecoder.decodeScaled(
                bytes, storedWidth: storedWidth, storedHeight: storedHeight, background: background)
            return Decoded(
                thumbnail: png.thumbnail.oriented(header.orientation), isOpaque: png.isOpaque, profile: png.profile)
        case .webp:
            var image = try WebPDecoder.decode(bytes, storedWidth: storedWidth, storedHeight: storedHeight)
            image.profile = WebPColorProfile.read(bytes)
            return decoded(image)
        case .tiff:
            return decoded(try TIFFDecoder.decode(bytes))
        case .gif:
            let gif = try GIFDecoder.decodeScaled(
                bytes, screenWidth: header.width, screenHeight: header.height, storedWidth: storedWidth,
                storedHeight: storedHeight, background: background)
            return Decoded(thumbnail: gif.thumbnail.oriented(header.orientation), isOpaque: gif.isOpaque, profile: nil)
        case .jxl:
            return try JXLDecoder.withDecoded(bytes, threads: threads, decoded)
        case .heif, .avif:
            // Upright already (the header's size is after irot/imir): the stored target is the card's.
            let heif = try HEIFDecoder.decodeScaled(
                bytes, format: header.format, width: storedWidth, targetWidth: storedWidth, targetHeight: storedHeight,
                background: background, av1: av1)
            return Decoded(
                thumbnail: heif.thumbnail.oriented(header.orientation), isOpaque: heif.isOpaque, profile: heif.profile)
        case .video:
            // Scaled by libswscale straight to the stored target, then turned upright once.
            let input: VideoInput = if let path { .file(path) } else { .bytes(bytes) }
            let poster = try VideoDecoder.poster(of: input, width: storedWidth, height: storedHeight).oriented(
                header.orientation)
            return Decoded(thumbnail: poster, isOpaque: true, profile: nil)
        case .raw:
            let source: RAWDecoder.Source = path.map { .file($0) } ?? .bytes(bytes)
            // Turned by the header's orientation: libraw's flip, or the RAW's sidecar's (`PhotoFile.turnedBySidecar`).
            return Decoded(
                thumbnail: try RAWDecoder.thumbnail(
                    of: source, width: width, background: background, orientation: header.orientation),
                isOpaque: true, profile: nil)
        }
    }

    /// The size a thumbnail `width` pixels wide of a picture with `header` is decoded to, in stored pixels (a picture
    /// stored on its side is as wide as its upright height): as tall as the upright aspect makes it, at most 20 times
    /// its width, as a card is.
    static func storedTarget(of header: ImageHeader, width: Int) -> (width: Int, height: Int) {
        let upright = header.orientedSize
        let targetWidth = max(1, width)
        let targetHeight = max(
            1,
            min(20 * targetWidth, Int((Double(targetWidth) * Double(upright.height) / Double(upright.width)).rounded()))
        )
        return header.orientation.swapsSides ? (targetHeight, targetWidth) : (targetWidth, targetHeight)
    }
}
