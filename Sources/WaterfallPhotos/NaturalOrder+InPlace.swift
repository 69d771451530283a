extension NaturalOrder {
    /// Whether name `a` comes before name `b`, as their keys order them, compared in place without making the keys;
    /// `nil` when either is not ASCII (its lowercase and its digits are then Unicode's, which only a key has). A launch
    /// from the index checks that each folder's photos are in order with it, where keys would cost an allocation each.
    public static func precedesInPlace(_ a: String, _ b: String) -> Bool? {
        var a = a
        var b = b
        return a.withUTF8 { a in b.withUTF8 { b in precedes(a, b) } }
    }

    /// The positions of `names` in natural order, as `areInIncreasingOrder(_:_:)` orders them (a stable sort: equal
    /// names keep theirs). When every name is ASCII, they are compared in place in one buffer of their bytes, where
    /// keys would cost four allocations a name: the walk sorts each folder's thousands of names.
    /// - Complexity: O(n log n) comparisons, and O(n) allocations only when a name is not ASCII.
    public static func sortedPositions(of names: [String]) -> [Int] {
        withASCII(names) { name in names.indices.sorted { precedesASCII(name($0), name($1)) } }
            ?? { () -> [Int] in
                let keys = names.map(Key.init)
                return names.indices.sorted { keys[$0] < keys[$1] }
            }()
    }

    /// Whether `names` are in natural order (none comes before the one before it), compared in place as
    /// `sortedPositions(of:)` compares them: a launch from the index checks each folder's names so.
    /// - Complexity: O(n) comparisons.
    public static func areInOrder(_ names: [String]) -> Bool {
        withASCII(names) { name in names.indices.dropFirst().allSatisfy { !precedesASCII(name($0), name($0 - 1)) } }
            ?? names.indices.dropFirst().allSatisfy { !areInIncreasingOrder(names[$0], names[$0 - 1]) }
    }

    /// `body` of a function from a position in `names` to that name's bytes, all packed in one buffer, when every
    /// name is ASCII; `nil` when one is not.
    private static func withASCII<Result>(
        _ names: [String], _ body: ((Int) -> UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(names.count * 16)
        var ends: [Int] = []
        ends.reserveCapacity(names.count)
        for var name in names {
            name.withUTF8 { bytes.append(contentsOf: $0) }
            ends.append(bytes.count)
        }
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        return bytes.withUnsafeBufferPointer { all in
            ends.withUnsafeBufferPointer { ends in
                body { position in
                    UnsafeBufferPointer(rebasing: all[(position == 0 ? 0 : ends[position - 1])..<ends[position]])
                }
            }
        }
    }

    /// `precedesInPlace(_:_:)` on the names' UTF-8 bytes.
    private static func precedes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard isASCII(a), isASCII(b) else { return nil }
        return precedesASCII(a, b)
    }

    /// `precedes(_:_:)` of two ASCII names.
    private static func precedesASCII(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        var j = 0
        // Of names otherwise alike, the first run of digits with fewer leading zeros comes first.
        var fewerLeadingZeros: Bool?
        while i < a.count && j < b.count {
            guard isDigit(a[i]) && isDigit(b[j]) else {
                let (x, y) = (lowercase(a[i]), lowercase(b[j]))
                if x != y { return x < y }
                i += 1
                j += 1
                continue
            }
            let (aStart, aSignificant) = digitRun(a, from: &i)
            let (bStart, bSignificant) = digitRun(b, from: &j)
            let length = i - aSignificant
            if length != j - bSignificant { return length < j - bSignificant }
            for k in 0..<length where a[aSignificant + k] != b[bSignificant + k] {
                return a[aSignificant + k] < b[bSignificant + k]
            }
            if fewerLeadingZeros == nil && i - aStart != j - bStart { fewerLeadingZeros = i - aStart < j - bStart }
        }
        if a.count - i != b.count - j { return a.count - i < b.count - j }
        if let fewerLeadingZeros { return fewerLeadingZeros }
        return a.lexicographicallyPrecedes(b)
    }

    /// Moves `index` past the run of digits it is at; the run's start, and its first digit that is not a leading zero.
    private static func digitRun(_ bytes: UnsafeBufferPointer<UInt8>, from index: inout Int) -> (Int, Int) {
        let start = index
        while index < bytes.count && bytes[index] == UInt8(ascii: "0") { index += 1 }
        let significant = index
        while index < bytes.count && isDigit(bytes[index]) { index += 1 }
        return (start, significant)
    }

    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { bytes.allSatisfy { $0 < 0x80 } }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private static func lowercase(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
