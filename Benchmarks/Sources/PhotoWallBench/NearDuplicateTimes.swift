import Dispatch
import SeededRandom
import WaterfallCards
import WaterfallLibrary
import WaterfallPhotos

/// `--near-duplicates N`: N made-up perceptual hashes grouped as near-duplicates (`NearDuplicateGroups`, through its
/// band index), no window needed. 95 % of the hashes are uniform; 5 % are planted, each 1 to
/// `PerceptualHash.nearDuplicateDistance` bits from an earlier hash (itself planted or not, so chains form). Timed over
/// 5 rounds from the hashes to the groups; then, as the baseline in the same run, every pair compared (the way the
/// index avoids) on the first 20,000 hashes against the groups of those same 20,000: all pairs of 100,000 would take
/// 25 times as long again.
struct NearDuplicateTimes {
    var count: Int
    var planted: Int
    var groups: Int
    var grouped: Int
    var groupMs: [Double]
    var sampleCount: Int
    var sampleGroupMs: Double
    var sampleAllPairsMs: Double

    static func measure(count: Int, rounds: Int = 5) throws -> NearDuplicateTimes {
        var random = SplitMix64(seed: 40)
        var hashes: [PerceptualHash?] = []
        hashes.reserveCapacity(count)
        var planted = 0
        for index in 0..<count {
            if index > 0 && random.int(below: 20) == 0 {
                let base = hashes[random.int(below: index)]?.bits ?? 0
                var bits = base
                let flips = 1 + random.int(below: PerceptualHash.nearDuplicateDistance)
                while (bits ^ base).nonzeroBitCount < flips {
                    let bit: UInt64 = 1 << UInt64(random.int(below: 64))
                    if (bits ^ base) & bit == 0 { bits ^= bit }
                }
                hashes.append(PerceptualHash(bits: bits))
                planted += 1
            } else {
                hashes.append(PerceptualHash(bits: random.next()))
            }
        }
        var groupMs: [Double] = []
        var found = NearDuplicateGroups(hashes: [])
        for _ in 0..<rounds {
            let start = DispatchTime.now().uptimeNanoseconds
            found = NearDuplicateGroups(hashes: hashes)
            groupMs.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        let sample = Array(hashes.prefix(20_000))
        let sampleStart = DispatchTime.now().uptimeNanoseconds
        let sampleGroups = NearDuplicateGroups(hashes: sample)
        let sampleGroupMs = Double(DispatchTime.now().uptimeNanoseconds - sampleStart) / 1e6
        let pairsStart = DispatchTime.now().uptimeNanoseconds
        let allPairs = allPairsGroups(sample.map { $0?.bits ?? 0 }, within: PerceptualHash.nearDuplicateDistance)
        let sampleAllPairsMs = Double(DispatchTime.now().uptimeNanoseconds - pairsStart) / 1e6
        guard allPairs == sampleGroups.groups else {
            throw BenchError("the band index's groups of \(sample.count) hashes differ from all pairs compared")
        }
        return NearDuplicateTimes(
            count: count, planted: planted, groups: found.groups.count, grouped: found.groups.map(\.count).reduce(0, +),
            groupMs: groupMs, sampleCount: sample.count, sampleGroupMs: sampleGroupMs,
            sampleAllPairsMs: sampleAllPairsMs)
    }

    /// The groups of `hashes` within `distance` bits found by comparing every pair, joined with a plain union-find,
    /// in `NearDuplicateGroups`' order.
    static func allPairsGroups(_ hashes: [UInt64], within distance: Int) -> [[Int]] {
        var parent = Array(hashes.indices)
        func root(_ index: Int) -> Int {
            var current = index
            while parent[current] != current {
                parent[current] = parent[parent[current]]
                current = parent[current]
            }
            return current
        }
        hashes.withUnsafeBufferPointer { hashes in
            for first in hashes.indices {
                let hash = hashes[first]
                for second in (first + 1)..<hashes.count where (hash ^ hashes[second]).nonzeroBitCount <= distance {
                    let (a, b) = (root(first), root(second))
                    if a != b { parent[max(a, b)] = min(a, b) }
                }
            }
        }
        var groupOfRoot: [Int: Int] = [:]
        var groups: [[Int]] = []
        for index in hashes.indices {
            let top = root(index)
            if let group = groupOfRoot[top] {
                groups[group].append(index)
            } else {
                groupOfRoot[top] = groups.count
                groups.append([index])
            }
        }
        return groups.filter { $0.count > 1 }
    }

    /// `{"hashes": n, "planted": ..., "groups": ..., "grouped": ..., "groupMedianMs": ..., "groupMaxMs": ...,
    /// "sampleHashes": 20000, "sampleGroupMs": ..., "sampleAllPairsMs": ..., "allPairsOverGroup": ...}`.
    var json: String {
        let sorted = groupMs.sorted()
        return JSONValue.object([
            ("hashes", .int(count)), ("planted", .int(planted)),
            ("maximumDistance", .int(PerceptualHash.nearDuplicateDistance)),
            ("groups", .int(groups)), ("grouped", .int(grouped)), ("rounds", .int(groupMs.count)),
            ("groupMedianMs", .number(rounded(sorted[sorted.count / 2]))),
            ("groupMaxMs", .number(rounded(sorted[sorted.count - 1]))),
            ("sampleHashes", .int(sampleCount)), ("sampleGroupMs", .number(rounded(sampleGroupMs))),
            ("sampleAllPairsMs", .number(rounded(sampleAllPairsMs))),
            ("allPairsOverGroup", .number(rounded(sampleGroupMs > 0 ? sampleAllPairsMs / sampleGroupMs : 0))),
        ]).text
    }
}
