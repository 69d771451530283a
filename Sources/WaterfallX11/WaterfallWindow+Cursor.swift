import Waterfall

/// The pointer's shape: where the pointer is over the window decides it, through the collection view's
/// `cursorShape(at:)`. The window follows the pointer without a button (PointerMotionMask) and its entering and
/// leaving; such hovering is no input for the view (its `pointerMoved` is for drags) and is not recorded.
///
/// Pointer motion hints (PointerMotionHintMask) would send fewer events, but they apply to the drags' motion too and
/// need an `XQueryPointer` round trip per motion; plain motion events cost no round trip, and a turn folds however
/// many came into one look-up of the shape after its events (`updateCursor()`), which also catches the content
/// moving under a still pointer (a scroll, a page that arrived).
extension WaterfallWindow {
    /// The shape of the cursor the window last gave itself (`.default` until the pointer asks for another).
    public var cursorShape: CursorShape { pointer.cursorShape }

    /// Where the pointer is, in the view's coordinates (the viewport's top-left corner is (0, 0)), while it is over
    /// the window; `nil` when it is not. What a zoom by the wheel keeps in place.
    public var pointerLocation: Point? { pointer.position }

    /// The pointer is at (`x`, `y`) in the window: it entered, or moved with or without a button.
    func notePointer(x: Int32, y: Int32) {
        pointer.position = viewportPoint(x: x, y: y)
    }

    /// The pointer left the window: its shape there is not the window's to decide.
    func notePointerLeft() {
        pointer.position = nil
    }

    /// Gives the window the cursor of the shape the view asks for under the pointer, when the pointer is in the window
    /// and the shape changed: `XDefineCursor`, or `XUndefineCursor` for the default, and only then. Called before the
    /// turn's frame, so that the request goes to the server with the frame's and costs no write or round trip of its
    /// own; `reportCursorChange()` tells the observer after the frame.
    func updateCursor() {
        guard let position = pointer.position else { return }
        let shape = overlay == nil ? collectionView.cursorShape(at: position) : .default
        guard shape != cursorShape else { return }
        pointer.cursorShape = shape
        display.defineCursor(cursors.cursor(for: shape), of: window.id)
        pointer.unreportedCursorChange = framesPresented
    }

    /// After the turn's frame: tells the observer of the cursor `updateCursor()` defined, if any. With
    /// `syncsAfterEachFrame` the server has it by then: the frame synced, or (without a frame) a sync here does.
    func reportCursorChange() {
        guard let framesBefore = pointer.unreportedCursorChange else { return }
        pointer.unreportedCursorChange = nil
        if syncsAfterEachFrame && framesPresented == framesBefore { display.sync() }
        observer?.window(self, didChangeCursorTo: cursorShape)
    }
}
