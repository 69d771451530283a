import Synchronization

/// Xlib's error handlers, installed for every connection: they record protocol errors for the tests and tell the
/// program's `X11ErrorHandler`; a lost connection then exits with status 1 through libX11's IO error exit handler,
/// not an abort.
enum ErrorHandlers {
    /// One protocol error, and the connection it came on (an `OpaquePointer` is not `Sendable`).
    struct ReportedError: Equatable, Sendable {
        let connection: UInt
        let error: X11ProtocolError
    }

    /// How many reported errors `recentErrors` keeps: enough for a test, bounded for a long run.
    static let recentErrorLimit = 64
    private static let recent = Mutex<[ReportedError]>([])

    /// The last protocol errors reported on `display` (at most `recentErrorLimit` over all connections).
    static func recentErrors(on display: OpaquePointer) -> [X11ProtocolError] {
        recent.withLock { $0.filter { $0.connection == UInt(bitPattern: display) }.map(\.error) }
    }

    /// Forgets the errors of `display`, which has closed: a later connection at the same address starts clean.
    static func forgetErrors(on display: OpaquePointer) {
        recent.withLock { $0.removeAll { $0.connection == UInt(bitPattern: display) } }
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
    static func expectingErrors(fromRequest majorOpcode: UInt8, on display: OpaquePointer, _ body: () -> Void) -> [X11ProtocolError] {
        let connection = UInt(bitPattern: display)
        expectations.withLock { $0.append(Expectation(connection: connection, majorOpcode: majorOpcode)) }
        body()
        return expectations.withLock { list in
            guard let index = list.lastIndex(where: { $0.connection == connection && $0.majorOpcode == majorOpcode }) else { return [] }
            return list.remove(at: index).errors
        }
    }

    /// Whether a probe expects `error` of `display` (see `expectingErrors(fromRequest:on:_:)`), which then has it.
    static func takeExpected(_ error: X11ProtocolError, on display: OpaquePointer) -> Bool {
        expectations.withLock { list in
            guard let index = list.lastIndex(where: { $0.connection == UInt(bitPattern: display) && $0.majorOpcode == error.requestCode })
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
