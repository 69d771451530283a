/// A one-line message on a panel in the middle of its frame: empty and loading views, the load-more footer
/// and the pull-to-refresh indicator. An optional progress bar runs along the panel's bottom edge.
open class MessageView: CollectionViewCell {
    /// The text shown.
    public var message: String
    /// How far a task has come, from 0 to 1, drawn as a bar under the message; `nil` for none.
    public var progress: Double?
    /// The panel's fill.
    public var panelColor = Color(rgb: 0xFFFFFF)
    /// The panel's 1 px border.
    public var borderColor = Color(rgb: 0xC8CDD4)
    /// The message's colour.
    public var textColor = Color(rgb: 0x1F2328)
    /// The progress bar's colour.
    public var progressColor = Color(rgb: 0x0A64FF)

    /// A view showing `message`, recycled under `reuseIdentifier` when it comes from a reuse pool.
    public init(message: String = "", reuseIdentifier: String = "message") {
        self.message = message
        super.init(reuseIdentifier: reuseIdentifier)
    }

    open override func draw(in canvas: Canvas, frame: Rect) {
        let width = min(frame.width - 24, max(240, canvas.textWidth(message) + 48))
        let height = min(frame.height - 16, 48)
        guard width > 0, height > 0 else { return }
        let panel = Rect(
            x: (frame.midX - width / 2).rounded(), y: (frame.midY - height / 2).rounded(), width: width, height: height)
        canvas.fill(panel, color: panelColor)
        canvas.stroke(panel, color: borderColor, lineWidth: 1)
        let text = canvas.truncate(message, toWidth: width - 16)
        let origin = Point(
            x: (panel.midX - canvas.textWidth(text) / 2).rounded(),
            y: (panel.midY - canvas.lineHeight / 2).rounded() + canvas.ascent)
        canvas.drawText(text, at: origin, color: textColor)
        if let progress, progress.isFinite {
            let fraction = min(1, max(0, progress))
            canvas.fill(
                Rect(x: panel.minX + 1, y: panel.maxY - 4, width: ((width - 2) * fraction).rounded(), height: 3),
                color: progressColor)
        }
    }
}
