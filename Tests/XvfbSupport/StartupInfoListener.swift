import CX11
import Foundation

/// A startup notification message as a launcher receives it: its text, put together from its ClientMessage events.
public struct StartupMessage: Equatable, Sendable {
    /// The text before its NUL byte.
    public var text: String
    /// The window named in its events.
    public var window: UInt
    /// How many ClientMessage events carried it.
    public var events: Int
    /// Whether every event had format 8 and a 20-byte payload, the first `_NET_STARTUP_INFO_BEGIN` and the others
    /// `_NET_STARTUP_INFO`, and nothing followed the NUL byte but padding NULs.
    public var isWellFormed: Bool
}

/// Listens as a launcher does for startup notification messages: selects PropertyChangeMask on the root window (the
/// server delivers the ClientMessages sent there with that mask to such clients) and reassembles each message from
/// its events by their window. Start it before the program whose messages it awaits, and close it while the server
/// still runs (closing a connection to a server that is gone ends the process, as libX11 does by default).
public final class StartupInfoListener {
    private var display: OpaquePointer?
    private let begin: Atom
    private let info: Atom
    /// The messages being received, by window: their bytes so far, event count and whether they are well formed.
    private var partial: [UInt: Partial] = [:]

    private struct Partial {
        var bytes: [UInt8] = []
        var events = 0
        var wellFormed = true
    }

    /// Connects to `name` and starts listening (the selection is in place when this returns).
    /// - Throws: `X11TestError` when the display cannot be opened.
    public init(display name: String) throws {
        guard let display = XOpenDisplay(name) else {
            throw X11TestError("cannot open \(name) to listen for startup messages")
        }
        self.display = display
        begin = XInternAtom(display, "_NET_STARTUP_INFO_BEGIN", 0)
        info = XInternAtom(display, "_NET_STARTUP_INFO", 0)
        XSelectInput(display, XDefaultRootWindow(display), PropertyChangeMask)
        XSync(display, 0)
    }

    deinit {
        close()
    }

    /// Closes the connection (`XCloseDisplay`), once.
    public func close() {
        if let display { XCloseDisplay(display) }
        display = nil
    }

    /// Waits for the next whole message and returns it. Fails after `limit` seconds (a bound on a hang, not a
    /// measurement).
    public func waitForMessage(limit: TimeInterval = 20) throws -> StartupMessage {
        guard let display else { throw X11TestError("the listener is closed") }
        let deadline = Date().addingTimeInterval(limit)
        while true {
            while XPending(display) > 0 {
                var event = XEvent()
                XNextEvent(display, &event)
                if let message = receive(event) { return message }
            }
            if Date() > deadline { throw X11TestError("no whole startup notification message within \(limit) s") }
            var descriptor = pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 50)
        }
    }

    /// Adds a ClientMessage to its window's message; returns the message when the event completed it.
    private func receive(_ event: XEvent) -> StartupMessage? {
        guard event.type == ClientMessage else { return nil }
        var message = event.xclient
        guard message.message_type == begin || message.message_type == info else { return nil }
        let window = message.window
        // A message starts with BEGIN; one that starts otherwise is not well formed.
        var current = message.message_type == begin ? Partial() : (partial[window] ?? Partial(wellFormed: false))
        let payload = withUnsafeBytes(of: &message.data) { Array($0.prefix(20)) }
        current.events += 1
        current.wellFormed = current.wellFormed && message.format == 8
        if let end = payload.firstIndex(of: 0) {
            partial[window] = nil
            let padded = payload[end...].allSatisfy { $0 == 0 }
            return StartupMessage(
                text: String(decoding: current.bytes + payload[..<end], as: UTF8.self), window: window,
                events: current.events, isWellFormed: current.wellFormed && padded)
        }
        current.bytes += payload
        partial[window] = current
        return nil
    }
}

/// Broadcasts `text` (at most 19 bytes) as a startup notification message of one event from a connection of its
/// own, as another program would: a marker a listener's next message is compared with.
/// - Throws: `X11TestError` when the display cannot be opened or the text does not fit in one event.
public func broadcastStartupMessage(_ text: String, display name: String) throws {
    let bytes = Array(text.utf8)
    guard bytes.count < 20 else { throw X11TestError("'\(text)' does not fit in one event") }
    guard let display = XOpenDisplay(name) else { throw X11TestError("cannot open \(name) to send a startup message") }
    defer { XCloseDisplay(display) }
    var event = XEvent()
    event.xclient.type = ClientMessage
    event.xclient.window = XDefaultRootWindow(display)
    event.xclient.message_type = XInternAtom(display, "_NET_STARTUP_INFO_BEGIN", 0)
    event.xclient.format = 8
    withUnsafeMutableBytes(of: &event.xclient.data) { data in
        for (offset, byte) in bytes.enumerated() { data[offset] = byte }
    }
    XSendEvent(display, XDefaultRootWindow(display), 0, PropertyChangeMask, &event)
    XSync(display, 0)
}
