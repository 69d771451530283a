import Waterfall

/// The colours of a card and of the section bars.
public enum CardColors {
    /// The caption's background.
    public static let caption = Color(rgb: 0xFFFFFF)
    /// The caption's background while the card is pressed.
    public static let pressedCaption = Color(rgb: 0xD5DAE1)
    /// The title's colour (a header's title too).
    public static let title = Color(rgb: 0x1F2328)
    /// The subtitle's colour (a header's count and the footer too).
    public static let subtitle = Color(rgb: 0x5F6873)
    /// The border of a selected card.
    public static let selection = Color(rgb: 0x0A64FF)
    /// What a pressed card's picture is shaded with.
    public static let pressedShade = Color(rgb: 0x000000)
}

/// A card on a wall: a picture (its `color` until an image is given), and beneath it a caption of two lines, the
/// title and the subtitle (and a third, the detail, when its metrics say); darker while pressed and framed in blue when selected.
open class CardCell: CollectionViewCell {
    /// The reuse identifier cards are registered with.
    public static let reuseIdentifier = "card"
    /// The caption's first line.
    public var title = ""
    /// The caption's second line (unless `failure` says something).
    public var subtitle = ""
    /// The caption's third line, drawn when `metrics` has three lines (a photo's exposure, say).
    public var detail = ""
    /// The picture's colour while it has no image (and behind one with transparency).
    public var color = Color(rgb: 0xD5DAE1)
    /// The picture, once there is one, drawn over `color`.
    public var picture: ImageHandle?
    /// Why the picture cannot be shown: the card's subtitle says it, over a picture of `failureColor`.
    public var failure: String?
    /// The picture's colour on a card whose picture failed.
    public static let failureColor = Color(rgb: 0xF3D6D6)
    /// The card's sizes (its caption's height) in the caption font.
    public var metrics = CardMetrics()

    /// A card for the pool's `reuseIdentifier`.
    public init() {
        super.init(reuseIdentifier: Self.reuseIdentifier)
    }

    /// Clears the card's text, picture and failure.
    override open func prepareForReuse() {
        super.prepareForReuse()
        title = ""
        subtitle = ""
        detail = ""
        picture = nil
        failure = nil
    }

    /// Draws the picture (or its colour), the caption and, when selected, the border.
    override open func draw(in canvas: Canvas, frame: Rect) {
        let pictureHeight = max(0, frame.height - metrics.captionHeight)
        let pictureFrame = Rect(x: frame.minX, y: frame.minY, width: frame.width, height: pictureHeight)
        let caption = Rect(x: frame.minX, y: pictureFrame.maxY, width: frame.width, height: frame.height - pictureHeight)
        let colour = failure == nil ? color : Self.failureColor
        canvas.fill(pictureFrame, color: isHighlighted ? colour.mixed(with: CardColors.pressedShade, fraction: 0.35) : colour)
        if let picture, !isHighlighted { canvas.drawImage(picture, in: pictureFrame) }
        canvas.fill(caption, color: isHighlighted ? CardColors.pressedCaption : CardColors.caption)

        let textWidth = frame.width - 2 * CardMetrics.padding
        let textX = frame.minX + CardMetrics.padding
        // Two lines, each as tall as the caption font's, below the padding; the baselines from the font drawn with.
        let titleBaseline = caption.minY + CardMetrics.padding + canvas.ascent
        canvas.drawText(canvas.truncate(title, toWidth: textWidth), at: Point(x: textX, y: titleBaseline), color: CardColors.title)
        canvas.drawText(canvas.truncate(failure ?? subtitle, toWidth: textWidth),
                        at: Point(x: textX, y: titleBaseline + metrics.lineHeight + CardMetrics.lineGap), color: CardColors.subtitle)
        if metrics.captionLines >= 3, !detail.isEmpty {
            canvas.drawText(canvas.truncate(detail, toWidth: textWidth),
                            at: Point(x: textX, y: titleBaseline + 2 * (metrics.lineHeight + CardMetrics.lineGap)), color: CardColors.subtitle)
        }
        if isSelected {
            canvas.stroke(frame, color: CardColors.selection, lineWidth: CardMetrics.selectionBorder)
        }
    }
}
