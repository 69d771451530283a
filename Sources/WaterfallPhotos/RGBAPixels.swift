/// Decoded pixels on their way to a thumbnail, owned: RGBA, 8 bits a channel, as a decoder wrote them.
struct RGBAImage {
    var width: Int
    var height: Int
    var bytes: [UInt8]
    /// The ICC profile the picture carries, which its colours are in; `nil` for sRGB.
    var profile: ColorProfile? = nil

    /// Calls `body` with the pixels, borrowed.
    func withPixels<Result>(_ body: (RGBAPixels) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBufferPointer { try body(RGBAPixels(width: width, height: height, bytes: $0)) }
    }

    /// Whether every pixel is fully opaque.
    var isOpaque: Bool { withPixels(\.isOpaque) }

    /// The image scaled to `targetWidth` × `targetHeight` and laid over `background`: `RGBAPixels.scaled`.
    func scaled(toWidth targetWidth: Int, height targetHeight: Int, over background: UInt32) -> Thumbnail {
        withPixels { $0.scaled(toWidth: targetWidth, height: targetHeight, over: background) }
    }
}

/// Decoded pixels borrowed for the length of a call (from an `RGBAImage`, or from a decoder's reused memory): RGBA,
/// 8 bits a channel, `width` × `height`, row by row.
struct RGBAPixels {
    let width: Int
    let height: Int
    let bytes: UnsafeBufferPointer<UInt8>

    /// Whether every pixel is fully opaque.
    var isOpaque: Bool {
        stride(from: 3, to: width * height * 4, by: 4).allSatisfy { bytes[$0] == 255 }
    }

    /// The pixels shrunk to `targetWidth` × `targetHeight` by averaging the area of the source each target pixel
    /// covers (a box filter with fractional edges, as a good downscale does), weighting colour by alpha, then laid
    /// over `background` so that the result is opaque. A target larger than the source repeats each source pixel
    /// over the target pixels it covers (blending at their edges).
    ///
    /// Separable, in premultiplied Float sums per channel: each source row is scaled across once, and each target row
    /// adds up the few scaled rows it covers. Consecutive target rows share at most their boundary row, which is kept,
    /// so the work is that of two full passes with two rows of memory instead of a whole intermediate image.
    func scaled(toWidth targetWidth: Int, height targetHeight: Int, over background: UInt32) -> Thumbnail {
        let outWidth = max(1, targetWidth)
        let outHeight = max(1, targetHeight)
        let columns = Spans(from: width, to: outWidth)
        let rows = Spans(from: height, to: outHeight)
        let under = (Float(background >> 16 & 0xFF), Float(background >> 8 & 0xFF), Float(background & 0xFF))
        var across = [Float](repeating: 0, count: outWidth * 4)  // source row `acrossRow`, scaled across
        var acrossRow = -1
        var sums = [Float](repeating: 0, count: outWidth * 4)
        let pixels = [UInt32](unsafeUninitializedCapacity: outWidth * outHeight) { out, initialized in
            for y in 0..<outHeight {
                sums.withUnsafeMutableBufferPointer { sums in
                    sums.update(repeating: 0)
                    for k in rows.range(y) {
                        let sourceRow = rows.pixels[k]
                        if sourceRow != acrossRow {
                            scaleAcross(row: sourceRow, columns: columns, into: &across)
                            acrossRow = sourceRow
                        }
                        let weight = rows.weights[k]
                        across.withUnsafeBufferPointer { across in
                            for i in 0..<sums.count { sums[i] += across[i] * weight }
                        }
                    }
                    for x in 0..<outWidth {
                        let q = x * 4
                        // The area's alpha (0...255) and its colour over the background.
                        let coverage = sums[q + 3] / 255
                        func channel(_ premultiplied: Float, _ background: Float) -> UInt32 {
                            let value = premultiplied / 255 + background * (1 - coverage)
                            return UInt32(max(0, min(255, value)) + 0.5)
                        }
                        out[y * outWidth + x] = channel(sums[q], under.0) << 16 | channel(sums[q + 1], under.1) << 8
                            | channel(sums[q + 2], under.2)
                    }
                }
            }
            initialized = outWidth * outHeight
        }
        return Thumbnail(width: outWidth, height: outHeight, pixels: pixels)
    }

    /// Source row `row` scaled across to `columns`' target width: per target pixel, the sums of the colour weighted
    /// by alpha and by the area covered, and of the alpha.
    private func scaleAcross(row: Int, columns: Spans, into out: inout [Float]) {
        let sourceRow = row * width * 4
        columns.pixels.withUnsafeBufferPointer { pixels in
            columns.weights.withUnsafeBufferPointer { weights in
                out.withUnsafeMutableBufferPointer { out in
                    for x in 0..<(out.count / 4) {
                        var (r, g, b, a): (Float, Float, Float, Float) = (0, 0, 0, 0)
                        for k in columns.range(x) {
                            let p = sourceRow + pixels[k] * 4
                            let alpha = Float(bytes[p + 3]) * weights[k]
                            r += Float(bytes[p]) * alpha
                            g += Float(bytes[p + 1]) * alpha
                            b += Float(bytes[p + 2]) * alpha
                            a += alpha
                        }
                        out[x * 4] = r
                        out[x * 4 + 1] = g
                        out[x * 4 + 2] = b
                        out[x * 4 + 3] = a
                    }
                }
            }
        }
    }

    /// For each of `target` pixels along a side, the source pixels it covers and their weights (summing to 1), in
    /// flat arrays: target pixel `i`'s are `pixels[starts[i]..<starts[i + 1]]` and the same range of `weights`.
    struct Spans {
        var starts: [Int] = [0]
        var pixels: [Int] = []
        var weights: [Float] = []

        init(from source: Int, to target: Int) {
            let ratio = Double(source) / Double(target)
            for index in 0..<target {
                let start = Double(index) * ratio
                let end = Double(index + 1) * ratio
                var pixel = Int(start)
                while Double(pixel) < end && pixel < source {
                    let covered = min(end, Double(pixel + 1)) - max(start, Double(pixel))
                    if covered > 0 {
                        pixels.append(pixel)
                        weights.append(Float(covered / ratio))
                    }
                    pixel += 1
                }
                starts.append(pixels.count)
            }
        }

        /// The indices into `pixels` and `weights` of target pixel `index`.
        @inline(__always)
        func range(_ index: Int) -> Range<Int> { starts[index]..<starts[index + 1] }
    }
}
