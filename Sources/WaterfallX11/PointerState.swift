import Waterfall

/// What a window keeps of the pointer: where it is, the cursor shape the window gave itself and whether its observer
/// has heard of it (WaterfallWindow+Cursor.swift), and the last click, the first of a double click.
struct PointerState {
    /// The longest time between the presses of a double click, in milliseconds, and the farthest the second may be
    /// from the first, in pixels each way (GTK's defaults).
    static let doubleClickTime: XTimestamp = 400
    static let doubleClickDistance: Int32 = 4

    /// Where the pointer is in the view's coordinates, while it is in the window.
    var position: Point?
    /// A touchpad's scroll with Control or Alt held, in notches not yet delivered as zoom keys.
    var zoomNotches = 0.0
    /// The shape of the cursor the window last gave itself (`.default` until the pointer asks for another).
    var cursorShape: CursorShape = .default
    /// After the window defined a cursor the observer has not heard of: its `framesPresented` then.
    var unreportedCursorChange: Int?
    /// The last press of button 1 on the view, in server time and window pixels: the first click of a double click.
    private var lastClick: (time: XTimestamp, x: Int32, y: Int32)?

    /// Notes a press of button 1 and returns whether it is the second of a double click: soon after the last and near
    /// it. A double click's second press is not the first of another.
    mutating func isDoubleClick(_ press: PointerEvent) -> Bool {
        let isSecond =
            lastClick.map { last in
                press.time &- last.time <= Self.doubleClickTime
                    && abs(press.x - last.x) <= Self.doubleClickDistance
                    && abs(press.y - last.y) <= Self.doubleClickDistance
            } ?? false
        lastClick = isSecond ? nil : (press.time, press.x, press.y)
        return isSecond
    }
}
