import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// A `.trashinfo` file's text, as the freedesktop.org Trash specification 1.0 writes it and trash-cli and GIO read
/// it: `[Trash Info]`, `Path=` the original path percent-encoded from its bytes (every byte but the unreserved ASCII
/// letters, digits and `-._~`, and the `/` between names), and `DeletionDate=` in local time.
enum TrashInfo {
    /// The text of a `.trashinfo` for a file from `path` (absolute, or relative to the top directory of a Trash on
    /// another mount) deleted at `deleted` (seconds since 1970).
    static func text(path: [UInt8], deleted: time_t) -> [UInt8] {
        Array("[Trash Info]\nPath=".utf8) + percentEncoded(path) + Array("\nDeletionDate=\(localDate(deleted))\n".utf8)
    }

    /// The original path's bytes in a `.trashinfo`'s `text` (percent-decoded), `nil` when it has no `Path=` in its
    /// `[Trash Info]` group or a bad escape.
    static func path(inText text: [UInt8]) -> [UInt8]? {
        var inGroup = false
        for line in text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            let line = line.last == UInt8(ascii: "\r") ? line.dropLast() : line
            if line.first == UInt8(ascii: "[") {
                inGroup = line.elementsEqual("[Trash Info]".utf8)
            } else if inGroup, line.starts(with: "Path=".utf8) {
                return percentDecoded(Array(line.dropFirst(5)))
            }
        }
        return nil
    }

    /// `time` as `YYYY-MM-DDThh:mm:ss` in the local time zone.
    static func localDate(_ time: time_t) -> String {
        var time = time
        var parts = tm()
        localtime_r(&time, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let date = "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
        return date + "T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }

    /// `bytes` with every byte but the unreserved ones (RFC 3986: letters, digits, `-._~`) and `/` as `%XX`.
    static func percentEncoded(_ bytes: [UInt8]) -> [UInt8] {
        let hex = Array("0123456789ABCDEF".utf8)
        var encoded: [UInt8] = []
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                encoded.append(byte)
            default:
                encoded += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return encoded
    }

    /// `text` with each `%XX` replaced by its byte; `nil` for a `%` not followed by two hex digits.
    static func percentDecoded(_ text: [UInt8]) -> [UInt8]? {
        var decoded: [UInt8] = []
        var index = 0
        while index < text.count {
            if text[index] == UInt8(ascii: "%") {
                guard index + 2 < text.count, let high = hexValue(text[index + 1]), let low = hexValue(text[index + 2])
                else { return nil }
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(text[index])
                index += 1
            }
        }
        return decoded
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
