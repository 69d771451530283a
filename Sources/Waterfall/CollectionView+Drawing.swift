extension CollectionView {
    /// Draws the viewport with its top-left corner at `origin` in the canvas, drawing only what changed since
    /// the last call: after a scroll by whole pixels (of the canvas: see `Canvas.pixelScale`), the pixels still in
    /// view are moved with `copyRect` and only the strip that came into view is drawn; cells marked with
    /// `setNeedsDisplay(forItem:)` are drawn again. The first call, and any after `setNeedsDisplay()`, a relayout, a new size or origin, draws it all.
    /// Each changed area is drawn clipped: the background, the pull-to-refresh strip, the headers, cells and
    /// footers that intersect it, the load-more footer, and the empty or loading view over them. The scroll bar's
    /// strip is never moved with the cards: the bar is drawn again, unclipped, whenever it changed (its thumb moved
    /// or resized, its colours changed) or the whole viewport was drawn. While the thumb is dragged, the scrubber
    /// label is drawn over the cards beside it (CollectionView+ScrubberLabel.swift).
    public func draw(in canvas: Canvas, at origin: Point = .zero) {
        let viewport = Rect(origin: origin, size: viewportSize)
        let toCanvas = { (frame: Rect) in self.canvasFrame(frame, viewportOrigin: origin) }
        let placeholder = placeholderView.map { ($0, toCanvas(placeholderFrame)) }
        let pullStrip =
            pullDistance > 0 ? toCanvas(Rect(x: 0, y: -pullDistance, width: layoutWidth, height: pullDistance)) : nil
        let footerFrame = layout.layoutAttributesForSupplementaryElement(ofKind: .loadMoreFooter, inSection: 0)?.frame
        if let footerFrame { loadMoreFooterView.frame = footerFrame }
        let loadMoreFooter = footerFrame.map(toCanvas)
        let scrubberLabel = scrubberLabelContent
        let scrubberLabelChanged = damageScrubberLabel(showing: scrubberLabel)
        let (areas, isFull) = damagedAreas(in: viewport, canvas: canvas)
        for area in areas {
            canvas.setClip(area)
            fillBackground(of: area, viewportOrigin: origin, canvas: canvas)
            if let pullStrip, pullStrip.intersects(area) { refreshView.draw(in: canvas, frame: pullStrip) }
            drawViews(in: area, viewportOrigin: origin, canvas: canvas)
            if let loadMoreFooter, loadMoreFooter.intersects(area) {
                loadMoreFooterView.draw(in: canvas, frame: loadMoreFooter)
            }
            if let (view, frame) = placeholder, frame.intersects(area) {
                canvas.fill(frame, color: backgroundColor)
                view.draw(in: canvas, frame: frame)
            }
        }
        canvas.setClip(nil)
        drawScrubberLabel(
            scrubberLabel, changed: scrubberLabelChanged, drawnAreas: areas, isFull: isFull, in: canvas, at: origin)
        let bar = scrollBarLook
        if isFull || bar != damage.lastScrollBar { drawScrollBar(bar, in: canvas, at: origin) }
        damage.lastScrollBar = bar
        damage.lastDrawn = (origin, viewportSize, drawnOffset)
        damage.needsFullDisplay = false
        damage.contentRects.removeAll(keepingCapacity: true)
    }

    /// The view that stands in for the items when there are none: the loading view while the data source is
    /// loading (or the first load of more items is pending), else the empty view; none after a failed load,
    /// whose footer shows the error instead.
    public var placeholderView: CollectionViewCell? {
        guard numberOfItems == 0 else { return nil }
        // While loading, the loading view or nothing (then the load-more footer says it): never "empty".
        if loadMoreState == .loading || (dataSource?.collectionViewIsLoading(self) ?? false) { return loadingView }
        if case .failed = loadMoreState { return nil }
        return emptyView
    }

    /// Where the empty or loading view goes, in content coordinates: below the first section's header (when it
    /// has one), down to the viewport's bottom.
    public var placeholderFrame: Rect {
        let top = layout.sections.first?.headerFrame.map { $0.maxY + layout.sections[0].rowSpacing } ?? 0
        return Rect(x: 0, y: top, width: layoutWidth, height: max(0, viewportSize.height + scroll.offset - top))
    }

    /// Marks the whole viewport as needing to be drawn again (after the canvas lost its pixels, for example).
    public func setNeedsDisplay() {
        damage.needsFullDisplay = true
    }

    /// Whether the next `draw` would draw anything: the view was never drawn or must be drawn whole, it scrolled,
    /// an element or the scroll bar changed. Lets the platform skip a frame that would show nothing new.
    public var needsDisplay: Bool {
        damage.needsFullDisplay || damage.lastDrawn?.offset != drawnOffset || damage.lastDrawn?.size != viewportSize
            || !damage.contentRects.isEmpty || scrollBarLook != damage.lastScrollBar
            || scrubberLabelContent != damage.lastScrubberLabel?.content
    }

    /// Marks the frame of the item at `indexPath` as needing to be drawn again (after its cell's look changed).
    public func setNeedsDisplay(forItem indexPath: ItemPath) {
        setNeedsDisplay(for: .cell(indexPath))
    }

    /// Marks the focus ring around the item at `indexPath` (and the item) as needing to be drawn again.
    func setNeedsDisplay(forFocusRingOf indexPath: ItemPath) {
        guard let frame = layout.layoutAttributesForItem(at: indexPath)?.frame else { return }
        damage.contentRects.append(Self.focusRing(around: frame))
    }

    /// How far the focus ring lies outside the focused item's frame, and how wide it is: it sits in the spacing.
    static let focusRingOutset = 4.0
    static let focusRingWidth = 2.0

    /// The outer edge of the focus ring around an item's `frame`.
    static func focusRing(around frame: Rect) -> Rect {
        frame.insetBy(dx: -focusRingOutset, dy: -focusRingOutset)
    }

    /// Marks element `id`'s frame as needing to be drawn again (after its view's look changed).
    public func setNeedsDisplay(for id: ElementID) {
        guard let frame = layout.layoutAttributes(for: id)?.frame else { return }
        damage.contentRects.append(frame)
    }

    /// The areas, in canvas coordinates, that the next frame must draw, and whether that is the whole viewport;
    /// moves the pixels of a scroll first, in the cards' area only (left of the scroll bar's strip).
    private func damagedAreas(in viewport: Rect, canvas: Canvas) -> (areas: [Rect], isFull: Bool) {
        guard let last = damage.lastDrawn, !damage.needsFullDisplay, last.origin == viewport.origin,
            last.size == viewport.size
        else {
            return ([viewport], true)
        }
        let cards = Rect(origin: viewport.origin, size: Size(width: layoutWidth, height: viewport.height))
        var areas: [Rect] = []
        let dy = drawnOffset - last.offset
        if dy != 0 {
            // Pixels move by whole pixels only: by a fraction of one (at a scale such as 1.5), draw it all.
            let pixels = dy * canvas.pixelScale
            guard pixels == pixels.rounded(), abs(dy) < viewport.height else { return ([viewport], true) }
            if dy > 0 {  // content moved up: keep the lower part, draw the strip at the bottom
                canvas.copyRect(
                    Rect(x: cards.minX, y: cards.minY + dy, width: cards.width, height: cards.height - dy),
                    to: cards.origin)
                areas.append(Rect(x: cards.minX, y: cards.maxY - dy, width: cards.width, height: dy))
            } else {
                canvas.copyRect(
                    Rect(x: cards.minX, y: cards.minY, width: cards.width, height: cards.height + dy),
                    to: Point(x: cards.minX, y: cards.minY - dy))
                areas.append(Rect(x: cards.minX, y: cards.minY, width: cards.width, height: -dy))
            }
        }
        for frame in damage.contentRects {
            let onCanvas = frame.offsetBy(dx: viewport.minX, dy: viewport.minY - drawnOffset)
            if let area = onCanvas.intersection(cards) { areas.append(area) }
        }
        return (areas, false)
    }

    /// `frame` (content coordinates) where it is drawn on a canvas whose viewport's top-left corner is at `origin`.
    private func canvasFrame(_ frame: Rect, viewportOrigin origin: Point) -> Rect {
        frame.offsetBy(dx: origin.x, dy: origin.y - drawnOffset)
    }

    /// Fills `area` (canvas coordinates) with the background colour, except where an opaque view will cover it.
    private func fillBackground(of area: Rect, viewportOrigin origin: Point, canvas: Canvas) {
        let opaque =
            visibleCells.values.lazy.filter(\.isOpaque).map(\.frame)
            + visibleSupplementaryViews.values.lazy.filter(\.isOpaque).map(\.frame)
        for rect in area.subtracting(opaque.map { canvasFrame($0, viewportOrigin: origin) }) {
            canvas.fill(rect, color: backgroundColor)
        }
    }

    /// Draws the headers, cells and footers that intersect `area` (canvas coordinates), in layout order, and the
    /// focus ring over them.
    private func drawViews(in area: Rect, viewportOrigin origin: Point, canvas: Canvas) {
        let contentArea = area.offsetBy(dx: -origin.x, dy: drawnOffset - origin.y)
        let toCanvas = { (frame: Rect) in self.canvasFrame(frame, viewportOrigin: origin) }
        for (_, view) in visibleSupplementaryViews.sorted(by: { $0.value.frame.minY < $1.value.frame.minY })
        where view.frame.intersects(contentArea) {
            view.draw(in: canvas, frame: toCanvas(view.frame))
        }
        for indexPath in visibleCells.keys.sorted() {
            guard let cell = visibleCells[indexPath], cell.frame.intersects(contentArea) else { continue }
            cell.draw(in: canvas, frame: toCanvas(cell.frame))
        }
        if isFocusVisible, let focusedItem, let frame = visibleCells[focusedItem]?.frame,
            Self.focusRing(around: frame).intersects(contentArea)
        {
            canvas.stroke(
                toCanvas(Self.focusRing(around: frame)), color: focusRingColor, lineWidth: Self.focusRingWidth)
        }
    }
}
