/// The scroll bar: a track at the viewport's right edge, outside the cards' area, with a thumb for the visible
/// part. A press on the thumb drags it (the content follows so that the thumb stays under the pointer where it
/// was grabbed); a press on the track above or below the thumb pages up or down by a viewport. A press on the bar
/// never highlights or selects a card, and stops a smooth scroll as any press does.
extension CollectionView {
    /// The width of the strip at the viewport's right edge kept for the scroll bar; 0 hides the bar. The strip is
    /// reserved whether or not the content overflows, so the layout never changes when content starts or stops
    /// overflowing (no relayout flapping); the cards are laid out in `layoutWidth`. Set it with
    /// `setScrollBarWidth(_:)` or in `init`.
    public internal(set) var scrollBarWidth: Double {
        get { scrollBarAppearance.width }
        set { scrollBarAppearance.width = newValue }
    }
    /// The shortest the scroll bar's thumb gets, however long the content.
    public var minimumThumbLength: Double {
        get { scrollBarAppearance.minimumThumbLength }
        set { scrollBarAppearance.minimumThumbLength = newValue }
    }
    /// The scroll bar's track colour.
    public var scrollBarTrackColor: Color {
        get { scrollBarAppearance.trackColor }
        set { scrollBarAppearance.trackColor = newValue }
    }
    /// The scroll bar's thumb colour.
    public var scrollBarThumbColor: Color {
        get { scrollBarAppearance.thumbColor }
        set { scrollBarAppearance.thumbColor = newValue }
    }
    /// The thumb's colour while it is dragged.
    public var scrollBarDraggedThumbColor: Color {
        get { scrollBarAppearance.draggedThumbColor }
        set { scrollBarAppearance.draggedThumbColor = newValue }
    }
}

extension CollectionView {
    /// The bar's geometry now, in view coordinates (a track without area when `scrollBarWidth` is 0).
    public var scrollBar: ScrollBar {
        ScrollBar(
            viewportSize: viewportSize, contentHeight: layout.contentSize.height, offset: scroll.offset,
            width: scrollBarWidth, minimumThumbLength: minimumThumbLength)
    }

    /// Whether the scroll bar's thumb is being dragged.
    public var isDraggingScrollBar: Bool {
        if case .scrollBar(grab: .some) = press { return true }
        return false
    }

    /// Changes the width kept for the scroll bar (0 hides it) and lays the cards out again in the new width,
    /// keeping the item at the top of the viewport in place.
    /// - Throws: `LayoutError` from the relayout.
    public func setScrollBarWidth(_ width: Double) throws {
        let width = Self.validScrollBarWidth(width)
        guard width != scrollBarWidth else { return }
        let anchor = viewportAnchor()
        scrollBarWidth = width
        damage.needsFullDisplay = true
        guard viewportSize != .zero else { return }
        try relayout(keeping: anchor)
    }

    /// `width` when it is a finite number of 0 or more, else 0.
    static func validScrollBarWidth(_ width: Double) -> Double {
        width.isFinite ? max(0, width) : 0
    }

    /// The first step of `pointerDown(at:)`: stops a smooth scroll, then handles a press on the bar. Returns whether
    /// the press was on the bar (and so is not a press on the cards).
    func scrollBarPointerDown(at point: Point) -> Bool {
        stopScrollAnimation()
        let bar = scrollBar
        guard let part = bar.part(at: point) else { return false }
        cancelPress()
        press = .scrollBar(grab: part == .thumb ? point.y - (bar.thumb?.minY ?? 0) : nil)
        switch part {
        case .trackAbove: scrollPages(-1)
        case .trackBelow: scrollPages(1)
        case .thumb, .track: break
        }
        return true
    }

    /// The first step of `pointerMoved(to:)`: while the thumb is dragged, scrolls so that the thumb's top is the
    /// pointer's y less the grab point, clamped to the track. Returns whether the bar took the move.
    func scrollBarPointerMoved(to point: Point) -> Bool {
        guard case .scrollBar(let grab) = press else { return false }
        if let grab {
            let target = scrollBar.offset(forThumbTop: point.y - grab)
            applyScroll { $0.scroll(to: target) }
        }
        return true
    }

    /// The first step of `pointerUp(at:)`: ends a press on the bar (a drag keeps the offset it reached). Returns
    /// whether the press was the bar's.
    func scrollBarPointerUp(at point: Point) -> Bool {
        guard case .scrollBar = press else { return false }
        press = .none
        return true
    }

    /// What the bar looks like: its geometry and colours, so that drawing can tell when it must draw it again.
    var scrollBarLook: ScrollBarLook {
        ScrollBarLook(
            bar: scrollBar, track: scrollBarTrackColor,
            thumb: isDraggingScrollBar ? scrollBarDraggedThumbColor : scrollBarThumbColor)
    }

    /// Draws the bar with the viewport's top-left corner at `origin`: the track, then the thumb inset by 2 px on
    /// each side (a quarter of the width on a bar narrower than 8 px).
    func drawScrollBar(_ look: ScrollBarLook, in canvas: Canvas, at origin: Point) {
        guard look.bar.track.width > 0, look.bar.track.height > 0 else { return }
        canvas.fill(look.bar.track.offsetBy(dx: origin.x, dy: origin.y), color: look.track)
        guard let thumb = look.bar.thumb else { return }
        let inset = min(2, thumb.width / 4)
        canvas.fill(thumb.offsetBy(dx: origin.x, dy: origin.y).insetBy(dx: inset, dy: 0), color: look.thumb)
    }
}

/// The scroll bar as drawn: its geometry and its colours.
struct ScrollBarLook: Hashable {
    var bar: ScrollBar
    var track: Color
    var thumb: Color
}
