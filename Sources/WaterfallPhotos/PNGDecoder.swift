import CSpng

/// Decodes PNGs with libspng to 8-bit RGBA (palette, grey, 16-bit and interlaced images, transparency applied), with
/// the image limited to what `ImageHeader` allows and each chunk to 64 MB, so a hostile file cannot make it
/// allocate more than its header promised.
enum PNGDecoder {
    static func decode(_ bytes: [UInt8]) throws -> RGBAImage {
        guard let context = spng_ctx_new(0) else { throw PhotoError.unsupported(.png, "out of memory") }
        defer { spng_ctx_free(context) }
        try check(spng_set_image_limits(context, UInt32(ImageHeader.maximumSide), UInt32(ImageHeader.maximumSide)))
        try check(spng_set_chunk_limits(context, 64 << 20, 64 << 20))
        return try bytes.withUnsafeBytes { buffer in
            try check(spng_set_png_buffer(context, buffer.baseAddress, buffer.count))
            var header = spng_ihdr()
            try check(spng_get_ihdr(context, &header))
            let format = Int32(SPNG_FMT_RGBA8.rawValue)
            var size = 0
            try check(spng_decoded_image_size(context, format, &size))
            var pixels = [UInt8](repeating: 0, count: size)
            try check(spng_decode_image(context, &pixels, size, format, Int32(SPNG_DECODE_TRNS.rawValue)))
            return RGBAImage(width: Int(header.width), height: Int(header.height), bytes: pixels)
        }
    }

    /// Throws libspng's error `code` as a card's reason.
    private static func check(_ code: Int32) throws {
        guard code != 0 else { return }
        let text = spng_strerror(code).map { String(cString: $0) } ?? "error \(code)"
        if code == Int32(SPNG_EOF.rawValue) { throw PhotoError.truncated(.png) }
        throw PhotoError.unsupported(.png, text)
    }
}
