import Glibc

/// A connection to an X server (`XOpenDisplay` / `XCloseDisplay`), with the atoms and visual the backend uses, and
/// the event loop of its windows (Display+EventLoop.swift).
public final class Display {
    /// The connection and its default screen's values (Xlib.swift).
    let connection: XlibConnection
    /// Whether the server has the double-buffer extension (Xdbe) and it can double-buffer windows of the
    /// default visual (`XdbeGetVisualInfo`, asked once here).
    public let hasDoubleBuffer: Bool
    /// The atoms interned once at connection time, in one batch, never per frame (see Atoms.swift).
    let atoms: Atoms
    /// Whether the server honours detectable auto-repeat for this connection: a held key repeats its KeyPress
    /// without a fake KeyRelease before each (`XkbSetDetectableAutoRepeat`, asked once here).
    public let hasDetectableAutoRepeat: Bool
    /// Looks keys up for shortcuts under any keyboard layout (see ShortcutKeys.swift).
    let shortcutKeys = ShortcutKeys()
    /// XInput 2's major opcode, which its events' cookies carry, once a window set XInput 2 up (XInput2.swift).
    var xinputOpcode: Int32?
    /// Uploads pictures through MIT-SHM, when the server shares memory with this client; made with the first
    /// window (`prepareSharedMemoryUploads()`).
    private(set) var sharedMemoryUploads: SharedMemoryUploads?
    private var triedSharedMemory = false
    /// The windows the display's event loop hands events to, in the order they were made (Display+EventLoop.swift).
    var windows: [WeakWindow] = []
    /// Other libraries' work its event loop serves (Display+PollSources.swift).
    var pollSources = PollSources()
    /// The X input method, opened when a window first shows a text entry (`openInputMethodOnce()`).
    private var inputMethod: InputMethod?
    private var triedInputMethod = false

    /// Xlib's `Display *`.
    var handle: OpaquePointer { connection.handle }
    /// The default screen's root window.
    var root: UInt { connection.root }

    /// The display's name as it was opened (`":0"`, `"host:1.0"`), for messages.
    public let name: String

    /// Opens `name`, or `$DISPLAY` when `name` is `nil`. Protocol errors on the connection go to the program's
    /// `X11ErrorHandler`; the loss of the connection makes the event loop throw `X11Error.connectionLost` instead of
    /// ending the process (see `isConnectionLost`).
    ///
    /// When the process's `LC_CTYPE` is still the "C" locale a program starts in, it is set from the environment
    /// (`setlocale(LC_CTYPE, "")`, process-wide), so that the X input method of a `WaterfallWindow.textEntry` knows
    /// the encoding the user types in; a locale the program chose is kept.
    /// - Parameters:
    ///   - name: the display's name (`":0"`, `"host:1.0"`); `$DISPLAY` when `nil`.
    ///   - capturingRefusal: libxcb prints a refusing server's reason (such as "Authorization required,
    ///     but no authorization protocol specified") on stderr itself; when true, file descriptor 2 is redirected
    ///     while connecting and the reason goes into the thrown error instead. The redirection is process-wide: write
    ///     other threads' messages through `StandardError`, which it never takes.
    /// - Throws: `X11Error.cannotOpenDisplay` naming the display tried.
    public init(name: String? = nil, capturingRefusal: Bool = false) throws {
        let tried = name ?? getenv("DISPLAY").map { String(cString: $0) }
        guard let tried, !tried.isEmpty else { throw X11Error.cannotOpenDisplay(name: nil) }
        let (opened, refusal) = XlibConnection.open(tried, capturingRefusal: capturingRefusal)
        guard let connection = opened else { throw X11Error.cannotOpenDisplay(name: tried, reason: refusal) }
        ErrorHandlers.adopt(connection.handle)  // before any request: its errors and its loss are Waterfall's
        self.connection = connection
        self.name = tried
        InputMethod.adoptEnvironmentLocale()  // before any XIM call: the input method reads the locale's encoding
        Display.registerRenderBeforeXft(on: connection)
        hasDoubleBuffer = connection.hasDoubleBuffer()
        atoms = Atoms(connection.internAtoms(Atoms.names))
        hasDetectableAutoRepeat = connection.enableDetectableAutoRepeat()
    }

    deinit {
        inputMethod = nil  // XCloseIM before the connection closes (its contexts, which hold the display, are gone)
        // On a lost connection too: libX11 sends nothing more on it, and XCloseDisplay frees the client's side.
        closeConnection()
        ErrorHandlers.release(connection.handle)
    }

    /// Whether the connection to the server is lost (the server went away, or closed this client): libX11 called its
    /// IO error exit handler, and the display takes no more requests. The event loop then throws
    /// `X11Error.connectionLost`, and the display's resources are let go without asking the server.
    public var isConnectionLost: Bool { ErrorHandlers.isLost(handle) }

    /// Throws `X11Error.connectionLost` naming the display when the connection is lost.
    func throwIfConnectionLost() throws {
        if isConnectionLost { throw X11Error.connectionLost(display: name) }
    }

    /// Shares memory with the server for uploading pictures (see `SharedMemoryUploads`), once: a round trip when
    /// the first window is made, never in a frame.
    func prepareSharedMemoryUploads() {
        guard !triedSharedMemory else { return }
        triedSharedMemory = true
        sharedMemoryUploads = SharedMemoryUploads(connection: connection)
    }

    /// The display's input method, opened at the first call (`XOpenIM`, see `InputMethod`); `nil` when none opens.
    func openInputMethodOnce() -> InputMethod? {
        if !triedInputMethod {
            triedInputMethod = true
            inputMethod = InputMethod(display: self)
        }
        return inputMethod
    }

    /// The file descriptor of the connection (`XConnectionNumber`), for waiting with `poll`: it is readable when the
    /// server sent events (see `processPendingEvents()`).
    public var fileDescriptor: Int32 { connectionNumber }
}
