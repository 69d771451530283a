import CX11
import Foundation

/// One property of a window as the server holds it (`XGetWindowProperty`).
public struct WindowProperty: Equatable, Sendable {
    /// The name of its type ("CARDINAL", "STRING", "UTF8_STRING", "ATOM").
    public var type: String
    /// 8, 16 or 32.
    public var format: Int
    /// Its items: bytes (format 8), or 16- or 32-bit numbers.
    public var items: [UInt32]

    public init(type: String, format: Int, items: [UInt32]) {
        self.type = type
        self.format = format
        self.items = items
    }

    /// Format-8 items as bytes.
    public var bytes: [UInt8] { items.map { UInt8(truncatingIfNeeded: $0) } }
    /// Format-8 items as UTF-8 text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// Property `name` of window `id` on `display`, read whole through the server; `nil` when the window has no such
/// property.
/// - Throws: `X11TestError` when the display cannot be opened or the window does not exist.
public func readProperty(_ name: String, of id: UInt, display displayName: String) throws -> WindowProperty? {
    guard let display = XOpenDisplay(displayName) else {
        throw X11TestError("cannot open \(displayName) to read \(name)")
    }
    defer { XCloseDisplay(display) }
    let property = XInternAtom(display, name, 0)
    var type: Atom = 0
    var format: Int32 = 0
    var count: UInt = 0
    var remaining: UInt = 0
    var data: UnsafeMutablePointer<UInt8>?
    // The length is in 32-bit units; 16 M of them is more than any property here.
    let status = XGetWindowProperty(
        display, id, property, 0, 1 << 24, 0, Atom(AnyPropertyType),
        &type, &format, &count, &remaining, &data)
    defer { if let data { XFree(data) } }
    guard status == Success else {
        throw X11TestError("XGetWindowProperty(\(name)) of window \(id) failed with status \(status)")
    }
    guard type != 0, let data else { return nil }
    let items: [UInt32]
    switch format {
    // Xlib returns format-16 items as C shorts and format-32 items as C longs.
    case 8: items = (0..<Int(count)).map { UInt32(data[$0]) }
    case 16:
        items = data.withMemoryRebound(to: UInt16.self, capacity: Int(count)) { p in
            (0..<Int(count)).map { UInt32(p[$0]) }
        }
    default:
        items = data.withMemoryRebound(to: UInt.self, capacity: Int(count)) { p in
            (0..<Int(count)).map { UInt32(truncatingIfNeeded: p[$0]) }
        }
    }
    return WindowProperty(type: atomName(type, on: display), format: Int(format), items: items)
}

/// The names of `atoms` on `display`.
/// - Throws: `X11TestError` when the display cannot be opened.
public func atomNames(_ atoms: [UInt32], display displayName: String) throws -> [String] {
    guard let display = XOpenDisplay(displayName) else {
        throw X11TestError("cannot open \(displayName) to name atoms")
    }
    defer { XCloseDisplay(display) }
    return atoms.map { atomName(Atom($0), on: display) }
}

func atomName(_ atom: Atom, on display: OpaquePointer) -> String {
    guard let name = XGetAtomName(display, atom) else { return "?" }
    defer { XFree(name) }
    return String(cString: name)
}

/// This machine's host name, as `gethostname` gives it (what `WM_CLIENT_MACHINE` should name).
public var hostName: String {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
