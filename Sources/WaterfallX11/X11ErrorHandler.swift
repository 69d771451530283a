import Synchronization

/// What the program does when the server refuses one of Waterfall's requests (an X protocol error).
///
/// Xlib's handlers are process-wide, so this one is too: it hears the protocol errors of every Waterfall `Display`,
/// on the thread that met them, inside Xlib (it must not call Xlib). Errors on the program's own connections go to
/// the Xlib error handler the program installed before the first `Display` opened (Xlib's default when none). The
/// default prints each as `waterfall: X error: ...` on stderr; a protocol error never ends the program (the window
/// goes on, as dwm does).
///
/// The loss of the connection is not told here: `WaterfallWindow.run()` and `Display.processPendingEvents()` throw
/// `X11Error.connectionLost`, and the program decides what to print and how to end.
public enum X11ErrorHandler {
    /// The handler every Waterfall connection reports to.
    public typealias Handler = @Sendable (X11ProtocolError) -> Void

    /// The handler, in a struct: a closure kept in a `Mutex` as it is gains two reabstraction thunks at each
    /// `withLock`, and each report would have walked a longer chain.
    private struct Current: Sendable {
        let handler: Handler
    }

    private static let current = Mutex(Current(handler: printOnStandardError))

    /// Makes `handler` hear every later protocol error of every Waterfall connection, instead of the one before.
    public static func set(_ handler: @escaping Handler) {
        current.withLock { $0 = Current(handler: handler) }
    }

    /// The default handler: prints the error on stderr in one `write` (`StandardError`).
    public static let printOnStandardError: Handler = { error in
        StandardError.write("waterfall: X error: \(error.description)\n")
    }

    /// Tells the program's handler.
    static func report(_ error: X11ProtocolError) {
        let handler = current.withLock { $0.handler }
        handler(error)
    }
}
