/// What the last `draw` left on the canvas and what changed since, so that the next draw draws only the difference
/// (CollectionView+Drawing.swift): the view's one record of what must be drawn (`CollectionView.needsDisplay`).
struct Damage {
    /// Where the last draw put the viewport, its size and the content offset it showed; `nil` before the first.
    var lastDrawn: (origin: Point, size: Size, offset: Double)?
    /// Whether the next draw draws everything (the first, after a relayout or `setNeedsDisplay()`).
    var needsFullDisplay = true
    /// The areas of the content that must be drawn again (cells whose look changed), in content coordinates.
    var contentRects: [Rect] = []
    /// The scroll bar as the last draw left it, so that the next one draws it only when it changed.
    var lastScrollBar: ScrollBarLook?
    /// The scrubber label as the last draw left it (CollectionView+ScrubberLabel.swift), `nil` when none was shown.
    var lastScrubberLabel: DrawnScrubberLabel?
}
