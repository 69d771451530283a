import SystemPackage

/// `file://` URIs of local paths, escaped as GLib's `g_filename_to_uri` escapes them: every byte but the ASCII letters,
/// digits and `!$&'()*+,-./:=@_~` becomes `%XX` (upper-case hex). The freedesktop.org thumbnail cache names a
/// thumbnail by the MD5 of this exact string, so it must match what GNOME and KDE write; `text/uri-list` and a file
/// manager's clipboard take it too.
public enum FileURI {
    /// The URI of the absolute path whose bytes are `path` (any bytes: a name that is not UTF-8 is escaped byte by byte).
    public static func uri<Bytes: Sequence>(ofPathBytes path: Bytes) -> String where Bytes.Element == UInt8 {
        var escaped: [UInt8] = Array("file://".utf8)
        for byte in path {
            if isKept(byte) {
                escaped.append(byte)
            } else {
                escaped += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 15)]]
            }
        }
        return String(decoding: escaped, as: UTF8.self)  // ASCII only
    }

    /// The URI of the absolute `path`.
    public static func uri(of path: FilePath) -> String { uri(ofPathBytes: path.bytes) }

    /// The local path a `file:` URI names, its `%XX` escapes turned back into bytes (so any name comes back, UTF-8 or
    /// not), as `g_filename_from_uri` reads them: `file:///path`, `file://localhost/path`, or `file://HOST/path` with
    /// this machine's `localHost` name; `nil` for another scheme, another machine, a path that is not absolute, a
    /// malformed escape or an escaped NUL.
    public static func path(of uri: String, localHost: String? = nil) -> FilePath? {
        let bytes = Array(uri.utf8)
        let scheme = Array("file://".utf8)
        guard bytes.count > scheme.count, bytes[..<scheme.count].map({ $0 | 0x20 }) == scheme.map({ $0 | 0x20 }) else {
            return nil
        }
        let rest = bytes[scheme.count...]
        guard let slash = rest.firstIndex(of: UInt8(ascii: "/")) else { return nil }
        let host = String(decoding: rest[..<slash], as: UTF8.self)
        guard host.isEmpty || host.lowercased() == "localhost" || host == localHost else { return nil }
        var path: [UInt8] = []
        var index = slash
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.endIndex, let high = hexValue(bytes[index + 1]),
                    let low = hexValue(bytes[index + 2]),
                    high << 4 | low != 0
                else { return nil }
                path.append(high << 4 | low)
                index += 3
            } else {
                path.append(byte)
                index += 1
            }
        }
        return FilePath(bytes: path)
    }

    /// The value of a hexadecimal digit, either case.
    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// Whether GLib leaves `byte` as it is in a path.
    private static func isKept(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!$&'()*+,-./:=@_~".utf8.contains(byte)
        }
    }
}
