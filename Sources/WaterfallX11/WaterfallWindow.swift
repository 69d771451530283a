import Waterfall

/// An X11 window that shows a `CollectionView` (above the program's `StatusBar`, if it gives one), and routes
/// wheel, click, key and resize events into it.
///
/// The window has no policy of its own: the program names it, binds its keys (`onKey`; `stop()` ends `run()`),
/// and decides what an X error does (`X11ErrorHandler`). Several windows can share one `Display`: its event loop
/// (`run()`, or a host program's own through `Display.processPendingEvents()`) serves all of them.
public final class WaterfallWindow {
    // The back buffer and the renderer hold the window, and everything holds the display, so the window is
    // destroyed after its buffer and GCs are freed, and the connection closes last.
    let backBuffer: BackBuffer
    let canvas: BatchingCanvas
    let renderer: XlibRenderer
    let window: Window
    /// XInput 2 for the window: touchpads' precise scrolling; `nil` without XI 2.1 or when not asked for.
    let xinput: XInput2?
    let display: Display
    /// The view shown in the window.
    public let collectionView: CollectionView
    /// Wakes the event loop from any thread; the loop then calls `onWake` on its own thread.
    public let wakeSignal: WakeSignal
    /// Called on the event loop's thread after `wakeSignal` was woken: at most once per turn however many
    /// wakes were queued, before the turn's frame: what it changes in the collection view is drawn in that frame.
    public var onWake: (() -> Void)?
    /// Called with the X keysym name ("Delete", "Insert", "r") and the modifiers of a key the window does not
    /// use itself, on the loop's thread; what it changes in the collection view or the status bar is drawn in the
    /// turn's frame. Call `stop()` in it for a key that closes the window.
    public var onKey: ((_ name: String, _ modifiers: ModifierKeys) throws -> Void)?
    /// Hears when frames are presented.
    public weak var observer: WaterfallWindowObserver?
    /// What the window shows over its collection view, filling the viewport, while set: it is drawn instead of the
    /// view and takes the keys, the wheel and button 1 (see `WindowOverlay`). Setting or clearing it draws the
    /// whole window in the next frame.
    public var overlay: WindowOverlay? {
        didSet { if overlay !== oldValue { overlayDidChange() } }
    }
    /// Whether the overlay is to be drawn again (`setNeedsOverlayDisplay()`).
    var overlayNeedsDisplay = false
    /// The last press of button 1 on the view, in server time and window pixels: the first click of a double click.
    var lastClick: (time: XTimestamp, x: Int32, y: Int32)?
    /// A touchpad's scroll over the overlay not yet a whole notch.
    var overlayScrollRemainder = 0.0
    /// The title the window manager shows (WM_NAME and _NET_WM_NAME).
    public var title: String {
        didSet { if title != oldValue { window.setTitle(title) } }
    }
    /// The program's bar below the collection view, if it gave one.
    public let statusBar: StatusBar?
    /// When true, every frame is followed by `XSync`, so that a frame reported to the observer is on screen.
    /// For logging and measuring only: it costs a round trip per frame.
    public var syncsAfterEachFrame = false
    /// How many turns applied wheel notches: a benchmark waits for the one that applies its notch.
    var wheelBatchesApplied = 0
    /// The size of the window in pixels, as the server last reported it.
    public private(set) var windowSize: Size
    /// Pixels per point: everything drawn is this many times as large as its size in points.
    public let scale: Double
    /// How many frames were presented.
    public private(set) var framesPresented = 0
    /// The number of requests the last frame sent, from `XNextRequest`.
    public private(set) var requestsInLastFrame = 0
    /// 1 when the last frame waited for a reply from the server (a round trip), else 0. Xlib learns of the
    /// server's progress only by reading from the connection, so a request of the frame that the server is
    /// known to have processed when the frame ends means the frame read a reply.
    public private(set) var roundTripsInLastFrame = 0

    /// How often a smooth scroll draws a frame, in seconds: the display's frame period (60 Hz by default).
    /// The loop wakes at this rate only while an animation runs.
    public var animationFrameInterval: Double = 1.0 / 60

    /// Whether the window is mapped (between MapNotify and UnmapNotify): an unmapped or iconified window
    /// draws no frames; the Expose of its next mapping shows the state it has reached by then.
    var isMapped = false
    /// How long the wheel must rest before a pull past the top is let go.
    static let pullReleaseDelay = 0.3
    var pullReleaseTimer: TimerToken?
    /// The timer of the next animation frame, while the collection view animates.
    var animationFrameTimer: TimerToken?
    /// When the last size was applied, on the timers' clock; a size that comes sooner than a frame later waits for
    /// `resizeTimer` (see WaterfallWindow+Resize.swift).
    var lastResizeTime: UInt64?
    var resizeTimer: TimerToken?
    /// An error from a timer's action, thrown by the turn that ran it.
    var deferredError: Error?
    var firstFramePresented = false
    /// Why the window closed, once it has: its events are no longer handled, and `run()` returns this.
    public internal(set) var exitReason: WindowExitReason?
    /// Events folded since the last frame; `exposed` stays true once the window was first exposed.
    var batch = EventBatch()
    /// The timers of `schedule(after:_:)`, run by the event loop.
    var timers = TimerQueue()
    /// The CLIPBOARD's owner and the last user event's time (WaterfallWindow+Selections.swift).
    var selections = SelectionState()

    // Manners (see WaterfallWindow+Cursor.swift and WaterfallWindow+StartupNotification.swift).
    /// The shape of the cursor the window last gave itself (`.default` until the pointer asks for another).
    public internal(set) var cursorShape: CursorShape = .default
    /// Where the pointer is in the view's coordinates, while it is in the window.
    var pointerPosition: Point?
    let cursors: CursorCache
    /// After `updateCursor()` defined a cursor the observer has not heard of: `framesPresented` then.
    var unreportedCursorChange: Int?
    /// The startup notification launch to end once the first frame is on screen.
    var startupID: String?

    /// Creates and maps the window.
    /// - Parameters:
    ///   - display: the connection the window is made on; its event loop serves the window.
    ///   - collectionView: the view the window shows, above the status bar.
    ///   - size: the initial window size in points, the status bar included: the window is `scale` times as many pixels.
    ///   - scale: pixels per point; the desktop's (`Display.preferredScale`, from `Xft.dpi`) by default. Everything
    ///     drawn grows by it, and the collection view lays out in points, so a window at 2 shows what one of half
    ///     its pixels shows at 1, doubled.
    ///   - fontPattern: the fontconfig pattern of the text's font (`FontPattern.defaultPattern` by default); a
    ///     character it lacks comes from a fallback font that has it.
    ///   - title: WM_NAME and _NET_WM_NAME: the name the window manager shows.
    ///   - statusBar: a bar along the bottom, below the collection view; none by default.
    ///   - className: the class part of WM_CLASS (for X resources and the desktop's grouping of windows); by default the
    ///     instance name with its first letter in upper case.
    ///   - instanceName: the instance part of WM_CLASS; by default `RESOURCE_NAME` from the environment, else the last
    ///     component of the program's path, as ICCCM says.
    ///   - startupID: the startup notification launch the window ends once its first frame is on screen (see
    ///     `StartupNotification.takeIDFromEnvironment()`), also set as its `_NET_STARTUP_ID`.
    ///   - icons: the window's icon at a few sizes, set before it is mapped (see `setIcons(_:)`).
    ///   - useDoubleBufferExtension: draw through Xdbe when the server has it; `false` forces the Pixmap path.
    ///   - useXInput2: take the pointer's events through XInput 2 when the server has XI 2.1 or later, for
    ///     touchpads' pixel-precise scrolling; `false` keeps to core events (wheels and touchpads then scroll by
    ///     whole notches, through buttons 4 and 5).
    ///   - wakeSignal: the signal other threads wake the loop with, when they need it before the window exists
    ///     (a loader the first layout starts); a new one by default.
    /// - Throws: `X11Error.unsupportedVisual` when the default visual is not TrueColor;
    ///   `X11Error.cannotCreateWakeSignal` when the wake pipe cannot be opened; `FontError` when no font matches
    ///   the pattern; `LayoutError` from the first layout.
    public init(display: Display, collectionView: CollectionView, size: Size, scale: Double? = nil, fontPattern: String? = nil,
                title: String, statusBar: StatusBar? = nil, className: String? = nil, instanceName: String? = nil,
                startupID: String? = nil, icons: [WindowIcon] = [],
                useDoubleBufferExtension: Bool = true, useXInput2: Bool = true, wakeSignal: WakeSignal? = nil) throws {
        guard let pixels = PixelFormat(display.connection) else {
            throw X11Error.unsupportedVisual(depth: display.connection.depth, visualClass: display.connection.visualClass)
        }
        self.wakeSignal = try wakeSignal ?? WakeSignal()
        self.display = display
        self.collectionView = collectionView
        self.statusBar = statusBar
        let scale = Self.validScale(scale ?? display.preferredScale)
        self.scale = scale
        func side(_ value: Double) -> Double { value.isFinite ? min(32_767, max(1, (value * scale).rounded())) : 1 }
        windowSize = Size(width: side(size.width), height: side(size.height))
        let instance = instanceName ?? Window.defaultInstanceName
        self.title = title
        window = Window(display: display, size: windowSize, title: title,
                        className: className ?? Window.defaultClassName(instanceName: instance), instanceName: instance)
        if let startupID { window.setStartupID(startupID) }
        if !icons.isEmpty { _ = window.setIcons(icons) }
        self.startupID = startupID
        cursors = CursorCache(display: display)
        xinput = useXInput2 ? XInput2(display: display, window: window.id) : nil
        let fonts = try FontSet(display: display, pattern: fontPattern ?? FontPattern.defaultPattern, scale: scale)
        renderer = XlibRenderer(display: display, window: window, pixels: pixels, fonts: fonts, scale: scale)
        canvas = BatchingCanvas(target: renderer)
        backBuffer = BackBuffer(display: display, window: window, gc: renderer.copyGC,
                                width: UInt32(windowSize.width), height: UInt32(windowSize.height),
                                allowDoubleBufferExtension: useDoubleBufferExtension)
        try collectionView.setViewportSize(viewportFrame.size)
        window.map()
        display.flush()
        display.register(self)
    }

    deinit {
        display.unregister(self)
    }

    /// The X window id.
    public var windowID: UInt { window.id }
    /// Whether frames go through an Xdbe back buffer (else a Pixmap).
    public var usesDoubleBufferExtension: Bool { backBuffer.usesDoubleBufferExtension }

    /// The collection view's part of the window, in points of window coordinates: everything above the status bar
    /// (the cards' area and, at its right edge, the scroll bar).
    public var viewportFrame: Rect {
        Rect(x: 0, y: 0, width: windowSize.width / scale, height: max(0, windowSize.height / scale - (statusBar?.height ?? 0)))
    }

    /// `scale` when it is a finite number from 0.25 to 8 (others clamped to the nearer), else 1: the scales a
    /// window draws at.
    public static func validScale(_ scale: Double) -> Double {
        scale.isFinite && scale > 0 ? min(8, max(0.25, scale)) : 1
    }

    /// Whether the next turn draws a frame: the collection view's `needsDisplay` (the one record of what must be
    /// drawn) or, while an overlay is shown, whether it asked to be drawn; or the status bar's text changed.
    var needsDisplay: Bool {
        (overlay == nil ? collectionView.needsDisplay : overlayNeedsDisplay) || statusBar?.needsDisplay == true
    }

    /// Uploads a picture to the server once, into a Pixmap of its own, for cells to draw with
    /// `Canvas.drawImage(_:in:)` (one `XCopyArea` each): `pixels` are `0xRRGGBB`, `width` × `height`, row by row, at
    /// the size they are drawn in device pixels. Call `removeImage(_:)` when no cell needs it any more.
    ///
    /// The upload goes through memory shared with the server (MIT-SHM) when it has the extension and runs on this
    /// machine, else down the socket (`XPutImage`); it never waits for a reply, and the handle can be drawn at
    /// once. A program bounds what it uploads in one frame itself (a few megabytes keeps frames smooth).
    public func addImage(pixels: [UInt32], width: Int, height: Int) -> ImageHandle {
        renderer.images.add(pixels, width: width, height: height)
    }

    /// Frees a picture `addImage(pixels:width:height:)` made; a cell that draws its handle afterwards draws nothing.
    public func removeImage(_ handle: ImageHandle) {
        renderer.images.remove(handle)
    }

    /// The bytes the server holds for the pictures (4 a pixel): what a program bounds its picture cache by.
    public var imageByteCount: Int { renderer.images.byteCount }

    /// How the window's pictures went to the server so far: through shared memory, or down the socket.
    public var imageUploads: ImageUploads { renderer.images.uploads }

    /// Makes `run()` return `.stopped` at the end of the current turn (or a host loop's
    /// `Display.processPendingEvents()` leave the window alone, with `exitReason` set). Call it on the loop's thread,
    /// from `onKey` for example.
    public func stop() {
        if exitReason == nil { exitReason = .stopped }
    }

    /// Applies a new window size: resizes the back buffer and the collection view's viewport.
    func resize(to size: Size) throws {
        guard size != windowSize else { return }
        windowSize = size
        backBuffer.resize(width: UInt32(size.width), height: UInt32(size.height))
        setNeedsFullFrame()
        try send(.resize(viewportFrame.size))
    }

    /// Makes the next frame draw the whole window: after its pixels were lost (a resize, an Expose).
    func setNeedsFullFrame() {
        collectionView.setNeedsDisplay()
        statusBar?.setNeedsFill()
    }

    /// Draws one frame into the back buffer and presents it. Only what changed is drawn: a scroll moves the
    /// pixels already there and draws the strip that came into view. Only what was drawn is presented: a frame
    /// that drew one card (its picture arrived) copies that card to the window, not the whole buffer. No round trip unless `syncsAfterEachFrame`.
    /// In a debug build, the collection view's invariants are checked after each frame.
    func drawFrame() {
        let firstRequest = display.nextRequestSerial
        renderer.setTarget(backBuffer.drawable, generation: backBuffer.generation)
        if let overlay {
            drawOverlay(overlay)
        } else {
            collectionView.draw(in: canvas, at: viewportFrame.origin)
        }
        statusBar?.draw(in: canvas, frame: Rect(x: 0, y: viewportFrame.maxY, width: viewportFrame.width, height: statusBar?.height ?? 0))
        canvas.flush()
        backBuffer.present(renderer.damage, width: UInt32(windowSize.width), height: UInt32(windowSize.height))
        renderer.damage.removeAll()
        requestsInLastFrame = Int(display.nextRequestSerial - firstRequest)
        roundTripsInLastFrame = display.lastKnownRequestProcessed >= firstRequest ? 1 : 0
        if syncsAfterEachFrame || !firstFramePresented { display.sync() } else { display.flush() }
        framesPresented += 1
        collectionView.checkInvariantsInDebugBuilds()
        if !firstFramePresented {
            firstFramePresented = true
            completeStartupNotification()
            observer?.windowDidPresentFirstFrame(self)
        }
        observer?.windowDidPresentFrame(self)
    }
}
