import Synchronization

/// The one lock for the X client libraries whose process-wide state has no lock of its own: Xft, libXext and libXi.
///
/// - Xft keeps a list of displays (which `XCloseDisplay` edits through the hook Xft sets) and the FreeType faces
///   that fonts of the same file share on every display. Two threads that use Xft at once, even for windows on
///   different displays, corrupt them (found as X requests with made-up opcodes).
/// - libXext (for every extension built on it, such as Xdbe and XInput, through its Generic Event list) and libXi
///   each free their list of displays when the last display on it closes, and make a new one at the next display's
///   first call, with nothing between the check and the use. A display's first call on one thread, while another
///   thread closes the last such display, writes into the freed list (found as heap corruption and a null
///   dereference in `XextAddDisplay`).
///
/// So the backend runs every Xft call, a display's first call to each extension (`XlibConnection.hasDoubleBuffer()`, `Display.queryXInput()`)
/// and `XCloseDisplay` inside `ClientLibraryLock.run`. Uncontended, as in a program with one UI thread, the lock
/// costs a few nanoseconds; the per-frame Xlib and Xdbe calls do not take it.
enum ClientLibraryLock {
    private static let mutex = Mutex(())

    /// Runs `body` while no other thread uses Xft, makes a display's first extension call or closes a display.
    /// Not reentrant: `body` must not call `run` again.
    static func run<T>(_ body: () throws -> T) rethrows -> T {
        try mutex.withLock { _ in try body() }
    }
}
