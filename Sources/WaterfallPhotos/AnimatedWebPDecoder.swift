import CWebP

/// Decodes an animated WebP's first frame with libwebp's demux library, composed on the animation's canvas as a
/// browser shows it (each frame's offset, blending and disposal): what the wall shows of an animation. The canvas's
/// size was checked from the header (its VP8X chunk) before this allocates it.
enum AnimatedWebPDecoder {
    static func firstFrame(_ bytes: UnsafeRawBufferPointer) throws -> RGBAImage {
        var options = WebPAnimDecoderOptions()
        guard waterfall_webp_anim_decoder_options_init(&options) != 0 else { throw PhotoError.unsupported(.webp, "libwebpdemux's version") }
        options.color_mode = MODE_RGBA
        options.use_threads = 0
        var data = WebPData(bytes: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), size: bytes.count)
        guard let decoder = waterfall_webp_anim_decoder_new(&data, &options) else { throw PhotoError.truncated(.webp) }
        defer { WebPAnimDecoderDelete(decoder) }
        var info = WebPAnimInfo()
        guard WebPAnimDecoderGetInfo(decoder, &info) != 0, info.frame_count > 0 else { throw PhotoError.unsupported(.webp, "an animation without frames") }
        var canvas: UnsafeMutablePointer<UInt8>?
        var timestamp: Int32 = 0
        guard WebPAnimDecoderGetNext(decoder, &canvas, &timestamp) != 0, let canvas else { throw PhotoError.truncated(.webp) }
        let (width, height) = (Int(info.canvas_width), Int(info.canvas_height))
        return RGBAImage(width: width, height: height, bytes: Array(UnsafeBufferPointer(start: canvas, count: width * height * 4)))
    }
}
