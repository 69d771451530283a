import CJXL
import CJXLThreads

/// Decodes a JPEG XL's first frame with libjxl to 8-bit RGBA, its pixels as stored (`JxlDecoderSetKeepOrientation`:
/// `ImageHeader.orientation` turns them, once), associated alpha unpremultiplied into straight alpha as a PNG's is,
/// and an animation's first frame composed at the image's size (libjxl's coalescing) and nothing after it decoded.
/// Its groups are decoded on `threads` threads (libjxl_threads' runner).
///
/// What libjxl 0.7 (Debian's) cannot do, measured on a 4000 × 3000 lossy photo (`cjxl -d 1`):
/// - a downscaled decode: the full size is decoded, then `RGBAPixels.scaled` averages it down. Taking the frame at its
///   DC (`JXL_DEC_FRAME_PROGRESSION`, then `JxlDecoderFlushImage`) renders the full size from it, and took 1.35× as
///   long as the whole frame (628 against 465 ms);
/// - counting its memory: a `JxlMemoryManager` sees the decoder's own 3.7 KB, never the frame's buffers, which libjxl
///   0.7 allocates itself. A bomb is refused from the size in its basic info, before the pixels' memory.
///
/// libjxl returns its errors; but Debian's build of 0.7 also prints a `JXL_FAILURE` line on stderr for some broken
/// codestreams (from an internal function nothing can replace), which only redirecting the process's stderr would hide.
enum JXLDecoder {
    /// The first frame of the JPEG XL `bytes`, as stored, in straight RGBA.
    /// - Throws: `PhotoError.tooLarge` when the basic info's size passes the limits (before any pixel memory),
    ///   `.truncated(.jxl)` when the bytes end before the first frame does, `.unsupported(.jxl, ...)` for what libjxl
    ///   refuses.
    static func decode(_ bytes: UnsafeRawBufferPointer, threads: Int = 1) throws -> RGBAImage {
        try withDecoded(bytes, threads: threads) { pixels, profile in
            RGBAImage(width: pixels.width, height: pixels.height, bytes: Array(pixels.bytes), profile: profile)
        }
    }

    /// Calls `body` with the first frame of the JPEG XL `bytes`, as `decode(_:threads:)` decodes it, in the buffer
    /// libjxl wrote it to (borrowed for the call: a thumbnail is scaled from it without copying the picture), and the
    /// profile its colours are in (`nil`: sRGB).
    /// - Throws: what `decode(_:threads:)` throws, and what `body` throws.
    static func withDecoded<Result>(
        _ bytes: UnsafeRawBufferPointer, threads: Int = 1, _ body: (RGBAPixels, ColorProfile?) throws -> Result
    ) throws -> Result {
        guard let decoder = JxlDecoderCreate(nil) else { throw PhotoError.unsupported(.jxl, "out of memory") }
        defer { JxlDecoderDestroy(decoder) }
        let runner = threads > 1 ? JxlThreadParallelRunnerCreate(nil, threads) : nil
        defer { runner.map(JxlThreadParallelRunnerDestroy) }
        let events = JXL_DEC_BASIC_INFO.rawValue | JXL_DEC_COLOR_ENCODING.rawValue | JXL_DEC_FULL_IMAGE.rawValue
        guard
            runner.map({ JxlDecoderSetParallelRunner(decoder, JxlThreadParallelRunner, $0) }) ?? JXL_DEC_SUCCESS
                == JXL_DEC_SUCCESS,
            JxlDecoderSetKeepOrientation(decoder, JXL_TRUE) == JXL_DEC_SUCCESS,
            JxlDecoderSetUnpremultiplyAlpha(decoder, JXL_TRUE) == JXL_DEC_SUCCESS,
            JxlDecoderSubscribeEvents(decoder, Int32(events)) == JXL_DEC_SUCCESS,
            JxlDecoderSetInput(decoder, bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count)
                == JXL_DEC_SUCCESS
        else {
            throw PhotoError.unsupported(.jxl, "libjxl refuses its options")
        }
        // The input is left open: bytes that end before the first frame does are then "more input needed", a
        // truncated file, not an error like a broken one.
        var format = JxlPixelFormat(num_channels: 4, data_type: JXL_TYPE_UINT8, endianness: JXL_NATIVE_ENDIAN, align: 0)
        var size = (width: 0, height: 0)
        var profile: ColorProfile?
        // libjxl writes into the buffer until the frame is whole, after the call that gave it: memory of its own.
        var pixels = UnsafeMutableRawBufferPointer(start: nil, count: 0)
        defer { pixels.deallocate() }
        while true {
            switch JxlDecoderProcessInput(decoder) {
            case JXL_DEC_BASIC_INFO:
                var info = JxlBasicInfo()
                guard JxlDecoderGetBasicInfo(decoder, &info) == JXL_DEC_SUCCESS else {
                    throw PhotoError.unsupported(.jxl, "libjxl cannot read its basic info")
                }
                size = (Int(info.xsize), Int(info.ysize))
                // Checked again before the pixels' memory: the header was read apart, maybe from other bytes.
                try ImageHeader(format: .jxl, width: size.width, height: size.height).checkSize()
            case JXL_DEC_COLOR_ENCODING:
                profile = dataProfile(of: decoder, format: &format)
            case JXL_DEC_NEED_IMAGE_OUT_BUFFER:
                var length = 0
                guard JxlDecoderImageOutBufferSize(decoder, &format, &length) == JXL_DEC_SUCCESS,
                    length == size.width * size.height * 4
                else {
                    throw PhotoError.unsupported(.jxl, "libjxl's frame is not \(size.width) × \(size.height) RGBA")
                }
                pixels.deallocate()
                // Not cleared: libjxl writes every pixel before the frame is whole, and nothing reads it before.
                pixels = .allocate(byteCount: length, alignment: 16)
                guard JxlDecoderSetImageOutBuffer(decoder, &format, pixels.baseAddress, length) == JXL_DEC_SUCCESS
                else { throw PhotoError.unsupported(.jxl, "libjxl refuses an RGBA buffer") }
            case JXL_DEC_FULL_IMAGE:
                // The first frame is whole: an animation's others are never decoded.
                return try body(
                    RGBAPixels(
                        width: size.width, height: size.height,
                        bytes: UnsafeBufferPointer(pixels.bindMemory(to: UInt8.self))),
                    profile)
            case JXL_DEC_NEED_MORE_INPUT:
                throw PhotoError.truncated(.jxl)
            case JXL_DEC_SUCCESS:
                throw PhotoError.unsupported(.jxl, "no frame")
            case JXL_DEC_ERROR:
                throw PhotoError.unsupported(.jxl, "libjxl cannot decode it")
            case let status:
                throw PhotoError.unsupported(.jxl, "libjxl status \(status.rawValue)")
            }
        }
    }

    /// The profile of the decoded pixels (libjxl's "data" profile: the file's own for a losslessly coded picture,
    /// what libjxl converts an XYB-coded one to), or `nil` when they are in sRGB (or its PNG stand-in).
    private static func dataProfile(of decoder: OpaquePointer, format: inout JxlPixelFormat) -> ColorProfile? {
        var encoding = JxlColorEncoding()
        if JxlDecoderGetColorAsEncodedProfile(decoder, &format, JXL_COLOR_PROFILE_TARGET_DATA, &encoding)
            == JXL_DEC_SUCCESS,
            encoding.color_space == JXL_COLOR_SPACE_RGB, encoding.white_point == JXL_WHITE_POINT_D65,
            encoding.primaries == JXL_PRIMARIES_SRGB,
            encoding.transfer_function == JXL_TRANSFER_FUNCTION_SRGB
                || (encoding.transfer_function == JXL_TRANSFER_FUNCTION_GAMMA && abs(encoding.gamma - 0.45455) < 0.0001)
        {
            // sRGB's primaries with a gamma of 0.45455 are the PNG specification's stand-in for sRGB (what its sRGB
            // chunk implies for gAMA and cHRM; ImageMagick writes them, and cjxl codes them so): shown as sRGB, as the
            // wall shows such a PNG.
            return nil
        }
        var length = 0
        guard JxlDecoderGetICCProfileSize(decoder, &format, JXL_COLOR_PROFILE_TARGET_DATA, &length) == JXL_DEC_SUCCESS,
            length > 0
        else { return nil }
        var bytes = [UInt8](repeating: 0, count: length)
        guard
            JxlDecoderGetColorAsICCProfile(decoder, &format, JXL_COLOR_PROFILE_TARGET_DATA, &bytes, length)
                == JXL_DEC_SUCCESS
        else {
            return nil
        }
        return ColorProfile(bytes: bytes)
    }
}
