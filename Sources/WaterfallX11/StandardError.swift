import Glibc

/// The process's standard error, for messages written from any thread while a `Display` may be opening.
///
/// libxcb writes a refusing server's reason (such as "Authorization required, but no authorization protocol
/// specified") straight to file descriptor 2, and keeps it nowhere else, so `Display(capturingRefusal: true)` points
/// descriptor 2 at a pipe while it connects, process-wide. A message written to descriptor 2 by another thread
/// meanwhile (a folder walk's warning) would land in that pipe, and be taken for the server's words. `write(_:)`
/// writes instead to a duplicate of descriptor 2 made before any capture: the same open file (the same terminal,
/// pipe or log, in the same order), which the capture never redirects. Nothing waits for the capture, so a
/// connection that takes long to fail holds up no other thread.
public enum StandardError {
    /// A duplicate of descriptor 2 (`F_DUPFD_CLOEXEC`), made once, the first time it is needed; 2 itself when it
    /// cannot be made (no descriptor left, or no standard error at all).
    static let descriptor: Int32 = {
        let duplicate = fcntl(2, F_DUPFD_CLOEXEC, 3)
        return duplicate >= 0 ? duplicate : 2
    }()

    /// Writes `text` in one `write` (whole lines stay whole among other threads' lines; a pipe takes up to 4 KiB at
    /// once), safe to call from Xlib's error handlers and from any thread.
    public static func write(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    }
}
