import Foundation

/// Names folded for the filter: lowercased, accents dropped ("Été" as "ete"), as UTF-8 bytes, so that a keystroke's
/// match over 100,000 names is a byte search in each.
enum NameFolding {
    /// `name` folded: ASCII lowercased byte by byte; other text through Foundation's case- and diacritic-insensitive
    /// folding.
    static func fold(_ name: String) -> [UInt8] {
        var bytes = Array(name.utf8)
        if bytes.allSatisfy({ $0 < 0x80 }) {
            for index in bytes.indices where bytes[index] >= 65 && bytes[index] <= 90 { bytes[index] += 32 }
            return bytes
        }
        return Array(
            name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil).utf8)
    }

    /// Whether `haystack` contains `needle` (empty: always). Names are short: a scan for the first byte, then a
    /// compare, is all it takes (glibc's `memmem` is not in Swift's Glibc module).
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        guard haystack.count >= needle.count else { return false }
        return haystack.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { needle in
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
}
