import Synchronization

/// What the program does when Xlib reports a failure: a protocol error, or the loss of the connection.
///
/// Xlib's handlers are process-wide, so the handler is too: it hears every connection's failures, on the thread
/// that met them, inside Xlib (it must not call Xlib). The default prints each on stderr as `waterfall: X error:
/// ...` and `waterfall: lost the connection to the X server ...; exiting`. A protocol error never ends the program
/// (the window goes on, as dwm does); a lost connection ends it with status 1 after the handler ran, because Xlib
/// leaves no choice (its IO error exit handler must not return).
public enum X11ErrorHandler {
    /// The handler every connection reports to.
    public typealias Handler = @Sendable (X11Failure) -> Void

    private static let current = Mutex<Handler>(printOnStandardError)

    /// Makes `handler` hear every later failure of every connection, instead of the one before.
    public static func set(_ handler: @escaping Handler) {
        current.withLock { $0 = handler }
    }

    /// The default handler: prints the failure on stderr in one `write` (`StandardError`).
    public static let printOnStandardError: Handler = { failure in
        switch failure {
        case let .protocolError(error):
            StandardError.write("waterfall: X error: \(error.description)\n")
        case let .connectionLost(display):
            StandardError.write("waterfall: lost the connection to the X server '\(display)'; exiting\n")
        }
    }

    /// Tells the program's handler.
    static func report(_ failure: X11Failure) {
        let handler = current.withLock { $0 }
        handler(failure)
    }
}
