import Waterfall

/// A one-line bar along the bottom of a `WaterfallWindow`, below its collection view: a program's status line.
/// The window has none unless the program gives it one (`WaterfallWindow.init(...statusBar:...)`), and the program
/// decides its height, colours and text.
///
/// The text is asked once per frame the window draws; the bar is drawn again only when the text changed (its
/// background under the old and new text) or the window lost its pixels (a resize).
public final class StatusBar {
    /// The bar's height in points.
    public let height: Double
    /// The background colour.
    public var backgroundColor: Color { didSet { needsFill = true } }
    /// The text colour.
    public var textColor: Color { didSet { needsFill = true } }
    /// The space between the bar's left edge and the text, in points (and the least space kept at the right).
    public var textInset: Double = 6 { didSet { needsFill = true } }
    /// The text to show, asked once per frame on the window's thread. Text wider than the bar ends in "…".
    public var text: () -> String

    /// Whether the whole bar must be filled at the next draw (it was never drawn, or the window lost its pixels).
    private var needsFill = true
    /// The text last drawn (before truncation) and as drawn.
    private var sourceTextShown = ""
    private var textShown = ""
    private var textWidthShown = 0.0

    /// A bar `height` points tall with `text` in `textColor` on `backgroundColor`.
    public init(height: Double = 20, backgroundColor: Color, textColor: Color, text: @escaping () -> String = { "" }) {
        self.height = height.isFinite ? max(0, height) : 0
        self.backgroundColor = backgroundColor
        self.textColor = textColor
        self.text = text
    }

    /// Whether the next `draw` would draw anything: the bar needs a fill, or `text()` gives something new.
    var needsDisplay: Bool {
        needsFill || text() != sourceTextShown
    }

    /// Makes the next `draw` fill the whole bar: after the window's pixels were lost or resized.
    func setNeedsFill() {
        needsFill = true
    }

    /// Draws the bar into `frame` (window points) when its text changed or it needs a fill: the background under
    /// the old and the new text (the whole bar after `setNeedsFill()`), then the text, clipped to the bar.
    func draw(in canvas: Canvas, frame bar: Rect) {
        let source = self.text()
        sourceTextShown = source
        let text = canvas.truncate(source, toWidth: bar.width - 2 * textInset)
        guard needsFill || text != textShown else { return }
        let width = canvas.textWidth(text)
        canvas.setClip(bar)
        let changed = Rect(
            x: bar.minX, y: bar.minY, width: 2 * textInset + max(width, textWidthShown), height: bar.height)
        canvas.fill(needsFill ? bar : changed, color: backgroundColor)
        let baseline = bar.minY + ((bar.height - canvas.lineHeight) / 2).rounded(.down) + canvas.ascent
        canvas.drawText(text, at: Point(x: bar.minX + textInset, y: baseline), color: textColor)
        canvas.setClip(nil)
        textShown = text
        textWidthShown = width
        needsFill = false
    }
}
