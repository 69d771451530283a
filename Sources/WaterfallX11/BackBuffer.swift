import CX11

/// Where a frame is drawn before it is shown: an Xdbe back buffer when the server has the extension
/// (presented with `XdbeSwapBuffers`), else a Pixmap the size of the window (presented with `XCopyArea`).
/// Either way it keeps its pixels after a present (Xdbe's "copied" swap action), so the next frame can
/// move them instead of drawing everything again.
final class BackBuffer {
    private let display: Display
    private let window: Window
    /// An unclipped GC: presenting copies the whole buffer.
    private let gc: GC
    private var pixmap: UInt = 0
    private var pixmapSize: (width: UInt32, height: UInt32) = (0, 0)
    /// The drawable frames are drawn into.
    private(set) var drawable: UInt
    /// Whether the buffer is an Xdbe back buffer.
    let usesDoubleBufferExtension: Bool

    init(display: Display, window: Window, gc: GC, width: UInt32, height: UInt32, allowDoubleBufferExtension: Bool) {
        self.display = display
        self.window = window
        self.gc = gc
        usesDoubleBufferExtension = allowDoubleBufferExtension && display.hasDoubleBuffer
        if usesDoubleBufferExtension {
            drawable = XdbeAllocateBackBufferName(display.handle, window.id, UInt8(XdbeCopied))
        } else {
            drawable = 0
            resize(width: width, height: height)
        }
    }

    deinit {
        if usesDoubleBufferExtension {
            // A destroyed window's back buffer went with it.
            if !window.isDestroyed { XdbeDeallocateBackBufferName(display.handle, drawable) }
        } else if pixmap != 0 {
            XFreePixmap(display.handle, pixmap)
        }
    }

    /// Follows a new window size: an Xdbe buffer resizes with its window; a Pixmap is made anew.
    func resize(width: UInt32, height: UInt32) {
        guard !usesDoubleBufferExtension, (width, height) != pixmapSize else { return }
        if pixmap != 0 { XFreePixmap(display.handle, pixmap) }
        pixmapSize = (max(1, width), max(1, height))
        pixmap = XCreatePixmap(display.handle, window.id, pixmapSize.width, pixmapSize.height, UInt32(display.depth))
        drawable = pixmap
    }

    /// Shows the finished frame in the window.
    func present() {
        if usesDoubleBufferExtension {
            var info = XdbeSwapInfo(swap_window: window.id, swap_action: UInt8(XdbeCopied))
            XdbeSwapBuffers(display.handle, &info, 1)
        } else {
            XCopyArea(display.handle, pixmap, window.id, gc, 0, 0, pixmapSize.width, pixmapSize.height, 0, 0)
        }
    }
}
