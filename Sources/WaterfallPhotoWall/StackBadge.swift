import Waterfall
import WaterfallLibrary

/// What a stack's card shows at its picture's top-right corner, as digiKam and Lightroom mark their stacks: a closed
/// stack's photo count beside two sheets, white on a dark box; an open stack's photo its place in it ("2/3"), white on
/// blue, so that the photos of an open stack are told from the others.
enum StackBadge {
    /// The closed stack's box, an open stack's, and the text's and the sheets' colour.
    static let closedBackground = Color(rgb: 0x202124)
    static let openBackground = Color(rgb: 0x1565C0)
    static let foreground = Color(rgb: 0xFFFFFF)
    /// The box's distance from the picture's edges, its padding, the sheets' size and their offset from each other,
    /// and the space between them and the count.
    static let margin = 6.0
    static let padding = 4.0
    static let sheet = 8.0
    static let sheetOffset = 3.0
    static let gap = 4.0

    /// The text of a badge: a closed stack's count ("3"), an open stack's photo's place ("2/3"); `nil` for a card of
    /// one photo.
    static func text(count: Int, place: StackPlace?) -> String? {
        if let place { return "\(place.index + 1)/\(place.count)" }
        return count > 1 ? "\(count)" : nil
    }

    /// The badge's box for `text` over `picture` (with the sheets when `closed`), or `nil` when it does not fit.
    static func box(text: String, closed: Bool, over picture: Rect, in canvas: Canvas) -> Rect? {
        let icon = closed ? sheet + sheetOffset + gap : 0
        let width = icon + canvas.textWidth(text) + 2 * padding
        let height = canvas.lineHeight + 2 * padding
        guard width + 2 * margin <= picture.width, height + 2 * margin <= picture.height else { return nil }
        return Rect(x: picture.maxX - margin - width, y: picture.minY + margin, width: width, height: height)
    }

    /// Draws the badge of a card of `count` photos (an open stack's photo at `place`) over `picture`.
    static func draw(count: Int, place: StackPlace?, over picture: Rect, in canvas: Canvas) {
        guard let text = text(count: count, place: place) else { return }
        let closed = place == nil
        guard let box = box(text: text, closed: closed, over: picture, in: canvas) else { return }
        canvas.fill(box, color: closed ? closedBackground : openBackground)
        var x = box.minX + padding
        if closed {
            // Two sheets, the back one up and to the right, each an outline but the front one's filled.
            let top = box.midY - (sheet + sheetOffset) / 2
            outline(Rect(x: x + sheetOffset, y: top, width: sheet, height: sheet), in: canvas)
            canvas.fill(Rect(x: x, y: top + sheetOffset, width: sheet, height: sheet), color: foreground)
            x += sheet + sheetOffset + gap
        }
        canvas.drawText(text, at: Point(x: x, y: box.minY + padding + canvas.ascent), color: foreground)
    }

    /// Draws `rect`'s outline, a device pixel wide.
    private static func outline(_ rect: Rect, in canvas: Canvas) {
        let line = 1 / max(1, canvas.pixelScale)
        canvas.fill(Rect(x: rect.minX, y: rect.minY, width: rect.width, height: line), color: foreground)
        canvas.fill(Rect(x: rect.maxX - line, y: rect.minY, width: line, height: rect.height), color: foreground)
    }
}
