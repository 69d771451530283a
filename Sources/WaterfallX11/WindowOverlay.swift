import Waterfall

/// What a window shows over its collection view while it is the window's `overlay`: a photo viewer's lightbox, for
/// example. The window draws it, filling the viewport, instead of the view, and hands it the keys, the wheel and
/// button 1; the view keeps its state (offset, selection, focus) underneath and is drawn whole again when the
/// overlay goes. The status bar stays.
public protocol WindowOverlay: AnyObject {
    /// Draws the whole overlay into `frame`, the viewport in points (everything outside it is clipped).
    func draw(in canvas: Canvas, frame: Rect)
    /// Handles one input on the loop's thread. Call `WaterfallWindow.setNeedsOverlayDisplay()` for what it changes
    /// to be drawn in the turn's frame.
    func handle(_ input: OverlayInput, in window: WaterfallWindow) throws
}

/// An input a window hands its overlay.
public enum OverlayInput: Equatable, Sendable {
    /// A key by its X keysym name under any layout ("Left", "Next", "Escape", "Return", "z"), and the modifiers.
    case key(name: String, modifiers: ModifierKeys)
    /// Wheel notches (positive is down).
    case wheel(notches: Int)
    /// Button 1 went down at a point of the viewport (in points).
    case pointerDown(Point)
    /// The pointer moved with button 1 held.
    case pointerMoved(Point)
    /// Button 1 went up.
    case pointerUp(Point)
}

extension WaterfallWindow {
    /// What the window shows over its collection view, filling the viewport, while set: it is drawn instead of the
    /// view and takes the keys, the wheel and button 1 (see `WindowOverlay`). Setting or clearing it draws the
    /// whole window in the next frame.
    public var overlay: WindowOverlay? {
        get { overlayState.overlay }
        set {
            let oldValue = overlayState.overlay
            overlayState.overlay = newValue
            if newValue !== oldValue { overlayDidChange() }
        }
    }

    /// Makes the next turn draw the overlay again (its content changed: a picture arrived, it panned).
    public func setNeedsOverlayDisplay() {
        overlayState.needsDisplay = true
    }

    /// The overlay came or went: the next frame draws the whole window, the overlay or the view.
    func overlayDidChange() {
        if overlay != nil { collectionView.cancelPress() }  // its release goes to the overlay
        overlayState.needsDisplay = true
        setNeedsFullFrame()
        updateCursor()
    }

    /// Hands an event of the window to the overlay: true when it was one the overlay takes (a key, the wheel,
    /// button 1), which the view then never sees.
    func handOverlay(_ overlay: WindowOverlay, _ kind: XlibEvent.Kind) throws -> Bool {
        // Where the pointer is (`pointerLocation`, a Ctrl+wheel zoom's anchor), followed over the overlay too.
        if case .motion(let pointer) = kind { notePointer(x: pointer.x, y: pointer.y) }
        if case .buttonPress(let pointer) = kind { notePointer(x: pointer.x, y: pointer.y) }
        let input: OverlayInput
        if let (name, modifiers) = keyName(of: kind) {
            input = .key(name: name, modifiers: modifiers)  // a key, or a wheel notch with Control or Alt held
        } else {
            switch kind {
            case .buttonPress(let pointer) where pointer.button == 4 || pointer.button == 5:
                input = .wheel(notches: pointer.button == 5 ? 1 : -1)
            case .buttonPress(let pointer) where pointer.button == 1:
                input = .pointerDown(viewportPoint(x: pointer.x, y: pointer.y))
            case .motion(let pointer) where pointer.state & StateBits.button1 != 0:
                input = .pointerMoved(viewportPoint(x: pointer.x, y: pointer.y))
            case .buttonRelease(let pointer) where pointer.button == 1:
                input = .pointerUp(viewportPoint(x: pointer.x, y: pointer.y))
            case .keyPress, .buttonPress, .buttonRelease, .motion:
                return true  // a key without a name, other buttons, and hovering do nothing over an overlay
            default:
                return false
            }
        }
        try overlay.handle(input, in: self)
        return true
    }

    /// Draws the overlay over the viewport, clipped to it.
    func drawOverlay(_ overlay: WindowOverlay) {
        canvas.setClip(viewportFrame)
        overlay.draw(in: canvas, frame: viewportFrame)
        canvas.setClip(nil)
        overlayState.needsDisplay = false
    }
}
