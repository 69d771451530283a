import SystemPackage

/// Turns photo files into thumbnails: reads the file, checks its header again (the file may have changed since the
/// walk), decodes it at about the target size, scales it down by area averaging, lays transparency over the card's
/// background and turns it upright. One decoder per thread: it keeps its TurboJPEG context, and the memory it reads
/// files and decodes JPEGs into.
public final class ThumbnailDecoder {
    private let jpeg: JPEGDecoder?
    /// The memory a file is read into, reused for the next file.
    private let fileMemory = ScratchMemory()
    /// The memory a JPEG is decoded into, reused for the next JPEG.
    private let pixelMemory = ScratchMemory()
    /// The colour transparent pixels are laid over: the card's background.
    public var background: UInt32 = 0xFFFFFF

    /// A decoder with its own contexts.
    public init() {
        jpeg = JPEGDecoder()
    }

    /// The largest file the decoder reads: a photo's compressed data is far smaller than its 200-megapixel limit.
    public static let maximumFileSize = 512 << 20

    /// The thumbnail of the file at `path`, `width` device pixels wide and as tall as the upright picture's aspect
    /// makes it (at most 20 times its width, as a card is): a picture smaller than that is enlarged to fill its card.
    /// - Throws: `PhotoError`: the file vanished or cannot be read, is not an image any more, is refused by its header
    ///   (too large), or is truncated or unsupported.
    public func thumbnail(ofFile path: FilePath, width: Int) throws -> Thumbnail {
        try withFile(path) { header, bytes in try decode(bytes, header: header, width: width, file: path).thumbnail }
    }

    /// Calls `body` with the header and the whole bytes of the file at `path`, and returns its result. The header
    /// first, from the file's start: a refused file (a bomb) costs no more than that read. A RAW's bytes are only its
    /// start: libraw reads its preview from the file (`decode(_:header:width:file:)`).
    func withFile<Result>(_ path: FilePath, _ body: (ImageHeader, UnsafeRawBufferPointer) throws -> Result) throws -> Result {
        try PhotoFile.withHeaderAndBytes(of: path, limit: Self.maximumFileSize, in: fileMemory, body)
    }

    /// The thumbnail of a whole file's `bytes` (see `thumbnail(ofFile:width:)`).
    public func thumbnail(of bytes: [UInt8], width: Int) throws -> Thumbnail {
        try bytes.withUnsafeBytes { try decode($0, header: ImageHeader.read(bytes), width: width).thumbnail }
    }

    /// The thumbnail of `bytes`, whose `header` was read (and so checked) before, `width` pixels wide, and whether the
    /// picture had no transparency to lay over the background (a JPEG never has: only PNG's, WebP's, TIFF's, GIF's,
    /// JPEG XL's, HEIF's and AVIF's
    /// pixels are looked at). A RAW is opened by libraw from `file` when it is given (its bytes are then only the
    /// file's start), else from `bytes`; its embedded preview is decoded (`RAWDecoder`), opaque.
    func decode(_ bytes: UnsafeRawBufferPointer, header: ImageHeader, width: Int,
                file: FilePath? = nil) throws -> (thumbnail: Thumbnail, isOpaque: Bool) {
        let (storedWidth, storedHeight) = Self.storedTarget(of: header, width: width)
        func thumbnail(of pixels: RGBAPixels) -> Thumbnail {
            pixels.scaled(toWidth: storedWidth, height: storedHeight, over: background).oriented(header.orientation)
        }
        switch header.format {
        case .jpeg:
            guard let jpeg else { throw PhotoError.unsupported(.jpeg, "no TurboJPEG context") }
            return try jpeg.decode(bytes, storedWidth: storedWidth, into: pixelMemory) { (thumbnail(of: $0), true) }
        case .png:
            return try PNGDecoder.decode(bytes).withPixels { (thumbnail(of: $0), $0.isOpaque) }
        case .webp:
            return try WebPDecoder.decode(bytes, storedWidth: storedWidth, storedHeight: storedHeight).withPixels { (thumbnail(of: $0), $0.isOpaque) }
        case .tiff:
            return try TIFFDecoder.decode(bytes).withPixels { (thumbnail(of: $0), $0.isOpaque) }
        case .gif:
            return try GIFDecoder.decode(bytes, screenWidth: header.width, screenHeight: header.height).withPixels { (thumbnail(of: $0), $0.isOpaque) }
        case .jxl:
            return try JXLDecoder.decode(bytes).withPixels { (thumbnail(of: $0), $0.isOpaque) }
        case .heif, .avif:
            // Upright already (the header's size is after irot/imir): the stored target is the card's.
            return try HEIFDecoder.decode(bytes, format: header.format, width: storedWidth).withPixels { (thumbnail(of: $0), $0.isOpaque) }
        case .raw:
            let source: RAWDecoder.Source = file.map { .file($0) } ?? .bytes(bytes)
            return (try RAWDecoder.thumbnail(of: source, width: width, background: background), true)
        }
    }

    /// The size a thumbnail `width` pixels wide of a picture with `header` is decoded to, in stored pixels (a picture
    /// stored on its side is as wide as its upright height): as tall as the upright aspect makes it, at most 20 times
    /// its width, as a card is.
    static func storedTarget(of header: ImageHeader, width: Int) -> (width: Int, height: Int) {
        let upright = header.orientedSize
        let targetWidth = max(1, width)
        let targetHeight = max(1, min(20 * targetWidth, Int((Double(targetWidth) * Double(upright.height) / Double(upright.width)).rounded())))
        return header.orientation.swapsSides ? (targetHeight, targetWidth) : (targetWidth, targetHeight)
    }
}
