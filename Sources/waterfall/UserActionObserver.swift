import Waterfall
import WaterfallX11

/// A window observer that passes everything on to another, if any (the event log's, which logs the frames and
/// inputs), and calls `onAction` for each input that is the user's doing: a wheel turn or touchpad scroll, a click, a
/// key or a command the view takes (not a resize, an animation frame or a pull's release).
final class UserActionObserver: WaterfallWindowObserver {
    private weak var base: (any WaterfallWindowObserver)?
    private let onAction: () -> Void

    /// Forwards to `base` (held weakly, as the window holds its observer) and calls `onAction` for the user's inputs.
    init(forwardingTo base: (any WaterfallWindowObserver)?, onAction: @escaping () -> Void) {
        self.base = base
        self.onAction = onAction
    }

    func windowDidPresentFirstFrame(_ window: WaterfallWindow) { base?.windowDidPresentFirstFrame(window) }
    func windowDidPresentFrame(_ window: WaterfallWindow) { base?.windowDidPresentFrame(window) }
    func window(_ window: WaterfallWindow, didChangeCursorTo shape: CursorShape) {
        base?.window(window, didChangeCursorTo: shape)
    }

    func window(_ window: WaterfallWindow, willApply input: ViewInput) {
        base?.window(window, willApply: input)
        switch input {
        case .wheel, .preciseScroll, .pointerDown, .key, .command: onAction()
        case .resize, .animationFrame, .releasePull, .pointerMoved, .pointerUp: break
        }
    }
}
