import SystemPackage
import Waterfall
import WaterfallCards
import WaterfallLibrary
import WaterfallPhotos

/// A photo's card: a `CardCell` that knows its file, so that a picture decoded for the file finds the card.
final class PhotoCardCell: CardCell {
    /// The photo the card shows.
    var file: FilePath?
    /// Whether the card is a video's, and its duration in seconds: its picture gets the play badge.
    var video: (isVideo: Bool, duration: Double?) = (false, nil)
    /// The photo's rating and reject, drawn over its picture (`MarksBadge`).
    var marks = PhotoMarks()
    /// How many photos the card stands for, and its place in an open stack: its `StackBadge`.
    var stack: (count: Int, place: StackPlace?) = (1, nil)

    /// Shows `card`, captioned, in the caption font's `metrics`.
    func show(_ card: PhotoCard, metrics: CardMetrics) {
        file = card.path
        title = card.title
        subtitle = card.subtitle
        color = card.isBroken ? CardCell.failureColor : PhotoCard.placeholder
        self.metrics = metrics
        video = (card.isVideo && !card.isBroken, card.duration)
        marks = card.marks
        stack = (card.photoCount, card.stackPlace)
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        file = nil
        video = (false, nil)
        marks = PhotoMarks()
        stack = (1, nil)
    }

    /// Draws the card, and over its picture a video's play badge and duration (`VideoBadge`), the photo's marks
    /// (`MarksBadge`) and a stack's count or place (`StackBadge`).
    override func draw(in canvas: Canvas, frame: Rect) {
        super.draw(in: canvas, frame: frame)
        guard !isHighlighted else { return }
        let picture = Rect(
            x: frame.minX, y: frame.minY, width: frame.width, height: max(0, frame.height - metrics.captionHeight))
        MarksBadge.draw(marks, over: picture, in: canvas)
        StackBadge.draw(count: stack.count, place: stack.place, over: picture, in: canvas)
        guard video.isVideo, failure == nil else { return }
        VideoBadge.draw(duration: video.duration, over: picture, in: canvas)
    }
}
