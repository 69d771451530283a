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
