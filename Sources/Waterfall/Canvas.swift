/// The drawing calls the views need. The X11 backend draws them with Xlib; tests record them.
/// Coordinates are in pixels of the drawable, y growing downwards.
public protocol Canvas: AnyObject {
    /// The height of one line of text: ascent plus descent.
    var lineHeight: Double { get }
    /// The distance from a line's top to its baseline.
    var ascent: Double { get }
    /// The advance width of `text` in the canvas's font.
    func textWidth(_ text: String) -> Double
    /// Fills `rect` with `color`.
    func fill(_ rect: Rect, color: Color)
    /// Draws a border of `lineWidth` inside the edges of `rect`.
    func stroke(_ rect: Rect, color: Color, lineWidth: Double)
    /// Draws `text` with its baseline starting at `origin`.
    func drawText(_ text: String, at origin: Point, color: Color)
    /// Limits later drawing to `rect`, or lifts the limit with `nil`.
    func setClip(_ rect: Rect?)
    /// Copies the pixels of `source` so that its top-left corner lands on `destination` (as `XCopyArea`), whatever
    /// the clip: scrolling moves what is already drawn instead of drawing it again.
    func copyRect(_ source: Rect, to destination: Point)
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

    /// `text` cut at the end, with "..." appended, so that it fits in `width`; the whole text when it fits.
    public func truncate(_ text: String, toWidth width: Double) -> String {
        guard textWidth(text) > width else { return text }
        let ellipsis = "..."
        var kept = Substring(text)
        while !kept.isEmpty, textWidth(String(kept) + ellipsis) > width {
            kept = kept.dropLast()
        }
        return kept.isEmpty ? "" : String(kept) + ellipsis
    }
}
