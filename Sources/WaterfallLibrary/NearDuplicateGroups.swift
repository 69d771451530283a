import WaterfallPhotos

/// The photos that are near-duplicates of one another, in groups: the connected components of the graph whose
/// edges join two photos whose perceptual hashes differ in at most `maximumDistance` bits, or whose exact-copy keys
/// are equal. A chain counts: when a is near b and b near c, the three are one group even if a and c are further
/// apart.
///
/// Photos are named by their positions in the arrays given (a library's flat per-photo arrays). The pairs are found
/// through an index of the hashes' 16-bit bands (`HammingBandIndex`), never by comparing all pairs, and joined with
/// union-find.
public struct NearDuplicateGroups: Equatable, Sendable {
    /// The groups of two or more photos, each its positions ascending, ordered by their first position. A photo in
    /// no group has no near-duplicate.
    public let groups: [[Int]]

    /// The groups of the photos whose perceptual hashes are `hashes` (`nil` for a photo without one, which joins no
    /// group), near when within `maximumDistance` bits (0 to 64).
    /// - Complexity: O(n) for n photos plus the index's search (`HammingBandIndex.forEachPair(within:_:)`): about
    ///   0.3 s for 100,000 photos at the default distance, in release (the benchmarks' `--near-duplicates`).
    public init(hashes: [PerceptualHash?], maximumDistance: Int = PerceptualHash.nearDuplicateDistance) {
        var sets = UnionFind(count: hashes.count)
        Self.join(hashes: hashes, within: maximumDistance, in: &sets)
        groups = Self.groups(of: &sets, count: hashes.count)
    }

    /// The groups of the photos whose perceptual hashes are `hashes` and whose exact-copy keys are `exactKeys` (the
    /// same count; `nil` where a photo has none): two photos are near when their hashes are within `maximumDistance`
    /// bits (0 to 64), or when their keys are equal, as for two copies of a file that cannot be decoded.
    /// - Complexity: as `init(hashes:maximumDistance:)`, plus O(n) hashing of the keys.
    public init<Key: Hashable>(
        hashes: [PerceptualHash?], exactKeys: [Key?], maximumDistance: Int = PerceptualHash.nearDuplicateDistance
    ) {
        precondition(exactKeys.count == hashes.count, "an exact key, or nil, for each photo")
        var sets = UnionFind(count: hashes.count)
        Self.join(hashes: hashes, within: maximumDistance, in: &sets)
        var firstWithKey: [Key: Int] = [:]
        for (position, key) in exactKeys.enumerated() {
            guard let key else { continue }
            if let first = firstWithKey[key] {
                sets.union(first, position)
            } else {
                firstWithKey[key] = position
            }
        }
        groups = Self.groups(of: &sets, count: hashes.count)
    }

    /// Joins in `sets` the photos whose `hashes` are within `distance` bits: those with equal hashes directly, the
    /// distinct hashes through the band index.
    private static func join(hashes: [PerceptualHash?], within distance: Int, in sets: inout UnionFind) {
        precondition((0...64).contains(distance), "a distance from 0 to 64 bits")
        var firstWithHash: [UInt64: Int] = [:]
        var distinct: [UInt64] = []
        var photoOfDistinct: [Int] = []
        for (position, hash) in hashes.enumerated() {
            guard let bits = hash?.bits else { continue }
            if let first = firstWithHash[bits] {
                sets.union(first, position)
            } else {
                firstWithHash[bits] = position
                distinct.append(bits)
                photoOfDistinct.append(position)
            }
        }
        HammingBandIndex(hashes: distinct).forEachPair(within: distance) { first, second in
            sets.union(photoOfDistinct[first], photoOfDistinct[second])
        }
    }

    /// The sets of two or more of `sets`' `count` positions, each ascending, ordered by their first position.
    private static func groups(of sets: inout UnionFind, count: Int) -> [[Int]] {
        var sizes = [Int32](repeating: 0, count: count)
        for position in 0..<count {
            sizes[sets.root(of: position)] += 1
        }
        // Positions taken in ascending order: a group is made at its first member, and filled in order.
        var groupOfRoot = [Int32](repeating: -1, count: count)
        var groups: [[Int]] = []
        for position in 0..<count {
            let root = sets.root(of: position)
            guard sizes[root] > 1 else { continue }
            if groupOfRoot[root] < 0 {
                groupOfRoot[root] = Int32(groups.count)
                groups.append([])
                groups[groups.count - 1].reserveCapacity(Int(sizes[root]))
            }
            groups[Int(groupOfRoot[root])].append(position)
        }
        return groups
    }
}
