import Waterfall

/// Baseline 1, the seeds' per-scroll test (PSCollectionView's `removeAndAddCellsIfNecessary`): every item's
/// frame in one array, and a query that tests every frame against the viewport.
///
/// Placement is PSCollectionView's: each item goes to the shortest column (the leftmost of those within
/// `WaterfallLayout.tieTolerance`), at that column's offset, which then grows by the item's height and the row spacing.
public struct FrameArrayLayout: BaselineLayout {
    public private(set) var frames: [Rect] = []
    public private(set) var contentHeight: Double = 0

    /// Lays out `itemCount` items from scratch, as `reloadData` does.
    public init(metrics: ColumnMetrics, itemCount: Int, height: (Int, Double) -> Double) {
        let columnWidth = metrics.columnWidth
        var offsets = [Double](repeating: metrics.insets.top, count: metrics.columnCount)
        frames.reserveCapacity(itemCount)
        for index in 0..<itemCount {
            let column = shortestColumn(offsets)
            let shortest = offsets[column]
            let itemHeight = height(index, columnWidth)
            frames.append(
                Rect(
                    x: metrics.minX(ofColumn: column, columnWidth: columnWidth), y: shortest, width: columnWidth,
                    height: itemHeight))
            offsets[column] = shortest + itemHeight + metrics.rowSpacing
        }
        let tallest = offsets.max() ?? metrics.insets.top
        contentHeight = (itemCount == 0 ? tallest : tallest - metrics.rowSpacing) + metrics.insets.bottom
    }

    public var numberOfItems: Int { frames.count }

    public func frame(ofItem index: Int) -> Rect { frames[index] }

    /// Tests every frame: O(n) per query.
    public func forEachItem(in rect: Rect, _ body: (Int) -> Void) {
        for index in frames.indices where frames[index].intersects(rect) {
            body(index)
        }
    }
}
