import Waterfall
import WaterfallLibrary
import WaterfallPhotos

/// What a card shows of its photo's marks, at its picture's bottom-right corner: its stars ("★★★") in gold on a dark
/// box, or a red box with "✕" when it is rejected, as darktable and Lightroom mark their thumbnails.
enum MarksBadge {
    /// The box behind the stars, the stars' colour, the rejected box's and its cross's.
    static let starsBackground = Color(rgb: 0x202124)
    static let star = Color(rgb: 0xFFC107)
    static let rejectedBackground = Color(rgb: 0xD32F2F)
    static let rejectedForeground = Color(rgb: 0xFFFFFF)
    /// The box's distance from the picture's edges and its padding around the text.
    static let margin = 6.0
    static let padding = 4.0

    /// The text the badge shows for `marks`, and its colours; `nil` for no marks.
    static func content(of marks: PhotoMarks) -> (text: String, foreground: Color, background: Color)? {
        if marks.isRejected { return ("✕", rejectedForeground, rejectedBackground) }
        guard marks.rating > 0 else { return nil }
        return (String(repeating: "★", count: marks.rating), star, starsBackground)
    }

    /// The badge's box for `marks` over `picture`, or `nil` when there are no marks or it does not fit.
    static func box(of marks: PhotoMarks, over picture: Rect, in canvas: Canvas) -> Rect? {
        guard let content = content(of: marks) else { return nil }
        let width = canvas.textWidth(content.text) + 2 * padding
        let height = canvas.lineHeight + 2 * padding
        guard width + 2 * margin <= picture.width, height + 2 * margin <= picture.height else { return nil }
        return Rect(x: picture.maxX - margin - width, y: picture.maxY - margin - height, width: width, height: height)
    }

    /// Draws the badge of `marks` over `picture` (the card's picture frame on `canvas`).
    static func draw(_ marks: PhotoMarks, over picture: Rect, in canvas: Canvas) {
        guard let content = content(of: marks), let box = box(of: marks, over: picture, in: canvas) else { return }
        canvas.fill(box, color: content.background)
        canvas.drawText(
            content.text, at: Point(x: box.minX + padding, y: box.minY + padding + canvas.ascent),
            color: content.foreground)
    }
}
