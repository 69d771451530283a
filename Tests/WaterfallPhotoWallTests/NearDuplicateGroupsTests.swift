import SeededRandom
import Testing
import WaterfallPhotos

@testable import WaterfallLibrary

/// Near-duplicate groups: the connected components of hashes within the distance (and of equal exact-copy keys),
/// exactly, in a fixed order; and the band index's pairs against all pairs compared on thousands of seeded hashes.
struct NearDuplicateGroupsTests {
    /// SplitMix64's numbers (SeededRandom's): the same hashes on every run.
    struct Seeded {
        var random: SplitMix64

        init(state: UInt64) { random = SplitMix64(seed: state) }

        mutating func next() -> UInt64 { random.next() }

        mutating func int(below bound: Int) -> Int { random.int(below: bound) }

        /// `bits` with `count` distinct bits of it flipped.
        mutating func flip(_ count: Int, of bits: UInt64) -> UInt64 {
            var flipped = bits
            var left = count
            while left > 0 {
                let bit: UInt64 = 1 << UInt64(int(below: 64))
                if (flipped ^ bits) & bit == 0 {
                    flipped ^= bit
                    left -= 1
                }
            }
            return flipped
        }
    }

    /// `bits` with its lowest `count` bits from `from` flipped.
    static func flipped(_ bits: UInt64, _ count: Int, from: Int = 0) -> PerceptualHash {
        PerceptualHash(bits: bits ^ (count == 0 ? 0 : (UInt64.max >> UInt64(64 - count)) << UInt64(from)))
    }

    @Test func chainsAreOneGroupSingletonsAreLeftOutAndTheOrderIsFixed() {
        let a: UInt64 = 0x0123_4567_89AB_CDEF
        let e: UInt64 = 0xF0F0_F0F0_0F0F_0F0F
        let hashes: [PerceptualHash?] = [
            PerceptualHash(bits: 0x5555_5555_5555_5555),  // 0: alone
            Self.flipped(a, 16),  // 1: c, 8 bits from b and 16 from a
            PerceptualHash(bits: e),  // 2: e
            PerceptualHash(bits: a),  // 3: a
            Self.flipped(e, 10),  // 4: f, exactly the distance from e
            Self.flipped(a, 8),  // 5: b, 8 bits from a
            nil,  // 6: not hashed yet
            Self.flipped(e, 11, from: 32),  // 7: 11 bits from e, 21 from f: alone
            PerceptualHash(bits: a),  // 8: a's twin
        ]
        #expect(NearDuplicateGroups(hashes: hashes).groups == [[1, 3, 5, 8], [2, 4]])
        // At 9 bits, f leaves e; at 16, a and c meet directly, and 7 joins e (but not f, 21 bits away).
        #expect(NearDuplicateGroups(hashes: hashes, maximumDistance: 9).groups == [[1, 3, 5, 8]])
        #expect(NearDuplicateGroups(hashes: hashes, maximumDistance: 16).groups == [[1, 3, 5, 8], [2, 4, 7]])
        // At 0, only equal hashes.
        #expect(NearDuplicateGroups(hashes: hashes, maximumDistance: 0).groups == [[3, 8]])
        #expect(NearDuplicateGroups(hashes: []).groups.isEmpty)
        #expect(NearDuplicateGroups(hashes: [nil, PerceptualHash(bits: 0)]).groups.isEmpty)
    }

    @Test func equalExactKeysJoinPhotosWhateverTheirHashes() {
        let hashes: [PerceptualHash?] = [
            PerceptualHash(bits: 0), nil, PerceptualHash(bits: UInt64.max), nil, PerceptualHash(bits: 1),
        ]
        // 1 and 3 (two copies that cannot be decoded) share a key; 2 shares 0's key though its hash is far; 4 is near 0.
        let keys: [ExactCopyKey?] = [
            ExactCopyKey(size: 10, contentHash: 7), ExactCopyKey(size: 20, contentHash: 7),
            ExactCopyKey(size: 10, contentHash: 7),
            ExactCopyKey(size: 20, contentHash: 7), nil,
        ]
        #expect(NearDuplicateGroups(hashes: hashes, exactKeys: keys).groups == [[0, 2, 4], [1, 3]])
        #expect(NearDuplicateGroups(hashes: hashes, exactKeys: keys, maximumDistance: 0).groups == [[0, 2], [1, 3]])
    }

    /// 2,000 hashes: 1,500 uniform, and 500 planted, each 0 to 16 bits from an earlier hash (itself planted or not, so
    /// chains form).
    static func plantedHashes(seed: UInt64) -> [PerceptualHash?] {
        var random = Seeded(state: seed)
        var hashes: [PerceptualHash?] = []
        for index in 0..<2000 {
            if index >= 20 && random.int(below: 4) == 0 {
                let base = hashes[random.int(below: index)]?.bits ?? 0
                hashes.append(PerceptualHash(bits: random.flip(random.int(below: 17), of: base)))
            } else if random.int(below: 100) == 0 {
                hashes.append(nil)
            } else {
                hashes.append(PerceptualHash(bits: random.next()))
            }
        }
        return hashes
    }

    /// The groups found by comparing every pair: the oracle.
    static func bruteForceGroups(_ hashes: [PerceptualHash?], within distance: Int) -> [[Int]] {
        var component = Array(hashes.indices)
        func root(_ index: Int) -> Int {
            var current = index
            while component[current] != current { current = component[current] }
            return current
        }
        for first in hashes.indices {
            for second in hashes.indices where second > first {
                guard let a = hashes[first], let b = hashes[second], a.distance(to: b) <= distance else { continue }
                let (rootA, rootB) = (root(first), root(second))
                if rootA != rootB { component[max(rootA, rootB)] = min(rootA, rootB) }
            }
        }
        var members: [Int: [Int]] = [:]
        for index in hashes.indices { members[root(index), default: []].append(index) }
        return members.values.filter { $0.count > 1 }.sorted { $0[0] < $1[0] }
    }

    @Test(arguments: [0, 3, 10, 14])
    func groupsMatchAllPairsCompared(distance: Int) {
        let hashes = Self.plantedHashes(seed: 40 + UInt64(distance))
        let expected = Self.bruteForceGroups(hashes, within: distance)
        let groups = NearDuplicateGroups(hashes: hashes, maximumDistance: distance).groups
        #expect(groups == expected)
        // The planted near-duplicates make groups (and some chains of three or more) at each distance.
        #expect(expected.count > 20 && expected.contains { $0.count > 2 }, "\(expected.count) groups")
    }

    @Test(arguments: [0, 5, 10, 13])
    func theBandIndexMeetsEachPairWithinTheDistanceOnce(distance: Int) {
        let hashes = Self.plantedHashes(seed: 7).compactMap { $0?.bits }
        var expected: Set<[Int]> = []
        for first in hashes.indices {
            for second in hashes.indices where second > first {
                if (hashes[first] ^ hashes[second]).nonzeroBitCount <= distance { expected.insert([first, second]) }
            }
        }
        var met: [[Int]] = []
        HammingBandIndex(hashes: hashes).forEachPair(within: distance) { met.append([$0, $1]) }
        #expect(met.count == expected.count)
        #expect(Set(met) == expected)
        #expect(expected.count > 20, "\(expected.count) pairs")
    }
}
