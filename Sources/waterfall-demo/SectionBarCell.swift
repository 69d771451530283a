import Waterfall

/// A section's header (its category on the left, its number of cards on the right, a rule beneath) or the
/// footer at the end (one centred line).
final class SectionBarCell: CollectionViewCell {
    static let headerIdentifier = "sectionHeader"
    static let footerIdentifier = "sectionFooter"
    static let rule = Color(rgb: 0xB4BBC4)

    var title = ""
    var detail = ""

    override func prepareForReuse() {
        super.prepareForReuse()
        title = ""
        detail = ""
    }

    override func draw(in canvas: Canvas, frame: Rect) {
        let baseline = (frame.midY - canvas.lineHeight / 2).rounded() + canvas.ascent
        if reuseIdentifier == Self.footerIdentifier {
            let text = canvas.truncate(title, toWidth: frame.width)
            canvas.drawText(text, at: Point(x: (frame.midX - canvas.textWidth(text) / 2).rounded(), y: baseline), color: CardColors.subtitle)
            return
        }
        canvas.fill(Rect(x: frame.minX, y: frame.maxY - 2, width: frame.width, height: 2), color: Self.rule)
        let detailWidth = canvas.textWidth(detail)
        canvas.drawText(canvas.truncate(title, toWidth: max(0, frame.width - detailWidth - 12)),
                        at: Point(x: frame.minX, y: baseline), color: CardColors.title)
        canvas.drawText(detail, at: Point(x: frame.maxX - detailWidth, y: baseline), color: CardColors.subtitle)
    }
}
