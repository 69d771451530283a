import Waterfall
import WaterfallLibrary

/// The lightbox's zoom, in device pixels: the photo fitted to the viewport (never enlarged beyond 1:1), or at one of
/// the steps eog and nsxiv take, up to 800 %; and where the photo lies, its centre's offset from the viewport's
/// (`pan`). A step keeps the photo's point under an anchor (the pointer) under it, and the photo always within its
/// edges: one larger than the viewport covers it, one smaller is centred on that axis. Pure: the lightbox asks it.
public struct LightboxZoom: Hashable, Sendable {
    /// The zoom levels beyond fit, in device pixels per photo pixel (1 is 1:1).
    public static let steps: [Double] = [0.125, 0.25, 1.0 / 3, 0.5, 2.0 / 3, 1, 1.5, 2, 3, 4, 5.5, 8]
    /// The fraction of the viewport a pan step moves: the arrows' step.
    public static let panStep = 1.0 / 8

    /// The level: fitted, or a scale (device pixels per photo pixel).
    public enum Level: Hashable, Sendable {
        /// Fitted to the viewport, never enlarged beyond 1:1.
        case fit
        /// Device pixels per photo pixel: 1 is 1:1, 8 is 800 %.
        case scale(Double)
    }

    /// The photo's upright width in pixels (its 1:1 width).
    public let photoWidth: Int
    /// The photo's aspect, height ÷ width.
    public let aspect: Double
    /// The viewport's size in device pixels.
    public let viewport: Size
    /// The level.
    public private(set) var level: Level = .fit
    /// The photo's centre's offset from the viewport's centre in device pixels, held within the edges.
    public private(set) var pan = Point(x: 0, y: 0)

    /// A photo `photoWidth` pixels wide of `aspect` (height ÷ width) in `viewport` (device pixels) at `level`, centred.
    public init(photoWidth: Int, aspect: Double, viewport: Size, level: Level = .fit) {
        self.photoWidth = max(1, photoWidth)
        self.aspect = max(aspect, 1e-6)
        self.viewport = viewport
        self.level = level
    }

    /// The width in device pixels at which the photo fits the viewport: no wider than the photo itself.
    public var fitWidth: Int {
        let fit = max(1, Int(min(viewport.width, viewport.height / aspect).rounded(.down)))
        return min(fit, photoWidth)
    }

    /// Whether the photo is fitted.
    public var isFitted: Bool { level == .fit }

    /// The width in device pixels the photo is shown at.
    public var shownWidth: Int {
        switch level {
        case .fit: fitWidth
        case .scale(let scale): max(1, Int((Double(photoWidth) * scale).rounded()))
        }
    }

    /// The size in device pixels the photo is shown at (its height rounded to whole pixels).
    public var shownSize: Size {
        let width = Double(shownWidth)
        return Size(width: width, height: (width * aspect).rounded())
    }

    /// The scale shown: device pixels per photo pixel.
    public var scale: Double { Double(shownWidth) / Double(photoWidth) }

    /// The width in pixels at which the photo shown is decoded: as shown, up to its own (1:1); beyond 1:1 its pixels
    /// are magnified.
    public var decodeWidth: Int { min(shownWidth, photoWidth) }

    /// Where the photo lies in the viewport (whose top-left corner is (0, 0)), in device pixels.
    public var photoFrame: Rect {
        let size = shownSize
        return Rect(
            x: (viewport.width - size.width) / 2 + pan.x, y: (viewport.height - size.height) / 2 + pan.y,
            width: size.width, height: size.height)
    }

    /// The level's own scale: its step's, or the scale at fit. The scale shown (`scale`) is that of the width rounded
    /// to whole pixels, a hair off the step's (533 of 800 pixels is 0.66625 at the 2/3 step): the steps are counted
    /// from the level, so that a step on is never the same step again.
    var levelScale: Double {
        switch level {
        case .fit: fitScale
        case .scale(let scale): scale
        }
    }

    /// The next step above the level's, if it is below 800 %.
    public var stepIn: Double? { Self.steps.first { $0 > levelScale * (1 + 1e-9) } }

    /// The level one step out: the step below the level's, or fit when that step is no larger than fitting; `nil` at
    /// fit.
    public var levelOut: Level? {
        guard !isFitted else { return nil }
        guard let below = Self.steps.last(where: { $0 < levelScale * (1 - 1e-9) }), below > fitScale * (1 + 1e-9)
        else {
            return .fit
        }
        return .scale(below)
    }

    /// The scale at fit.
    public var fitScale: Double { Double(fitWidth) / Double(photoWidth) }

    /// One step in, keeping the photo's point at `anchor` (viewport device pixels) under it. Returns whether the
    /// level changed (not at 800 %).
    @discardableResult
    public mutating func zoomIn(at anchor: Point) -> Bool {
        guard let step = stepIn else { return false }
        zoom(to: .scale(step), at: anchor)
        return true
    }

    /// One step out, to fit when the step below is no larger than fitting, keeping the photo's point at `anchor`
    /// under it. Returns whether the level changed (not at fit).
    @discardableResult
    public mutating func zoomOut(at anchor: Point) -> Bool {
        guard let level = levelOut else { return false }
        zoom(to: level, at: anchor)
        return true
    }

    /// Goes to `level`, keeping the photo's point at `anchor` (viewport device pixels) under it, within the edges.
    public mutating func zoom(to level: Level, at anchor: Point) {
        let before = photoFrame
        let fraction = Point(x: (anchor.x - before.minX) / before.width, y: (anchor.y - before.minY) / before.height)
        self.level = level
        let size = shownSize
        let origin = Point(x: anchor.x - fraction.x * size.width, y: anchor.y - fraction.y * size.height)
        pan = clamped(
            Point(
                x: origin.x + size.width / 2 - viewport.width / 2, y: origin.y + size.height / 2 - viewport.height / 2))
    }

    /// Moves the photo by `dx`, `dy` device pixels (as a drag does), within the edges. Returns whether it moved.
    @discardableResult
    public mutating func pan(byX dx: Double, y dy: Double) -> Bool {
        let moved = clamped(Point(x: pan.x + dx, y: pan.y + dy))
        defer { pan = moved }
        return moved != pan
    }

    /// Puts the photo's centre at `pan` from the viewport's, within the edges.
    public mutating func setPan(_ pan: Point) { self.pan = clamped(pan) }

    /// `pan` held so that a photo larger than the viewport covers it, and a smaller one is centred on that axis.
    public func clamped(_ pan: Point) -> Point {
        let size = shownSize
        let limitX = max(0, (size.width - viewport.width) / 2)
        let limitY = max(0, (size.height - viewport.height) / 2)
        return Point(x: min(limitX, max(-limitX, pan.x)), y: min(limitY, max(-limitY, pan.y)))
    }
}
