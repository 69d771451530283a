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
    /// A wheel notch with Control or Alt held comes as a key too, "WheelUp" or "WheelDown" (where the pointer is:
    /// `pointerLocation`), as viewers zoom with it.
    public var onKey: ((_ name: String, _ modifiers: ModifierKeys) throws -> Void)?
    /// Offered every key press and every Control or Alt wheel notch first (named as for `onKey`), before the overlay
    /// and the window's own bindings (the arrows, Page Up/Down, Home, End, Tab, Escape, Enter, Ctrl+A, F5): returns
    /// whether it handled the event, which then goes nowhere else. For a program whose keys are all configurable.
    public var keyInterceptor: ((_ name: String, _ modifiers: ModifierKeys) throws -> Bool)?
    /// Hears when frames are presented.
    public weak var observer: WaterfallWindowObserver?
    /// The overlay, whether it is to be drawn again, and a touchpad's scroll over it (`overlay` is its public face).
    var overlayState = OverlayState()
    /// The text entry and the window's input context (`textEntry` is its public face).
    var textEntryState = TextEntryState()
    /// The title the window manager shows (WM_NAME and _NET_WM_NAME).
    public var title: String {
        didSet { if title != oldValue { window.setTitle(title) } }
    }
    /// The program's bar below the collection view, if it gave one.
    public let statusBar: StatusBar?
    /// When true, every frame is followed by `XSync`, so that a frame reported to the observer is on screen.
    /// For logging and measuring only: it costs a round trip per frame.
    public var syncsAfterEachFrame = false
    /// The size of the window in pixels, as the server last reported it.
    public private(set) var windowSize: Size
    /// Pixels per point: everything drawn is this many times as large as its size in points.
    public let scale: Double
    /// The frames presented and what the last one cost, and the wheel batches applied (`framesPresented` and its
    /// siblings are their public face).
    var counters = FrameCounters()

    /// How often a smooth scroll draws a frame, in seconds: the display's frame period (60 Hz by default).
    /// The loop wakes at this rate only while an animation runs.
    public var animationFrameInterval: Double = 1.0 / 60

    /// Whether the window is mapped (between MapNotify and UnmapNotify): an unmapped or iconified window
    /// draws no frames; the Expose of its next mapping shows the state it has reached by then.
    var isMapped = false
    /// The timers of `schedule(after:_:)` and the window's own (pull release, animation frame, resize).
    var timers = WindowTimers()
    /// Why the window closed, once it has: its events are no longer handled, and `run()` returns this.
    public internal(set) var exitReason: WindowExitReason?
    /// Events folded since the last frame; `exposed` stays true once the window was first exposed.
    var batch = EventBatch()
    /// The CLIPBOARD's owner and the last user event's time (WaterfallWindow+Selections.swift).
    var selections = SelectionState()
    /// The drag from the window and the drop onto it (WaterfallWindow+Drag.swift, WaterfallWindow+Drop.swift).
    var dragAndDrop = DragAndDropState()
    /// Hears a drag from the window (`beginDrag(_:formats:picture:)`): its start, the window under the pointer and
    /// its answer, and the end.
    public var onDragEvent: ((DragEvent) -> Void)?

    // Manners (see WaterfallWindow+Cursor.swift and WaterfallWindow+StartupNotification.swift).
    /// Where the pointer is, the cursor shape given for it, and the last click.
    var pointer = PointerState()
    let cursors: CursorCache
    /// How the window went fullscreen, while it is (see WaterfallWindow+Fullscreen.swift).
    var fullscreen: FullscreenState?
    /// The startup notification launch to end once the first frame is on screen.
    var startupID: String?

    /// Creates and maps the window.
    /// - Parameters:
    ///   - display: the connection the window is made on; its event loop serves the window.
    ///   - collectionView: the view the window shows, above the status bar.
    ///   - configuration: its title and size, and whatever else differs from the defaults (see `Configuration`).
    ///   - wakeSignal: the signal other threads wake the loop with, when they need it before the window exists
    ///     (a loader the first layout starts); a new one by default.
    /// - Throws: `X11Error.unsupportedVisual` when the default visual is not TrueColor;
    ///   `X11Error.cannotCreateWakeSignal` when the wake pipe cannot be opened; `FontError` when no font matches
    ///   the pattern; `LayoutError` from the first layout.
    public init(
        display: Display, collectionView: CollectionView, configuration: Configuration,
        wakeSignal: WakeSignal? = nil
    ) throws {
        guard let pixels = PixelFormat(display.connection) else {
            throw X11Error.unsupportedVisual(
                depth: display.connection.depth, visualClass: display.connection.visualClass)
        }
        self.wakeSignal = try wakeSignal ?? WakeSignal()
        self.display = display
        self.collectionView = collectionView
        statusBar = configuration.statusBar
        let scale = Self.validScale(configuration.scale ?? display.preferredScale)
        self.scale = scale
        func side(_ value: Double) -> Double { value.isFinite ? min(32_767, max(1, (value * scale).rounded())) : 1 }
        windowSize = Size(width: side(configuration.size.width), height: side(configuration.size.height))
        let instance = configuration.instanceName ?? Window.defaultInstanceName
        title = configuration.title
        window = Window(
            display: display, size: windowSize,
            position: configuration.position.map { (PixelBox.coordinate($0.x), PixelBox.coordinate($0.y)) }
                ?? Self.openingPosition(on: display),
            programPlaced: configuration.position != nil, title: configuration.title,
            className: configuration.className ?? Window.defaultClassName(instanceName: instance),
            instanceName: instance)
        if let startupID = configuration.startupID { window.setStartupID(startupID) }
        if !configuration.icons.isEmpty { _ = window.setIcons(configuration.icons) }
        startupID = configuration.startupID
        cursors = CursorCache(display: display)
        xinput = configuration.useXInput2 ? XInput2(display: display, window: window.id) : nil
        let fonts = try FontSet(
            display: display, pattern: configuration.fontPattern ?? FontPattern.defaultPattern, scale: scale)
        renderer = XlibRenderer(display: display, window: window, pixels: pixels, fonts: fonts, scale: scale)
        canvas = BatchingCanvas(target: renderer)
        backBuffer = BackBuffer(
            display: display, window: window, gc: renderer.copyGC,
            width: UInt32(windowSize.width), height: UInt32(windowSize.height),
            allowDoubleBufferExtension: configuration.useDoubleBufferExtension)
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
    /// The display's ICC profile, as colour management tools (colord, xiccd, dispwin) publish it: the bytes of the
    /// `_ICC_PROFILE` property of the screen's root window (the "ICC Profiles in X" specification; at most 16 MB);
    /// `nil` when none is set, which means an sRGB display. Read from the server on each call (a round trip).
    public var displayColorProfile: [UInt8]? {
        display.byteProperty(display.atoms.iccProfile, of: display.root, maximumBytes: 16 << 20)
    }

    /// Whether frames go through an Xdbe back buffer (else a Pixmap).
    public var usesDoubleBufferExtension: Bool { backBuffer.usesDoubleBufferExtension }

    /// The collection view's part of the window, in points of window coordinates: everything above the status bar
    /// and below the text entry while one is shown (the cards' area and, at its right edge, the scroll bar).
    public var viewportFrame: Rect {
        let top = textEntryFrame.height
        return Rect(
            x: 0, y: top, width: windowSize.width / scale,
            height: max(0, windowSize.height / scale - (statusBar?.height ?? 0) - top))
    }

    /// `scale` when it is a finite number from 0.25 to 8 (others clamped to the nearer), else 1: the scales a
    /// window draws at.
    public static func validScale(_ scale: Double) -> Double {
        scale.isFinite && scale > 0 ? min(8, max(0.25, scale)) : 1
    }

    /// Whether the next turn draws a frame: the collection view's `needsDisplay` (the one record of what must be
    /// drawn) or, while an overlay is shown, whether it asked to be drawn; or the status bar's text changed.
    var needsDisplay: Bool {
        (overlay == nil ? collectionView.needsDisplay : overlayState.needsDisplay) || statusBar?.needsDisplay == true
            || textEntry?.needsFill == true
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
        textEntry?.setNeedsFill()
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
        statusBar?.draw(
            in: canvas,
            frame: Rect(x: 0, y: viewportFrame.maxY, width: viewportFrame.width, height: statusBar?.height ?? 0))
        drawTextEntry()
        canvas.flush()
        backBuffer.present(renderer.damage, width: UInt32(windowSize.width), height: UInt32(windowSize.height))
        renderer.damage.removeAll()
        let isFirstFrame = !counters.firstFramePresented
        counters.countFrame(
            firstRequest: firstRequest, nextRequest: display.nextRequestSerial,
            lastProcessed: display.lastKnownRequestProcessed)
        if syncsAfterEachFrame || isFirstFrame { display.sync() } else { display.flush() }
        counters.lastPresented = ContinuousClock.now
        collectionView.checkInvariantsInDebugBuilds()
        if isFirstFrame {
            completeStartupNotification()
            observer?.windowDidPresentFirstFrame(self)
        }
        observer?.windowDidPresentFrame(self)
    }
}
