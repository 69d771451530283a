import CSpng

/// Encodes 8-bit RGBA PNGs with tEXt chunks through libspng, into memory: what the shared thumbnail cache writes.
enum PNGEncoder {
    /// The PNG of `pixels` (`width` × `height` opaque 0xRRGGBB values) as 8-bit RGBA, with `texts` (keyword, value;
    /// Latin-1 text, as tEXt holds) in that order before the image data. `nil` when libspng refuses.
    static func encode(width: Int, height: Int, pixels: [UInt32], texts: [(String, String)]) -> [UInt8]? {
        guard width > 0, height > 0, pixels.count == width * height,
            let context = spng_ctx_new(Int32(SPNG_CTX_ENCODER.rawValue))
        else {
            return nil
        }
        defer { spng_ctx_free(context) }
        guard spng_set_option(context, SPNG_ENCODE_TO_BUFFER, 1) == 0 else { return nil }
        // zlib's fastest level, and no per-row filter search: a thumbnail is written while the wall waits for the
        // next one, and a few kilobytes more on disk cost nothing.
        _ = spng_set_option(context, SPNG_IMG_COMPRESSION_LEVEL, 1)
        _ = spng_set_option(context, SPNG_FILTER_CHOICE, Int32(SPNG_FILTER_CHOICE_SUB.rawValue))
        var header = spng_ihdr(
            width: UInt32(width), height: UInt32(height), bit_depth: 8,
            color_type: UInt8(SPNG_COLOR_TYPE_TRUECOLOR_ALPHA.rawValue), compression_method: 0,
            filter_method: 0, interlace_method: 0)
        guard spng_set_ihdr(context, &header) == 0 else { return nil }
        // The texts' bytes must outlive spng_encode_image: one buffer each, freed at the end.
        let buffers = texts.map { Array($0.1.utf8) + [0] }.map { bytes -> UnsafeMutablePointer<CChar> in
            let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
            for (index, byte) in bytes.enumerated() { buffer[index] = CChar(bitPattern: byte) }
            return buffer
        }
        defer { buffers.forEach { $0.deallocate() } }
        var chunks = [spng_text](repeating: spng_text(), count: texts.count)
        for index in texts.indices {
            waterfall_spng_set_text(&chunks[index], texts[index].0, buffers[index], texts[index].1.utf8.count)
        }
        if !chunks.isEmpty, spng_set_text(context, &chunks, UInt32(chunks.count)) != 0 { return nil }
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for (index, pixel) in pixels.enumerated() {
            rgba[index * 4] = UInt8(truncatingIfNeeded: pixel >> 16)
            rgba[index * 4 + 1] = UInt8(truncatingIfNeeded: pixel >> 8)
            rgba[index * 4 + 2] = UInt8(truncatingIfNeeded: pixel)
        }
        guard
            spng_encode_image(
                context, rgba, rgba.count, Int32(SPNG_FMT_PNG.rawValue), Int32(SPNG_ENCODE_FINALIZE.rawValue)) == 0
        else {
            return nil
        }
        var length = 0
        var error: Int32 = 0
        guard let buffer = spng_get_png_buffer(context, &length, &error), error == 0 else { return nil }
        defer { free(buffer) }
        return Array(UnsafeRawBufferPointer(start: buffer, count: length))
    }
}
