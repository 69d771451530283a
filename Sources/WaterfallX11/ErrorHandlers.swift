import CX11
import Glibc
import Synchronization

/// Xlib's error handlers. A protocol error is reported on stderr with its codes and survived, as dwm does
/// for the errors it can go on after (never chained to Xlib's default handler, which exits); a lost
/// connection (the server went away, or killed this client) is reported and exits with status 1 through
/// libX11's IO error exit handler, not an abort.
enum ErrorHandlers {
    /// One protocol error as the server reported it.
    struct ReportedError: Equatable, Sendable {
        /// The address of the connection it came on (an `OpaquePointer` is not `Sendable`).
        let connection: UInt
        let errorCode: UInt8
        let requestCode: UInt8
        let minorCode: UInt8
        let resource: UInt
        /// The line printed on stderr.
        let message: String
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
    static func recentErrors(on display: OpaquePointer) -> [ReportedError] {
        recent.withLock { $0.filter { $0.connection == UInt(bitPattern: display) } }
    }

    /// Forgets the errors of `display`, which has closed: a later connection at the same address starts clean.
    static func forgetErrors(on display: OpaquePointer) {
        recent.withLock { $0.removeAll { $0.connection == UInt(bitPattern: display) } }
    }

    fileprivate static func record(_ event: XErrorEvent, on display: OpaquePointer) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        XGetErrorText(display, Int32(event.error_code), &buffer, Int32(buffer.count))
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let message = "waterfall: X error: \(text) (error code \(event.error_code), request code \(event.request_code), "
            + "minor code \(event.minor_code), resource 0x\(String(event.resourceid, radix: 16)))\n"
        let error = ReportedError(connection: UInt(bitPattern: display), errorCode: event.error_code, requestCode: event.request_code,
                                  minorCode: event.minor_code, resource: event.resourceid, message: message)
        recent.withLock { errors in
            if errors.count == recentErrorLimit { errors.removeFirst() }
            errors.append(error)
        }
        return message
    }
}

private func reportProtocolError(_ display: OpaquePointer?, _ event: UnsafeMutablePointer<XErrorEvent>?) -> Int32 {
    guard let display, let event else { return 0 }
    writeToStandardError(ErrorHandlers.record(event.pointee, on: display))
    return 0
}

/// Reports the lost connection; Xlib then calls the display's exit handler.
private func reportLostConnection(_ display: OpaquePointer?) -> Int32 {
    let name = display.flatMap { XDisplayString($0) }.map { String(cString: $0) } ?? "?"
    writeToStandardError("waterfall: lost the connection to the X server '\(name)'; exiting\n")
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
