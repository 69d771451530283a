import Waterfall
import WaterfallLibrary
import WaterfallX11

/// An X11 window shows a photo wall: the only place where the wall names `WaterfallWindow`.
extension WaterfallWindow: PhotoWallWindow {
    public var waker: @Sendable () -> Void { { [wakeSignal] in wakeSignal.wake() } }

    public func setOverlay(_ overlay: (any PhotoWallOverlay)?) {
        self.overlay = overlay.map { OverlayOnWindow($0) }
    }

    public func ownClipboard(_ text: String, formats: [SelectionFormat]) -> UInt32? {
        guard let time = lastUserEventTime, clipboard.own(text, formats: formats, at: time) else { return nil }
        return clipboard.ownershipTime?.milliseconds ?? time.milliseconds
    }
}

/// A wall's overlay as the X11 window shows it.
private final class OverlayOnWindow: WindowOverlay {
    let overlay: any PhotoWallOverlay

    init(_ overlay: any PhotoWallOverlay) { self.overlay = overlay }

    func draw(in canvas: Canvas, frame: Rect) { overlay.draw(in: canvas, frame: frame) }

    func handle(_ input: OverlayInput, in window: WaterfallWindow) throws { try overlay.handle(input) }
}
