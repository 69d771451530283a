/// A failure Xlib reports on its own, outside any call that returns it: what a program's `X11ErrorHandler` hears.
public enum X11Failure: Equatable, Sendable {
    /// The server refused a request (an X protocol error). The connection goes on.
    case protocolError(X11ProtocolError)
    /// The connection to the server `display` is lost: the server went away, or killed this client. Xlib cannot go
    /// on with it: once the handler returns, the process exits with status 1.
    case connectionLost(display: String)
}
