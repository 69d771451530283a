/// A drawing target that takes same-coloured runs of work at once, as an X server takes one
/// `PolyFillRectangle` for many rectangles.
public protocol BatchDrawingTarget: TextMeasuring {
    /// The pixels per point (see `Canvas.pixelScale`).
    var pixelScale: Double { get }
    /// Fills every rectangle in `rects` with `color`, under the current clip.
    func fillRectangles(_ rects: [Rect], color: Color)
    /// Draws every text at its baseline origin in `color`, under the current clip.
    func drawTexts(_ texts: [(text: String, origin: Point)], color: Color)
    /// Draws each picture in its rect as `Canvas.drawImage(_:in:scaling:)` does, under the current clip.
    func drawImages(_ images: [(image: ImageHandle, rect: Rect, scaling: ImageScaling)])
    /// Limits later fills and texts to `rect`, or lifts the limit with `nil`.
    func setClip(_ rect: Rect?)
    /// Copies the pixels of `source` to `destination`, ignoring the clip (scroll blits depend on it).
    func copyRect(_ source: Rect, to destination: Point)
}

extension BatchDrawingTarget {
    public var pixelScale: Double { 1 }
}
