import CX11
import Foundation

/// A real window manager (twm) on a test server: it reparents, places, resizes, iconifies and restores
/// client windows as a desktop's would. Killed when released.
public final class WindowManager {
    private let process: Process
    /// What twm prints on stderr, quoted when it exits before managing the screen.
    private let standardError: StandardErrorFile

    /// The tests' twmrc: random placement (no interactive placement waiting for a click), no server grab,
    /// decorated transients, and every font twm uses set to the server's built-in `fixed`.
    ///
    /// twm's fonts default to `variable`, which only an X font package (xfonts-base) provides. A new machine has
    /// none, and twm, in a UTF-8 locale, then exits at once with `unable to open fontset "variable"`. Xvfb always
    /// has `fixed` built in, so no package is needed if twm uses only it; and twm runs with `LC_ALL=C` (the
    /// `locale` of `init`), because in a UTF-8 locale it builds each font as a set over some 15 charsets and
    /// prints a "font for charset ... is lacking" warning for each that `fixed` has not. With both, twm starts
    /// on a machine without font packages and prints nothing (checked by hand; `WindowManagerTests` checks that
    /// its stderr stays empty).
    public static let configuration = """
        RandomPlacement
        NoGrabServer
        DecorateTransients
        TitleFont "fixed"
        ResizeFont "fixed"
        MenuFont "fixed"
        IconFont "fixed"
        IconManagerFont "fixed"

        """

    /// Starts twm on `display` with `configuration` as its twmrc and `LC_ALL=locale`, and waits until it manages
    /// the screen (see `isReady(_:)`).
    /// - Throws: `X11TestError` when twm is not installed, when another window manager already manages `display`,
    ///   or when twm exits before managing it (the error then quotes what twm printed on stderr).
    public init(display: String, configuration: String = WindowManager.configuration, locale: String = "C") throws {
        guard let twm = findExecutable("twm") else {
            throw X11TestError(
                "twm is not installed: the window manager tests need it (apt-get install twm); run scripts/test.sh")
        }
        // A second window manager exits at once, but the screen would still look managed: say so instead.
        guard try !Self.isManaged(display) else {
            throw X11TestError("a window manager already manages \(display): twm would exit at once")
        }
        let file = NSTemporaryDirectory() + "waterfall-twmrc-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        try Data(configuration.utf8).write(to: URL(fileURLWithPath: file))
        // twm has read it once it is ready (see `isReady(_:)`).
        defer { try? FileManager.default.removeItem(atPath: file) }
        (process, standardError) = try launchWindowManager(
            "twm", executable: twm, arguments: ["-display", display, "-f", file],
            environment: ["LC_ALL": locale], display: display, isReady: Self.isReady)
    }

    deinit {
        killAndReap(process)
    }

    /// Everything twm printed on stderr so far.
    public var printed: String { standardError.text }

    /// Whether twm manages the screen and will go on: its icon manager ("TWM Icon Manager", in a frame on the
    /// root window) exists. SubstructureRedirect alone does not say so: twm selects it first, and only then reads
    /// its twmrc and loads its fonts, where it may still exit. It creates the icon manager after those, under a
    /// server grab that it releases once the screen is set up, so a client sees all of it or none.
    private static func isReady(_ name: String) throws -> Bool {
        guard let display = XOpenDisplay(name) else { throw X11TestError("cannot open \(name) to look for twm") }
        defer { XCloseDisplay(display) }
        return children(of: XDefaultRootWindow(display), display).contains { frame in
            children(of: frame, display).contains { window in
                var name: UnsafeMutablePointer<CChar>?
                guard XFetchName(display, window, &name) != 0, let name else { return false }
                defer { XFree(name) }
                return String(cString: name) == "TWM Icon Manager"
            }
        }
    }

    /// The children of `window` (`XQueryTree`).
    private static func children(of window: UInt, _ display: OpaquePointer) -> [UInt] {
        var root: UInt = 0
        var parent: UInt = 0
        var children: UnsafeMutablePointer<UInt>?
        var count: UInt32 = 0
        guard XQueryTree(display, window, &root, &parent, &children, &count) != 0, let children else { return [] }
        defer { XFree(children) }
        return Array(UnsafeBufferPointer(start: children, count: Int(count)))
    }

    /// Whether some client selected SubstructureRedirect on the root window: a window manager runs.
    private static func isManaged(_ name: String) throws -> Bool {
        guard let display = XOpenDisplay(name) else {
            throw X11TestError("cannot open \(name) to look for a window manager")
        }
        defer { XCloseDisplay(display) }
        var attributes = XWindowAttributes()
        XGetWindowAttributes(display, XDefaultRootWindow(display), &attributes)
        return attributes.all_event_masks & SubstructureRedirectMask != 0
    }
}
