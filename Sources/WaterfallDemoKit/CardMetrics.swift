import Waterfall

/// The sizes of a card: a picture `aspect` × the column width tall, then a caption of two lines.
package enum CardMetrics {
    /// The height of the caption under the picture.
    package static let captionHeight = 40.0
    /// The padding around the caption's text.
    package static let padding = 6.0
    /// The width of the selection border.
    package static let selectionBorder = 4.0

    /// The height of a card whose picture has `aspect` (height / width), at `columnWidth`: the picture's height
    /// rounded to whole pixels (halves away from zero), then the caption.
    package static func height(aspect: Double, columnWidth: Double) -> Double {
        roundedPicture(aspect * columnWidth) + captionHeight
    }

    /// `value.rounded()` for a picture's height, without the libm call `rounded()` makes on x86-64: a million cards'
    /// heights are asked in one loop at start. Adding 2^52 rounds a value below it to a whole number (a half to the
    /// even one); only an exact half rounded down then needs the one more that `rounded()` gives it.
    @inline(__always)
    package static func roundedPicture(_ value: Double) -> Double {
        guard value >= 0, value < 0x1p52 else { return value.rounded() }
        let nearestEven = (value + 0x1p52) - 0x1p52
        return value - nearestEven == 0.5 ? nearestEven + 1 : nearestEven
    }
}
