/// Fullscreen, as EWMH asks a client to go there: a `_NET_WM_STATE` client message to the root window, which the
/// window manager answers by covering the screen with the window (and setting `_NET_WM_STATE_FULLSCREEN` on it).
/// Without an EWMH window manager the window covers its monitor itself (the one that shows most of it, as RandR 1.5
/// lists them), and goes back to where it was.
extension WaterfallWindow {
    /// How the window went fullscreen, to come back the same way.
    struct FullscreenState {
        /// Whether the window manager was asked (else the window moved and resized itself).
        var throughWindowManager: Bool
        /// Where the window was and its size, when it covered the screen itself.
        var restore: (x: Int32, y: Int32, width: UInt32, height: UInt32)?
    }

    /// Whether the window is fullscreen, or was asked to be (`setFullscreen(_:)`).
    public var isFullscreen: Bool { fullscreen != nil }

    /// Makes the window cover the screen (`true`) or come back (`false`). With an EWMH window manager (one that
    /// lists `_NET_WM_STATE_FULLSCREEN` in `_NET_SUPPORTED`, checked through `_NET_SUPPORTING_WM_CHECK` each time:
    /// three round trips, at a key, never in a frame) it asks the manager, which puts it on its monitor; else it moves
    /// and resizes itself to its monitor (`monitor`), above its siblings, and back. The new size arrives as for any resize, and the next frame draws it.
    public func setFullscreen(_ on: Bool) {
        guard on != isFullscreen else { return }
        let atoms = display.atoms
        if on {
            if hasEWMHFullscreen {
                fullscreen = FullscreenState(throughWindowManager: true)
                display.requestWindowState(
                    window.id, messageType: atoms.netWmState, state: atoms.netWmStateFullscreen, adding: true)
            } else {
                let place = display.rootGeometry(of: window.id)
                fullscreen = FullscreenState(throughWindowManager: false, restore: place)
                let monitors = display.monitors()
                let covered = place.flatMap { monitors.monitor(showingMostOf: $0) } ?? monitors[0]
                display.moveResizeAndRaise(
                    window.id, x: Int32(clamping: covered.x), y: Int32(clamping: covered.y),
                    width: UInt32(clamping: covered.width), height: UInt32(clamping: covered.height))
            }
        } else if let state = fullscreen {
            fullscreen = nil
            if state.throughWindowManager {
                display.requestWindowState(
                    window.id, messageType: atoms.netWmState, state: atoms.netWmStateFullscreen, adding: false)
            } else if let restore = state.restore {
                display.moveResizeAndRaise(
                    window.id, x: restore.x, y: restore.y, width: restore.width, height: restore.height)
            }
        }
        display.flush()
    }

    /// Whether an EWMH window manager runs that supports fullscreen: the root's `_NET_SUPPORTING_WM_CHECK` names a
    /// window whose own names itself, and the root's `_NET_SUPPORTED` lists `_NET_WM_STATE_FULLSCREEN`.
    private var hasEWMHFullscreen: Bool {
        let atoms = display.atoms
        guard let check = display.longProperty(atoms.netSupportingWmCheck, of: display.root, maximumLongs: 1)?.first,
            display.longProperty(atoms.netSupportingWmCheck, of: check, maximumLongs: 1)?.first == check,
            let supported = display.longProperty(atoms.netSupported, of: display.root, maximumLongs: 4096)
        else { return false }
        return supported.contains(UInt(atoms.netWmStateFullscreen))
    }
}
