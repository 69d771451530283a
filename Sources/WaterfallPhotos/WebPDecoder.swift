import CWebP

/// Decodes WebPs (lossy, lossless and extended) with libwebp to RGBA, scaled while decoding (libwebp's area-averaging
/// rescaler) to the target when the picture is larger, so a 12-megapixel photo for a 300-pixel card never exists at
/// full size; an animation's first frame through `AnimatedWebPDecoder`.
enum WebPDecoder {
    static func decode(_ bytes: UnsafeRawBufferPointer, storedWidth: Int, storedHeight: Int) throws -> RGBAImage {
        var config = WebPDecoderConfig()
        guard waterfall_webp_init_config(&config) != 0 else { throw PhotoError.unsupported(.webp, "libwebp's version") }
        guard WebPGetFeatures(bytes.baseAddress, bytes.count, &config.input) == VP8_STATUS_OK else {
            throw PhotoError.truncated(.webp)
        }
        // WebPDecode refuses one
        if config.input.has_animation != 0 { return try AnimatedWebPDecoder.firstFrame(bytes) }
        if storedWidth < Int(config.input.width) && storedHeight < Int(config.input.height) {
            config.options.use_scaling = 1
            config.options.scaled_width = Int32(storedWidth)
            config.options.scaled_height = Int32(storedHeight)
        }
        config.output.colorspace = MODE_RGBA
        let status = WebPDecode(bytes.baseAddress, bytes.count, &config)
        defer { WebPFreeDecBuffer(&config.output) }
        switch status {
        case VP8_STATUS_OK: break
        case VP8_STATUS_NOT_ENOUGH_DATA: throw PhotoError.truncated(.webp)
        default: throw PhotoError.unsupported(.webp, "libwebp status \(status.rawValue)")
        }
        let width = Int(config.output.width)
        let height = Int(config.output.height)
        let rgba = config.output.u.RGBA
        guard let pixels = rgba.rgba, Int(rgba.stride) >= width * 4 else {
            throw PhotoError.unsupported(.webp, "no pixels")
        }
        var image = [UInt8]()
        image.reserveCapacity(width * height * 4)
        for row in 0..<height {
            image.append(contentsOf: UnsafeBufferPointer(start: pixels + row * Int(rgba.stride), count: width * 4))
        }
        return RGBAImage(width: width, height: height, bytes: image)
    }
}
