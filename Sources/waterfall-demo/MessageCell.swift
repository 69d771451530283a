import Waterfall

/// A message on a white panel in the middle of its frame: the demo's empty and loading views.
final class MessageCell: CollectionViewCell {
    static let panel = Color(rgb: 0xFFFFFF)
    static let border = Color(rgb: 0xC8CDD4)
    let message: String

    init(message: String) {
        self.message = message
        super.init(reuseIdentifier: "message")
    }

    override func draw(in canvas: Canvas, frame: Rect) {
        let width = min(frame.width - 24, max(240, canvas.textWidth(message) + 48))
        let height = min(frame.height - 24, 72)
        guard width > 0, height > 0 else { return }
        let panel = Rect(x: (frame.midX - width / 2).rounded(), y: (frame.midY - height / 2).rounded(), width: width, height: height)
        canvas.fill(panel, color: Self.panel)
        canvas.stroke(panel, color: Self.border, lineWidth: 1)
        let text = canvas.truncate(message, toWidth: width - 16)
        let origin = Point(x: (panel.midX - canvas.textWidth(text) / 2).rounded(),
                           y: (panel.midY - canvas.lineHeight / 2).rounded() + canvas.ascent)
        canvas.drawText(text, at: origin, color: CardColors.title)
    }
}
