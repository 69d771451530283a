extension CollectionView {
    /// Draws the background and every cell that intersects the viewport, with the viewport's top-left corner
    /// at `origin` in the canvas, clipped to the viewport. Cells in the overscan only are not drawn.
    public func draw(in canvas: Canvas, at origin: Point = .zero) {
        let viewport = Rect(origin: origin, size: viewportSize)
        canvas.setClip(viewport)
        canvas.fill(viewport, color: backgroundColor)
        let visibleArea = visibleContentRect(overscan: 0)
        for index in visibleCells.keys.sorted() {
            guard let cell = visibleCells[index], cell.frame.intersects(visibleArea) else { continue }
            let frame = cell.frame.offsetBy(dx: origin.x, dy: origin.y - scroll.offset)
            cell.draw(in: canvas, frame: frame)
        }
        canvas.setClip(nil)
    }
}
