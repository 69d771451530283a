/// The monitors a window opens and goes fullscreen on (RandR 1.5, see `Monitor`).
extension WaterfallWindow {
    /// The monitor that shows most of the window, of the screen's monitors now (see `Display.monitors()`: round
    /// trips, for a key, never in a frame); `nil` when the window's place cannot be read.
    public var monitor: Monitor? {
        display.rootGeometry(of: window.id).flatMap { display.monitors().monitor(showingMostOf: $0) }
    }

    /// Where a window without a position of its own opens: the top-left corner of the monitor under the pointer, as a
    /// desktop opens a program where the person looks; (0, 0) when the pointer is on another screen.
    static func openingPosition(on display: Display) -> (x: Int32, y: Int32) {
        guard let pointer = display.pointerOnRoot(),
            let monitor = display.monitors().monitor(atX: pointer.x, y: pointer.y)
        else { return (0, 0) }
        return (Int32(clamping: monitor.x), Int32(clamping: monitor.y))
    }
}
