import Waterfall

/// A section's header (its title on the left, a count on the right, a rule beneath) or the footer at the end (one
/// centred line).
public final class SectionBarCell: CollectionViewCell {
    /// The reuse identifier of headers.
    public static let headerIdentifier = "sectionHeader"
    /// The reuse identifier of the footer.
    public static let footerIdentifier = "sectionFooter"

    /// A header's title, or the footer's line.
    public var title = ""
    /// A header's text on the right.
    public var detail = ""
    /// The text's and the rule's colours.
    public var colors = CardColors()

    /// Registers headers and footers with `view`, drawn in `colors`.
    public static func register(with view: CollectionView, colors: CardColors = CardColors()) {
        for identifier in [headerIdentifier, footerIdentifier] {
            view.register(forCellWithReuseIdentifier: identifier) {
                let bar = SectionBarCell(reuseIdentifier: identifier)
                bar.colors = colors
                return bar
            }
        }
    }

    /// A header or footer bar of `view` for `kind`, dequeued, with its text.
    public static func dequeue(
        from view: CollectionView, kind: ElementKind, title: String, detail: String = ""
    ) -> SectionBarCell? {
        let identifier = kind == .header ? headerIdentifier : footerIdentifier
        guard let bar = view.dequeueReusableCell(withReuseIdentifier: identifier) as? SectionBarCell else { return nil }
        bar.title = title
        bar.detail = detail
        return bar
    }

    /// Clears the text.
    override public func prepareForReuse() {
        super.prepareForReuse()
        title = ""
        detail = ""
    }

    /// Draws the header's title, count and rule, or the footer's centred line.
    override public func draw(in canvas: Canvas, frame: Rect) {
        let baseline = (frame.midY - canvas.lineHeight / 2).rounded() + canvas.ascent
        if reuseIdentifier == Self.footerIdentifier {
            let text = canvas.truncate(title, toWidth: frame.width)
            canvas.drawText(
                text, at: Point(x: (frame.midX - canvas.textWidth(text) / 2).rounded(), y: baseline),
                color: colors.subtitle)
            return
        }
        canvas.fill(Rect(x: frame.minX, y: frame.maxY - 2, width: frame.width, height: 2), color: colors.rule)
        let detailWidth = canvas.textWidth(detail)
        canvas.drawText(
            canvas.truncate(title, toWidth: max(0, frame.width - detailWidth - 12)),
            at: Point(x: frame.minX, y: baseline), color: colors.title)
        canvas.drawText(detail, at: Point(x: frame.maxX - detailWidth, y: baseline), color: colors.subtitle)
    }
}
