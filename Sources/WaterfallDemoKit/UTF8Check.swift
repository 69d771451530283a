import Foundation

/// Where UTF-8 text goes wrong, for error messages that say where (the decoders only say that it does).
package enum UTF8Check {
    /// The offset of the first byte that does not begin or continue a well-formed UTF-8 character (an overlong
    /// form, a surrogate, a value above U+10FFFF, a stray continuation, or a character cut short), or `nil` when
    /// all of `data` is well formed.
    /// - Complexity: O(n).
    package static func firstInvalidByte(in data: Data) -> Int? {
        data.withUnsafeBytes { bytes -> Int? in
            var offset = 0
            while offset < bytes.count {
                let lead = bytes[offset]
                if lead < 0x80 {
                    offset += 1
                    continue
                }
                // The sequence's length, and the range its second byte must lie in (excluding overlong forms,
                // surrogates and values above U+10FFFF), as the Unicode standard's table 3-7 gives them.
                let (length, second): (Int, ClosedRange<UInt8>)
                switch lead {
                case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
                case 0xE0: (length, second) = (3, 0xA0...0xBF)
                case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
                case 0xED: (length, second) = (3, 0x80...0x9F)
                case 0xF0: (length, second) = (4, 0x90...0xBF)
                case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
                case 0xF4: (length, second) = (4, 0x80...0x8F)
                default: return offset
                }
                guard offset + 1 < bytes.count, second.contains(bytes[offset + 1]) else {
                    return offset + min(1, bytes.count - offset - 1)
                }
                for next in (offset + 2)..<(offset + length) {
                    guard next < bytes.count, (0x80...0xBF).contains(bytes[next]) else {
                        return min(next, bytes.count - 1)
                    }
                }
                offset += length
            }
            return nil
        }
    }
}
