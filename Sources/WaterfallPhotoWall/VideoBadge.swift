import Waterfall
import WaterfallLibrary

/// What a video's card and its lightbox show over its poster frame, as Google Photos and gThumb do: a play triangle
/// and the duration ("0:07", "1:02:03") in white on a dark rounded box, at the picture's bottom-left corner.
enum VideoBadge {
    /// The box's colour, and the triangle's and the text's.
    static let background = Color(rgb: 0x202124)
    static let foreground = Color(rgb: 0xFFFFFF)
    /// The box's distance from the picture's edges, its padding around what it holds, the triangle's height, the
    /// space between the triangle and the text, and how much its corners are cut.
    static let margin = 6.0
    static let padding = 4.0
    static let triangleHeight = 10.0
    static let gap = 4.0
    static let cornerCut = 2.0

    /// "0:07", "1:02", "1:02:03": minutes and seconds, hours when there are any (the seconds rounded down).
    static func text(forDuration seconds: Double) -> String {
        let total = max(0, Int(seconds.isFinite ? seconds : 0))
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
    }

    /// The box for a video lasting `duration` seconds (`nil`: the triangle alone) at `picture`'s bottom-left corner, and
    /// the text it holds; `nil` when not even the triangle's box fits in the picture.
    static func layout(duration: Double?, over picture: Rect, in canvas: Canvas) -> (box: Rect, text: String)? {
        let height = max(triangleHeight, canvas.lineHeight) + 2 * padding
        let triangleWidth = (triangleHeight * 0.87).rounded()
        let text = duration.map(text(forDuration:)) ?? ""
        var width = 2 * padding + triangleWidth
        if !text.isEmpty { width += gap + canvas.textWidth(text) }
        let fits = { (width: Double) in width + 2 * margin <= picture.width && height + 2 * margin <= picture.height }
        if fits(width) {
            return (
                Rect(x: picture.minX + margin, y: picture.maxY - margin - height, width: width, height: height), text
            )
        }
        let small = 2 * padding + triangleWidth
        guard fits(small) else { return nil }
        return (Rect(x: picture.minX + margin, y: picture.maxY - margin - height, width: small, height: height), "")
    }

    /// Draws the badge of a video lasting `duration` seconds over `picture` (the poster's frame on `canvas`).
    static func draw(duration: Double?, over picture: Rect, in canvas: Canvas) {
        guard let (box, text) = layout(duration: duration, over: picture, in: canvas) else { return }
        // A rounded box: its middle full width, its top and bottom rows cut at the corners.
        canvas.fill(
            Rect(x: box.minX, y: box.minY + cornerCut, width: box.width, height: box.height - 2 * cornerCut),
            color: background)
        canvas.fill(
            Rect(x: box.minX + cornerCut, y: box.minY, width: box.width - 2 * cornerCut, height: cornerCut),
            color: background)
        canvas.fill(
            Rect(x: box.minX + cornerCut, y: box.maxY - cornerCut, width: box.width - 2 * cornerCut, height: cornerCut),
            color: background)
        // The triangle pointing right, one device pixel wide column at a time, each shorter towards its tip.
        let triangleWidth = (triangleHeight * 0.87).rounded()
        let step = 1 / max(1, canvas.pixelScale)
        let left = box.minX + padding
        let middle = box.midY
        var x = 0.0
        while x < triangleWidth {
            let columnHeight = triangleHeight * (1 - x / triangleWidth)
            canvas.fill(
                Rect(x: left + x, y: middle - columnHeight / 2, width: step, height: columnHeight), color: foreground)
            x += step
        }
        guard !text.isEmpty else { return }
        let baseline = box.minY + (box.height - canvas.lineHeight) / 2 + canvas.ascent
        canvas.drawText(text, at: Point(x: left + triangleWidth + gap, y: baseline), color: foreground)
    }
}
