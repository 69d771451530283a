/// Orders names as people do: runs of digits compare by their value, so `img2` comes before `img10`; the rest
/// compares case-insensitively, then exactly, so the order is total.
public enum NaturalOrder {
    /// Whether `a` comes before `b`.
    public static func areInIncreasingOrder(_ a: String, _ b: String) -> Bool {
        let left = Array(a.lowercased().unicodeScalars)
        let right = Array(b.lowercased().unicodeScalars)
        var i = 0
        var j = 0
        var fewerLeadingZeros: Bool?  // the first run of equal value but other length decides a tie at the end
        while i < left.count && j < right.count {
            if isDigit(left[i]) && isDigit(right[j]) {
                let leftRun = digitRun(left, from: &i)
                let rightRun = digitRun(right, from: &j)
                if leftRun != rightRun {
                    // Without leading zeros the longer run is the larger number; of equal lengths, compare digits.
                    let (l, r) = (leftRun.drop { $0 == "0" }, rightRun.drop { $0 == "0" })
                    if l.count != r.count { return l.count < r.count }
                    if !l.elementsEqual(r) { return l.lexicographicallyPrecedes(r) { $0.value < $1.value } }
                    // "1" before "01"
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
