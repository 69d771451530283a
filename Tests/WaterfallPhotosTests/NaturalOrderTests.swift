import SeededRandom
import Testing
import WaterfallPhotos

/// Natural order through its keys, against the comparison it replaced: that one lowercased both names at each
/// comparison, and is kept here as the oracle.
struct NaturalOrderTests {
    /// Names that meet every branch: digit runs of other lengths and leading zeros, digits against letters and
    /// punctuation on either side of them, case, a prefix, non-ASCII letters and digits, empty.
    static let names = [
        "", "a", "A", "a.jpg", "A.jpg", "img", "img.jpg", "IMG1.jpg", "img1.jpg", "img01.jpg", "img001.jpg", "img2.jpg",
        "img02.jpg", "img2a.jpg", "img2A.jpg", "img10.jpg", "img010.jpg", "img0.jpg", "img00.jpg", "img 2.jpg",
        "img-2.jpg", "img_2.jpg", "img~2.jpg", "img2-1.jpg", "img2-01.jpg", "img02-1.jpg", "img02-01.jpg", "1", "01",
        "001", "10", "9", "09", "0", "00", "x9y", "x10y", "x09y", "9x", "10x", "Ärger.jpg", "ärger.jpg", "zebra.jpg",
        "Zebra.jpg", "éclair2.jpg", "éclair10.jpg", "١٢.jpg", "photo٣.jpg", "😀1.jpg", "😀01.jpg", "İstanbul.jpg",
        "istanbul.jpg", "12345678901234567890.jpg", "12345678901234567891.jpg", "2345678901234567890.jpg",
    ]

    @Test func keysOrderEveryPairAsTheOldComparisonDid() {
        for a in Self.names {
            for b in Self.names {
                #expect(
                    (NaturalOrder.Key(a) < NaturalOrder.Key(b)) == Self.oracle(a, b), "\(a.debugDescription) < \(b)")
            }
        }
    }

    @Test func aKeyEqualsOnlyTheKeyOfTheSameName() {
        for a in Self.names {
            for b in Self.names { #expect((NaturalOrder.Key(a) == NaturalOrder.Key(b)) == (a == b)) }
        }
    }

    @Test func inPlaceOrdersEveryPairOfASCIINamesAsTheOldComparisonDidAndLeavesTheRestToKeys() {
        for a in Self.names {
            for b in Self.names {
                let isASCII = (a + b).utf8.allSatisfy { $0 < 0x80 }
                #expect(
                    NaturalOrder.precedesInPlace(a, b) == (isASCII ? Self.oracle(a, b) : nil),
                    "\(a.debugDescription) < \(b)")
            }
        }
    }

    /// Made-up names of the bytes where the in-place comparison branches (digits, zeros, case, a letter either side
    /// of the digits, the end), long enough to hold several runs: each pair as the oracle orders it.
    @Test func inPlaceOrdersRandomASCIINamesAsTheOldComparisonDid() {
        let alphabet = Array("0001239aAbB_.")
        var random = SplitMix64(seed: 39)
        let names = (0..<600).map { _ in
            String((0..<random.int(below: 9)).map { _ in alphabet[random.int(below: alphabet.count)] })
        }
        for (a, b) in Array(zip(names, names.dropFirst())) + Array(zip(names, names.reversed())) {
            #expect(NaturalOrder.precedesInPlace(a, b) == Self.oracle(a, b), "\(a.debugDescription) < \(b)")
        }
    }

    /// Sorting positions gives the order of the keys, stable, for ASCII names (compared in place) and for names that
    /// are not (by keys): the 55 names shuffled and doubled (each equal pair keeps its order), with and without the
    /// ones that are not ASCII, and 600 random ASCII names. Checking the order agrees.
    @Test func sortedPositionsOrderNamesAsTheirKeysDoAndKeepEqualNamesInPlace() throws {
        var random = SplitMix64(seed: 40)
        let alphabet = Array("0001239aAbB_.")
        let randomNames = (0..<600).map { _ in
            String((0..<random.int(below: 9)).map { _ in alphabet[random.int(below: alphabet.count)] })
        }
        let ascii = Self.names.filter { $0.utf8.allSatisfy { $0 < 0x80 } }
        for names in [Self.names + Self.names, ascii + ascii, randomNames] {
            var shuffled = names
            for index in shuffled.indices.reversed() {
                shuffled.swapAt(index, random.int(below: index + 1))
            }
            let keys = shuffled.map(NaturalOrder.Key.init)
            let expected = shuffled.indices.sorted { keys[$0] < keys[$1] || (keys[$0] == keys[$1] && $0 < $1) }
            #expect(NaturalOrder.sortedPositions(of: shuffled) == expected)
            // In order once sorted; not with the last two names of different keys swapped.
            var sorted = expected.map { shuffled[$0] }
            #expect(NaturalOrder.areInOrder(sorted))
            let last = try #require(
                sorted.indices.last { NaturalOrder.Key(sorted[$0]) != NaturalOrder.Key(sorted[$0 - 1]) })
            sorted.swapAt(last, last - 1)
            #expect(!NaturalOrder.areInOrder(sorted))
        }
    }

    /// The comparison before keys, as it was.
    static func oracle(_ a: String, _ b: String) -> Bool {
        let left = Array(a.lowercased().unicodeScalars)
        let right = Array(b.lowercased().unicodeScalars)
        var i = 0
        var j = 0
        var fewerLeadingZeros: Bool?
        while i < left.count && j < right.count {
            if isDigit(left[i]) && isDigit(right[j]) {
                let leftRun = digitRun(left, from: &i)
                let rightRun = digitRun(right, from: &j)
                if leftRun != rightRun {
                    let (l, r) = (leftRun.drop { $0 == "0" }, rightRun.drop { $0 == "0" })
                    if l.count != r.count { return l.count < r.count }
                    if !l.elementsEqual(r) { return l.lexicographicallyPrecedes(r) { $0.value < $1.value } }
                    if fewerLeadingZeros == nil { fewerLeadingZeros = leftRun.count < rightRun.count }
                }
                continue
            }
            if left[i] != right[j] { return left[i].value < right[j].value }
            i += 1
            j += 1
        }
        if left.count - i != right.count - j { return left.count - i < right.count - j }
        if let fewerLeadingZeros { return fewerLeadingZeros }
        return a < b
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    private static func digitRun(_ scalars: [Unicode.Scalar], from index: inout Int) -> ArraySlice<Unicode.Scalar> {
        let start = index
        while index < scalars.count && isDigit(scalars[index]) { index += 1 }
        return scalars[start..<index]
    }
}
