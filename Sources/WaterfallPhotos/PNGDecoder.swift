import CSpng

/// Decodes PNGs with libspng to 8-bit RGBA (palette, grey, 16-bit and interlaced images, transparency applied), with
/// the image limited to what `ImageHeader` allows and each chunk to 64 MB, so a hostile file cannot make it
/// allocate more than its header promised.
enum PNGDecoder {
    static func decode(_ bytes: UnsafeRawBufferPointer) throws -> RGBAImage {
        try decodeWithTexts(bytes).image
    }

    /// The image and its tEXt, zTXt and iTXt chunks (keyword, text) in file order.
    static func decodeWithTexts(_ bytes: UnsafeRawBufferPointer) throws -> (image: RGBAImage, texts: [(String, String)])
    {
        try withContext(bytes, flags: 0) { context, header in
            let format = Int32(SPNG_FMT_RGBA8.rawValue)
            var size = 0
            try check(spng_decoded_image_size(context, format, &size))
            var pixels = [UInt8](repeating: 0, count: size)
            try check(spng_decode_image(context, &pixels, size, format, Int32(SPNG_DECODE_TRNS.rawValue)))
            let image = RGBAImage(
                width: Int(header.width), height: Int(header.height), bytes: pixels, profile: profile(of: context))
            return (image, texts(of: context))
        }
    }

    /// The PNG `bytes` decoded row by row, each row averaged into a `storedWidth` × `storedHeight` thumbnail laid
    /// over `background` as it arrives (`AreaScaler`), so the whole image is never held: with whether it was opaque
    /// and its iCCP profile. zlib's Adler-32 of the image data is not computed: every IDAT chunk's CRC still checks
    /// every byte of it. An interlaced PNG, whose rows come in seven passes, is decoded whole first.
    /// - Throws: as `decode(_:)`.
    static func decodeScaled(
        _ bytes: UnsafeRawBufferPointer, storedWidth: Int, storedHeight: Int,
        background: UInt32
    ) throws -> (thumbnail: Thumbnail, isOpaque: Bool, profile: ColorProfile?) {
        try withContext(bytes, flags: Int32(SPNG_CTX_IGNORE_ADLER32.rawValue)) { context, header in
            guard header.interlace_method == 0 else {
                let image = try decode(bytes)
                return image.withPixels {
                    (
                        $0.scaled(toWidth: storedWidth, height: storedHeight, over: background), $0.isOpaque,
                        image.profile
                    )
                }
            }
            let format = Int32(SPNG_FMT_RGBA8.rawValue)
            try check(
                spng_decode_image(
                    context, nil, 0, format, Int32(SPNG_DECODE_TRNS.rawValue | SPNG_DECODE_PROGRESSIVE.rawValue)))
            // Only a grey-and-alpha or RGBA image, or one with a tRNS chunk, has pixels to look at for transparency.
            var transparency = spng_trns()
            let mayBeTransparent =
                header.color_type == UInt8(SPNG_COLOR_TYPE_GRAYSCALE_ALPHA.rawValue)
                || header.color_type == UInt8(SPNG_COLOR_TYPE_TRUECOLOR_ALPHA.rawValue)
                || spng_get_trns(context, &transparency) == 0
            var scaler = AreaScaler(
                sourceWidth: Int(header.width), sourceHeight: Int(header.height), targetWidth: storedWidth,
                targetHeight: storedHeight, background: background, checksOpacity: mayBeTransparent)
            var row = [UInt8](repeating: 0, count: Int(header.width) * 4)
            while true {
                let status = spng_decode_row(context, &row, row.count)
                guard status == 0 || status == Int32(SPNG_EOI.rawValue) else {
                    try check(status)
                    break
                }
                row.withUnsafeBufferPointer { scaler.add(row: $0) }
                if status == Int32(SPNG_EOI.rawValue) { break }
            }
            return (scaler.thumbnail(), scaler.isOpaque, profile(of: context))
        }
    }

    /// Calls `body` with a libspng context of `flags` reading `bytes`, its limits set (the image's to what
    /// `ImageHeader` allows, each chunk's to 64 MB), and the header it read; frees the context after.
    private static func withContext<Result>(
        _ bytes: UnsafeRawBufferPointer, flags: Int32,
        _ body: (OpaquePointer, spng_ihdr) throws -> Result
    ) throws -> Result {
        guard let context = spng_ctx_new(flags) else { throw PhotoError.unsupported(.png, "out of memory") }
        defer { spng_ctx_free(context) }
        try check(spng_set_image_limits(context, UInt32(ImageHeader.maximumSide), UInt32(ImageHeader.maximumSide)))
        try check(spng_set_chunk_limits(context, 64 << 20, 64 << 20))
        try check(spng_set_png_buffer(context, bytes.baseAddress, bytes.count))
        var header = spng_ihdr()
        try check(spng_get_ihdr(context, &header))
        return try body(context, header)
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
            let text =
                chunk.text.map {
                    String(decoding: UnsafeRawBufferPointer(start: $0, count: chunk.length), as: UTF8.self)
                } ?? ""
            return (keyword, text)
        }
    }

    /// Throws libspng's error `code` as a card's reason.
    private static func check(_ code: Int32) throws {
        guard code != 0 else { return }
        let text = spng_strerror(code).map { String(cString: $0) } ?? "error \(code)"
        // The bytes ended: "end of file" for a whole decode, "end of stream" (the reads' EOF) for a progressive one.
        if code == Int32(SPNG_EOF.rawValue) || code == Int32(SPNG_IO_EOF.rawValue) { throw PhotoError.truncated(.png) }
        throw PhotoError.unsupported(.png, text)
    }
}
