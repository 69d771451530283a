import Waterfall

/// Baseline 2, CHTCollectionViewWaterfallLayout's storage and query: every item's attributes in one array
/// (`allItemAttributes`), and one union rect per 20 consecutive items (`unionRects`, `unionSize = 20`).
/// A query scans the union rects linearly from the front for the first that intersects and from the back for
/// the last, then tests every item between.
///
/// CHT keeps `UICollectionViewLayoutAttributes` objects and `NSValue`-boxed union rects; here they are
/// value types in arrays, which is cheaper than the original, so ratios against this baseline understate
/// the difference. Placement is CHT's: the item goes to the shortest `columnHeights` entry, which then becomes
/// the item's bottom plus the spacing; `prepareLayout` rebuilds everything on any invalidation.
public final class CHTLayout: BaselineLayout {
    public static let unionSize = 20

    public private(set) var allItemAttributes: [LayoutAttributes] = []
    public private(set) var unionRects: [Rect] = []
    public private(set) var contentHeight: Double = 0
    private var columnHeights: [Double] = []

    public init() {}

    /// CHT's `prepareLayout`: drops everything and lays out `itemCount` items, then builds the union rects.
    public func prepare(metrics: ColumnMetrics, itemCount: Int, height: (Int, Double) -> Double) {
        allItemAttributes.removeAll()
        unionRects.removeAll()
        let columnWidth = metrics.columnWidth
        columnHeights = [Double](repeating: metrics.insets.top, count: metrics.columnCount)
        for index in 0..<itemCount {
            // shortestColumnIndexInSection, with ties within the tolerance going to the leftmost
            let column = shortestColumn(columnHeights)
            let frame = Rect(
                x: metrics.minX(ofColumn: column, columnWidth: columnWidth), y: columnHeights[column],
                width: columnWidth, height: height(index, columnWidth))
            allItemAttributes.append(LayoutAttributes(index: index, column: column, frame: frame))
            columnHeights[column] = frame.maxY + metrics.rowSpacing
        }
        let tallest = columnHeights.max() ?? metrics.insets.top
        contentHeight = (itemCount == 0 ? tallest : tallest - metrics.rowSpacing) + metrics.insets.bottom

        // Build union rects
        var index = 0
        let itemCounts = allItemAttributes.count
        while index < itemCounts {
            var unionRect = allItemAttributes[index].frame
            let rectEndIndex = Swift.min(index + Self.unionSize, itemCounts)
            for i in (index + 1)..<rectEndIndex {
                unionRect = union(unionRect, allItemAttributes[i].frame)
            }
            index = rectEndIndex
            unionRects.append(unionRect)
        }
    }

    public var numberOfItems: Int { allItemAttributes.count }

    public func frame(ofItem index: Int) -> Rect { allItemAttributes[index].frame }

    /// CHT's `layoutAttributesForElementsInRect:`, visiting the indices instead of collecting the attributes
    /// (which favours the baseline).
    public func forEachItem(in rect: Rect, _ body: (Int) -> Void) {
        var begin = 0
        var end = unionRects.count
        for i in unionRects.indices where rect.intersects(unionRects[i]) {
            begin = i * Self.unionSize
            break
        }
        for i in unionRects.indices.reversed() where rect.intersects(unionRects[i]) {
            end = Swift.min((i + 1) * Self.unionSize, allItemAttributes.count)
            break
        }
        for i in begin..<end where rect.intersects(allItemAttributes[i].frame) {
            body(i)
        }
    }
}
