import Waterfall
import WaterfallCards
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

    public func didShow(_ wall: PhotoWall) {
        observer = wall
    }
}

/// A wall's overlay as the X11 window shows it.
private final class OverlayOnWindow: WindowOverlay {
    let overlay: any PhotoWallOverlay

    init(_ overlay: any PhotoWallOverlay) { self.overlay = overlay }

    func draw(in canvas: Canvas, frame: Rect) { overlay.draw(in: canvas, frame: frame) }

    func handle(_ input: OverlayInput, in window: WaterfallWindow) throws { try overlay.handle(input) }
}

/// The X11 window's events in the wall's log: `ready`, `frame`, `input` and `cursor`.
extension PhotoWall: WaterfallWindowObserver {
    public func windowDidPresentFirstFrame(_ window: WaterfallWindow) {
        log?.log(
            "ready",
            [
                ("window", .int(Int(window.windowID))), ("xinput2", .bool(window.usesXInput2)),
                ("xdbe", .bool(window.usesDoubleBufferExtension)),
            ]
                + ViewEventLog.layoutFields(
                    of: collectionView, origin: window.viewportFrame.origin, scale: window.scale))
    }

    public func windowDidPresentFrame(_ window: WaterfallWindow) {
        guard let log else { return }
        let uploads = window.imageUploads
        log.log(
            "frame",
            ViewEventLog.frameFields(
                of: collectionView, requests: window.requestsInLastFrame, roundTrips: window.roundTripsInLastFrame)
                + [
                    ("thumbnailsPending", .int(pendingPictureCount)), ("thumbnailsStale", .int(stalePictureCount)),
                    (
                        "uploads",
                        .object([("sharedMemory", .int(uploads.sharedMemory)), ("putImage", .int(uploads.putImage))])
                    ),
                ])
    }

    public func window(_ window: WaterfallWindow, willApply input: ViewInput) {
        log?.log("input", input.logFields)
    }

    public func window(_ window: WaterfallWindow, didChangeCursorTo shape: CursorShape) {
        log?.log("cursor", [("shape", .string(shape.rawValue))])
    }
}
