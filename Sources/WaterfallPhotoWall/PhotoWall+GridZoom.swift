import Waterfall

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
        let insets = view.layout.insets
        let available = view.layoutWidth - insets.left - insets.right
        let spacing = view.layout.columnSpacing
        let columnWidth = { (count: Int) in (available - Double(count - 1) * spacing) / Double(count) }
        let current = view.layout.columnCount
        let most = (1...WaterfallLayout.maximumColumnCount).last { columnWidth($0) >= Self.minimumCardWidth } ?? 1
        let target = steps > 0 ? max(1, current - steps) : min(max(most, 1), current - steps)
        guard target != current, available > 0, steps != 0, (steps > 0) == (target < current) else { return }
        let policy = ColumnPolicy.fitting(columnWidth: columnWidth(target))
        // The step's frame comes at a scroll's speed: the kept thumbnails are scaled off the window's thread, and
        // that and the new decodes start in the turn after the frame.
        pictures?.scalesInBackground = true
        pictures?.noteInteraction()
        pictures?.holdScalingUntilTheFrame()
        isHoldingPictureWork = true
        window?.performAfterNextFrame { [weak self] in
            guard let self else { return }
            isHoldingPictureWork = false
            pictures?.scalesInBackground = true
            requestPictures()
            pictures?.scalesInBackground = false
        }
        defer { pictures?.scalesInBackground = false }
        // The steps of one zoom with the pointer still keep the photo it began on at the pointer's height, wherever
        // its column goes.
        if let point, let last = lastGridZoom, last.point == point, view.frameOfItem(last.item) != nil {
            try view.setColumnPolicy(policy, keepingItem: last.item, atY: point.y)
        } else {
            lastGridZoom = try view.setColumnPolicy(policy, keepingPointAt: point).flatMap { item in point.map { (item, $0) } }
        }
    }
}
