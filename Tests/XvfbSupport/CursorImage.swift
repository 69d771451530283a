import CursorProbe
import Foundation

/// The cursor an X server shows now, as XFixes reports it to any client.
public struct CursorImage: Equatable, Sendable {
    /// Its name, when libXcursor loaded it from a cursor theme ("hand2", "watch", "left_ptr"); "" for an unnamed
    /// cursor such as the root window's default X.
    public var name: String
    /// The server's serial of the cursor: the same cursor keeps its serial.
    public var serial: UInt
    public var width: Int
    public var height: Int

    /// The cursor `display` shows now, where the pointer is.
    /// - Throws: `X11TestError` when the display cannot be opened or has no XFixes.
    public static func current(display: String) throws -> CursorImage {
        var image = waterfall_cursor_image()
        let status = waterfall_current_cursor(display, &image)
        guard status == 0 else { throw X11TestError("XFixesGetCursorImage on \(display) failed (\(status))") }
        let name = withUnsafeBytes(of: image.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return CursorImage(name: name, serial: image.serial, width: Int(image.width), height: Int(image.height))
    }
}
