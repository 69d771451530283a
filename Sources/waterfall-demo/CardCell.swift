import Waterfall
import WaterfallDemoKit

/// The colours of a card.
enum CardColors {
    static let caption = Color(rgb: 0xFFFFFF)
    static let pressedCaption = Color(rgb: 0xD5DAE1)
    static let title = Color(rgb: 0x1F2328)
    static let subtitle = Color(rgb: 0x5F6873)
    static let selection = Color(rgb: 0x0A64FF)
    static let pressedShade = Color(rgb: 0x000000)
}

/// A card on the wall: the coloured picture, the title and subtitle beneath it, darker while pressed and
/// framed in blue when selected.
final class CardCell: CollectionViewCell {
    static let reuseIdentifier = "card"
    var item: CatalogItem?
    /// A photo card's picture, once decoded, drawn over the item's placeholder colour.
    var picture: ImageHandle?
    /// Why a photo card's picture could not be decoded: the card shows it instead of the size.
    var failure: String?
    /// The card's sizes (its caption's height) in the caption font.
    var metrics = CardMetrics()

    init() {
        super.init(reuseIdentifier: Self.reuseIdentifier)
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        item = nil
        picture = nil
        failure = nil
    }

    override func draw(in canvas: Canvas, frame: Rect) {
        guard let item else { return }
        let pictureHeight = max(0, frame.height - metrics.captionHeight)
        let picture = Rect(x: frame.minX, y: frame.minY, width: frame.width, height: pictureHeight)
        let caption = Rect(x: frame.minX, y: picture.maxY, width: frame.width, height: frame.height - pictureHeight)
        let colour = failure == nil ? item.color : PhotoCards.errorColor
        canvas.fill(picture, color: isHighlighted ? colour.mixed(with: CardColors.pressedShade, fraction: 0.35) : colour)
        if let image = self.picture, !isHighlighted { canvas.drawImage(image, in: picture) }
        canvas.fill(caption, color: isHighlighted ? CardColors.pressedCaption : CardColors.caption)

        let textWidth = frame.width - 2 * CardMetrics.padding
        let textX = frame.minX + CardMetrics.padding
        // Two lines, each as tall as the caption font's, below the padding; the baselines from the font drawn with.
        let titleBaseline = caption.minY + CardMetrics.padding + canvas.ascent
        canvas.drawText(canvas.truncate(item.title, toWidth: textWidth), at: Point(x: textX, y: titleBaseline), color: CardColors.title)
        canvas.drawText(canvas.truncate(failure ?? item.subtitle, toWidth: textWidth),
                        at: Point(x: textX, y: titleBaseline + metrics.lineHeight + CardMetrics.lineGap), color: CardColors.subtitle)
        if isSelected {
            canvas.stroke(frame, color: CardColors.selection, lineWidth: CardMetrics.selectionBorder)
        }
    }
}
