/// 64-bit hashes indexed to find every pair within a Hamming distance without comparing all pairs: multi-index
/// hashing (Norouzi, Punjani and Fleet, 2012) over four bands of 16 bits.
///
/// Pigeonhole: when two hashes differ in at most `d` bits, one of the four bands differs in at most `d / 4` of them.
/// So each hash's candidates are the hashes in the buckets of its own band values with up to `d / 4` bits flipped
/// (for `d` = 10: 1 + 16 + 120 buckets a band), and only those are compared whole. Splitting into `d + 1` bands that
/// must match exactly would leave 5- and 6-bit bands for `d` = 10: 64 buckets or fewer, each holding a sixty-fourth
/// of the photos or more, and so most pairs.
///
/// Each band takes the bits of one diagonal class of the 8 × 8 grid of bits (row + column ≡ band mod 4), two of
/// every row and column, so that a band is not one strip of the picture: a uniform sky along the top of many photos
/// would otherwise give them all the same band value, and that bucket all their pairs.
struct HammingBandIndex {
    /// The bands, of 16 bits each.
    static let bandCount = 4
    private static let bucketCount = 1 << 16

    /// How many hashes there are.
    let count: Int
    /// Hash `i`'s value in band `b`, at `i × bandCount + b`.
    private let bandValues: [UInt16]
    /// Where each bucket's hashes start in `members`: bucket `v` of band `b` at `b × (bucketCount + 1) + v`, its end
    /// at the next.
    private let starts: [Int32]
    /// Band `b`'s hashes, bucket by bucket, ascending in each: `members[b × n + starts[...]]`.
    private let members: [Int32]
    /// The hash of each of `members`, beside it: a bucket's hashes read in one sweep.
    private let memberHashes: [UInt64]

    /// The index of `hashes` (fewer than 2^31 of them).
    /// - Complexity: O(n + 2^16) time and memory for n hashes (56 bytes a hash).
    init(hashes: [UInt64]) {
        precondition(hashes.count < Int(Int32.max), "too many hashes for 32-bit positions")
        let count = hashes.count
        self.count = count
        var values = [UInt16](repeating: 0, count: count * Self.bandCount)
        for (index, hash) in hashes.enumerated() {
            for bit in 0..<64 where hash >> UInt64(bit) & 1 != 0 {
                values[index * Self.bandCount + Int(Self.bandOfBit[bit])] |= 1 << UInt16(Self.placeOfBit[bit])
            }
        }
        bandValues = values
        // A counting sort per band: each bucket's members keep the hashes' order.
        let stride = Self.bucketCount + 1
        var starts = [Int32](repeating: 0, count: Self.bandCount * stride)
        var members = [Int32](repeating: 0, count: Self.bandCount * count)
        var memberHashes = [UInt64](repeating: 0, count: Self.bandCount * count)
        for band in 0..<Self.bandCount {
            let base = band * stride
            for index in 0..<count {
                starts[base + Int(values[index * Self.bandCount + band]) + 1] += 1
            }
            for bucket in 0..<Self.bucketCount {
                starts[base + bucket + 1] += starts[base + bucket]
            }
            var next = Array(starts[base..<(base + Self.bucketCount)])
            for index in 0..<count {
                let bucket = Int(values[index * Self.bandCount + band])
                members[band * count + Int(next[bucket])] = Int32(index)
                memberHashes[band * count + Int(next[bucket])] = hashes[index]
                next[bucket] += 1
            }
        }
        self.starts = starts
        self.members = members
        self.memberHashes = memberHashes
    }

    /// Calls `body(i, j)` once for each pair of positions `i < j` whose hashes differ in at most `distance` bits
    /// (0 to 64), in no particular order.
    ///
    /// Band by band, bucket by bucket in order: each bucket's hashes against its own and those of the higher buckets
    /// within the radius of it, so that each pair of buckets is met once, one bucket's neighbours are looked up once
    /// for all its hashes, and the next bucket's neighbours lie beside them in memory.
    /// - Complexity: O(n + 4 × 2^16 × B(16, ⌊`distance` / 4⌋) + c), where B(16, r) counts the 16-bit values within r
    ///   bits of one (137 for r = 2) and c the candidates met in those buckets: for n uniform hashes about
    ///   n² × 4 × B / 2^17.
    func forEachPair(within distance: Int, _ body: (Int, Int) -> Void) {
        precondition((0...64).contains(distance), "a distance of 64 bits at most")
        let radius = distance / Self.bandCount
        let flips = Self.masks(upTo: radius).map(Int.init)
        let stride = Self.bucketCount + 1
        bandValues.withUnsafeBufferPointer { values in
            starts.withUnsafeBufferPointer { starts in
                members.withUnsafeBufferPointer { members in
                    memberHashes.withUnsafeBufferPointer { memberHashes in
                        for band in 0..<Self.bandCount {
                            let (bandStarts, bandMembers) = (band * stride, band * count)
                            for value in 0..<Self.bucketCount {
                                let ownStart = Int(starts[bandStarts + value])
                                let ownEnd = Int(starts[bandStarts + value + 1])
                                guard ownStart < ownEnd else { continue }
                                for flip in flips where value ^ flip >= value {
                                    // Each pair of buckets once: from the lower one (and a bucket with itself).
                                    let bucket = bandStarts + (value ^ flip)
                                    let (theirStart, theirEnd) = (Int(starts[bucket]), Int(starts[bucket + 1]))
                                    guard theirStart < theirEnd else { continue }
                                    for own in (bandMembers + ownStart)..<(bandMembers + ownEnd) {
                                        let (index, hash) = (Int(members[own]), memberHashes[own])
                                        let first = flip == 0 ? own + 1 : bandMembers + theirStart
                                        for their in first..<(bandMembers + theirEnd)
                                        where (hash ^ memberHashes[their]).nonzeroBitCount <= distance {
                                            let other = Int(members[their])
                                            // Met in an earlier band too: reported there.
                                            let (mine, theirs) = (index * Self.bandCount, other * Self.bandCount)
                                            let metBefore = (0..<band).contains {
                                                (values[mine + $0] ^ values[theirs + $0]).nonzeroBitCount <= radius
                                            }
                                            if !metBefore { body(min(index, other), max(index, other)) }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The 16-bit values with at most `radius` bits set: the flips that reach the buckets within `radius` of one.
    static func masks(upTo radius: Int) -> [UInt16] {
        (0..<bucketCount).compactMap { $0.nonzeroBitCount <= radius ? UInt16($0) : nil }
    }

    /// The band of each bit of a hash: bit `8r + c` (row `r`, column `c` of the 8 × 8 grid) is in band `(r + c) % 4`.
    private static let bandOfBit: [UInt8] = (0..<64).map { UInt8(($0 / 8 + $0 % 8) % bandCount) }
    /// The place of each bit in its band's 16: the bits of a band in ascending order.
    private static let placeOfBit: [UInt8] = (0..<64).map { bit in
        UInt8((0..<bit).filter { bandOfBit[$0] == bandOfBit[bit] }.count)
    }
}
