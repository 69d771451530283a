/// What ended `WaterfallWindow.run()`. A lost connection is not one of them: `run()` throws
/// `X11Error.connectionLost` then.
public enum WindowExitReason: Equatable, Sendable {
    /// The window manager asked to close the window (WM_DELETE_WINDOW).
    case closedByWindowManager
    /// The program called `stop()`.
    case stopped
    /// Another client destroyed the window (a DestroyNotify the window did not ask for).
    case destroyedByAnotherClient
}
