import CX11
import Foundation

/// Sends window `id` the WM_DELETE_WINDOW client message a window manager sends when the user closes it.
/// - Throws: `X11TestError` when the display cannot be opened.
public func sendDeleteWindow(to id: UInt, display name: String) throws {
    guard let display = XOpenDisplay(name) else { throw X11TestError("cannot open \(name) to send WM_DELETE_WINDOW") }
    defer { XCloseDisplay(display) }
    var event = XEvent()
    event.xclient.type = ClientMessage
    event.xclient.window = id
    event.xclient.message_type = XInternAtom(display, "WM_PROTOCOLS", 0)
    event.xclient.format = 32
    event.xclient.data.l.0 = Int(XInternAtom(display, "WM_DELETE_WINDOW", 0))
    event.xclient.data.l.1 = Int(CurrentTime)
    XSendEvent(display, id, 0, NoEventMask, &event)
    XSync(display, 0)
}

/// Destroys window `id` from another connection, as a misbehaving client or `xkill -id` on a window would.
/// - Throws: `X11TestError` when the display cannot be opened.
public func destroyWindow(_ id: UInt, display name: String) throws {
    guard let display = XOpenDisplay(name) else { throw X11TestError("cannot open \(name) to destroy a window") }
    defer { XCloseDisplay(display) }
    XDestroyWindow(display, id)
    XSync(display, 0)
}

/// The ICCCM state a window manager gave window `id` (its WM_STATE property): 1 normal, 3 iconic, 0 withdrawn;
/// `nil` when the window has no WM_STATE (no window manager manages it, or it is gone).
/// - Throws: `X11TestError` when the display cannot be opened.
public func windowManagerState(of id: UInt, display name: String) throws -> Int? {
    guard let display = XOpenDisplay(name) else { throw X11TestError("cannot open \(name) to read WM_STATE") }
    defer { XCloseDisplay(display) }
    let wmState = XInternAtom(display, "WM_STATE", 0)
    var type: Atom = 0
    var format: Int32 = 0
    var count: UInt = 0
    var remaining: UInt = 0
    var data: UnsafeMutablePointer<UInt8>?
    let status = XGetWindowProperty(display, id, wmState, 0, 2, 0, wmState, &type, &format, &count, &remaining, &data)
    defer { if let data { XFree(data) } }
    guard status == Success, format == 32, count >= 1, let data else { return nil }
    // Format-32 properties come back as an array of C longs.
    return data.withMemoryRebound(to: Int.self, capacity: 1) { $0.pointee }
}

/// Resizes window `id` to each of `sizes` in turn, as a window manager does during a drag (`XResizeWindow`), all
/// sent in one flush, and waits until the server has handled them (`XSync`): the window's client then has every
/// ConfigureNotify queued.
/// - Throws: `X11TestError` when the display cannot be opened.
public func resizeWindow(_ id: UInt, through sizes: [(width: Int, height: Int)], display name: String) throws {
    guard let display = XOpenDisplay(name) else { throw X11TestError("cannot open \(name) to resize a window") }
    defer { XCloseDisplay(display) }
    for size in sizes {
        XResizeWindow(display, id, UInt32(max(1, size.width)), UInt32(max(1, size.height)))
    }
    XSync(display, 0)
}

/// Where window `id`'s top-left corner is on the root and its size in pixels, as `xdotool getwindowgeometry --shell`
/// reads them from the server.
public func windowPlace(of id: UInt, display name: String) throws -> (x: Int, y: Int, width: Int, height: Int) {
    let text = String(
        decoding: try runTool("xdotool", ["getwindowgeometry", "--shell", String(id)], display: name), as: UTF8.self)
    var values: [String: Int] = [:]
    for line in text.split(separator: "\n") {
        let parts = line.split(separator: "=", maxSplits: 1)
        if parts.count == 2, let value = Int(parts[1]) { values[String(parts[0])] = value }
    }
    guard let x = values["X"], let y = values["Y"], let width = values["WIDTH"], let height = values["HEIGHT"] else {
        throw X11TestError("xdotool getwindowgeometry gave no place for window \(id): \(text)")
    }
    return (x, y, width, height)
}
