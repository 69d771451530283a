import Waterfall

/// One heap object per item, as the seeds' `NSValue`/`NSString` frame storage keeps.
public final class ItemBox {
    public let index: Int
    public let frame: Rect

    public init(index: Int, frame: Rect) {
        self.index = index
        self.frame = frame
    }
}

/// Baseline 3: a layout that keeps one class instance per item (index + frame), placed with the same
/// shortest-column rule, queried by testing every item (the seeds' per-scroll loop).
///
/// The seeds box frames in `NSString`/`NSValue` objects inside a dictionary keyed by index strings; an array of
/// small Swift objects is cheaper than that, so ratios against this baseline understate the difference.
public final class ObjectLayout: BaselineLayout {
    public private(set) var items: [ItemBox] = []
    public private(set) var contentHeight: Double = 0

    public init() {}

    /// Lays out `itemCount` items from scratch.
    public func prepare(metrics: ColumnMetrics, itemCount: Int, height: (Int, Double) -> Double) {
        items = []
        let columnWidth = metrics.columnWidth
        var offsets = [Double](repeating: metrics.insets.top, count: metrics.columnCount)
        for index in 0..<itemCount {
            let column = shortestColumn(offsets)
            let shortest = offsets[column]
            let itemHeight = height(index, columnWidth)
            let frame = Rect(
                x: metrics.minX(ofColumn: column, columnWidth: columnWidth), y: shortest, width: columnWidth,
                height: itemHeight)
            items.append(ItemBox(index: index, frame: frame))
            offsets[column] = shortest + itemHeight + metrics.rowSpacing
        }
        let tallest = offsets.max() ?? metrics.insets.top
        contentHeight = (itemCount == 0 ? tallest : tallest - metrics.rowSpacing) + metrics.insets.bottom
    }

    public var numberOfItems: Int { items.count }

    public func frame(ofItem index: Int) -> Rect { items[index].frame }

    /// Tests every item's frame: O(n) per query, one pointer dereference per item.
    public func forEachItem(in rect: Rect, _ body: (Int) -> Void) {
        for item in items where item.frame.intersects(rect) {
            body(item.index)
        }
    }
}
