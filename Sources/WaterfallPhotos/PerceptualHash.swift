/// A 64-bit difference hash (dHash) of a decoded picture: what it looks like, in a number that a resized,
/// recompressed or slightly cropped copy of it shares but for a few bits, so that near-duplicates are the pictures
/// whose hashes are within `nearDuplicateDistance` bits of each other (`distance(to:)`).
///
/// The picture's luminance (Rec. 601) is averaged over a grid of 9 × 8 boxes covering the whole thumbnail (with
/// fractional edges, as `Thumbnail`'s own scaling averages areas); bit `8 × row + column` is set when box
/// (`column`, `row`) is darker than its right neighbour. Averaging whole boxes is the low-pass that makes the hash
/// blind to JPEG's noise and to the size it was decoded at; comparing neighbours makes it blind to brightness and
/// contrast. A flat picture hashes to 0: blank frames are near-duplicates of one another, whatever their colour.
public struct PerceptualHash: Hashable, Sendable {
    /// The 64 bits: bit `8 × row + column` (bit 0 the least significant) is set when box (`column`, `row`) of the 9 × 8
    /// grid is darker than box (`column + 1`, `row`).
    public let bits: UInt64

    /// The most bits in which two pictures' hashes may differ and the pictures still be near-duplicates: 10 of 64.
    ///
    /// Measured on photos decoded to thumbnails 256 px wide (PerceptualHashTests): a copy at half the size, one
    /// recompressed at JPEG quality 40, one cropped by 3 % (all of it off one corner, or centred) and the photo decoded
    /// 400 px wide differ from it by 0–5 bits; different photos by 20 or more, and two shots of one scene with the
    /// camera moved by a fifth of the frame by 31 or more.
    public static let nearDuplicateDistance = 10

    /// The hash with these `bits`.
    public init(bits: UInt64) {
        self.bits = bits
    }

    /// The hash stored as `bitPattern` (SQLite's INTEGER is a signed 64-bit number): the same bits.
    public init(bitPattern: Int64) {
        bits = UInt64(bitPattern: bitPattern)
    }

    /// The bits as a signed 64-bit number, as SQLite's INTEGER stores them; `init(bitPattern:)` reads it back.
    public var bitPattern: Int64 { Int64(bitPattern: bits) }

    /// The hash of `thumbnail`'s pixels; 0 for an empty one.
    /// - Complexity: O(`width` × `height`): one pass over the pixels (a row on the edge between two rows of boxes
    ///   twice), about 36 µs for a 300 × 225 thumbnail in release (the benchmarks' `thumbnail-throughput --hash`).
    public init(_ thumbnail: Thumbnail) {
        let (width, height) = (thumbnail.width, thumbnail.height)
        guard width > 0, height > 0, thumbnail.pixels.count >= width * height else {
            self.init(bits: 0)
            return
        }
        let rows = AreaScaler.Spans(from: height, to: Self.gridRows)
        let columns = AreaScaler.Spans(from: width, to: Self.gridColumns)
        // The grid's rows averaged down the picture first, each the thumbnail's full width: a source row is added
        // into the one or two grid rows it covers, with its weight.
        var rowSums = [Float](repeating: 0, count: Self.gridRows * width)
        thumbnail.pixels.withUnsafeBufferPointer { pixels in
            rowSums.withUnsafeMutableBufferPointer { sums in
                for gridRow in 0..<Self.gridRows {
                    let out = UnsafeMutableBufferPointer(rebasing: sums[(gridRow * width)..<((gridRow + 1) * width)])
                    for span in rows.starts[gridRow]..<rows.starts[gridRow + 1] {
                        let source = rows.pixels[span] * width
                        let row = UnsafeBufferPointer(rebasing: pixels[source..<(source + width)])
                        let weight = rows.weights[span]
                        for x in 0..<width {
                            out[x] += weight * Self.luminance(row[x])
                        }
                    }
                }
            }
        }
        // Then across: each grid row's boxes, and each box against its right neighbour.
        var bits: UInt64 = 0
        for gridRow in 0..<Self.gridRows {
            var left: Float = 0
            for column in 0..<Self.gridColumns {
                var box: Float = 0
                for span in columns.starts[column]..<columns.starts[column + 1] {
                    box += columns.weights[span] * rowSums[gridRow * width + columns.pixels[span]]
                }
                if column > 0 && left < box {
                    bits |= 1 << UInt64(gridRow * (Self.gridColumns - 1) + column - 1)
                }
                left = box
            }
        }
        self.init(bits: bits)
    }

    /// The number of bits in which this hash and `other` differ (their Hamming distance), from 0 to 64.
    /// - Complexity: O(1): one population count.
    public func distance(to other: PerceptualHash) -> Int {
        (bits ^ other.bits).nonzeroBitCount
    }

    /// The boxes across the grid: one more than the bits of a row, each bit comparing two neighbours.
    static let gridColumns = 9
    /// The boxes down the grid, a row of bits each.
    static let gridRows = 8

    /// The Rec. 601 luma of `pixel` (`0xRRGGBB`) in 256ths, from 0 to 65,280: 77 red, 150 green and 29 blue (0.299,
    /// 0.587 and 0.114 to the nearest 256th). Whole numbers, which the compiler turns into vector instructions.
    @inline(__always)
    static func luminance(_ pixel: UInt32) -> Float {
        Float(Int32(bitPattern: (pixel >> 16 & 0xFF) &* 77 &+ (pixel >> 8 & 0xFF) &* 150 &+ (pixel & 0xFF) &* 29))
    }
}

extension PerceptualHash: CustomStringConvertible {
    /// The bits in 16 hexadecimal digits, as logs and tests print them.
    public var description: String {
        let digits = String(bits, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
