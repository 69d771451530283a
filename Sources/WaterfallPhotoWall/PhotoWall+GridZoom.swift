import Waterfall
import WaterfallLibrary

/// The grid zoom: larger or smaller cards a column at a time, as photo browsers size their thumbnails. The column
/// width becomes the wall's column policy (`ColumnPolicy.fitting(columnWidth:)`), so that it holds when the window
/// is resized; a program remembers it through `zoomedCardWidth`.
extension PhotoWall {
    /// The narrowest cards zooming out makes, in points.
    public static let minimumCardWidth = 160.0

    /// The card width the grid was zoomed to (or given as the column policy), in points; `nil` while the column
    /// counts of the policy decide.
    public var zoomedCardWidth: Double? { collectionView.columnPolicy.minimumColumnWidth }

    /// Zooms the grid by `steps`: each makes the cards larger by a column fewer (positive) or smaller by a column
    /// more (negative), from one column to cards `minimumCardWidth` wide; beyond either end nothing changes. The
    /// point under `point` (the pointer's, in view coordinates) stays under it; without one, the focused card stays
    /// in place. The new columns are laid out at once (a `layout` event) and drawn in that turn's frame, each card
    /// from its old picture scaled by the server; its kept thumbnail, scaled off the window's thread, follows in a
    /// moment, or its photo decoded at the new width when the card grew by more than 10 %.
    /// - Throws: `LayoutError` from the relayout.
    public func zoomGrid(by steps: Int, at point: Point? = nil) throws {
        let view = collectionView
        guard let target = gridZoomTarget(by: steps) else { return }
        let policy = ColumnPolicy.fitting(columnWidth: gridZoomRange.columnWidth(target))
        // The step's frame comes at a scroll's speed: the kept thumbnails are scaled off the window's thread, and
        // that and the new decodes start in the turn after the frame.
        pictures?.scalesInBackground = true
        pictures?.noteInteraction()
        pictures?.holdScalingUntilTheFrame()
        gridZoom.isHoldingPictureWork = true
        window?.performAfterNextFrame { [weak self] in
            guard let self else { return }
            gridZoom.isHoldingPictureWork = false
            pictures?.scalesInBackground = true
            requestPictures()
            pictures?.scalesInBackground = false
        }
        defer { pictures?.scalesInBackground = false }
        // The steps of one zoom with the pointer still keep the photo it began on at the pointer's height, wherever
        // its column goes.
        if let point, let last = gridZoom.lastGridZoom, last.point == point, view.frameOfItem(last.item) != nil {
            try view.setColumnPolicy(policy, keepingItem: last.item, atY: point.y)
        } else {
            gridZoom.lastGridZoom = try view.setColumnPolicy(policy, keepingPointAt: point).flatMap { item in
                point.map { (item, $0) }
            }
        }
        drawStandInsCrisplyForAMoment()
    }

    /// How long after a zoom step the cards still drawn from a picture made for another width are drawn again
    /// smooth: long enough that a spun wheel's steps come first, and most cards have their own picture by then.
    static let standInPolishDelay = 0.05

    /// The step's frame scales the cards' old pictures with nearest neighbour, which the server does in about half
    /// the time of bilinear; the cards still showing one are drawn smooth once the steps pause (eog's polishing).
    private func drawStandInsCrisplyForAMoment() {
        guard let window else { return }
        for case let card as PhotoCardCell in collectionView.visibleCells.values { card.standInScaling = .nearest }
        if let polish = gridZoom.standInPolish { window.cancel(polish) }
        gridZoom.standInPolish = window.schedule(after: Self.standInPolishDelay) { [weak self] in
            guard let self else { return }
            gridZoom.standInPolish = nil
            for case (let path, let card as PhotoCardCell) in collectionView.visibleCells
            where card.standInScaling == .nearest {
                card.standInScaling = .smooth
                guard let picture = card.picture, let frame = collectionView.frameOfItem(path),
                    picture.width != pictures?.deviceWidth(of: frame)
                else { continue }
                collectionView.setNeedsDisplay(forItem: path)
            }
        }
    }

    /// Whether `zoomGrid(by: steps)` would change the columns: false at one column for a zoom in, and for a zoom out
    /// when one more column would make cards narrower than `minimumCardWidth`.
    public func canZoomGrid(by steps: Int) -> Bool { gridZoomTarget(by: steps) != nil }

    /// The column count `steps` zoom steps go to, or `nil` when they change nothing.
    private func gridZoomTarget(by steps: Int) -> Int? {
        let zoom = gridZoomRange
        let current = collectionView.layout.columnCount
        let target = steps > 0 ? max(1, current - steps) : min(zoom.mostColumns, current - steps)
        guard target != current, zoom.available > 0, steps != 0, (steps > 0) == (target < current) else { return nil }
        return target
    }

    /// The width the columns share and the most columns a zoom goes to (cards `minimumCardWidth` wide, at least 1),
    /// with a count's column width.
    private var gridZoomRange: (available: Double, mostColumns: Int, columnWidth: (Int) -> Double) {
        let layout = collectionView.layout
        let available = collectionView.layoutWidth - layout.insets.left - layout.insets.right
        let spacing = layout.columnSpacing
        let columnWidth = { (count: Int) in (available - Double(count - 1) * spacing) / Double(count) }
        let most = (1...WaterfallLayout.maximumColumnCount).last { columnWidth($0) >= Self.minimumCardWidth } ?? 1
        return (available, most, columnWidth)
    }

    /// The most cards a wall lays out ahead for (`ColumnsAhead`): beyond, a step lays out in its turn rather than
    /// keep two more layouts of every card (18 bytes a card each).
    static let mostCardsLaidOutAhead = 500_000

    /// Starts laying out the columns of the next zoom step either way (`ColumnsAhead`), once the walk has ended and
    /// the window has drawn what the layout just changed: after each step, and after the folders' changes.
    func layOutColumnsAhead() {
        guard isWalkDone, window != nil, items.count <= Self.mostCardsLaidOutAhead else {
            return gridZoom.columnsAhead.cancel()
        }
        let layout = collectionView.layout
        let current = layout.columnCount
        let counts = [current - 1, current + 1].filter { (1...gridZoomRange.mostColumns).contains($0) }
        guard gridZoomRange.available > 0, !counts.isEmpty else { return gridZoom.columnsAhead.cancel() }
        gridZoom.columnsAhead.start(
            ColumnsAhead.Request(
                aspects: items.sections.map(\.aspects), metrics: configuration.cardMetrics,
                width: collectionView.layoutWidth,
                columnCounts: counts, columnSpacing: layout.columnSpacing, rowSpacing: layout.rowSpacing,
                sideInsets: EdgeInsets(top: 0, left: layout.insets.left, bottom: 0, right: layout.insets.right),
                placement: layout.placement))
    }
}
