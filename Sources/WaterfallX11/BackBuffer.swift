/// Where a frame is drawn before it is shown: an Xdbe back buffer when the server has the extension
/// (presented with `XdbeSwapBuffers`), else a Pixmap the size of the window (presented with `XCopyArea`).
/// Either way it keeps its pixels after a present (Xdbe's "copied" swap action), so the next frame can
/// move them instead of drawing everything again.
final class BackBuffer {
    private let display: Display
    private let window: Window
    /// An unclipped GC, for presenting.
    private let gc: GraphicsContext
    private var pixmap: UInt = 0
    private var pixmapSize: (width: UInt32, height: UInt32) = (0, 0)
    /// The drawable frames are drawn into.
    private(set) var drawable: UInt
    /// How many times the server made the buffer's pixels anew. An Xdbe back buffer keeps its name when its window
    /// changes size, but the server gives it new pixels then (and a Pixmap is made anew), while an X Render picture
    /// made on the buffer before keeps drawing into the old pixels, which nothing shows. Xft draws text through
    /// such a picture: whatever draws through one makes it again when this changes.
    private(set) var generation = 0
    /// The window's size as the server last reported it, in pixels.
    private var serverSize: (width: UInt32, height: UInt32)
    /// The boxes the last present copied, `nil` when it showed the whole buffer.
    private(set) var lastPresented: [PixelBox]?
    /// Whether the buffer is an Xdbe back buffer.
    let usesDoubleBufferExtension: Bool

    init(
        display: Display, window: Window, gc: GraphicsContext, width: UInt32, height: UInt32,
        allowDoubleBufferExtension: Bool
    ) {
        self.display = display
        self.window = window
        self.gc = gc
        usesDoubleBufferExtension = allowDoubleBufferExtension && display.hasDoubleBuffer
        serverSize = (width, height)
        if usesDoubleBufferExtension {
            drawable = display.allocateBackBuffer(of: window.id)
        } else {
            drawable = 0
            resize(width: width, height: height)
        }
    }

    deinit {
        if usesDoubleBufferExtension {
            // A destroyed window's back buffer went with it.
            if !window.isDestroyed { display.deallocateBackBuffer(drawable) }
        } else if pixmap != 0 {
            display.freePixmap(pixmap)
        }
    }

    /// Hears a size the server reported for the window (ConfigureNotify), applied or not: the server resized an
    /// Xdbe buffer with its window already, so its pixels are new even when the window ends up at the size it had.
    func windowDidResize(width: UInt32, height: UInt32) {
        guard (width, height) != serverSize else { return }
        serverSize = (width, height)
        if usesDoubleBufferExtension { generation += 1 }
    }

    /// Follows a new window size: an Xdbe buffer resizes with its window; a Pixmap is made anew.
    func resize(width: UInt32, height: UInt32) {
        guard !usesDoubleBufferExtension, (width, height) != pixmapSize else { return }
        if pixmap != 0 { display.freePixmap(pixmap) }
        pixmapSize = (max(1, width), max(1, height))
        pixmap = display.createPixmap(for: window.id, width: pixmapSize.width, height: pixmapSize.height)
        drawable = pixmap
        generation += 1
    }

    /// Shows the finished frame in the window: the whole buffer, or only the `damage` boxes when they cover less than
    /// half of the `width` × `height` window (one `XCopyArea` each from the buffer, which keeps its pixels either way).
    func present(_ damage: FrameDamage, width: UInt32, height: UInt32) {
        if !damage.coversMostOf(width: width, height: height) {
            for box in damage.boxes { gc.copy(box, from: drawable, to: window.id, x: box.x, y: box.y) }
            lastPresented = damage.boxes
            return
        }
        lastPresented = nil
        if usesDoubleBufferExtension {
            display.swapBuffers(of: window.id)
        } else {
            gc.copy(
                PixelBox(x: 0, y: 0, width: pixmapSize.width, height: pixmapSize.height), from: pixmap, to: window.id,
                x: 0, y: 0)
        }
    }
}
