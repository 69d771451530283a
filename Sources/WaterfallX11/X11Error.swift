import Glibc

/// Why the X11 backend could not start, or cannot go on.
public enum X11Error: Error, Equatable, CustomStringConvertible {
    /// `XOpenDisplay` failed; `name` is the display that was tried (from `$DISPLAY` when `nil` was passed),
    /// `reason` what libX11 said about it (a server's refusal, such as "Authorization required, ..."), if anything.
    case cannotOpenDisplay(name: String?, reason: String? = nil)
    /// The server has no visual the backend can draw with.
    case unsupportedVisual(depth: Int32, visualClass: Int32)
    /// The window's wake-up pipe could not be opened (`pipe2` failed with `errno`, e.g. `EMFILE`).
    case cannotCreateWakeSignal(errno: Int32)
    /// The connection to the server `display` is lost: the server went away, or closed this client's connection.
    /// The display's windows are gone with it and it takes no more requests; the program decides how to go on (a
    /// new `Display` when the server comes back, or an end with a status of its own).
    case connectionLost(display: String)

    public var description: String {
        switch self {
        case .cannotOpenDisplay(name: nil, _):
            return "cannot open an X display: $DISPLAY is not set (start an X server or set DISPLAY, e.g. DISPLAY=:0)"
        case .cannotOpenDisplay(name: let name?, reason: let reason?):
            return "cannot open X display '\(name)' ($DISPLAY): the server refused the connection: \(reason)"
        case .cannotOpenDisplay(name: let name?, reason: nil):
            return "cannot open X display '\(name)' ($DISPLAY): is an X server running there and may this user connect?"
        case .unsupportedVisual(let depth, let visualClass):
            return
                "the X server's default visual (depth \(depth), class \(visualClass)) is not TrueColor; Waterfall needs TrueColor"
        case .cannotCreateWakeSignal(let code):
            return
                "cannot create the event loop's wake-up pipe: pipe2 failed: \(String(cString: strerror(code))) (errno \(code))"
        case .connectionLost(let display):
            return "lost the connection to X display '\(display)': the server went away or closed the connection"
        }
    }
}
