import SystemPackage

/// Decodes a camera RAW file's embedded preview (`libraw_unpack_thumb`), never its sensor data: a JPEG preview through
/// TurboJPEG at the smallest DCT scale at least the card's width (`JPEGDecoder`), a bitmap preview (8-bit RGB or grey)
/// as it is. The picture is then scaled, and turned upright once by the RAW's own orientation (libraw's flip, in the
/// header): a preview JPEG's own EXIF orientation, if it has one, is not applied on top. The RAW's orientation is the
/// truth, as libraw's samples (`dcraw_emu -e`) and darktable's embedded thumbnails take it: cameras store the preview
/// as the sensor saw it.
///
/// Each call opens the file and holds no state after it returns, so that the lead's worker process can run it alone.
enum RAWDecoder {
    /// Where a RAW's bytes come from: its file (libraw reads the parts it needs), or memory.
    enum Source {
        /// The file at a path, opened with `libraw_open_file`.
        case file(FilePath)
        /// A whole file's bytes, opened with `libraw_open_buffer`.
        case bytes(UnsafeRawBufferPointer)

        /// The RAW opened.
        func open() throws -> RAWFile {
            switch self {
            case .file(let path): return try RAWFile(file: path)
            case .bytes(let bytes): return try RAWFile(bytes: bytes)
            }
        }
    }

    /// The thumbnail of the RAW in `source`, `width` pixels wide and as tall as the upright preview's aspect makes it
    /// (at most 20 times its width), its preview laid over `background` (previews are opaque) and turned upright: by
    /// `orientation` when given (a saved rotation's, from the RAW's sidecar), else by the RAW's own.
    /// - Throws: `PhotoError.unsupportedRAWCamera`, `.truncated(.raw)` (the RAW or its preview JPEG ends too soon),
    ///   `.rawHasNoPreview`, `.tooLarge` for a preview over the limits (its JPEG's own size checked too), `.unsupported`.
    static func thumbnail(
        of source: Source, width: Int, background: UInt32, orientation: ExifOrientation? = nil
    ) throws -> Thumbnail {
        let file = try source.open()
        guard let size = file.previewSize else { throw PhotoError.rawHasNoPreview }
        let header = ImageHeader(
            format: .raw, width: size.width, height: size.height, orientation: orientation ?? file.orientation)
        try header.checkSize()
        let target = ThumbnailDecoder.storedTarget(of: header, width: width)
        return try withPreviewPixels(of: file, storedWidth: target.width) { pixels in
            pixels.scaled(toWidth: target.width, height: target.height, over: background).oriented(header.orientation)
        }
    }

    /// Calls `body` with the preview of `file` decoded to RGBA (a JPEG at the smallest DCT scale at least `storedWidth`
    /// wide), as stored, and returns its result.
    static func withPreviewPixels<Result>(
        of file: RAWFile, storedWidth: Int, _ body: (RGBAPixels) throws -> Result
    ) throws -> Result {
        try file.withPreview { preview in
            switch preview {
            case .jpeg(let bytes):
                return try decodeJPEG(bytes, storedWidth: storedWidth, body)
            case .bitmap(let width, let height, let channels, let bytes):
                return try expandToRGBA(width: width, height: height, channels: channels, bytes).withPixels(body)
            }
        }
    }

    /// The preview JPEG `bytes` decoded through TurboJPEG, after its own header is read and checked (the JPEG may claim
    /// another size than the RAW's tags). A JPEG error is the RAW's: "truncated RAW" for a preview cut short.
    private static func decodeJPEG<Result>(
        _ bytes: UnsafeRawBufferPointer, storedWidth: Int,
        _ body: (RGBAPixels) throws -> Result
    ) throws -> Result {
        guard let jpeg = JPEGDecoder() else { throw PhotoError.unsupported(.raw, "no TurboJPEG context") }
        do {
            let header = try ImageHeader.read(Array(bytes))
            guard header.format == .jpeg else { throw PhotoError.unsupported(.raw, "a preview that is no JPEG") }
            return try jpeg.decode(bytes, storedWidth: storedWidth, into: ScratchMemory(), body)
        } catch PhotoError.truncated {
            throw PhotoError.truncated(.raw)
        } catch PhotoError.notAnImage, PhotoError.empty {
            throw PhotoError.unsupported(.raw, "a preview that is no JPEG")
        } catch let PhotoError.unsupported(_, detail) {
            throw PhotoError.unsupported(.raw, "its preview JPEG: \(detail)")
        }
    }

    /// Interleaved 8-bit RGB or grey pixels as opaque RGBA.
    static func expandToRGBA(width: Int, height: Int, channels: Int, _ bytes: UnsafeRawBufferPointer) -> RGBAImage {
        let count = width * height
        let rgba = [UInt8](unsafeUninitializedCapacity: count * 4) { out, initialized in
            for pixel in 0..<count {
                for channel in 0..<3 {
                    out[4 * pixel + channel] = bytes[channels * pixel + (channels == 3 ? channel : 0)]
                }
                out[4 * pixel + 3] = 255
            }
            initialized = count * 4
        }
        return RGBAImage(width: width, height: height, bytes: rgba)
    }

}
