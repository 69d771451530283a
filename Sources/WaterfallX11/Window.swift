import CX11
import Waterfall

/// A top-level X window (`XCreateWindow` / `XDestroyWindow`) with its title, class and close protocol set, and the
/// process's properties (see Window+Properties.swift).
final class Window {
    let display: Display
    let id: UInt
    /// The core events the window selects. With XInput 2, the pointer's presses, releases and motion arrive as XI2
    /// events instead, and are handed on as the core events this mask selects (see XInput.swift).
    let eventMask: Int
    /// Whether another client destroyed the window (its DestroyNotify arrived): it is not destroyed again.
    var isDestroyed = false

    /// Creates an unmapped window of `size` with the events the collection view needs selected: pointer motion
    /// without a button too, and the pointer's entering and leaving, for the cursor (see WaterfallWindow+Cursor.swift).
    init(display: Display, size: Size, title: String, className: String, instanceName: String) {
        self.display = display
        var attributes = XSetWindowAttributes()
        attributes.background_pixmap = 0  // None: no server-side clearing, the frame paints everything
        attributes.bit_gravity = NorthWestGravity
        eventMask = ExposureMask | KeyPressMask | ButtonPressMask | ButtonReleaseMask
            | PointerMotionMask | EnterWindowMask | LeaveWindowMask | StructureNotifyMask
        attributes.event_mask = eventMask
        let mask = UInt(CWBackPixmap | CWBitGravity | CWEventMask)
        id = XCreateWindow(display.handle, display.root, 0, 0,
                           UInt32(max(1, size.width)), UInt32(max(1, size.height)), 0,
                           display.depth, UInt32(InputOutput), display.visual, mask, &attributes)
        setTitle(title)
        setClass(className: className, instanceName: instanceName)
        var deleteWindow = display.atoms.wmDeleteWindow
        XSetWMProtocols(display.handle, id, &deleteWindow, 1)
        setProcessProperties()
    }

    deinit {
        if !isDestroyed { XDestroyWindow(display.handle, id) }
    }

    /// Sets WM_NAME (type STRING, so Latin-1, other characters as '?') and _NET_WM_NAME (UTF-8).
    func setTitle(_ title: String) {
        let latin1 = latin1Bytes(title)
        XChangeProperty(display.handle, id, XA_WM_NAME, XA_STRING, 8, PropModeReplace, latin1, Int32(latin1.count))
        let utf8 = Array(title.utf8)
        XChangeProperty(display.handle, id, display.atoms.netWmName, display.atoms.utf8String, 8,
                        PropModeReplace, utf8, Int32(utf8.count))
    }

    /// Sets WM_CLASS (`XSetClassHint`).
    private func setClass(className: String, instanceName: String) {
        className.withCString { classPointer in
            instanceName.withCString { instancePointer in
                var hint = XClassHint(res_name: UnsafeMutablePointer(mutating: instancePointer),
                                      res_class: UnsafeMutablePointer(mutating: classPointer))
                _ = XSetClassHint(display.handle, id, &hint)
            }
        }
    }

    /// Shows the window (`XMapWindow`).
    func map() {
        XMapWindow(display.handle, id)
    }
}

/// `text` in Latin-1, the encoding of the core fonts and of STRING properties: other characters become '?'.
func latin1Bytes(_ text: String) -> [UInt8] {
    text.unicodeScalars.map { $0.value < 256 ? UInt8($0.value) : UInt8(ascii: "?") }
}
