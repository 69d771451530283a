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
            throw X11TestError("openbox is not installed: the fullscreen tests need an EWMH window manager (apt-get install openbox); run scripts/test.sh")
        }
        process = Process()
        process.executableURL = URL(fileURLWithPath: openbox)
        process.arguments = ["--sm-disable"]
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        standardError = try StandardErrorFile()
        process.standardError = standardError.fileHandleForWriting
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while try !Self.isReady(display) {
            if !process.isRunning { throw X11TestError("openbox \(process.endDescription) before managing \(display); \(standardError.quoted)") }
            if Date() > deadline {
                killAndReap(process)
                throw X11TestError("openbox did not start managing \(display) within 20 s; \(standardError.quoted)")
            }
            usleep(20_000)  // only the interval between checks of the condition above; the deadline bounds a hang
        }
    }

    deinit {
        killAndReap(process)
    }

    /// Whether the root window's `_NET_SUPPORTING_WM_CHECK` names a window whose `_NET_WM_NAME` is "Openbox".
    private static func isReady(_ name: String) throws -> Bool {
        guard let display = XOpenDisplay(name) else { throw X11TestError("cannot open \(name) to look for openbox") }
        let root = XDefaultRootWindow(display)
        XCloseDisplay(display)
        guard let check = try readProperty("_NET_SUPPORTING_WM_CHECK", of: root, display: name)?.items.first else { return false }
        return try readProperty("_NET_WM_NAME", of: UInt(check), display: name)?.text == "Openbox"
    }
}
