import SystemPackage
import Waterfall
import WaterfallLibrary
import WaterfallX11

/// The lightbox's zoom (the model is `LightboxZoom`): Ctrl+wheel steps in and out anchored at the pointer, plus and
/// minus (the keyboard) at the viewport's centre, `z` goes to 1:1 and back to fit, `w` to fit; while zoomed the arrows (and h, j, k, l) pan by an eighth of
/// the viewport and a drag of button 1 pans, within the photo's edges. Each step is decoded at the width shown, up to
/// the photo's own; until it arrives the best picture there is stands in, scaled. Reports `LightboxEvent.zoomed` (the
/// level, the anchor and the pan in points) and `panned` (the pan).
extension Lightbox {
    /// Where a pan step goes: `left` shows more of the photo's left, moving it right.
    public enum PanDirection: Hashable, Sendable {
        /// Shows more of the photo's left (`pan-left`).
        case left
        /// Shows more of its right (`pan-right`).
        case right
        /// Shows more of its top (`pan-up`).
        case up
        /// Shows more of its bottom (`pan-down`).
        case down
    }

    /// The zoom of the photo shown in `window`: the level and pan kept, held within the edges of the viewport now.
    func zoom(in window: any PhotoWallWindow) -> LightboxZoom {
        let viewport = window.viewportFrame.size
        let scale = window.scale
        let aspect = aspect(at: index)
        let fitted = max(1, Int((min(viewport.width, viewport.height / max(aspect, 1e-6)) * scale).rounded(.down)))
        var zoom = LightboxZoom(
            photoWidth: pixelWidth(at: index) ?? fitted, aspect: aspect,
            viewport: Size(width: viewport.width * scale, height: viewport.height * scale), level: zoomState.level)
        zoom.setPan(zoomState.pan)
        return zoom
    }

    /// The zoom level of the photo shown.
    public var zoomLevel: LightboxZoom.Level { zoomState.level }

    /// One step in (`zoom-in`), keeping the photo's point at `anchor` (viewport points: the pointer's, or the
    /// viewport's centre when `nil` or outside it) where it is. Nothing at 800 %.
    public func zoomIn(at anchor: Point? = nil, in window: any PhotoWallWindow) {
        applyZoom(in: window, anchor: anchor) { $0.zoomIn(at: $1) }
    }

    /// One step out (`zoom-out`), to fit at the last, anchored as `zoomIn(at:in:)`. Nothing at fit.
    public func zoomOut(at anchor: Point? = nil, in window: any PhotoWallWindow) {
        applyZoom(in: window, anchor: anchor) { $0.zoomOut(at: $1) }
    }

    /// Fits the photo to the window, centred (`zoom-fit`).
    public func zoomToFit(in window: any PhotoWallWindow) {
        applyZoom(in: window, anchor: centre(of: window)) { zoom, _ in
            guard !zoom.isFitted else { return false }
            zoom = LightboxZoom(photoWidth: zoom.photoWidth, aspect: zoom.aspect, viewport: zoom.viewport)
            return true
        }
    }

    /// Shows the photo pixel for pixel, centred (`zoom-actual`).
    public func zoomToActualSize(in window: any PhotoWallWindow) {
        applyZoom(in: window, anchor: centre(of: window)) { zoom, _ in
            guard zoom.level != .scale(1) else { return false }
            zoom = LightboxZoom(
                photoWidth: zoom.photoWidth, aspect: zoom.aspect, viewport: zoom.viewport, level: .scale(1))
            return true
        }
    }

    /// `z`: 1:1, or fit when at 1:1.
    public func toggleActualSize(in window: any PhotoWallWindow) {
        zoomLevel == .scale(1) ? zoomToFit(in: window) : zoomToActualSize(in: window)
    }

    /// Moves the photo by `x`, `y` points, within its edges (`pan-left` and the others move it by a step). Reports
    /// `panned` when it moved.
    public func pan(byX x: Double, y: Double, in window: any PhotoWallWindow) {
        var zoom = zoom(in: window)
        guard zoom.pan(byX: x * window.scale, y: y * window.scale) else { return }
        zoomState.pan = zoom.pan
        window.setNeedsOverlayDisplay()
        if let file = file(at: index) { report(.panned(points(zoom.pan, in: window)), file: file) }
    }

    /// Pans by a step, an eighth of the viewport, towards `direction` (`pan-left`, `pan-right`, `pan-up`, `pan-down`).
    public func pan(_ direction: PanDirection, in window: any PhotoWallWindow) {
        let step = window.viewportFrame.size
        let x = step.width * LightboxZoom.panStep
        let y = step.height * LightboxZoom.panStep
        switch direction {
        case .left: pan(byX: x, y: 0, in: window)
        case .right: pan(byX: -x, y: 0, in: window)
        case .up: pan(byX: 0, y: y, in: window)
        case .down: pan(byX: 0, y: -y, in: window)
        }
    }

    /// The zoom's action for key `name` with `modifiers` in the lightbox, if it is one of the zoom's keys: the arrows
    /// A drag of button 1 from `start` (with the pan then) to `point`, viewport points: moves the photo with the
    /// pointer while zoomed, within its edges.
    func drag(from start: Point, pan: Point, to point: Point, in window: any PhotoWallWindow) {
        guard zoomLevel != .fit else { return }
        var zoom = zoom(in: window)
        zoom.setPan(Point(x: pan.x + (point.x - start.x) * window.scale, y: pan.y + (point.y - start.y) * window.scale))
        guard zoom.pan != zoomState.pan else { return }
        zoomState.pan = zoom.pan
        window.setNeedsOverlayDisplay()
    }

    /// Changes the zoom with `change` (given the anchor in device pixels; returns whether it changed anything), then
    /// reports `zoomed` and asks for the picture at the new width.
    private func applyZoom(
        in window: any PhotoWallWindow, anchor: Point?, _ change: (inout LightboxZoom, Point) -> Bool
    ) {
        let viewport = window.viewportFrame.size
        var anchor = anchor ?? centre(of: window)
        if anchor.x < 0 || anchor.y < 0 || anchor.x >= viewport.width || anchor.y >= viewport.height {
            anchor = centre(of: window)
        }
        var zoom = zoom(in: window)
        guard change(&zoom, Point(x: anchor.x * window.scale, y: anchor.y * window.scale)) else { return }
        zoomState = (zoom.level, zoom.pan)
        if let file = file(at: index) {
            report(
                .zoomed(level: zoom.level, anchor: anchor, pan: points(zoom.pan, in: window), width: zoom.shownWidth),
                file: file)
        }
        show(in: window, event: nil)
    }

    /// The viewport's centre, in its points.
    private func centre(of window: any PhotoWallWindow) -> Point {
        Point(x: window.viewportFrame.width / 2, y: window.viewportFrame.height / 2)
    }

    /// `pan` (device pixels) in points.
    private func points(_ pan: Point, in window: any PhotoWallWindow) -> Point {
        Point(x: pan.x / window.scale, y: pan.y / window.scale)
    }

    /// Where the photo shown lies within `frame` (the viewport in points) at `zoom`: its edges on whole pixels.
    func photoRect(_ zoom: LightboxZoom, in frame: Rect, scale: Double) -> Rect {
        let box = zoom.photoFrame
        return Rect(
            x: frame.minX + box.minX.rounded() / scale, y: frame.minY + box.minY.rounded() / scale,
            width: box.width / scale, height: box.height / scale)
    }
}
