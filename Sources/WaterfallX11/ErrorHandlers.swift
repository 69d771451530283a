import CX11
import Glibc

/// Xlib's process-wide error handlers. A protocol error is reported on stderr with its codes and survived,
/// as dwm does; a lost connection (the server went away) is reported and exits with status 1.
enum ErrorHandlers {
    nonisolated(unsafe) private static var displayName: [CChar] = []

    static func install(displayName: String) {
        Self.displayName = Array(displayName.utf8CString)
        XSetErrorHandler(reportProtocolError)
        XSetIOErrorHandler(reportLostConnection)
    }

    fileprivate static func describe(_ event: XErrorEvent, on display: OpaquePointer?) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        XGetErrorText(display, Int32(event.error_code), &buffer, Int32(buffer.count))
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return "waterfall: X error: \(text) (error code \(event.error_code), request code \(event.request_code), "
            + "minor code \(event.minor_code), resource 0x\(String(event.resourceid, radix: 16)))\n"
    }

    fileprivate static var displayNameText: String {
        String(decoding: displayName.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

private func reportProtocolError(_ display: OpaquePointer?, _ event: UnsafeMutablePointer<XErrorEvent>?) -> Int32 {
    guard let event else { return 0 }
    writeToStandardError(ErrorHandlers.describe(event.pointee, on: display))
    return 0
}

private func reportLostConnection(_ display: OpaquePointer?) -> Int32 {
    writeToStandardError("waterfall: lost the connection to the X server '\(ErrorHandlers.displayNameText)'; exiting\n")
    exit(1)
}

/// Writes `text` to file descriptor 2 in one `write`, safe to call from Xlib's handlers.
func writeToStandardError(_ text: String) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}
