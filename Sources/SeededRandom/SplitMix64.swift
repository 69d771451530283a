/// SplitMix64 (Steele, Lea and Flood, 2014): a tiny, fast, seeded generator of 64-bit numbers. The demo's made-up
/// cards and edits, the tests' random layouts and the benchmarks' heights all come from it, so the same seed gives
/// the same numbers everywhere, on every run and machine.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The golden-ratio increment the state advances by at each number.
    static let increment: UInt64 = 0x9E37_79B9_7F4A_7C15
    private var state: UInt64

    /// A generator whose numbers follow from `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next number.
    public mutating func next() -> UInt64 {
        state &+= Self.increment
        return Self.mix(state)
    }

    /// A number in `0..<bound` (`bound` above 0), by remainder: the bias is below 2^-40 for bounds under 2^24.
    public mutating func int(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// The `position`th number (from 1) of the generator seeded with `seed`, without making the ones before: each
    /// of many items (a million made-up cards) has a sequence of its own, seeded with its index, in O(1).
    public static func number(_ position: UInt64, seed: UInt64) -> UInt64 {
        mix(seed &+ position &* increment)
    }

    /// SplitMix64's output function: a state mixed into a number.
    private static func mix(_ state: UInt64) -> UInt64 {
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
