import Waterfall

/// The sizes of a card: a picture `aspect` × the column width tall, then a caption of two lines.
package enum CardMetrics {
    /// The height of the caption under the picture.
    package static let captionHeight = 40.0
    /// The padding around the caption's text.
    package static let padding = 6.0
    /// The width of the selection border.
    package static let selectionBorder = 4.0

    /// The height of a card whose picture has `aspect` (height / width), at `columnWidth`.
    package static func height(aspect: Double, columnWidth: Double) -> Double {
        (aspect * columnWidth).rounded() + captionHeight
    }
}
