/// The drawing calls the views need. The X11 backend draws them with Xlib and Xft; tests record them.
/// Coordinates are in points of the drawable, y growing downwards; a canvas on a screen of several pixels per
/// point (`pixelScale`, the desktop's scale) draws each point as that many pixels.
public protocol Canvas: TextMeasuring {
    /// Fills `rect` with `color`.
    func fill(_ rect: Rect, color: Color)
    /// Draws a border of `lineWidth` inside the edges of `rect`.
    func stroke(_ rect: Rect, color: Color, lineWidth: Double)
    /// Draws `text` with its baseline starting at `origin`.
    func drawText(_ text: String, at origin: Point, color: Color)
    /// Draws the platform's picture `image` in `rect`, under the clip: with `.unscaled`, its top-left corner at
    /// `rect`'s and at most `rect`'s size (a picture made at the size it is drawn, in pixels); else scaled to fill
    /// `rect`, sampled as `scaling` says. Only the part under the clip is drawn, however large `rect` is.
    func drawImage(_ image: ImageHandle, in rect: Rect, scaling: ImageScaling)
    /// Limits later drawing to `rect`, or lifts the limit with `nil`.
    func setClip(_ rect: Rect?)
    /// Copies the pixels of `source` so that its top-left corner lands on `destination` (as `XCopyArea`), whatever
    /// the clip: scrolling moves what is already drawn instead of drawing it again.
    func copyRect(_ source: Rect, to destination: Point)
    /// The pixels per point: 1 by default, 2 on a screen scaled to 200 %. A scroll is moved with `copyRect` only
    /// by a whole number of pixels.
    var pixelScale: Double { get }
}

extension Canvas {
    /// Draws a border of `lineWidth` inside the edges of `rect` as four fills that do not overlap: a
    /// `stroke(_:color:lineWidth:)` for canvases that have only fills.
    public func strokeByFilling(_ rect: Rect, color: Color, lineWidth: Double) {
        let line = min(lineWidth, rect.width / 2, rect.height / 2)
        guard line > 0 else { return }
        fill(Rect(x: rect.minX, y: rect.minY, width: rect.width, height: line), color: color)
        fill(Rect(x: rect.minX, y: rect.maxY - line, width: rect.width, height: line), color: color)
        fill(Rect(x: rect.minX, y: rect.minY + line, width: line, height: rect.height - 2 * line), color: color)
        fill(Rect(x: rect.maxX - line, y: rect.minY + line, width: line, height: rect.height - 2 * line), color: color)
    }
}

extension Canvas {
    public var pixelScale: Double { 1 }

    /// Draws `image` pixel for pixel with its top-left corner at `rect`'s, at most `rect`'s size (`.unscaled`).
    public func drawImage(_ image: ImageHandle, in rect: Rect) { drawImage(image, in: rect, scaling: .unscaled) }
}
