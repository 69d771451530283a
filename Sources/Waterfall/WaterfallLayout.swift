/// Places items of varying height into equal-width columns, each item into the shortest column
/// (the leftmost of equally short ones), as PSCollectionView and CHTCollectionViewWaterfallLayout do.
///
/// The frames live in flat arrays, one entry per item (column, y, height), and each column keeps its
/// items' indices sorted by y, so that the items in a rect are found by a binary search per column.
///
/// ```
/// columnWidth = (width - insets.left - insets.right - (columns - 1) * columnSpacing) / columns
/// x(column)   = insets.left + column * (columnWidth + columnSpacing)
/// y(item)     = insets.top for a column's first item, else that column's bottom + rowSpacing
/// ```
public final class WaterfallLayout {
    /// The largest column count a layout accepts.
    public static let maximumColumnCount = 64

    /// How many columns the items are placed in. Changing it invalidates the layout.
    public var columnCount: Int { didSet { invalidateLayout() } }
    /// The horizontal gap between neighbouring columns. Changing it invalidates the layout.
    public var columnSpacing: Double { didSet { invalidateLayout() } }
    /// The vertical gap between neighbouring items of a column. Changing it invalidates the layout.
    public var rowSpacing: Double { didSet { invalidateLayout() } }
    /// The space around the columns. Changing it invalidates the layout.
    public var insets: EdgeInsets { didSet { invalidateLayout() } }

    /// The width the layout was last prepared for.
    public private(set) var width: Double = 0
    /// The width of every column, never negative.
    public private(set) var columnWidth: Double = 0
    /// The size of all the content: the prepared width and the tallest column's bottom plus the bottom inset.
    public private(set) var contentSize: Size = .zero
    /// Whether the frames match the current settings; `prepare` recomputes them when not.
    public private(set) var isValid = false

    // Flat per-item storage: item i is in column itemColumn[i], from itemY[i] to itemY[i] + itemHeight[i].
    private(set) var itemColumn: [UInt16] = []
    private(set) var itemY: [Double] = []
    private(set) var itemHeight: [Double] = []
    // The indices of each column's items, in increasing y.
    private(set) var columnItems: [[Int32]] = []

    /// Creates a layout; nothing is computed until `prepare`.
    public init(columnCount: Int = 3, columnSpacing: Double = 8, rowSpacing: Double = 8, insets: EdgeInsets = EdgeInsets(all: 8)) {
        self.columnCount = columnCount
        self.columnSpacing = columnSpacing
        self.rowSpacing = rowSpacing
        self.insets = insets
    }

    /// The number of items laid out.
    public var numberOfItems: Int { itemY.count }

    /// Marks the frames stale, as `UICollectionViewLayout.invalidateLayout()`; the next `prepare` recomputes them.
    public func invalidateLayout() {
        isValid = false
    }

    /// Whether a change of the view's bounds to `newBounds` needs a new layout: only a change of width does.
    /// Scrolling and height changes never relayout.
    public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        newBounds.width != width
    }

    /// Computes every item's frame for `width`.
    ///
    /// - Parameters:
    ///   - width: the width of the view the columns fill.
    ///   - itemCount: how many items there are.
    ///   - height: item `index`'s height at `columnWidth`; `nil` means a square (the column width).
    /// - Throws: `LayoutError` for an invalid column count, spacing, inset, item count or height. The layout is
    ///   left empty and invalid after an error, never half computed.
    /// - Complexity: O(n × columns) for n items.
    public func prepare(width: Double, itemCount: Int, height: (_ index: Int, _ columnWidth: Double) throws -> Double?) throws {
        do {
            try validate(width: width, itemCount: itemCount)
            self.width = width
            let columns = columnCount
            let available = width - insets.left - insets.right - Double(columns - 1) * columnSpacing
            columnWidth = max(0, available / Double(columns))

            removeAllItems(keepingCapacity: true)
            columnItems = Array(repeating: [], count: columns)
            itemColumn.reserveCapacity(itemCount)
            itemY.reserveCapacity(itemCount)
            itemHeight.reserveCapacity(itemCount)
            var bottoms = [Double](repeating: insets.top, count: columns)
            var isEmpty = [Bool](repeating: true, count: columns)

            for index in 0..<itemCount {
                let itemHeight = try height(index, columnWidth) ?? columnWidth
                guard itemHeight.isFinite, itemHeight >= 0 else {
                    throw LayoutError.invalidHeight(index: index, height: itemHeight)
                }
                var column = 0
                for candidate in 1..<columns where bottoms[candidate] < bottoms[column] {
                    column = candidate
                }
                let y = isEmpty[column] ? insets.top : bottoms[column] + rowSpacing
                isEmpty[column] = false
                bottoms[column] = y + itemHeight
                itemColumn.append(UInt16(column))
                itemY.append(y)
                self.itemHeight.append(itemHeight)
                columnItems[column].append(Int32(index))
            }
            let tallest = bottoms.max() ?? insets.top
            contentSize = Size(width: width, height: tallest + insets.bottom)
            isValid = true
        } catch {
            removeAllItems(keepingCapacity: false)
            contentSize = Size(width: width, height: insets.top + insets.bottom)
            isValid = false
            throw error
        }
    }

    private func validate(width: Double, itemCount: Int) throws {
        guard (1...Self.maximumColumnCount).contains(columnCount) else {
            throw LayoutError.invalidColumnCount(columnCount)
        }
        guard itemCount >= 0 else { throw LayoutError.invalidItemCount(itemCount) }
        let metrics: [(String, Double)] = [
            ("width", width), ("column spacing", columnSpacing), ("row spacing", rowSpacing),
            ("top inset", insets.top), ("left inset", insets.left),
            ("bottom inset", insets.bottom), ("right inset", insets.right),
        ]
        for (name, value) in metrics where !(value.isFinite && value >= 0) {
            throw LayoutError.invalidMetric(name: name, value: value)
        }
    }

    private func removeAllItems(keepingCapacity: Bool) {
        itemColumn.removeAll(keepingCapacity: keepingCapacity)
        itemY.removeAll(keepingCapacity: keepingCapacity)
        itemHeight.removeAll(keepingCapacity: keepingCapacity)
        columnItems = []
    }

    /// The x coordinate of `column`'s left edge.
    public func minX(ofColumn column: Int) -> Double {
        insets.left + Double(column) * (columnWidth + columnSpacing)
    }
}
