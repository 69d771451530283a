/// Orders names as people do: runs of digits compare by their value, so `img2` comes before `img10`; the rest
/// compares case-insensitively, then exactly, so the order is total.
public enum NaturalOrder {
    /// Whether `a` comes before `b`: in place when both are ASCII, else by their keys. To sort many names, sort by
    /// their `Key`s: each is worked out once.
    public static func areInIncreasingOrder(_ a: String, _ b: String) -> Bool {
        precedesInPlace(a, b) ?? (Key(a) < Key(b))
    }

    /// A name's place in natural order, worked out once: comparing two keys compares arrays of numbers, where
    /// comparing two names lowercases both.
    public struct Key: Comparable, Sendable {
        /// The lowercased name's scalars, each run of digits as three parts: `digitMark`, the run's length without
        /// its leading zeros, and those digits. Against any other scalar the mark compares as any digit would, so
        /// the arrays compare as the names do, up to leading zeros and case.
        private let parts: [UInt32]
        /// The length of each run of digits with its leading zeros: of names otherwise alike, the first run with
        /// fewer zeros comes first ("1" before "01").
        private let runLengths: [Int]
        /// The name itself, for the last tie: names that differ only in case.
        private let name: String

        private static let digitMark = UInt32(("0" as Unicode.Scalar).value)

        /// The key of `name`.
        public init(_ name: String) {
            let scalars = Array(name.lowercased().unicodeScalars)
            var parts: [UInt32] = []
            parts.reserveCapacity(scalars.count + 2)
            var runLengths: [Int] = []
            var index = 0
            while index < scalars.count {
                guard Self.isDigit(scalars[index]) else {
                    parts.append(scalars[index].value)
                    index += 1
                    continue
                }
                let start = index
                while index < scalars.count && Self.isDigit(scalars[index]) { index += 1 }
                var firstSignificant = start
                while firstSignificant < index && scalars[firstSignificant] == "0" { firstSignificant += 1 }
                parts.append(Self.digitMark)
                parts.append(UInt32(index - firstSignificant))
                for digit in scalars[firstSignificant..<index] { parts.append(digit.value) }
                runLengths.append(index - start)
            }
            self.parts = parts
            self.runLengths = runLengths
            self.name = name
        }

        public static func < (a: Key, b: Key) -> Bool {
            if a.parts != b.parts { return a.parts.lexicographicallyPrecedes(b.parts) }
            if a.runLengths != b.runLengths { return a.runLengths.lexicographicallyPrecedes(b.runLengths) }
            return a.name < b.name
        }

        private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
    }
}
