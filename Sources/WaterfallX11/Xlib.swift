import CX11
import Glibc

// Every libX11 call of the backend but its events (XlibEvents.swift), its text (Xft.swift, Fontconfig.swift), MIT-SHM's
// shared segments (SharedMemoryUploads.swift), the input method (InputMethod.swift) and Render's pictures
// (Display+RenderPictures.swift), as swift-system keeps its system calls in Syscalls.swift: only these files import a C
// module, and the rest of the backend calls their typed wrappers, each named in its doc after the C call it makes.
// Identifiers are `UInt` (XIDs), atoms `Atom`, keysyms `KeySym`, sizes Swift integers.

// MARK: Constants

/// The predefined atoms the backend uses (Xatom.h): they need no interning.
enum PredefinedAtom {
    /// `XA_ATOM`: the type of a list of atoms.
    static let atom = Atom(XA_ATOM)
    /// `XA_CARDINAL`: the type of unsigned 32-bit numbers.
    static let cardinal = Atom(XA_CARDINAL)
    /// `XA_INTEGER`: the type of signed 32-bit numbers.
    static let integer = Atom(XA_INTEGER)
    /// `XA_STRING`: Latin-1 text, and its type.
    static let string = Atom(XA_STRING)
    /// `XA_WM_CLIENT_MACHINE`: the host the client runs on.
    static let wmClientMachine = Atom(XA_WM_CLIENT_MACHINE)
    /// `XA_WM_NAME`: the window's title in Latin-1.
    static let wmName = Atom(XA_WM_NAME)
}

/// The core events a window selects (`XSelectInput`, `XCreateWindow`'s `event_mask`), X.h's masks.
struct EventMask: OptionSet, Hashable {
    let rawValue: Int
    /// `KeyPressMask`.
    static let keyPress = EventMask(rawValue: KeyPressMask)
    /// `ButtonPressMask`.
    static let buttonPress = EventMask(rawValue: ButtonPressMask)
    /// `ButtonReleaseMask`.
    static let buttonRelease = EventMask(rawValue: ButtonReleaseMask)
    /// `EnterWindowMask`.
    static let enterWindow = EventMask(rawValue: EnterWindowMask)
    /// `LeaveWindowMask`.
    static let leaveWindow = EventMask(rawValue: LeaveWindowMask)
    /// `PointerMotionMask`: motion with or without a button.
    static let pointerMotion = EventMask(rawValue: PointerMotionMask)
    /// `ButtonMotionMask`: motion with any button held.
    static let buttonMotion = EventMask(rawValue: ButtonMotionMask)
    /// `Button1MotionMask`: motion with button 1 held.
    static let button1Motion = EventMask(rawValue: Button1MotionMask)
    /// `ExposureMask`.
    static let exposure = EventMask(rawValue: ExposureMask)
    /// `StructureNotifyMask`: map, unmap, configure, destroy.
    static let structureNotify = EventMask(rawValue: StructureNotifyMask)
    /// `PropertyChangeMask`.
    static let propertyChange = EventMask(rawValue: PropertyChangeMask)
}

/// The modifier and button bits of a core event's `state` (X.h).
enum StateBits {
    /// `ShiftMask`.
    static let shift = UInt32(ShiftMask)
    /// `ControlMask`.
    static let control = UInt32(ControlMask)
    /// `Mod1Mask`: Alt on every common keymap.
    static let alt = UInt32(Mod1Mask)
    /// `Button1Mask`: button 1 is held.
    static let button1 = UInt32(Button1Mask)
    /// `Button1Mask` to `Button5Mask`: the buttons held.
    static let buttons = UInt32(Button1Mask | Button2Mask | Button3Mask | Button4Mask | Button5Mask)
}

/// The keysyms the collection view binds (keysymdef.h).
enum Keysym {
    static let escape = KeySym(XK_Escape)
    static let a = KeySym(XK_a)
    static let tab = KeySym(XK_Tab)
    static let isoLeftTab = KeySym(XK_ISO_Left_Tab)
    static let up = KeySym(XK_Up)
    static let keypadUp = KeySym(XK_KP_Up)
    static let down = KeySym(XK_Down)
    static let keypadDown = KeySym(XK_KP_Down)
    static let left = KeySym(XK_Left)
    static let keypadLeft = KeySym(XK_KP_Left)
    static let right = KeySym(XK_Right)
    static let keypadRight = KeySym(XK_KP_Right)
    static let prior = KeySym(XK_Prior)
    static let keypadPrior = KeySym(XK_KP_Prior)
    static let next = KeySym(XK_Next)
    static let keypadNext = KeySym(XK_KP_Next)
    static let space = KeySym(XK_space)
    static let home = KeySym(XK_Home)
    static let keypadHome = KeySym(XK_KP_Home)
    static let end = KeySym(XK_End)
    static let keypadEnd = KeySym(XK_KP_End)
    static let returnKey = KeySym(XK_Return)
    static let keypadEnter = KeySym(XK_KP_Enter)
    static let f5 = KeySym(XK_F5)
    // The text entry's editing keys.
    static let backSpace = KeySym(XK_BackSpace)
    static let delete = KeySym(XK_Delete)
    static let keypadDelete = KeySym(XK_KP_Delete)
    static let u = KeySym(XK_u)
    static let w = KeySym(XK_w)
}

// MARK: The connection

/// What `XOpenDisplay` and the default-screen macros give: the connection and the screen's root, visual and depth.
struct XlibConnection {
    let handle: OpaquePointer
    let screen: Int32
    let root: UInt
    /// The default visual (`XDefaultVisual`), opaque outside this file.
    let visual: OpaquePointer
    let depth: Int32
    /// The default colormap (`XDefaultColormap`).
    let colormap: UInt
    /// The visual's channel masks, when it is TrueColor (`nil` otherwise).
    let trueColorMasks: (red: UInt, green: UInt, blue: UInt)?
    /// The visual's class (`TrueColor` is 4), for an error message.
    let visualClass: Int32

    /// `XOpenDisplay(name)`, and the default screen's values; `nil` and the server's reason (see
    /// `openCapturingStandardError(_:)`) when it fails.
    static func open(_ name: String, capturingRefusal: Bool) -> (XlibConnection?, refusal: String?) {
        let (opened, refusal) = capturingRefusal ? openCapturingStandardError(name) : (XOpenDisplay(name), nil)
        guard let handle = opened else { return (nil, refusal) }
        let screen = XDefaultScreen(handle)
        let visual = XDefaultVisual(handle, screen)!
        let isTrueColor = visual.pointee.`class` == TrueColor
        return (
            XlibConnection(
                handle: handle, screen: screen, root: XRootWindow(handle, screen), visual: OpaquePointer(visual),
                depth: XDefaultDepth(handle, screen), colormap: XDefaultColormap(handle, screen),
                trueColorMasks: isTrueColor
                    ? (visual.pointee.red_mask, visual.pointee.green_mask, visual.pointee.blue_mask) : nil,
                visualClass: visual.pointee.`class`), refusal
        )
    }

    /// `XOpenDisplay(name)`, with whatever libX11 and libxcb print on stderr meanwhile (a server's refusal, such as
    /// "Authorization required, but no authorization protocol specified") captured instead of printed, so that a
    /// failure is reported in one line. Returns the connection, or `nil` and the captured text (`nil` when nothing was
    /// printed, as when no server listens).
    ///
    /// libxcb writes the refusal to file descriptor 2 itself (`read_setup` in xcb_conn.c) and keeps it nowhere a
    /// client can read, so descriptor 2 points at a pipe while connecting. That is process-wide: the library's and
    /// the program's messages go through `StandardError`, whose duplicate of descriptor 2 is made before and never
    /// redirected, so another thread's message is neither swallowed nor taken for the server's words.
    private static func openCapturingStandardError(_ name: String) -> (OpaquePointer?, String?) {
        _ = StandardError.descriptor  // duplicated before descriptor 2 is redirected
        guard let (reader, writer) = makePipe(flags: O_CLOEXEC | O_NONBLOCK) else { return (XOpenDisplay(name), nil) }
        defer { close(reader) }
        let standardError = fcntl(2, F_DUPFD_CLOEXEC, 3)
        guard standardError >= 0 else {
            close(writer)
            return (XOpenDisplay(name), nil)
        }
        dup2(writer, 2)
        close(writer)
        let handle = XOpenDisplay(name)
        dup2(standardError, 2)
        close(standardError)
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = max(0, read(reader, &bytes, bytes.count))
        let text = String(decoding: bytes.prefix(count), as: UTF8.self)
            .split(whereSeparator: \.isNewline).map(trimmed).filter { !$0.isEmpty }
            .joined(separator: "; ")
        if handle != nil, !text.isEmpty { StandardError.write(text + "\n") }  // not a failure: pass it on
        return (handle, text.isEmpty ? nil : text)
    }
}

extension XlibConnection {
    /// `names` interned in one round trip (`XInternAtoms`, which sends every request before it reads a reply); an
    /// atom the server could not make is 0.
    func internAtoms(_ names: [String]) -> [Atom] {
        var strings: [UnsafeMutablePointer<CChar>?] = names.map { strdup($0) }
        defer { strings.forEach { free($0) } }
        var atoms = [CX11.Atom](repeating: 0, count: names.count)
        _ = XInternAtoms(handle, &strings, Int32(names.count), 0, &atoms)
        return atoms
    }

    /// Turns on detectable auto-repeat (`XkbSetDetectableAutoRepeat`): while a key is held, the server repeats its
    /// KeyPress without a fake KeyRelease before each repeat. Returns whether the server supports it. A round trip.
    func enableDetectableAutoRepeat() -> Bool {
        var supported: Int32 = 0
        return XkbSetDetectableAutoRepeat(handle, 1, &supported) != 0 && supported != 0
    }

    /// Whether the server has Xdbe and it double-buffers the default visual on the screen (`XdbeQueryExtension`,
    /// `XdbeGetVisualInfo`). The display's first call to an extension of libXext, so under `ClientLibraryLock`.
    func hasDoubleBuffer() -> Bool {
        ClientLibraryLock.run {
            var major: Int32 = 0
            var minor: Int32 = 0
            guard XdbeQueryExtension(handle, &major, &minor) != 0 else { return false }
            var screens: Int32 = 1
            var drawable = root
            guard let info = XdbeGetVisualInfo(handle, &drawable, &screens) else { return false }
            defer { XdbeFreeVisualInfo(info) }
            let screen = info.pointee
            guard let visuals = screen.visinfo else { return false }
            let visualID = XVisualIDFromVisual(UnsafeMutablePointer<Visual>(visual))
            return (0..<Int(screen.count)).contains { visuals[$0].visual == visualID }
        }
    }
}

/// `line` without the spaces and tabs at its ends.
private func trimmed(_ line: Substring) -> Substring {
    let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = line.firstIndex(where: { !isBlank($0) }), let last = line.lastIndex(where: { !isBlank($0) })
    else { return "" }
    return line[first...last]
}

/// A non-blocking pipe (`pipe2` with `flags`, through the `waterfall_pipe2` shim): its read and write ends, or `nil`
/// with `errno` set.
func makePipe(flags: Int32) -> (read: Int32, write: Int32)? {
    var descriptors: [Int32] = [-1, -1]
    guard waterfall_pipe2(&descriptors, flags) == 0 else { return nil }
    return (descriptors[0], descriptors[1])
}

extension Display {
    /// `XCloseDisplay`, under `ClientLibraryLock` (the libraries' close hooks edit process-wide lists).
    func closeConnection() {
        ClientLibraryLock.run { _ = XCloseDisplay(handle) }
    }

    /// The file descriptor of the connection (`XConnectionNumber`).
    var connectionNumber: Int32 { XConnectionNumber(handle) }
    /// The serial number of the next request (`XNextRequest`): the difference over a frame counts its requests.
    public var nextRequestSerial: UInt { XNextRequest(handle) }
    /// The serial of the last request the server is known to have processed (`XLastKnownRequestProcessed`).
    var lastKnownRequestProcessed: UInt { XLastKnownRequestProcessed(handle) }
    /// Whether events wait in Xlib's queue or on the connection (`XPending`, which flushes the output buffer first).
    var hasPendingEvents: Bool { XPending(handle) > 0 }

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

    /// `names` interned in one round trip (see `XlibConnection.internAtoms(_:)`).
    func internAtoms(_ names: [String]) -> [Atom] { connection.internAtoms(names) }

    /// The atom of `name` if some client interned it, else 0 (`XInternAtom` with only-if-exists).
    func existingAtom(_ name: String) -> Atom {
        XInternAtom(handle, name, 1)
    }

    /// The name of `atom` (`XGetAtomName`, a round trip), `nil` for an atom the server does not know.
    func atomName(_ atom: Atom) -> String? {
        guard let name = XGetAtomName(handle, atom) else { return nil }
        defer { XFree(name) }
        return String(cString: name)
    }

    /// `Xft.dpi` as the resource database the server had at connection time says (`XResourceManagerString`,
    /// `XrmGetResource`), when it says a positive number.
    var resourceDPI: Double? {
        guard let resources = XResourceManagerString(handle) else { return nil }
        XrmInitialize()
        guard let database = XrmGetStringDatabase(resources) else { return nil }
        defer { XrmDestroyDatabase(database) }
        var type: UnsafeMutablePointer<CChar>?
        var value = XrmValue()
        guard XrmGetResource(database, "Xft.dpi", "Xft.Dpi", &type, &value) != 0, let address = value.addr,
            let dpi = Double(String(cString: address).filter { $0 != " " && $0 != "\t" }), dpi.isFinite, dpi > 0
        else { return nil }
        return dpi
    }
}

// MARK: Windows and properties

extension Display {
    /// A top-level InputOutput window of `width` × `height` pixels at (`x`, `y`) on the root, selecting `events`, with no
    /// background (the frames paint everything) and north-west bit gravity (`XCreateWindow`).
    func createWindow(x: Int32 = 0, y: Int32 = 0, width: UInt32, height: UInt32, events: EventMask) -> UInt {
        var attributes = XSetWindowAttributes()
        attributes.background_pixmap = 0  // None: no server-side clearing
        attributes.bit_gravity = NorthWestGravity
        attributes.event_mask = events.rawValue
        return XCreateWindow(
            handle, root, x, y, max(1, width), max(1, height), 0, connection.depth, UInt32(InputOutput),
            UnsafeMutablePointer<Visual>(connection.visual), UInt(CWBackPixmap | CWBitGravity | CWEventMask),
            &attributes)
    }

    /// An unmapped 1 × 1 InputOnly window off screen that the window manager leaves alone (`override_redirect`), to
    /// send messages from (`XCreateWindow`).
    func createMessageWindow() -> UInt {
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        return XCreateWindow(
            handle, root, -100, -100, 1, 1, 0, 0, UInt32(InputOnly), nil, UInt(CWOverrideRedirect), &attributes)
    }

    /// Tells the window manager that the program chose `window`'s position (WM_NORMAL_HINTS with `PPosition`, ICCCM
    /// 4.1.2.3: the position is the window's own, as created), so that one which honours it leaves it there
    /// (`XSetWMNormalHints`).
    func setProgramPosition(of window: UInt) {
        var hints = XSizeHints()
        hints.flags = PPosition
        XSetWMNormalHints(handle, window, &hints)
    }

    /// `XDestroyWindow`; nothing on a lost connection, where the server has let the window go.
    func destroyWindow(_ window: UInt) {
        if !isConnectionLost { XDestroyWindow(handle, window) }
    }
    /// `XMapWindow`.
    func mapWindow(_ window: UInt) { XMapWindow(handle, window) }
    /// `XSelectInput`: the core events the client takes from `window`.
    func selectInput(_ window: UInt, _ events: EventMask) { XSelectInput(handle, window, events.rawValue) }

    /// `XSetWMProtocols`: the protocols of ICCCM 4.1.2.7 the window takes part in (WM_DELETE_WINDOW).
    func setProtocols(_ protocols: [Atom], of window: UInt) {
        var atoms = protocols.map { CX11.Atom($0) }
        XSetWMProtocols(handle, window, &atoms, Int32(atoms.count))
    }

    /// `XSetClassHint`: WM_CLASS's instance and class names.
    func setClass(className: String, instanceName: String, of window: UInt) {
        className.withCString { classPointer in
            instanceName.withCString { instancePointer in
                var hint = XClassHint(
                    res_name: UnsafeMutablePointer(mutating: instancePointer),
                    res_class: UnsafeMutablePointer(mutating: classPointer))
                _ = XSetClassHint(handle, window, &hint)
            }
        }
    }

    /// Replaces `property` of `window` with `bytes` of `type` in format 8 (`XChangeProperty`).
    func changeProperty(_ property: Atom, of window: UInt, type: Atom, bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBufferPointer { buffer in
            _ = XChangeProperty(
                handle, window, property, type, 8, PropModeReplace, buffer.baseAddress, Int32(buffer.count))
        }
    }

    /// Replaces `property` of `window` with `values` of `type` in format 32 (`XChangeProperty`, which takes them as C
    /// `long`s).
    func changeProperty(_ property: Atom, of window: UInt, type: Atom, longs values: [Int]) {
        values.withUnsafeBytes { buffer in
            _ = XChangeProperty(
                handle, window, property, type, 32, PropModeReplace,
                buffer.bindMemory(to: UInt8.self).baseAddress, Int32(values.count))
        }
    }

    /// Moves `window` to (`x`, `y`) on the root and gives it `width` × `height` pixels (`XMoveResizeWindow`), above its
    /// siblings (`XRaiseWindow`).
    func moveResizeAndRaise(_ window: UInt, x: Int32, y: Int32, width: UInt32, height: UInt32) {
        XMoveResizeWindow(handle, window, x, y, max(1, width), max(1, height))
        XRaiseWindow(handle, window)
    }

    /// Where the pointer is on the root window (`XQueryPointer`, a round trip); `nil` when it is on another screen.
    func pointerOnRoot() -> (x: Int, y: Int)? {
        var rootWindow: UInt = 0
        var child: UInt = 0
        var rootX: Int32 = 0
        var rootY: Int32 = 0
        var windowX: Int32 = 0
        var windowY: Int32 = 0
        var buttons: UInt32 = 0
        guard XQueryPointer(handle, root, &rootWindow, &child, &rootX, &rootY, &windowX, &windowY, &buttons) != 0
        else { return nil }
        return (Int(rootX), Int(rootY))
    }

    /// Where `window`'s top-left corner is on the root, and its size in pixels (`XGetGeometry` and
    /// `XTranslateCoordinates`: round trips).
    func rootGeometry(of window: UInt) -> (x: Int32, y: Int32, width: UInt32, height: UInt32)? {
        var root: UInt = 0
        var child: UInt = 0
        var x: Int32 = 0
        var y: Int32 = 0
        var rootX: Int32 = 0
        var rootY: Int32 = 0
        var width: UInt32 = 0
        var height: UInt32 = 0
        var border: UInt32 = 0
        var depth: UInt32 = 0
        guard XGetGeometry(handle, window, &root, &x, &y, &width, &height, &border, &depth) != 0,
            XTranslateCoordinates(handle, window, root, 0, 0, &rootX, &rootY, &child) != 0
        else { return nil }
        return (rootX, rootY, width, height)
    }

    /// The default screen's size in pixels (`XDisplayWidth`, `XDisplayHeight`).
    var screenSize: (width: UInt32, height: UInt32) {
        (
            UInt32(max(1, XDisplayWidth(handle, connection.screen))),
            UInt32(max(1, XDisplayHeight(handle, connection.screen)))
        )
    }

    /// `XDeleteProperty`.
    func deleteProperty(_ property: Atom, of window: UInt) { XDeleteProperty(handle, window, property) }

    /// The items of a format-32 property of `window` (any type), at most `maximumLongs` of them
    /// (`XGetWindowProperty`, a round trip); `nil` when the property or the window is missing or of another format.
    func longProperty(_ property: Atom, of window: UInt, maximumLongs: Int) -> [UInt]? {
        withProperty(property, of: window, units: maximumLongs, format: 32) { data, count, _ in
            // Xlib hands format-32 items over as C longs.
            let longs = UnsafeRawPointer(data).bindMemory(to: UInt.self, capacity: count)
            return (0..<count).map { longs[$0] }
        }
    }

    /// The bytes of a format-8 property of `window` (any type), at most `maximumBytes` of them (`XGetWindowProperty`,
    /// a round trip); `nil` when the property or the window is missing, of another format, or longer.
    func byteProperty(_ property: Atom, of window: UInt, maximumBytes: Int) -> [UInt8]? {
        // The length is asked for in 32-bit units.
        withProperty(property, of: window, units: (maximumBytes + 3) / 4, format: 8) { data, count, remaining in
            remaining == 0 ? Array(UnsafeBufferPointer(start: data, count: count)) : nil
        }
    }

    /// Calls `read` with the items of property `property` of `window` (`XGetWindowProperty` of at most `units` 32-bit
    /// units, any type), their count and the bytes left unread, when it is there in `format`; frees them after.
    private func withProperty<Result>(
        _ property: Atom, of window: UInt, units: Int, format wanted: Int32,
        _ read: (UnsafeMutablePointer<UInt8>, Int, UInt) -> Result?
    ) -> Result? {
        var type: CX11.Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(
            handle, window, property, 0, units, 0, CX11.Atom(AnyPropertyType),
            &type, &format, &count, &remaining, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, format == wanted, let data else { return nil }
        return read(data, Int(count), remaining)
    }

    /// `XSetSelectionOwner`: `window` takes `selection` at `time`.
    func setSelectionOwner(_ selection: Atom, to window: UInt, at time: ServerTime) {
        XSetSelectionOwner(handle, selection, window, Time(time.milliseconds))
    }

    /// `XGetSelectionOwner`: the window that owns `selection`, 0 for none (a round trip).
    func selectionOwner(_ selection: Atom) -> UInt { XGetSelectionOwner(handle, selection) }
}

// MARK: Cursors

extension Display {
    /// The cursor font's glyph `glyph` as a cursor (`XCreateFontCursor`; libX11 takes the cursor theme's cursor of the
    /// same name through libXcursor when there is one).
    func createFontCursor(_ glyph: UInt32) -> UInt { XCreateFontCursor(handle, glyph) }
    /// `XFreeCursor`; nothing on a lost connection.
    func freeCursor(_ cursor: UInt) {
        if !isConnectionLost { XFreeCursor(handle, cursor) }
    }
    /// `XDefineCursor`, or `XUndefineCursor` for 0 (the parent's cursor).
    func defineCursor(_ cursor: UInt, of window: UInt) {
        if cursor == 0 { XUndefineCursor(handle, window) } else { XDefineCursor(handle, window, cursor) }
    }
    /// The cursor font's pointing hand (`XC_hand2`).
    static let handCursorGlyph = UInt32(XC_hand2)
    /// The cursor font's busy watch (`XC_watch`).
    static let watchCursorGlyph = UInt32(XC_watch)
    /// `XC_plus`: a drag over a window that would take the drop (the theme's "plus").
    static let plusCursorGlyph = UInt32(XC_plus)
    /// `XC_circle`: a drag over nothing that would take it (the theme's "circle", a circle crossed out).
    static let circleCursorGlyph = UInt32(XC_circle)
}

// MARK: Drawing

/// An Xlib graphics context on a display (`XCreateGC` with no graphics exposures; `XFreeGC` when released): fills in
/// one colour, clipped or not, and copies between drawables.
final class GraphicsContext {
    private let display: Display
    private let gc: GC
    private var rectangles: [XRectangle] = []

    /// A GC for drawables like `drawable`.
    init(display: Display, drawable: UInt) {
        self.display = display
        var values = XGCValues()
        values.graphics_exposures = 0
        gc = XCreateGC(display.handle, drawable, UInt(GCGraphicsExposures), &values)
    }

    deinit {
        // On a lost connection the GC's few bytes stay until the process ends: XFreeGC would queue a request that
        // libX11 can no longer send (see `Display.isConnectionLost`).
        if !display.isConnectionLost { XFreeGC(display.handle, gc) }
    }

    /// `XSetForeground`.
    func setForeground(_ pixel: UInt) { XSetForeground(display.handle, gc, pixel) }

    /// Fills `boxes` in the foreground in one `XFillRectangles` (a PolyFillRectangle request).
    func fill(_ boxes: [PixelBox], in drawable: UInt) {
        rectangles.removeAll(keepingCapacity: true)
        for box in boxes {
            rectangles.append(
                XRectangle(
                    x: Int16(clamping: box.x), y: Int16(clamping: box.y),
                    width: UInt16(clamping: box.width), height: UInt16(clamping: box.height)))
        }
        XFillRectangles(display.handle, drawable, gc, &rectangles, Int32(rectangles.count))
    }

    /// Clips to `box` (`XSetClipRectangles`), or not at all for `nil` (`XSetClipMask` None).
    func setClip(_ box: PixelBox?) {
        if var clip = box.map(XRectangle.init) {
            XSetClipRectangles(display.handle, gc, 0, 0, &clip, 1, Unsorted)
        } else {
            XSetClipMask(display.handle, gc, 0)
        }
    }

    /// Writes `pixels` (`width` × `height`, row by row, each the server's pixel value) into `drawable` at (0, 0):
    /// `XCreateImage` over the pixels (32 bits each, the client's byte order) and `XPutImage`, which sends them.
    func put(_ pixels: [UInt32], width: Int, height: Int, into drawable: UInt, connection: XlibConnection) {
        guard width > 0, height > 0, pixels.count >= width * height else { return }
        var copy = pixels
        copy.withUnsafeMutableBytes { buffer in
            let data = buffer.baseAddress?.assumingMemoryBound(to: CChar.self)
            guard
                let image = XCreateImage(
                    display.handle, UnsafeMutablePointer<Visual>(connection.visual), UInt32(connection.depth),
                    ZPixmap, 0, data, UInt32(width), UInt32(height), 32, Int32(width * 4))
            else { return }
            XPutImage(display.handle, drawable, gc, image, 0, 0, 0, 0, UInt32(width), UInt32(height))
            image.pointee.data = nil  // the pixels are Swift's: XDestroyImage must not free them
            _ = image.pointee.f.destroy_image?(image)
        }
    }

    /// Puts `pixels` into `drawable` as `put(_:width:height:into:connection:)` does, through a segment of
    /// `uploads` (`XShmPutImage`); false, having sent nothing, when no segment has room.
    func put(
        _ pixels: [UInt32], width: Int, height: Int, into drawable: UInt, through uploads: SharedMemoryUploads
    ) -> Bool {
        uploads.put(pixels, width: width, height: height, into: drawable, gc: gc)
    }

    /// `XCopyArea` of `box` of `source` to (`x`, `y`) of `destination`.
    func copy(_ box: PixelBox, from source: UInt, to destination: UInt, x: Int32, y: Int32) {
        XCopyArea(display.handle, source, destination, gc, box.x, box.y, box.width, box.height, x, y)
    }
}

extension XRectangle {
    /// `box` as Xlib's 16-bit rectangle.
    init(_ box: PixelBox) {
        self.init(
            x: Int16(clamping: box.x), y: Int16(clamping: box.y), width: UInt16(clamping: box.width),
            height: UInt16(clamping: box.height))
    }
}

extension Display {
    /// A Pixmap of the screen's depth (`XCreatePixmap`).
    func createPixmap(for window: UInt, width: UInt32, height: UInt32) -> UInt {
        XCreatePixmap(handle, window, width, height, UInt32(connection.depth))
    }
    /// `XFreePixmap`; nothing on a lost connection.
    func freePixmap(_ pixmap: UInt) {
        if !isConnectionLost { XFreePixmap(handle, pixmap) }
    }

    /// An Xdbe back buffer of `window` whose swaps keep its pixels (`XdbeAllocateBackBufferName`, `XdbeCopied`).
    func allocateBackBuffer(of window: UInt) -> UInt {
        XdbeAllocateBackBufferName(handle, window, UInt8(XdbeCopied))
    }
    /// `XdbeDeallocateBackBufferName`; nothing on a lost connection.
    func deallocateBackBuffer(_ buffer: UInt) {
        if !isConnectionLost { XdbeDeallocateBackBufferName(handle, buffer) }
    }
    /// Shows `window`'s back buffer, keeping its pixels (`XdbeSwapBuffers` with `XdbeCopied`).
    func swapBuffers(of window: UInt) {
        var info = XdbeSwapInfo(swap_window: window, swap_action: UInt8(XdbeCopied))
        XdbeSwapBuffers(handle, &info, 1)
    }
}

// MARK: Keyboard

extension Display {
    /// The keysym of `keycode` in the XKB group of `state` at the first level (`XkbLookupKeySym` with only the
    /// group's bits of the state).
    func firstLevelKeysym(keycode: UInt8, groupState: UInt32) -> KeySym {
        var active: CX11.KeySym = 0
        var consumed: UInt32 = 0
        _ = XkbLookupKeySym(handle, keycode, groupState, &consumed, &active)
        return active
    }

    /// The first-level keysym of `keycode` in each XKB group of the keymap, first group first (NoSymbol beyond the
    /// key's groups; `XkbKeycodeToKeysym`).
    func firstLevelKeysymsOfEachGroup(keycode: UInt8) -> [KeySym] {
        (0..<Int32(XkbNumKbdGroups)).map { XkbKeycodeToKeysym(handle, keycode, $0, 0) }
    }

    /// The XKB name of every keycode (`<AC01>` without the brackets), by keycode (`XkbGetMap`, `XkbGetNames`: a round
    /// trip).
    func keyNames() -> [Int: String] {
        guard let keyboard = XkbGetMap(handle, 0, UInt32(XkbUseCoreKbd)) else { return [:] }
        defer { XkbFreeKeyboard(keyboard, 0, 1) }
        guard XkbGetNames(handle, UInt32(XkbKeyNamesMask), keyboard) == Success,
            let keys = keyboard.pointee.names?.pointee.keys
        else { return [:] }
        let first = Int(keyboard.pointee.min_key_code)
        let last = Int(keyboard.pointee.max_key_code)
        guard first <= last else { return [:] }
        var names: [Int: String] = [:]
        for code in first...last {
            names[code] = withUnsafeBytes(of: keys[code].name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
        }
        return names
    }

    /// The name of `keysym` ("Delete", "a"), as `XKeysymToString` gives it.
    static func name(ofKeysym keysym: KeySym) -> String? {
        XKeysymToString(keysym).map { String(cString: $0) }
    }
}

// MARK: Errors

/// The protocol and IO error handlers the process had before Waterfall's (`XSetErrorHandler` and
/// `XSetIOErrorHandler` return them; Xlib's defaults when the program set none).
struct PreviousErrorHandlers: @unchecked Sendable {  // C function pointers, set once and only read
    let protocolError: XErrorHandler?
    let connectionLoss: XIOErrorHandler?
}

extension ErrorHandlers {
    /// The handlers before Waterfall's: installing them (`XSetErrorHandler`, `XSetIOErrorHandler`) happens once,
    /// when this is first read. Later displays keep the handlers as they are, so a host that installed one of its
    /// own after Waterfall's (and chains to Waterfall's) is not chained to in a loop.
    static let previous = PreviousErrorHandlers(
        protocolError: XSetErrorHandler(reportProtocolError),
        connectionLoss: XSetIOErrorHandler(reportLostConnection))

    /// Installs Waterfall's process-wide handlers, the first time.
    static func installOnce() { _ = previous }

    /// Sets `display`'s IO error exit handler (`XSetIOErrorExitHandler`, libX11 1.7 and later) to one that marks the
    /// connection lost and returns, where Xlib's default exits the process. libX11 then marks the display broken
    /// (`XlibDisplayIOError`): its round trips fail at once and it sends nothing more, but a request still goes into
    /// its output buffer, which no longer empties (a full one crashes `_XGetRequest`'s callers in libX11 1.8). So the
    /// event loop stops at once, and the display's pixmaps, cursors, GCs and windows are let go without their
    /// requests before `XCloseDisplay`, which is safe on a broken display.
    static func returnAfterConnectionLoss(on display: OpaquePointer) {
        XSetIOErrorExitHandler(display, markLostConnection, nil)
    }
}

/// Xlib's protocol error handler: on a Waterfall connection, records the error (`XGetErrorText` names it) and tells
/// the program's handler; on another connection, hands it to the handler installed before.
private func reportProtocolError(_ display: OpaquePointer?, _ event: UnsafeMutablePointer<XErrorEvent>?) -> Int32 {
    guard let display, let event else { return 0 }
    guard ErrorHandlers.isOwn(display) else { return ErrorHandlers.previous.protocolError?(display, event) ?? 0 }
    var buffer = [CChar](repeating: 0, count: 256)
    XGetErrorText(display, Int32(event.pointee.error_code), &buffer, Int32(buffer.count))
    let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let error = X11ProtocolError(
        errorCode: event.pointee.error_code, requestCode: event.pointee.request_code,
        minorCode: event.pointee.minor_code, resource: event.pointee.resourceid, text: text)
    ErrorHandlers.record(error, on: display)
    if !ErrorHandlers.takeExpected(error, on: display) { X11ErrorHandler.report(error) }
    return 0
}

/// Xlib's IO error handler, which runs before the display's exit handler: nothing to do for a Waterfall connection
/// (its exit handler marks it lost, and its event loop throws); another connection's loss goes to the handler
/// installed before (Xlib's default prints it and exits, as it would without Waterfall).
private func reportLostConnection(_ display: OpaquePointer?) -> Int32 {
    guard let display, !ErrorHandlers.isOwn(display) else { return 0 }
    return ErrorHandlers.previous.connectionLoss?(display) ?? 0
}

/// A Waterfall connection's IO error exit handler: marks it lost and returns, so that the process goes on.
private func markLostConnection(_ display: OpaquePointer?, _ userData: UnsafeMutableRawPointer?) {
    if let display { ErrorHandlers.markLost(display) }
}
