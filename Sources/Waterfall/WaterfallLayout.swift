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
    /// The most items a layout holds: its column lists store indices as 32-bit integers.
    public static let maximumItemCount = Int(Int32.max)
    /// The largest height of an item, header or footer, and the largest spacing or inset: 2^20 px (1,048,576).
    /// A column of `maximumItemCount` such items and gaps stays below 2^53 px, where every whole pixel is exact,
    /// so no layout's content can grow to infinity (or lose its pixels) however large the heights a source gives.
    public static let maximumLength = 1_048_576.0

    /// How many columns the items are placed in. Changing it invalidates the layout.
    public var columnCount: Int { didSet { invalidateLayout() } }
    /// The horizontal gap between neighbouring columns. Changing it invalidates the layout.
    public var columnSpacing: Double { didSet { invalidateLayout() } }
    /// The vertical gap between neighbouring items of a column. Changing it invalidates the layout.
    public var rowSpacing: Double { didSet { invalidateLayout() } }
    /// The space around the columns. Changing it invalidates the layout.
    public var insets: EdgeInsets { didSet { invalidateLayout() } }
    /// Which column each item goes into. Changing it invalidates the layout.
    public var placement: ItemPlacement = .shortestColumn { didSet { invalidateLayout() } }

    /// The width the layout was last prepared for.
    public private(set) var width: Double = 0
    /// The width of every column, never negative.
    public private(set) var columnWidth: Double = 0
    /// The size of all the content: the prepared width and the tallest column's bottom plus the bottom inset.
    public internal(set) var contentSize: Size = .zero
    /// Whether the frames match the current settings; `prepare` recomputes them when not.
    public private(set) var isValid = false

    // Flat per-item storage: item i is in column itemColumn[i], from itemY[i] to itemY[i] + itemHeight[i].
    var itemColumn: [UInt16] = []
    var itemY: [Double] = []
    var itemHeight: [Double] = []
    // The column index (WaterfallLayout+ColumnIndex.swift): the indices of each column's items among
    // 0..<indexedCount, in increasing y, and the columns' bottoms and started columns (a bit each) below them.
    var columnItems: [[Int32]] = []
    var indexedCount = 0
    var indexedBottoms: [Double] = []
    var indexedStarted: UInt64 = 0
    // The items that span all columns (banners), in increasing index and so increasing y: each is placed
    // below everything before it. Their itemColumn is `spanningColumn`; they are in no column's list.
    var spanningItems: [Int32] = []
    /// The `itemColumn` of an item that spans all columns.
    static let spanningColumn = UInt16.max
    // Each column's bottom (insets.top while it is empty) and the columns that have started (a bit each: an item
    // or a banner lies in or above them): where the next item would go.
    var columnBottoms: [Double] = []
    var startedColumns: UInt64 = 0

    /// Creates a layout; nothing is computed until `prepare`.
    public init(
        columnCount: Int = 3, columnSpacing: Double = 8, rowSpacing: Double = 8, insets: EdgeInsets = EdgeInsets(all: 8)
    ) {
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
    ///   - height: item `index`'s height at the width it gets (`columnWidth`, or the full width inside the insets
    ///     for an item that spans all columns); `nil` means as tall as that width.
    ///   - spansAllColumns: whether item `index` spans all columns (a banner): it goes below the tallest column
    ///     and the columns continue below it. None does by default.
    /// - Throws: `LayoutError` for an invalid column count, spacing, inset, item count or height. The layout is
    ///   left empty and invalid after an error, never half computed.
    /// - Complexity: O(n × columns) for n items.
    ///
    /// Inlinable so that asking the heights compiles in the caller's module with `height` inlined; the placement
    /// itself stays in this module.
    @inlinable
    public func prepare(
        width: Double, itemCount: Int, height: (_ index: Int, _ columnWidth: Double) throws -> Double?,
        spansAllColumns: (_ index: Int) -> Bool = { _ in false }
    ) throws {
        var heights = try beginPreparing(width: width, itemCount: itemCount)
        let columnWidth = self.columnWidth
        let fullWidth = self.fullWidth
        var spanning: [Int32] = []
        do {
            // The previous heights' storage, sized up front and written through a pointer: no per-item append.
            heights.append(contentsOf: repeatElement(0, count: itemCount))
            try heights.withUnsafeMutableBufferPointer { buffer in
                for index in 0..<itemCount {
                    let spans = spansAllColumns(index)
                    if spans { spanning.append(Int32(truncatingIfNeeded: index)) }
                    let itemWidth = spans ? fullWidth : columnWidth
                    buffer[index] = try Self.checkedHeight(
                        height(index, itemWidth), index: index, columnWidth: itemWidth)
                }
            }
            finishPreparing(heights: heights, spanning: spanning)
        } catch {
            abandonPreparing()
            throw error
        }
    }

    /// Checks the settings, empties the storage (keeping its capacity, for `itemCount` items) and hands back the
    /// heights' storage, empty, to fill.
    @usableFromInline
    func beginPreparing(width: Double, itemCount: Int) throws -> [Double] {
        self.width = width
        do {
            try validate(width: width, itemCount: itemCount)
        } catch {
            abandonPreparing()
            throw error
        }
        let available = width - insets.left - insets.right - Double(columnCount - 1) * columnSpacing
        columnWidth = max(0, available / Double(columnCount))
        // The storage is reused when it is at most twice what `itemCount` needs (memory stays within budget
        // after a layout shrinks). Moved out, not copied, so emptying it keeps it instead of copying it.
        let keepsStorage = itemY.capacity <= 2 * Self.withHeadroom(itemCount)
        var heights = itemHeight
        itemHeight = []
        removeAllItems(keepingCapacity: keepsStorage)
        resetIndex(columns: columnCount, keepingCapacity: keepsStorage)
        columnBottoms = indexedBottoms
        startedColumns = 0
        reserveCapacity(itemCount)
        heights.removeAll(keepingCapacity: keepsStorage)
        heights.reserveCapacity(Self.withHeadroom(itemCount))
        return heights
    }

    /// Places the items of `heights`, all checked, from the top; `spanning` lists those that span all columns.
    @usableFromInline
    func finishPreparing(heights: [Double], spanning: [Int32]) {
        itemHeight = heights
        spanningItems = spanning
        placeItems(from: 0)
        isValid = true
    }

    /// Leaves the layout empty and invalid after a failed `prepare`, never half computed.
    @usableFromInline
    func abandonPreparing() {
        removeAllItems(keepingCapacity: false)
        contentSize = Size(width: width, height: insets.top + insets.bottom)
        isValid = false
    }

    /// `height`, or `columnWidth` when it is `nil`, checked to be from 0 to `maximumLength` (a -0 is stored as +0).
    @usableFromInline @inline(__always)
    static func checkedHeight(_ height: Double?, index: Int, columnWidth: Double) throws -> Double {
        let value = height ?? columnWidth
        guard value >= 0, value <= maximumLength else { throw LayoutError.invalidHeight(index: index, height: value) }
        return value + 0  // -0 becomes +0: the placement orders bottoms by their bit patterns (SortedColumnBottoms)
    }

    /// Grows the per-item storage ahead of `count` items with 1/16 headroom, so appends after a full layout do
    /// not copy. (Each column's list gets its exact size plus headroom when it is filled.)
    func reserveCapacity(_ count: Int) {
        let target = Self.withHeadroom(count)
        if itemY.capacity < count {
            itemColumn.reserveCapacity(target)
            itemY.reserveCapacity(target)
        }
        if itemHeight.capacity < count, !itemHeight.isEmpty { itemHeight.reserveCapacity(target) }
    }

    @usableFromInline
    static func withHeadroom(_ count: Int) -> Int {
        count + count / 16 + 64
    }

    /// The bytes the layout's storage holds, capacity included: at most 24 per item after `prepare`.
    public var storageBytes: Int {
        itemColumn.capacity * MemoryLayout<UInt16>.stride + itemY.capacity * MemoryLayout<Double>.stride
            + itemHeight.capacity * MemoryLayout<Double>.stride
            + columnItems.reduce(0) { $0 + $1.capacity * MemoryLayout<Int32>.stride }
            + spanningItems.capacity * MemoryLayout<Int32>.stride
    }

    private func validate(width: Double, itemCount: Int) throws {
        guard (1...Self.maximumColumnCount).contains(columnCount) else {
            throw LayoutError.invalidColumnCount(columnCount)
        }
        guard (0...Self.maximumItemCount).contains(itemCount) else { throw LayoutError.invalidItemCount(itemCount) }
        let metrics: [(String, Double)] = [
            ("width", width), ("column spacing", columnSpacing), ("row spacing", rowSpacing),
            ("top inset", insets.top), ("left inset", insets.left),
            ("bottom inset", insets.bottom), ("right inset", insets.right),
        ]
        for (name, value) in metrics
        where !(value.isFinite && value >= 0 && (name == "width" || value <= Self.maximumLength)) {
            throw LayoutError.invalidMetric(name: name, value: value)
        }
    }

    private func removeAllItems(keepingCapacity: Bool) {
        itemColumn.removeAll(keepingCapacity: keepingCapacity)
        itemY.removeAll(keepingCapacity: keepingCapacity)
        itemHeight.removeAll(keepingCapacity: keepingCapacity)
        spanningItems.removeAll(keepingCapacity: keepingCapacity)
        resetIndex(columns: 0, keepingCapacity: false)
        columnBottoms = []
        startedColumns = 0
    }

    /// The width inside the left and right insets: the width of an item that spans all columns.
    @usableFromInline
    var fullWidth: Double { max(0, width - insets.left - insets.right) }

    /// The x coordinate of `column`'s left edge.
    public func minX(ofColumn column: Int) -> Double {
        insets.left + Double(column) * (columnWidth + columnSpacing)
    }

    /// The column whose horizontal span is nearest to `x` (the column under it, or the first or last column).
    public func column(nearestToX x: Double) -> Int {
        guard columnCount > 1, columnWidth + columnSpacing > 0, x.isFinite else { return 0 }
        let position = ((x - insets.left) / (columnWidth + columnSpacing)).rounded(.down)
        return Int(min(max(0, position), Double(columnCount - 1)))
    }
}
