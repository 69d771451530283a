import Synchronization

/// Xlib's error handlers, which are process-wide: the first `Display` installs Waterfall's (the C callbacks are in
/// Xlib.swift) and keeps the handlers the process had before, and every `Display` registers its connection here.
///
/// A protocol error on a Waterfall connection is recorded for the tests and told to the program's `X11ErrorHandler`;
/// one on any other connection (the host program's own) goes to the handler installed before, as dwm chains to
/// Xlib's. The loss of a Waterfall connection is marked here by libX11's IO error exit handler, which returns
/// instead of exiting, and the display's event loop then throws `X11Error.connectionLost`; the loss of another
/// connection goes to the IO error handler installed before.
enum ErrorHandlers {
    /// One protocol error, and the connection it came on (an `OpaquePointer` is not `Sendable`).
    struct ReportedError: Equatable, Sendable {
        let connection: UInt
        let error: X11ProtocolError
    }

    /// How many reported errors `recentErrors` keeps: enough for a test, bounded for a long run.
    static let recentErrorLimit = 64
    private static let recent = Mutex<[ReportedError]>([])

    /// Waterfall's open connections, by their `Display *`, each with whether it was lost.
    private static let connections = Mutex<[UInt: Bool]>([:])

    /// Makes `display` one of Waterfall's connections: its protocol errors are Waterfall's, and its loss is marked
    /// instead of ending the process. Installs the process-wide handlers the first time.
    static func adopt(_ display: OpaquePointer) {
        installOnce()
        connections.withLock { $0[UInt(bitPattern: display)] = false }
        returnAfterConnectionLoss(on: display)
    }

    /// Forgets `display`, which has closed, and its errors: a later connection at the same address starts clean.
    static func release(_ display: OpaquePointer) {
        connections.withLock { _ = $0.removeValue(forKey: UInt(bitPattern: display)) }
        recent.withLock { $0.removeAll { $0.connection == UInt(bitPattern: display) } }
    }

    /// Whether `display` is one of Waterfall's open connections.
    static func isOwn(_ display: OpaquePointer) -> Bool {
        connections.withLock { $0[UInt(bitPattern: display)] != nil }
    }

    /// Marks `display`'s connection lost (libX11 called its IO error exit handler).
    static func markLost(_ display: OpaquePointer) {
        connections.withLock { connections in
            if connections[UInt(bitPattern: display)] != nil { connections[UInt(bitPattern: display)] = true }
        }
    }

    /// Whether `display`'s connection was lost.
    static func isLost(_ display: OpaquePointer) -> Bool {
        connections.withLock { $0[UInt(bitPattern: display)] == true }
    }

    /// The last protocol errors reported on `display` (at most `recentErrorLimit` over all connections).
    static func recentErrors(on display: OpaquePointer) -> [X11ProtocolError] {
        recent.withLock { $0.filter { $0.connection == UInt(bitPattern: display) }.map(\.error) }
    }

    /// A probe's expectation: errors of requests of `majorOpcode` on `connection`, and those that came.
    private struct Expectation {
        let connection: UInt
        let majorOpcode: UInt8
        var errors: [X11ProtocolError] = []
    }
    private static let expectations = Mutex<[Expectation]>([])

    /// Runs `body`, which ends in a round trip, and returns the protocol errors of requests of `majorOpcode` it met:
    /// errors the caller expects (a probe), recorded but not told to the program's `X11ErrorHandler`.
    static func expectingErrors(
        fromRequest majorOpcode: UInt8, on display: OpaquePointer, _ body: () -> Void
    ) -> [X11ProtocolError] {
        let connection = UInt(bitPattern: display)
        expectations.withLock { $0.append(Expectation(connection: connection, majorOpcode: majorOpcode)) }
        body()
        return expectations.withLock { list in
            guard let index = list.lastIndex(where: { $0.connection == connection && $0.majorOpcode == majorOpcode })
            else { return [] }
            return list.remove(at: index).errors
        }
    }

    /// Whether a probe expects `error` of `display` (see `expectingErrors(fromRequest:on:_:)`), which then has it.
    static func takeExpected(_ error: X11ProtocolError, on display: OpaquePointer) -> Bool {
        expectations.withLock { list in
            guard
                let index = list.lastIndex(where: {
                    $0.connection == UInt(bitPattern: display) && $0.majorOpcode == error.requestCode
                })
            else { return false }
            list[index].errors.append(error)
            return true
        }
    }

    /// Keeps `error` as a protocol error of `display` (Xlib's handler calls this, Xlib.swift).
    static func record(_ error: X11ProtocolError, on display: OpaquePointer) {
        recent.withLock { errors in
            if errors.count == recentErrorLimit { errors.removeFirst() }
            errors.append(ReportedError(connection: UInt(bitPattern: display), error: error))
        }
    }
}
