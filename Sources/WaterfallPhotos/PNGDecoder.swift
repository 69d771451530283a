import CSpng

/// Decodes PNGs with libspng to 8-bit RGBA (palette, grey, 16-bit and interlaced images, transparency applied), with
/// the image limited to what `ImageHeader` allows and each chunk to 64 MB, so a hostile file cannot make it
/// allocate more than its header promised.
enum PNGDecoder {
    static func decode(_ bytes: UnsafeRawBufferPointer) throws -> RGBAImage {
        try decodeWithTexts(bytes).image
    }

    /// The image and its tEXt, zTXt and iTXt chunks (keyword, text) in file order.
    static func decodeWithTexts(_ bytes: UnsafeRawBufferPointer) throws -> (image: RGBAImage, texts: [(String, String)]) {
        guard let context = spng_ctx_new(0) else { throw PhotoError.unsupported(.png, "out of memory") }
        defer { spng_ctx_free(context) }
        try check(spng_set_image_limits(context, UInt32(ImageHeader.maximumSide), UInt32(ImageHeader.maximumSide)))
        try check(spng_set_chunk_limits(context, 64 << 20, 64 << 20))
        try check(spng_set_png_buffer(context, bytes.baseAddress, bytes.count))
        var header = spng_ihdr()
        try check(spng_get_ihdr(context, &header))
        let format = Int32(SPNG_FMT_RGBA8.rawValue)
        var size = 0
        try check(spng_decoded_image_size(context, format, &size))
        var pixels = [UInt8](repeating: 0, count: size)
        try check(spng_decode_image(context, &pixels, size, format, Int32(SPNG_DECODE_TRNS.rawValue)))
        let image = RGBAImage(width: Int(header.width), height: Int(header.height), bytes: pixels, profile: profile(of: context))
        return (image, texts(of: context))
    }

    /// The iCCP chunk's profile (inflated by libspng), if the PNG has one.
    private static func profile(of context: OpaquePointer) -> ColorProfile? {
        var chunk = spng_iccp()
        guard spng_get_iccp(context, &chunk) == 0, let bytes = chunk.profile else { return nil }
        return ColorProfile(bytes: Array(UnsafeRawBufferPointer(start: bytes, count: chunk.profile_len)))
    }

    /// The text chunks libspng read (all of them, once the image is decoded).
    private static func texts(of context: OpaquePointer) -> [(String, String)] {
        var count: UInt32 = 0
        guard spng_get_text(context, nil, &count) == 0, count > 0 else { return [] }
        var chunks = [spng_text](repeating: spng_text(), count: Int(count))
        guard spng_get_text(context, &chunks, &count) == 0 else { return [] }
        return chunks.prefix(Int(count)).map { chunk in
            let keyword = withUnsafeBytes(of: chunk.keyword) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            let text = chunk.text.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: chunk.length), as: UTF8.self) } ?? ""
            return (keyword, text)
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
