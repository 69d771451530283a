import SystemPackage
import WaterfallCards

/// A photo's card: a `CardCell` that knows its file, so that a picture decoded for the file finds the card.
final class PhotoCardCell: CardCell {
    /// The photo the card shows.
    var file: FilePath?

    /// Shows `card`, captioned, in the caption font's `metrics`.
    func show(_ card: PhotoCard, metrics: CardMetrics) {
        file = card.path
        title = card.title
        subtitle = card.subtitle
        color = card.isBroken ? CardCell.failureColor : PhotoCard.placeholder
        self.metrics = metrics
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        file = nil
    }
}
