import Waterfall

/// A top-level X window (`XCreateWindow` / `XDestroyWindow`) with its title, class and close protocol set, and the
/// process's properties (see Window+Properties.swift).
final class Window {
    let display: Display
    let id: UInt
    /// The core events the window selects. With XInput 2, the pointer's presses, releases and motion arrive as XI2
    /// events instead, and are handed on as the core events this mask selects (see XInput2.swift).
    let eventMask: EventMask
    /// Whether another client destroyed the window (its DestroyNotify arrived): it is not destroyed again.
    var isDestroyed = false

    /// Creates an unmapped window of `size` at `position` on the root with the events the collection view needs selected: pointer motion
    /// without a button too, and the pointer's entering and leaving, for the cursor (see WaterfallWindow+Cursor.swift).
    /// `programPlaced` tells the window manager that the program chose the position (`PPosition`).
    init(
        display: Display, size: Size, position: (x: Int32, y: Int32), programPlaced: Bool, title: String,
        className: String,
        instanceName: String
    ) {
        self.display = display
        eventMask = [
            .exposure, .keyPress, .buttonPress, .buttonRelease, .pointerMotion, .enterWindow, .leaveWindow,
            .structureNotify,
        ]
        id = display.createWindow(
            x: position.x, y: position.y, width: UInt32(max(1, size.width)), height: UInt32(max(1, size.height)),
            events: eventMask)
        if programPlaced { display.setProgramPosition(of: id) }
        setTitle(title)
        display.setClass(className: className, instanceName: instanceName, of: id)
        display.setProtocols([display.atoms.wmDeleteWindow], of: id)
        setProcessProperties()
    }

    deinit {
        if !isDestroyed { display.destroyWindow(id) }
    }

    /// Sets WM_NAME (type STRING, so Latin-1, other characters as '?') and _NET_WM_NAME (UTF-8).
    func setTitle(_ title: String) {
        display.changeProperty(
            PredefinedAtom.wmName, of: id, type: PredefinedAtom.string, bytes: latin1Bytes(title)[...])
        display.changeProperty(
            display.atoms.netWmName, of: id, type: display.atoms.utf8String, bytes: Array(title.utf8)[...])
    }

    /// Shows the window (`XMapWindow`).
    func map() {
        display.mapWindow(id)
    }
}

/// `text` in Latin-1, the encoding of the core fonts and of STRING properties: other characters become '?'.
func latin1Bytes(_ text: String) -> [UInt8] {
    text.unicodeScalars.map { $0.value < 256 ? UInt8($0.value) : UInt8(ascii: "?") }
}
