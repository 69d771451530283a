/// Shrinks a picture that arrives row by row (a PNG as libspng decodes it, or the rows of one held in memory) by
/// averaging the area of the source each target pixel covers: a box filter with fractional edges, as a good
/// downscale does, weighting colour by alpha, then laid over a background so that the result is opaque. A target
/// larger than the source repeats each source pixel over the target pixels it covers (blending at their edges).
///
/// Separable, in premultiplied Float sums per channel: each source row is scaled across once as it arrives, and added
/// into the one or two target rows it covers; a target row is finished when its last source row has arrived. So the
/// whole source is never held: two rows of sums, whatever its height.
struct AreaScaler {
    let sourceWidth: Int
    let sourceHeight: Int
    let outWidth: Int
    let outHeight: Int
    private let columns: Spans
    private let rows: Spans
    private let under: (Float, Float, Float)
    /// The source row that arrived last, scaled across.
    private var across: [Float]
    /// The target row being summed.
    private var sums: [Float]
    /// The finished target rows' pixels, `0xRRGGBB`.
    private var pixels: [UInt32]
    /// The next source row to arrive.
    private(set) var nextRow = 0
    /// The target row being summed, and the index into `rows` of the next source row it takes.
    private var targetRow = 0
    private var span = 0
    /// Whether every source row seen so far was fully opaque (when the scaler checks: else `true`).
    private(set) var isOpaque = true
    /// Whether `isOpaque` is checked: not for a source known to be opaque, nor one whose opacity is checked apart.
    private let checksOpacity: Bool

    /// A scaler of a `sourceWidth` × `sourceHeight` picture to `targetWidth` × `targetHeight` (at least 1 × 1),
    /// laid over `background` (`0xRRGGBB`), noting whether the rows are all opaque when `checksOpacity` is true.
    init(
        sourceWidth: Int, sourceHeight: Int, targetWidth: Int, targetHeight: Int, background: UInt32,
        checksOpacity: Bool = false
    ) {
        self.checksOpacity = checksOpacity
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        outWidth = max(1, targetWidth)
        outHeight = max(1, targetHeight)
        columns = Spans(from: sourceWidth, to: outWidth)
        rows = Spans(from: sourceHeight, to: outHeight)
        under = (Float(background >> 16 & 0xFF), Float(background >> 8 & 0xFF), Float(background & 0xFF))
        across = [Float](repeating: 0, count: outWidth * 4)
        sums = [Float](repeating: 0, count: outWidth * 4)
        pixels = []
        pixels.reserveCapacity(outWidth * outHeight)
    }

    /// Takes the next source row: `sourceWidth` RGBA pixels, 8 bits a channel.
    mutating func add(row: UnsafeBufferPointer<UInt8>) {
        precondition(nextRow < sourceHeight && row.count >= sourceWidth * 4, "a row past the picture's end, or short")
        if checksOpacity && isOpaque {
            isOpaque = stride(from: 3, to: sourceWidth * 4, by: 4).allSatisfy { row[$0] == 255 }
        }
        scaleAcross(row)
        while targetRow < outHeight, span < rows.starts[targetRow + 1], rows.pixels[span] == nextRow {
            let weight = rows.weights[span]
            across.withUnsafeBufferPointer { across in
                sums.withUnsafeMutableBufferPointer { sums in
                    for i in 0..<sums.count { sums[i] += across[i] * weight }
                }
            }
            span += 1
            guard span == rows.starts[targetRow + 1] else { break }
            finishTargetRow()
        }
        nextRow += 1
    }

    /// The thumbnail, once every source row arrived.
    func thumbnail() -> Thumbnail {
        precondition(pixels.count == outWidth * outHeight, "rows missing")
        return Thumbnail(width: outWidth, height: outHeight, pixels: pixels)
    }

    /// Lays the finished target row's sums over the background, and starts the next.
    private mutating func finishTargetRow() {
        for x in 0..<outWidth {
            let q = x * 4
            // The area's alpha (0...255) and its colour over the background.
            let coverage = sums[q + 3] / 255
            func channel(_ premultiplied: Float, _ background: Float) -> UInt32 {
                let value = premultiplied / 255 + background * (1 - coverage)
                return UInt32(max(0, min(255, value)) + 0.5)
            }
            pixels.append(
                channel(sums[q], under.0) << 16 | channel(sums[q + 1], under.1) << 8 | channel(sums[q + 2], under.2))
        }
        sums.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        targetRow += 1
    }

    /// `row` scaled across to the target width: per target pixel, the sums of the colour weighted by alpha and by
    /// the area covered, and of the alpha. A target pixel covers a run of whole source pixels between two partly
    /// covered ones, and every whole one weighs the same (`Spans.wholeWeight`): the run is summed in integers
    /// (`wholeSums`) and weighed once, the two edges in floats.
    private mutating func scaleAcross(_ row: UnsafeBufferPointer<UInt8>) {
        let wholeWeight = columns.wholeWeight
        columns.pixels.withUnsafeBufferPointer { pixels in
            columns.weights.withUnsafeBufferPointer { weights in
                columns.starts.withUnsafeBufferPointer { starts in
                    across.withUnsafeMutableBufferPointer { out in
                        for x in 0..<(out.count / 4) {
                            let (first, last) = (starts[x], starts[x + 1] - 1)
                            var (r, g, b, a): (Float, Float, Float, Float) = (0, 0, 0, 0)
                            func addEdge(_ k: Int) {
                                let p = pixels[k] * 4
                                let alpha = Float(row[p + 3]) * weights[k]
                                r += Float(row[p]) * alpha
                                g += Float(row[p + 1]) * alpha
                                b += Float(row[p + 2]) * alpha
                                a += alpha
                            }
                            addEdge(first)
                            if last > first { addEdge(last) }
                            if last - first > 1 {
                                let whole = Self.wholeSums(
                                    row, from: (pixels[first] + 1) * 4, to: pixels[last] * 4)
                                r += whole.x * wholeWeight
                                g += whole.y * wholeWeight
                                b += whole.z * wholeWeight
                                a += whole.w * wholeWeight
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
    }

    /// The sums of the colours times their alpha, and of the alpha, of `row`'s RGBA pixels from byte `start` to byte
    /// `end`. Opaque pixels, as most photos' are, are summed as they are and the colours multiplied by 255 once; a run
    /// with any alpha below 255 is summed again, each colour times its alpha. Integers: a colour times its alpha, at
    /// most 65,025, over at most 65,535 pixels, fits 32 bits.
    @inline(__always)
    private static func wholeSums(_ row: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> SIMD4<Float> {
        var sums = SIMD4<UInt32>(repeating: 0)
        for p in stride(from: start, to: end, by: 4) {
            sums &+= SIMD4(UInt32(row[p]), UInt32(row[p + 1]), UInt32(row[p + 2]), UInt32(row[p + 3]))
        }
        if sums.w == UInt32((end - start) / 4) * 255 {
            return SIMD4(Float(sums.x) * 255, Float(sums.y) * 255, Float(sums.z) * 255, Float(sums.w))
        }
        sums = SIMD4(repeating: 0)
        for p in stride(from: start, to: end, by: 4) {
            let alpha = UInt32(row[p + 3])
            sums &+= SIMD4(UInt32(row[p]) &* alpha, UInt32(row[p + 1]) &* alpha, UInt32(row[p + 2]) &* alpha, alpha)
        }
        return SIMD4(Float(sums.x), Float(sums.y), Float(sums.z), Float(sums.w))
    }

    /// For each of `target` pixels along a side, the source pixels it covers and their weights (summing to 1), in
    /// flat arrays: target pixel `i`'s are `pixels[starts[i]..<starts[i + 1]]` and the same range of `weights`.
    struct Spans {
        var starts: [Int] = [0]
        var pixels: [Int] = []
        var weights: [Float] = []
        /// The weight of a source pixel a target pixel covers whole: every one but the first and last of its span,
        /// whose pixels follow each other.
        let wholeWeight: Float

        init(from source: Int, to target: Int) {
            let ratio = Double(source) / Double(target)
            wholeWeight = Float(1 / ratio)
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
    }
}
