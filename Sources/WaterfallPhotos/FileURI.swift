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
