import CX11
import Foundation

/// Openbox, a small EWMH window manager from Debian, on a test server: what a desktop's manager does with a
/// client's `_NET_WM_STATE` requests (fullscreen) is tested against it. Killed when released.
public final class Openbox {
    private let process: Process
    private let standardError: StandardErrorFile

    /// Starts openbox on `display` (without a session manager) and waits until it manages the screen as EWMH says:
    /// the root's `_NET_SUPPORTING_WM_CHECK` names its check window, whose `_NET_WM_NAME` is "Openbox".
    /// - Throws: `X11TestError` when openbox is not installed, or exits or hangs before managing `display`.
    public init(display: String) throws {
        guard let openbox = findExecutable("openbox") else {
            throw X11TestError(
                "openbox is not installed: the fullscreen tests need an EWMH window manager (apt-get install openbox); run scripts/test.sh"
            )
        }
        (process, standardError) = try launchWindowManager(
            "openbox", executable: openbox, arguments: ["--sm-disable"],
            environment: ["DISPLAY": display], display: display, isReady: Self.isReady)
    }

    deinit {
        killAndReap(process)
    }

    /// How openbox is doing, for a test's failure: running or how it ended, and what it printed on stderr.
    public var state: String {
        (process.isRunning ? "openbox is running" : "openbox \(process.endDescription)") + "; \(standardError.quoted)"
    }

    /// Whether the root window's `_NET_SUPPORTING_WM_CHECK` names a window whose `_NET_WM_NAME` is "Openbox".
    private static func isReady(_ name: String) throws -> Bool {
        guard let display = XOpenDisplay(name) else { throw X11TestError("cannot open \(name) to look for openbox") }
        let root = XDefaultRootWindow(display)
        XCloseDisplay(display)
        guard let check = try readProperty("_NET_SUPPORTING_WM_CHECK", of: root, display: name)?.items.first else {
            return false
        }
        return try readProperty("_NET_WM_NAME", of: UInt(check), display: name)?.text == "Openbox"
    }
}
