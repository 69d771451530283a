import CX11
import Glibc

/// A connection to an X server (`XOpenDisplay` / `XCloseDisplay`), with the atoms and visual the backend uses.
public final class Display {
    let handle: OpaquePointer
    let screen: Int32
    let root: UInt
    let visual: UnsafeMutablePointer<Visual>
    let depth: Int32
    /// Whether the server has the double-buffer extension (Xdbe) and it can double-buffer windows of the
    /// default visual (`XdbeGetVisualInfo`, asked once here).
    public let hasDoubleBuffer: Bool
    /// The atoms interned once at connection time, in one batch, never per frame (see Atoms.swift).
    let atoms: Atoms
    /// Whether the server honours detectable auto-repeat for this connection: a held key repeats its KeyPress
    /// without a fake KeyRelease before each (`XkbSetDetectableAutoRepeat`, asked once here; see Display+Keyboard.swift).
    public let hasDetectableAutoRepeat: Bool
    /// Looks keys up for shortcuts under any keyboard layout (see ShortcutKeys.swift).
    let shortcutKeys: ShortcutKeys
    /// The windows the display's event loop hands events to, in the order they were made (Display+EventLoop.swift).
    var windows: [WeakWindow] = []

    /// Opens `name`, or `$DISPLAY` when `name` is `nil`, and installs error handlers that report protocol
    /// errors and exit with status 1 when the connection is lost, instead of aborting.
    /// - Parameters:
    ///   - name: the display's name (`":0"`, `"host:1.0"`); `$DISPLAY` when `nil`.
    ///   - capturingRefusal: libxcb prints a refusing server's reason (such as "Authorization required,
    ///     but no authorization protocol specified") on stderr itself; when true, file descriptor 2 is redirected
    ///     while connecting and the reason goes into the thrown error instead. For a program's start, while no
    ///     other thread writes to stderr: the redirection is process-wide.
    /// - Throws: `X11Error.cannotOpenDisplay` naming the display tried.
    public init(name: String? = nil, capturingRefusal: Bool = false) throws {
        let tried = name ?? getenv("DISPLAY").map { String(cString: $0) }
        guard let tried, !tried.isEmpty else { throw X11Error.cannotOpenDisplay(name: nil) }
        let (opened, refusal) = capturingRefusal ? Self.openCapturingStandardError(tried) : (XOpenDisplay(tried), nil)
        guard let handle = opened else { throw X11Error.cannotOpenDisplay(name: tried, reason: refusal) }
        self.handle = handle
        Display.registerRenderBeforeXft(on: handle)
        screen = XDefaultScreen(handle)
        root = XRootWindow(handle, screen)
        visual = XDefaultVisual(handle, screen)
        depth = XDefaultDepth(handle, screen)
        hasDoubleBuffer = Display.hasDoubleBuffer(visual: visual, root: root, on: handle)
        atoms = Atoms(internedOn: handle)
        hasDetectableAutoRepeat = Display.enableDetectableAutoRepeat(on: handle)
        shortcutKeys = ShortcutKeys(display: handle)
        ErrorHandlers.install(on: handle)
    }

    deinit {
        ClientLibraryLock.run { _ = XCloseDisplay(handle) }  // the libraries' close hooks edit process-wide lists
        ErrorHandlers.forgetErrors(on: handle)
    }

    /// Whether the server has Xdbe and it double-buffers `visual` on the screen of `root`. The display's first
    /// call to an extension of libXext, so under `ClientLibraryLock`.
    private static func hasDoubleBuffer(visual: UnsafeMutablePointer<Visual>, root: UInt, on handle: OpaquePointer) -> Bool {
        ClientLibraryLock.run {
            var major: Int32 = 0
            var minor: Int32 = 0
            return XdbeQueryExtension(handle, &major, &minor) != 0
                && canDoubleBuffer(visualID: XVisualIDFromVisual(visual), root: root, on: handle)
        }
    }

    /// Whether Xdbe lists `visualID` among the visuals it double-buffers on the screen of `root`.
    private static func canDoubleBuffer(visualID: VisualID, root: UInt, on handle: OpaquePointer) -> Bool {
        var screens: Int32 = 1
        var drawable = root
        guard let info = XdbeGetVisualInfo(handle, &drawable, &screens) else { return false }
        defer { XdbeFreeVisualInfo(info) }
        let screen = info.pointee
        guard let visuals = screen.visinfo else { return false }
        return (0..<Int(screen.count)).contains { visuals[$0].visual == visualID }
    }

    /// The file descriptor of the connection (`XConnectionNumber`), for waiting with `poll`: it is readable when the
    /// server sent events (see `processPendingEvents()`).
    public var fileDescriptor: Int32 { XConnectionNumber(handle) }

    /// The serial number of the next request (`XNextRequest`): the difference over a frame counts its requests.
    public var nextRequestSerial: UInt { XNextRequest(handle) }

    /// The serial of the last request the server is known to have processed (`XLastKnownRequestProcessed`).
    var lastKnownRequestProcessed: UInt { XLastKnownRequestProcessed(handle) }

    /// The longest request the server takes, in 4-byte units: `XExtendedMaxRequestSize` with BIG-REQUESTS, else
    /// `XMaxRequestSize`.
    var maximumRequestLength: Int {
        let extended = XExtendedMaxRequestSize(handle)
        return extended > 0 ? extended : XMaxRequestSize(handle)
    }

    /// Sends buffered requests (`XFlush`).
    func flush() { XFlush(handle) }

    /// Waits until the server has handled every request (`XSync`): a round trip, never inside a frame.
    func sync() { XSync(handle, 0) }
}
