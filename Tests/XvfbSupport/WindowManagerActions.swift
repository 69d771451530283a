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

/// A real window manager (twm) on a test server: it reparents, places, resizes, iconifies and restores
/// client windows as a desktop's would. Killed when released.
public final class WindowManager {
    private let process: Process

    /// Starts twm on `display` with random placement (no interactive placement waiting for a click), and
    /// waits until it manages the screen (has SubstructureRedirect on the root window).
    /// - Throws: `X11TestError` when twm is not installed or does not start.
    public init(display: String) throws {
        guard let twm = findExecutable("twm") else {
            throw X11TestError("twm is not installed: the window manager tests need it (apt-get install twm); run scripts/test.sh")
        }
        let configuration = NSTemporaryDirectory() + "waterfall-twmrc-\(getpid())"
        try Data("RandomPlacement\nNoGrabServer\nDecorateTransients\n".utf8).write(to: URL(fileURLWithPath: configuration))
        process = Process()
        process.executableURL = URL(fileURLWithPath: twm)
        process.arguments = ["-display", display, "-f", configuration]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while try !Self.isManaged(display) {
            guard process.isRunning, Date() < deadline else {
                killAndReap(process)
                throw X11TestError("twm did not start managing \(display)")
            }
            usleep(20_000)
        }
    }

    deinit {
        killAndReap(process)
    }

    /// Whether some client selected SubstructureRedirect on the root window: a window manager runs.
    private static func isManaged(_ name: String) throws -> Bool {
        guard let display = XOpenDisplay(name) else { throw X11TestError("cannot open \(name) to look for a window manager") }
        defer { XCloseDisplay(display) }
        var attributes = XWindowAttributes()
        XGetWindowAttributes(display, XDefaultRootWindow(display), &attributes)
        return attributes.all_event_masks & SubstructureRedirectMask != 0
    }
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
