/// The scrubber label: while the scroll bar's thumb is dragged, a dark box with the delegate's text for the offset
/// reached ("March 2024") sits beside the thumb, left of the bar at the thumb's vertical centre, as Google Photos'
/// scrubber shows where the drag is; it goes when the drag ends. It is drawn over the cards and tracked by the
/// damage: when it moves, changes or goes, the cards under its old box are drawn again (in content coordinates, so
/// that a scroll's moved pixels are found where they went), and it is drawn again over any cards drawn under it.
extension CollectionView {
    /// The scrubber label's box colour.
    public var scrubberLabelColor: Color {
        get { scrollBarAppearance.scrubberLabelColor }
        set {
            scrollBarAppearance.scrubberLabelColor = newValue
            damage.needsFullDisplay = true
        }
    }
    /// The scrubber label's text colour.
    public var scrubberLabelTextColor: Color {
        get { scrollBarAppearance.scrubberLabelTextColor }
        set {
            scrollBarAppearance.scrubberLabelTextColor = newValue
            damage.needsFullDisplay = true
        }
    }

    /// The room around the label's text inside its box, and between the box and the bar, in points.
    static let scrubberLabelPadding = (horizontal: 8.0, vertical: 4.0, gapToBar: 8.0)

    /// What the label shows now: the delegate's text for the offset while the thumb is dragged, and the thumb's
    /// vertical centre in the viewport; `nil` when no label is shown (no drag, no thumb, or no text).
    var scrubberLabelContent: ScrubberLabelContent? {
        guard isDraggingScrollBar, let thumb = scrollBar.thumb,
            let text = delegate?.collectionView(self, scrubberLabelAtContentOffset: scroll.offset), !text.isEmpty
        else { return nil }
        return ScrubberLabelContent(text: text, thumbMidY: thumb.midY)
    }

    /// The label's box for `content`, in viewport coordinates: as wide as the text (at most the cards' width less the
    /// gap) and a line tall plus padding; its right edge `gapToBar` left of the bar, its centre at the thumb's,
    /// kept inside the viewport; whole points.
    func scrubberLabelFrame(_ content: ScrubberLabelContent, measuring text: TextMeasuring) -> Rect {
        let padding = Self.scrubberLabelPadding
        let available = max(0, layoutWidth - padding.gapToBar)
        let width = min(available, (text.textWidth(content.text) + 2 * padding.horizontal).rounded(.up))
        let height = (text.lineHeight + 2 * padding.vertical).rounded(.up)
        let top = min(max(0, viewportSize.height - height), max(0, (content.thumbMidY - height / 2).rounded()))
        return Rect(x: max(0, layoutWidth - padding.gapToBar - width), y: top, width: width, height: height)
    }

    /// The label's part of `draw(in:at:)` before the cards are drawn: when the label changed (text, place, gone) or
    /// the content scrolled under it, marks the cards under its old box to be drawn again. Returns whether it changed.
    func damageScrubberLabel(showing content: ScrubberLabelContent?) -> Bool {
        let changed = content != damage.lastScrubberLabel?.content || drawnOffset != damage.lastDrawn?.offset
        if changed, let last = damage.lastScrubberLabel { damage.contentRects.append(last.contentFrame) }
        return changed
    }

    /// The label's part of `draw(in:at:)` after the cards are drawn: draws the label (clipped to the cards' area)
    /// when it changed, the whole viewport was drawn, or a drawn area lies under it; and remembers it.
    func drawScrubberLabel(
        _ content: ScrubberLabelContent?, changed: Bool, drawnAreas: [Rect], isFull: Bool,
        in canvas: Canvas, at origin: Point
    ) {
        guard let content else {
            damage.lastScrubberLabel = nil
            return
        }
        let frame = scrubberLabelFrame(content, measuring: canvas)
        let onCanvas = frame.offsetBy(dx: origin.x, dy: origin.y)
        if changed || isFull || drawnAreas.contains(where: { $0.intersects(onCanvas) }) {
            let padding = Self.scrubberLabelPadding
            canvas.setClip(Rect(origin: origin, size: Size(width: layoutWidth, height: viewportSize.height)))
            canvas.fill(onCanvas, color: scrubberLabelColor)
            let text = canvas.truncate(content.text, toWidth: frame.width - 2 * padding.horizontal)
            let baseline = onCanvas.minY + ((onCanvas.height - canvas.lineHeight) / 2).rounded(.down) + canvas.ascent
            canvas.drawText(
                text, at: Point(x: onCanvas.minX + padding.horizontal, y: baseline), color: scrubberLabelTextColor)
            canvas.setClip(nil)
        }
        damage.lastScrubberLabel = DrawnScrubberLabel(
            content: content, contentFrame: frame.offsetBy(dx: 0, dy: drawnOffset))
    }
}

/// What the scrubber label shows: its text and the thumb's vertical centre it sits at.
struct ScrubberLabelContent: Hashable {
    var text: String
    var thumbMidY: Double
}

/// The scrubber label as a draw left it: what it showed and its box in content coordinates (where its pixels are
/// after the cards under it scrolled).
struct DrawnScrubberLabel {
    var content: ScrubberLabelContent
    var contentFrame: Rect
}
