import CWebP

/// Decodes an animated WebP with libwebp's demux library, each frame composed on the animation's canvas as a browser
/// shows it (each frame's offset, blending and disposal): its first frame is what the wall shows, all of them what the
/// lightbox plays. The canvas's size was checked from the header (its VP8X chunk) before this allocates it.
enum AnimatedWebPDecoder {
    /// The first frame of the animated WebP `bytes`.
    static func firstFrame(_ bytes: UnsafeRawBufferPointer) throws -> RGBAImage {
        var first: RGBAImage?
        try frames(bytes, upTo: 1) { image, _ in first = image }
        guard let first else { throw PhotoError.unsupported(.webp, "an animation without frames") }
        return first
    }

    /// Calls `frame` with each frame of the animated WebP `bytes` (its first `limit`, when given) composed on its
    /// canvas, and its duration in seconds.
    /// - Throws: `PhotoError.truncated(.webp)` when a frame cannot be read, `.unsupported` for an animation without
    ///   frames; what `frame` throws.
    static func frames(
        _ bytes: UnsafeRawBufferPointer, upTo limit: Int = .max, frame: (RGBAImage, Double) throws -> Void
    ) throws {
        var options = WebPAnimDecoderOptions()
        guard waterfall_webp_anim_decoder_options_init(&options) != 0 else {
            throw PhotoError.unsupported(.webp, "libwebpdemux's version")
        }
        options.color_mode = MODE_RGBA
        options.use_threads = 0
        var data = WebPData(bytes: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), size: bytes.count)
        guard let decoder = waterfall_webp_anim_decoder_new(&data, &options) else { throw PhotoError.truncated(.webp) }
        defer { WebPAnimDecoderDelete(decoder) }
        var info = WebPAnimInfo()
        guard WebPAnimDecoderGetInfo(decoder, &info) != 0, info.frame_count > 0 else {
            throw PhotoError.unsupported(.webp, "an animation without frames")
        }
        let (width, height) = (Int(info.canvas_width), Int(info.canvas_height))
        var previous: Int32 = 0
        var count = 0
        while count < limit, WebPAnimDecoderHasMoreFrames(decoder) != 0 {
            var canvas: UnsafeMutablePointer<UInt8>?
            var timestamp: Int32 = 0  // when the frame ends, in milliseconds from the start
            guard WebPAnimDecoderGetNext(decoder, &canvas, &timestamp) != 0, let canvas else {
                throw PhotoError.truncated(.webp)
            }
            try frame(
                RGBAImage(
                    width: width, height: height,
                    bytes: Array(UnsafeBufferPointer(start: canvas, count: width * height * 4))),
                Double(timestamp - previous) / 1000)
            previous = timestamp
            count += 1
        }
    }
}
