import Waterfall

/// The sizes of a card: a picture `aspect` × the column width tall, then a caption of two lines (title and
/// subtitle), or three (and a detail line), in the caption font, whose line height decides the caption's height.
public struct CardMetrics: Equatable, Sendable {
    /// The padding around the caption's text.
    public static let padding = 6.0
    /// The gap between the caption's two lines.
    public static let lineGap = 2.0
    /// The width of the selection border.
    public static let selectionBorder = 4.0

    /// The caption font's line height, in points.
    public var lineHeight: Double
    /// How many lines the caption has: 2 (title and subtitle) or 3 (and `CardCell.detail`).
    public var captionLines: Int

    /// The metrics for a caption font of `lineHeight` (13 points, the core font `fixed`'s, by default: a caption of 40)
    /// and `captionLines` lines (2, or 3 with a detail line; held to that range).
    public init(lineHeight: Double = 13, captionLines: Int = 2) {
        self.lineHeight = lineHeight
        self.captionLines = min(3, max(2, captionLines))
    }

    /// The height of the caption under the picture: its lines, the gaps between them and the padding above and below.
    public var captionHeight: Double {
        Double(captionLines) * lineHeight + Double(captionLines - 1) * Self.lineGap + 2 * Self.padding
    }

    /// The height of a card whose picture has `aspect` (height / width), at `columnWidth`: the picture's height
    /// rounded to whole points (halves away from zero), then the caption.
    public func height(aspect: Double, columnWidth: Double) -> Double {
        Self.roundedPicture(aspect * columnWidth) + captionHeight
    }

    /// `value.rounded()` for a picture's height, without the libm call `rounded()` makes on x86-64: a million cards'
    /// heights are asked in one loop at start. Adding 2^52 rounds a value below it to a whole number (a half to the
    /// even one); only an exact half rounded down then needs the one more that `rounded()` gives it.
    @inline(__always)
    public static func roundedPicture(_ value: Double) -> Double {
        guard value >= 0, value < 0x1p52 else { return value.rounded() }
        let nearestEven = (value + 0x1p52) - 0x1p52
        return value - nearestEven == 0.5 ? nearestEven + 1 : nearestEven
    }
}
