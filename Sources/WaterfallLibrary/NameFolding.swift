import Foundation

/// Names folded for the filter: lowercased, accents dropped ("Été" as "ete"), so that a keystroke's match over
/// 100,000 names is a byte search in each.
enum NameFolding {
    /// `name` folded: ASCII lowercased byte by byte (the name itself when it has no capital, and a name of up to 15
    /// bytes is held in the string itself: a library's cards cost no allocation for it); other text through
    /// Foundation's case- and diacritic-insensitive folding.
    static func fold(_ name: String) -> String {
        guard name.utf8.allSatisfy({ $0 < 0x80 }) else {
            return name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        }
        guard name.utf8.contains(where: isCapital) else { return name }
        return String(unsafeUninitializedCapacity: name.utf8.count) { folded in
            for (index, byte) in name.utf8.enumerated() { folded[index] = isCapital(byte) ? byte + 32 : byte }
            return name.utf8.count
        }
    }

    private static func isCapital(_ byte: UInt8) -> Bool { byte >= 65 && byte <= 90 }

    /// Whether `haystack` contains `needle`'s bytes (empty: always). Names are short: a scan for the first byte, then
    /// a compare, is all it takes (glibc's `memmem` is not in Swift's Glibc module).
    static func contains(_ haystack: String, _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        return haystack.utf8.withContiguousStorageIfAvailable { contains($0, needle) }
            ?? Array(haystack.utf8).withUnsafeBufferPointer { contains($0, needle) }
    }

    private static func contains(_ hay: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        guard hay.count >= needle.count else { return false }
        return needle.withUnsafeBufferPointer { needle in
            let first = needle[0]
            let last = hay.count - needle.count
            var start = 0
            while start <= last {
                if hay[start] == first, memcmp(hay.baseAddress! + start, needle.baseAddress!, needle.count) == 0 {
                    return true
                }
                start += 1
            }
            return false
        }
    }
}
