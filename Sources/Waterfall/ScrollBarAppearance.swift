/// The scroll bar's strip and colours (CollectionView+ScrollBar.swift).
struct ScrollBarAppearance {
    /// The width kept for the bar at the viewport's right edge; 0 hides it.
    var width: Double
    /// The shortest the thumb gets, however long the content.
    var minimumThumbLength: Double = ScrollBar.defaultMinimumThumbLength
    /// The track's colour.
    var trackColor = Color(rgb: 0xDCE0E5)
    /// The thumb's colour.
    var thumbColor = Color(rgb: 0xA4ACB6)
    /// The thumb's colour while it is dragged.
    var draggedThumbColor = Color(rgb: 0x69727D)
    /// The scrubber label's box, beside the thumb while it is dragged.
    var scrubberLabelColor = Color(rgb: 0x303338)
    /// The scrubber label's text.
    var scrubberLabelTextColor = Color(rgb: 0xF1F3F4)
}
