import CTurboJPEG

/// Decodes JPEGs with libjpeg-turbo's TurboJPEG API, which returns its errors (no `setjmp` reaches Swift): DCT
/// scaling to the smallest of its scales (1/8 to 1) at or above the target, so that a 12-megapixel photo for a
/// 300-pixel card decodes an eighth of its pixels, then the area-averaging downscale. CMYK and YCCK JPEGs (as
/// Photoshop writes them, inverted) are decoded to CMYK and turned into RGB here. One decoder per thread.
final class JPEGDecoder {
    /// The TurboJPEG context: made anew after a failure (`error(_:)`), which can leave it unfit for the next file (a
    /// JPEG cut short made the next decode crash inside libjpeg-turbo 2.1).
    private var handle: tjhandle

    init?() {
        guard let handle = tjInitDecompress() else { return nil }
        self.handle = handle
    }

    deinit {
        tjDestroy(handle)
    }

    /// Calls `body` with `bytes` (a whole JPEG file) decoded at the smallest DCT scale whose stored width is at least
    /// `storedWidth`, into `memory`, and returns its result.
    func decode<Result>(
        _ bytes: UnsafeRawBufferPointer, storedWidth: Int, into memory: ScratchMemory,
        _ body: (RGBAPixels) throws -> Result
    ) throws -> Result {
        let source = bytes.bindMemory(to: UInt8.self)
        var width: Int32 = 0
        var height: Int32 = 0
        var subsampling: Int32 = 0
        var colorspace: Int32 = 0
        guard
            tjDecompressHeader3(
                handle, source.baseAddress, UInt(source.count), &width, &height, &subsampling, &colorspace) == 0
        else {
            throw error(bytes)
        }
        let factor = Self.scalingFactor(width: Int(width), atLeast: storedWidth)
        let scaledWidth = Int(waterfall_tj_scaled(width, factor))
        let scaledHeight = Int(waterfall_tj_scaled(height, factor))
        let isCMYK = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
        return try memory.withBytes(scaledWidth * scaledHeight * 4) { memory in
            let pixels = memory.bindMemory(to: UInt8.self)
            let status = tjDecompress2(
                handle, source.baseAddress, UInt(source.count), pixels.baseAddress, Int32(scaledWidth), 0,
                Int32(scaledHeight), (isCMYK ? TJPF_CMYK : TJPF_RGBA).rawValue, TJFLAG_ACCURATEDCT)
            // A warning too (a truncated file, decoded in part) is an error card: the picture is not all there.
            if status != 0 { throw error(bytes) }
            if isCMYK { Self.invertedCMYKToRGBA(pixels) }
            return try body(RGBAPixels(width: scaledWidth, height: scaledHeight, bytes: UnsafeBufferPointer(pixels)))
        }
    }

    /// The smallest of TurboJPEG's scaling factors that makes `width` at least `target` (the full size at most).
    static func scalingFactor(width: Int, atLeast target: Int) -> tjscalingfactor {
        var count: Int32 = 0
        guard let factors = tjGetScalingFactors(&count) else { return tjscalingfactor(num: 1, denom: 1) }
        let candidates = UnsafeBufferPointer(start: factors, count: Int(count))
            .filter { $0.num <= $0.denom && Int(waterfall_tj_scaled(Int32(width), $0)) >= target }
        return candidates.min { Double($0.num) / Double($0.denom) < Double($1.num) / Double($1.denom) }
            ?? tjscalingfactor(num: 1, denom: 1)
    }

    /// Adobe's inverted CMYK (what TurboJPEG gives for CMYK and YCCK files) as RGBA: R = C·K/255 and so on.
    static func invertedCMYKToRGBA(_ pixels: UnsafeMutableBufferPointer<UInt8>) {
        for p in stride(from: 0, to: pixels.count, by: 4) {
            let k = UInt16(pixels[p + 3])
            pixels[p] = UInt8(UInt16(pixels[p]) * k / 255)
            pixels[p + 1] = UInt8(UInt16(pixels[p + 1]) * k / 255)
            pixels[p + 2] = UInt8(UInt16(pixels[p + 2]) * k / 255)
            pixels[p + 3] = 255
        }
    }

    /// TurboJPEG's last error as a card's reason: a file that does not end with the end-of-image marker was cut
    /// short, whatever part of it the decoder missed first. The context is made anew for the next file.
    private func error(_ bytes: UnsafeRawBufferPointer) -> PhotoError {
        let text = tjGetErrorStr2(handle).map { String(cString: $0) } ?? "?"
        if let fresh = tjInitDecompress() {
            tjDestroy(handle)
            handle = fresh
        }
        if !bytes.suffix(2).elementsEqual([0xFF, 0xD9]) || text.lowercased().contains("premature end") {
            return .truncated(.jpeg)
        }
        return .unsupported(.jpeg, text)
    }
}
