/// Measures text in a font, for the views that lay out and draw it: the canvas's font when drawing, a font
/// with fixed widths in tests.
public protocol TextMeasuring: AnyObject {
    /// The height of one line of text: ascent plus descent.
    var lineHeight: Double { get }
    /// The distance from a line's top to its baseline.
    var ascent: Double { get }
    /// The advance width of `text` in the font.
    func textWidth(_ text: String) -> Double
}

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
}

extension TextMeasuring {
    /// `text` ending in "…" so that it fits in `width`, cut between characters (grapheme clusters, never inside
    /// one); the whole text when it fits, "" when not even "…" does.
    /// - Complexity: O(log n) measures of at most n characters.
    public func truncate(_ text: String, toWidth width: Double) -> String {
        guard textWidth(text) > width else { return text }
        let ellipsis = "\u{2026}"
        let characters = Array(text)
        // The longest prefix that fits with the ellipsis: fitting is monotone in the prefix's length.
        var fits = 0
        var tooLong = characters.count
        while tooLong - fits > 1 {
            let middle = (fits + tooLong) / 2
            if textWidth(String(characters[..<middle]) + ellipsis) <= width { fits = middle } else { tooLong = middle }
        }
        if fits == 0 { return textWidth(ellipsis) <= width ? ellipsis : "" }
        return String(characters[..<fits]).trimmingTrailingSpaces() + ellipsis
    }
}

extension String {
    /// The string without the spaces at its end (a cut text ends in its last word, then "…").
    fileprivate func trimmingTrailingSpaces() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
