extension CollectionView {
    /// Draws the viewport with its top-left corner at `origin` in the canvas, drawing only what changed since
    /// the last call: after a scroll by whole pixels, the pixels still in view are moved with `copyRect` and
    /// only the strip that came into view is drawn; cells marked with `setNeedsDisplay(forItem:)` are drawn
    /// again. The first call, and any after `setNeedsDisplay()`, a relayout, a new size or origin, draws it all.
    /// Each changed area is drawn clipped: the background, then the cells that intersect it.
    public func draw(in canvas: Canvas, at origin: Point = .zero) {
        let viewport = Rect(origin: origin, size: viewportSize)
        let placeholder = placeholderView
        for area in damagedAreas(in: viewport, canvas: canvas) {
            canvas.setClip(area)
            canvas.fill(area, color: backgroundColor)
            drawCells(in: area, viewportOrigin: origin, canvas: canvas)
            placeholder?.draw(in: canvas, frame: viewport)
        }
        canvas.setClip(nil)
        lastDrawn = (origin, viewportSize, scroll.offset)
        needsFullDisplay = false
        damagedContentRects.removeAll(keepingCapacity: true)
    }

    /// The view that stands in for the items when there are none: the loading view while the data source is
    /// loading, else the empty view.
    public var placeholderView: CollectionViewCell? {
        guard numberOfItems == 0 else { return nil }
        if let loadingView, dataSource?.collectionViewIsLoading(self) ?? false { return loadingView }
        return emptyView
    }

    /// Marks the whole viewport as needing to be drawn again (after the canvas lost its pixels, for example).
    public func setNeedsDisplay() {
        needsFullDisplay = true
    }

    /// Marks item `index`'s frame as needing to be drawn again (after its cell's look changed).
    public func setNeedsDisplay(forItem index: Int) {
        guard let frame = layout.layoutAttributesForItem(at: index)?.frame else { return }
        damagedContentRects.append(frame)
    }

    /// The areas, in canvas coordinates, that the next frame must draw; moves the pixels of a scroll first.
    private func damagedAreas(in viewport: Rect, canvas: Canvas) -> [Rect] {
        guard let last = lastDrawn, !needsFullDisplay, last.origin == viewport.origin, last.size == viewport.size else {
            return [viewport]
        }
        var areas: [Rect] = []
        let dy = scroll.offset - last.offset
        if dy != 0 {
            guard dy == dy.rounded(), abs(dy) < viewport.height else { return [viewport] }
            if dy > 0 {  // content moved up: keep the lower part, draw the strip at the bottom
                canvas.copyRect(Rect(x: viewport.minX, y: viewport.minY + dy, width: viewport.width, height: viewport.height - dy),
                                to: viewport.origin)
                areas.append(Rect(x: viewport.minX, y: viewport.maxY - dy, width: viewport.width, height: dy))
            } else {
                canvas.copyRect(Rect(x: viewport.minX, y: viewport.minY, width: viewport.width, height: viewport.height + dy),
                                to: Point(x: viewport.minX, y: viewport.minY - dy))
                areas.append(Rect(x: viewport.minX, y: viewport.minY, width: viewport.width, height: -dy))
            }
        }
        for frame in damagedContentRects {
            let onCanvas = frame.offsetBy(dx: viewport.minX, dy: viewport.minY - scroll.offset)
            if let area = onCanvas.intersection(viewport) { areas.append(area) }
        }
        return areas
    }

    private func drawCells(in area: Rect, viewportOrigin origin: Point, canvas: Canvas) {
        let contentArea = area.offsetBy(dx: -origin.x, dy: scroll.offset - origin.y)
        for index in visibleCells.keys.sorted() {
            guard let cell = visibleCells[index], cell.frame.intersects(contentArea) else { continue }
            cell.draw(in: canvas, frame: cell.frame.offsetBy(dx: origin.x, dy: origin.y - scroll.offset))
        }
    }
}
