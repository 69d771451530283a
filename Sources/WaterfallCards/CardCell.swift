import Waterfall

/// The colours of the cards and the section bars: a wall's look, which a program may take from its configuration.
public struct CardColors: Sendable, Equatable {
    /// The caption's background.
    public var caption = Color(rgb: 0xFFFFFF)
    /// The caption's background while the card is pressed.
    public var pressedCaption = Color(rgb: 0xD5DAE1)
    /// The title's colour (a header's title too).
    public var title = Color(rgb: 0x1F2328)
    /// The subtitle's colour (a header's count and the footer too).
    public var subtitle = Color(rgb: 0x5F6873)
    /// The border of a selected card.
    public var selection = Color(rgb: 0x0A64FF)
    /// What a pressed card's picture is shaded with.
    public var pressedShade = Color(rgb: 0x000000)
    /// The rule under a section's header.
    public var rule = Color(rgb: 0xB4BBC4)

    /// The standard colours.
    public init() {}
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
    /// The caption's and the selection's colours.
    public var colors = CardColors()
    /// How a picture made for another width is scaled to the card: `.smooth` (bilinear), or `.nearest` for a frame
    /// that must come at once (a grid zoom's step), drawn smooth again a moment later, as eog polishes a zoom.
    public var standInScaling = ImageScaling.smooth

    /// A card covers its frame: the picture's colour (or picture) over its top, the caption's below.
    override open var isOpaque: Bool { true }

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
        standInScaling = .smooth
    }

    /// Draws the picture (or its colour), the caption and, when selected, the border.
    override open func draw(in canvas: Canvas, frame: Rect) {
        let pictureHeight = max(0, frame.height - metrics.captionHeight)
        let pictureFrame = Rect(x: frame.minX, y: frame.minY, width: frame.width, height: pictureHeight)
        let caption = Rect(
            x: frame.minX, y: pictureFrame.maxY, width: frame.width, height: frame.height - pictureHeight)
        let colour = failure == nil ? color : Self.failureColor
        canvas.fill(
            pictureFrame, color: isHighlighted ? colour.mixed(with: colors.pressedShade, fraction: 0.35) : colour)
        if let picture, !isHighlighted {
            // A picture made for another width (the columns just changed, a better one is on its way) is scaled to
            // the card, never cropped or left short of it.
            let scale = canvas.pixelScale
            let width = Int((pictureFrame.maxX * scale).rounded() - (pictureFrame.minX * scale).rounded())
            canvas.drawImage(picture, in: pictureFrame, scaling: picture.width == width ? .unscaled : standInScaling)
        }
        canvas.fill(caption, color: isHighlighted ? colors.pressedCaption : colors.caption)

        let textWidth = frame.width - 2 * CardMetrics.padding
        let textX = frame.minX + CardMetrics.padding
        // Two lines, each as tall as the caption font's, below the padding; the baselines from the font drawn with.
        let titleBaseline = caption.minY + CardMetrics.padding + canvas.ascent
        canvas.drawText(
            canvas.truncate(title, toWidth: textWidth), at: Point(x: textX, y: titleBaseline), color: colors.title)
        canvas.drawText(
            canvas.truncate(failure ?? subtitle, toWidth: textWidth),
            at: Point(x: textX, y: titleBaseline + metrics.lineHeight + CardMetrics.lineGap), color: colors.subtitle)
        if metrics.captionLines >= 3, !detail.isEmpty {
            canvas.drawText(
                canvas.truncate(detail, toWidth: textWidth),
                at: Point(x: textX, y: titleBaseline + 2 * (metrics.lineHeight + CardMetrics.lineGap)),
                color: colors.subtitle)
        }
        if isSelected {
            canvas.stroke(frame, color: colors.selection, lineWidth: CardMetrics.selectionBorder)
        }
    }
}
