/// A decoded picture at the size a card shows it, upright and opaque: `width` × `height` pixels, row by row, each
/// `0xRRGGBB`. The backend uploads it to the server once.
public struct Thumbnail: Hashable, Sendable {
    /// The width in pixels.
    public var width: Int
    /// The height in pixels.
    public var height: Int
    /// The pixels, `0xRRGGBB`, row by row from the top left.
    public var pixels: [UInt32]

    /// A thumbnail of `width` × `height` `pixels`.
    public init(width: Int, height: Int, pixels: [UInt32]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at (`x`, `y`).
    public subscript(x: Int, y: Int) -> UInt32 { pixels[y * width + x] }

    /// How many bytes its pixels take: what the cache counts.
    public var byteCount: Int { pixels.count * MemoryLayout<UInt32>.size }

    /// The thumbnail at `width` pixels wide and its own aspect, by area averaging (repeating pixels when wider): for a
    /// card whose column changed width a little, instead of decoding the photo again.
    public func scaled(toWidth width: Int) -> Thumbnail {
        guard width != self.width else { return self }
        var bytes = [UInt8](repeating: 255, count: pixels.count * 4)
        for (index, pixel) in pixels.enumerated() {
            bytes[index * 4] = UInt8(pixel >> 16 & 0xFF)
            bytes[index * 4 + 1] = UInt8(pixel >> 8 & 0xFF)
            bytes[index * 4 + 2] = UInt8(pixel & 0xFF)
        }
        let height = max(1, Int((Double(width) * Double(self.height) / Double(self.width)).rounded()))
        return RGBAImage(width: self.width, height: self.height, bytes: bytes).scaled(toWidth: max(1, width), height: height, over: 0)
    }
}

/// Decoded pixels on their way to a thumbnail: RGBA, 8 bits a channel, as a decoder wrote them.
struct RGBAImage {
    var width: Int
    var height: Int
    var bytes: [UInt8]

    /// Whether every pixel is fully opaque.
    var isOpaque: Bool {
        bytes.withUnsafeBufferPointer { pixels in
            stride(from: 3, to: pixels.count, by: 4).allSatisfy { pixels[$0] == 255 }
        }
    }

    /// The image shrunk to `targetWidth` × `targetHeight` by averaging the area of the source each target pixel
    /// covers (a box filter with fractional edges, as a good downscale does), weighting colour by alpha, then laid
    /// over `background` so that the result is opaque. A target larger than the source repeats each source pixel
    /// over the target pixels it covers (blending at their edges).
    func scaled(toWidth targetWidth: Int, height targetHeight: Int, over background: UInt32) -> Thumbnail {
        let outWidth = max(1, targetWidth)
        let outHeight = max(1, targetHeight)
        // Horizontally, then vertically: premultiplied sums in Float, per channel, over flat spans.
        let columns = Spans(from: width, to: outWidth)
        let rows = Spans(from: height, to: outHeight)
        var horizontal = [Float](repeating: 0, count: outWidth * height * 4)
        bytes.withUnsafeBufferPointer { source in
            horizontal.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    let sourceRow = y * width * 4
                    let outRow = y * outWidth * 4
                    for x in 0..<outWidth {
                        var (r, g, b, a): (Float, Float, Float, Float) = (0, 0, 0, 0)
                        for k in columns.range(x) {
                            let p = sourceRow + columns.pixels[k] * 4
                            let alpha = Float(source[p + 3]) * columns.weights[k]
                            r += Float(source[p]) * alpha
                            g += Float(source[p + 1]) * alpha
                            b += Float(source[p + 2]) * alpha
                            a += alpha
                        }
                        let q = outRow + x * 4
                        out[q] = r
                        out[q + 1] = g
                        out[q + 2] = b
                        out[q + 3] = a
                    }
                }
            }
        }
        let under = (Float(background >> 16 & 0xFF), Float(background >> 8 & 0xFF), Float(background & 0xFF))
        var pixels = [UInt32](repeating: 0, count: outWidth * outHeight)
        horizontal.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { out in
                for y in 0..<outHeight {
                    for x in 0..<outWidth {
                        var (r, g, b, a): (Float, Float, Float, Float) = (0, 0, 0, 0)
                        for k in rows.range(y) {
                            let q = (rows.pixels[k] * outWidth + x) * 4
                            let weight = rows.weights[k]
                            r += source[q] * weight
                            g += source[q + 1] * weight
                            b += source[q + 2] * weight
                            a += source[q + 3] * weight
                        }
                        // The area's alpha (0...255) and its colour over the background.
                        let coverage = a / 255
                        func channel(_ premultiplied: Float, _ background: Float) -> UInt32 {
                            let value = premultiplied / 255 + background * (1 - coverage)
                            return UInt32(max(0, min(255, value.rounded())))
                        }
                        out[y * outWidth + x] = channel(r, under.0) << 16 | channel(g, under.1) << 8 | channel(b, under.2)
                    }
                }
            }
        }
        return Thumbnail(width: outWidth, height: outHeight, pixels: pixels)
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

extension Thumbnail {
    /// The thumbnail turned upright from a picture stored with `orientation`: flipped and turned as EXIF says.
    func oriented(_ orientation: ExifOrientation) -> Thumbnail {
        guard orientation != .up else { return self }
        let outWidth = orientation.swapsSides ? height : width
        let outHeight = orientation.swapsSides ? width : height
        var out = [UInt32](repeating: 0, count: pixels.count)
        for y in 0..<outHeight {
            for x in 0..<outWidth {
                // The stored pixel shown at (x, y).
                let (sx, sy): (Int, Int)
                switch orientation {
                case .up: (sx, sy) = (x, y)
                case .upMirrored: (sx, sy) = (width - 1 - x, y)
                case .down: (sx, sy) = (width - 1 - x, height - 1 - y)
                case .downMirrored: (sx, sy) = (x, height - 1 - y)
                case .leftMirrored: (sx, sy) = (y, x)
                case .right: (sx, sy) = (y, height - 1 - x)
                case .rightMirrored: (sx, sy) = (width - 1 - y, height - 1 - x)
                case .left: (sx, sy) = (width - 1 - y, x)
                }
                out[y * outWidth + x] = pixels[sy * width + sx]
            }
        }
        return Thumbnail(width: outWidth, height: outHeight, pixels: out)
    }
}
