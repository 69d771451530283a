import Foundation

/// Names folded for the filter: lowercased, accents dropped ("Été" as "ete"), so that a keystroke's match over
/// 100,000 names is a byte search in each.
enum NameFolding {
    /// `name` folded: ASCII lowercased byte by byte (the name itself when it has no capital, and a name of up to 15
    /// bytes is held in the string itself: a library's cards cost no allocation for it); other text through
    /// Foundation's case- and diacritic-insensitive folding.
    static func fold(_ name: String) -> String {
        var text = name
        // Its bytes in place (a short name's copied to the stack), not through the UTF-8 view's iterator: a relaunch
        // folds a million names. `nil`: not ASCII.
        let ascii = text.withUTF8 { bytes -> String? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            guard bytes.contains(where: isCapital) else { return name }
            return String(unsafeUninitializedCapacity: bytes.count) { folded in
                for index in bytes.indices {
                    folded[index] = isCapital(bytes[index]) ? bytes[index] + 32 : bytes[index]
                }
                return bytes.count
            }
        }
        return ascii
            ?? name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    private static func isCapital(_ byte: UInt8) -> Bool { byte >= 65 && byte <= 90 }

    /// Whether `haystack` contains `needle`'s bytes (empty: always). Names are short: a scan for the first byte, then
    /// a compare, is all it takes (glibc's `memmem` is not in Swift's Glibc module).
    static func contains(_ haystack: String, _ needle: [UInt8]) -> Bool {
        needle.withUnsafeBufferPointer { needle in contains(haystack, needle) }
    }

    /// Whether `haystack` contains `needle` (empty: always), both held as they are (a short one copied to the stack):
    /// a query's text is matched against a million names without a copy of it each.
    static func contains(_ haystack: String, _ needle: String) -> Bool {
        needle.utf8.withContiguousStorageIfAvailable { needle in contains(haystack, needle) }
            ?? contains(haystack, Array(needle.utf8))
    }

    /// Whether `text` folded contains `folded` (folded already): an ASCII text compared byte by byte, its capitals
    /// lowered as it goes, with no copy (a camera's name, for each of a million photos); other text folded first.
    static func foldedContains(_ text: String, _ folded: String) -> Bool {
        var text = text
        var folded = folded
        let ascii = text.withUTF8 { hay -> Bool? in
            guard hay.allSatisfy({ $0 < 0x80 }) else { return nil }
            return folded.withUTF8 { needle -> Bool in
                guard !needle.isEmpty else { return true }
                guard hay.count >= needle.count else { return false }
                for start in 0...(hay.count - needle.count) {
                    var index = 0
                    while index < needle.count {
                        let byte = hay[start + index]
                        if (isCapital(byte) ? byte + 32 : byte) != needle[index] { break }
                        index += 1
                    }
                    if index == needle.count { return true }
                }
                return false
            }
        }
        return ascii ?? contains(fold(text), folded)
    }

    /// Whether the path `haystack` holds the path `needle` as a run of whole parts (parts joined by `/`):
    /// "places/sea/beach" holds "sea", "places/sea" and "sea/beach", not "se" nor "sea/b".
    static func containsParts(_ haystack: String, _ needle: String) -> Bool {
        var haystack = haystack
        var needle = needle
        return haystack.withUTF8 { hay in
            needle.withUTF8 { needle in
                guard !needle.isEmpty, hay.count >= needle.count else { return false }
                let slash = UInt8(ascii: "/")
                for start in 0...(hay.count - needle.count) where start == 0 || hay[start - 1] == slash {
                    let end = start + needle.count
                    if end == hay.count || hay[end] == slash,
                        memcmp(hay.baseAddress! + start, needle.baseAddress!, needle.count) == 0
                    {
                        return true
                    }
                }
                return false
            }
        }
    }

    private static func contains(_ haystack: String, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !needle.isEmpty else { return true }
        return haystack.utf8.withContiguousStorageIfAvailable { contains($0, needle) }
            ?? Array(haystack.utf8).withUnsafeBufferPointer { contains($0, needle) }
    }

    private static func contains(_ hay: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        guard hay.count >= needle.count else { return false }
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
