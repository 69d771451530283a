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
