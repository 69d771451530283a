import CWebP

/// Decodes WebPs (lossy, lossless and extended) with libwebp to RGBA.
enum WebPDecoder {
    static func decode(_ bytes: [UInt8]) throws -> RGBAImage {
        var width: Int32 = 0
        var height: Int32 = 0
        guard let pixels = WebPDecodeRGBA(bytes, bytes.count, &width, &height) else {
            throw WebPGetInfo(bytes, bytes.count, nil, nil) == 0 ? PhotoError.truncated(.webp) : PhotoError.unsupported(.webp, "cannot decode")
        }
        defer { WebPFree(pixels) }
        let count = Int(width) * Int(height) * 4
        return RGBAImage(width: Int(width), height: Int(height), bytes: Array(UnsafeBufferPointer(start: pixels, count: count)))
    }
}
