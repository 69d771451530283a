import SystemPackage
import Waterfall
import WaterfallCards

/// A photo's card: a `CardCell` that knows its file, so that a picture decoded for the file finds the card.
final class PhotoCardCell: CardCell {
    /// The photo the card shows.
    var file: FilePath?
    /// Whether the card is a video's, and its duration in seconds: its picture gets the play badge.
    var video: (isVideo: Bool, duration: Double?) = (false, nil)

    /// Shows `card`, captioned, in the caption font's `metrics`.
    func show(_ card: PhotoCard, metrics: CardMetrics) {
        file = card.path
        title = card.title
        subtitle = card.subtitle
        color = card.isBroken ? CardCell.failureColor : PhotoCard.placeholder
        self.metrics = metrics
        video = (card.isVideo && !card.isBroken, card.duration)
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        file = nil
        video = (false, nil)
    }

    /// Draws the card, and over a video's picture its play badge and duration (`VideoBadge`).
    override func draw(in canvas: Canvas, frame: Rect) {
        super.draw(in: canvas, frame: frame)
        guard video.isVideo, failure == nil, !isHighlighted else { return }
        let picture = Rect(x: frame.minX, y: frame.minY, width: frame.width, height: max(0, frame.height - metrics.captionHeight))
        VideoBadge.draw(duration: video.duration, over: picture, in: canvas)
    }
}
