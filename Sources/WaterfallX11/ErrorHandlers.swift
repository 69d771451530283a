import CX11
import Glibc
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

    /// Installs the process-wide protocol and IO error handlers, and `display`'s IO error exit handler.
    static func install(on display: OpaquePointer) {
        XSetErrorHandler(reportProtocolError)
        XSetIOErrorHandler(reportLostConnection)
        XSetIOErrorExitHandler(display, exitAfterLostConnection, nil)
    }

    /// The last protocol errors reported on `display` (at most `recentErrorLimit` over all connections).
    static func recentErrors(on display: OpaquePointer) -> [X11ProtocolError] {
        recent.withLock { $0.filter { $0.connection == UInt(bitPattern: display) }.map(\.error) }
    }

    /// Forgets the errors of `display`, which has closed: a later connection at the same address starts clean.
    static func forgetErrors(on display: OpaquePointer) {
        recent.withLock { $0.removeAll { $0.connection == UInt(bitPattern: display) } }
    }

    /// Keeps `event` as a protocol error of `display`, and returns it.
    fileprivate static func record(_ event: XErrorEvent, on display: OpaquePointer) -> X11ProtocolError {
        var buffer = [CChar](repeating: 0, count: 256)
        XGetErrorText(display, Int32(event.error_code), &buffer, Int32(buffer.count))
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let error = X11ProtocolError(errorCode: event.error_code, requestCode: event.request_code, minorCode: event.minor_code,
                                     resource: event.resourceid, text: text)
        recent.withLock { errors in
            if errors.count == recentErrorLimit { errors.removeFirst() }
            errors.append(ReportedError(connection: UInt(bitPattern: display), error: error))
        }
        return error
    }
}

private func reportProtocolError(_ display: OpaquePointer?, _ event: UnsafeMutablePointer<XErrorEvent>?) -> Int32 {
    guard let display, let event else { return 0 }
    X11ErrorHandler.report(.protocolError(ErrorHandlers.record(event.pointee, on: display)))
    return 0
}

/// Reports the lost connection; Xlib then calls the display's exit handler.
private func reportLostConnection(_ display: OpaquePointer?) -> Int32 {
    let name = display.flatMap { XDisplayString($0) }.map { String(cString: $0) } ?? "?"
    X11ErrorHandler.report(.connectionLost(display: name))
    return 0
}

/// libX11's IO error exit handler: the connection cannot be used again, so the process ends with status 1.
private func exitAfterLostConnection(_ display: OpaquePointer?, _ userData: UnsafeMutableRawPointer?) {
    exit(1)
}

/// Writes `text` to file descriptor 2 in one `write`, safe to call from Xlib's handlers.
func writeToStandardError(_ text: String) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}
