/// A scrolling waterfall of cells: the layout, the scroll position, the visible cells and their reuse pool,
/// the selection and the pointer's press state, as `UICollectionView` and PSCollectionView.
///
/// Coordinates given to and returned by the view are in its own space: (0, 0) is the viewport's top-left corner.
/// Content coordinates add `contentOffset` to y.
public final class CollectionView {
    /// Supplies the items; held weakly, as UIKit does.
    public weak var dataSource: CollectionViewDataSource?
    /// Hears and may refuse highlights and selections; held weakly.
    public weak var delegate: CollectionViewDelegate?
    /// Computes the frames.
    public let layout: WaterfallLayout
    /// Chooses the column count from the viewport's size; a change applies at the next `setViewportSize(_:)`
    /// or `reloadData()`.
    public var columnPolicy: ColumnPolicy
    /// The scroll position and its limits.
    public private(set) var scroll: ScrollModel
    /// How far above and below the viewport cells are kept alive, so a small scroll shows ready cells.
    public var overscan: Double { didSet { updateVisibleCells() } }
    /// Shown filling the viewport when there are no items, as PSCollectionView's `emptyView`.
    public var emptyView: CollectionViewCell? { didSet { setNeedsDisplay() } }
    /// Shown filling the viewport instead of `emptyView` while the data source reports it is loading its
    /// first items, as PSCollectionView's `loadingView`.
    public var loadingView: CollectionViewCell? { didSet { setNeedsDisplay() } }
    /// The background colour behind the cells.
    public var backgroundColor = Color(rgb: 0xECEFF3) { didSet { setNeedsDisplay() } }

    /// The recycled cells and the counts of cells created and reused.
    public let reusePool = ReusePool()
    /// The cells that exist now, by item index: those in the viewport plus the overscan.
    public private(set) var visibleCells: [Int: CollectionViewCell] = [:]
    /// The most cells that were ever visible at once.
    public private(set) var peakVisibleCellCount = 0
    /// The selected item, if any.
    public internal(set) var selectedItem: Int?
    /// The item the pointer is pressed on, if any.
    public internal(set) var highlightedItem: Int?
    /// The size of the viewport.
    public private(set) var viewportSize: Size = .zero

    // What the last `draw` left on the canvas, so the next one draws only what changed.
    var lastDrawn: (origin: Point, size: Size, offset: Double)?
    var needsFullDisplay = true
    var damagedContentRects: [Rect] = []

    /// An empty view; set a data source, register cells, then give it a size with `setViewportSize(_:)`.
    public init(layout: WaterfallLayout = WaterfallLayout(), columnPolicy: ColumnPolicy = .fixed(3),
                scroll: ScrollModel = ScrollModel(), overscan: Double = 128) {
        self.layout = layout
        self.columnPolicy = columnPolicy
        self.scroll = scroll
        self.overscan = overscan
    }

    /// The number of items laid out.
    public var numberOfItems: Int { layout.numberOfItems }
    /// How far the content is scrolled.
    public var contentOffset: Double { scroll.offset }
    /// The content's size.
    public var contentSize: Size { layout.contentSize }

    /// Registers how to make cells for `identifier`.
    public func register(forCellWithReuseIdentifier identifier: String, factory: @escaping () -> CollectionViewCell) {
        reusePool.register(identifier, factory: factory)
    }

    /// A recycled cell for `identifier`, or a new one: call it from the data source's `cellForItemAt`.
    public func dequeueReusableCell(withReuseIdentifier identifier: String) -> CollectionViewCell {
        reusePool.dequeue(identifier)
    }

    /// Asks the data source for everything again: recycles every visible cell and recomputes the layout.
    /// The selection is kept when its item still exists.
    /// - Throws: `LayoutError` when the data source gives an invalid height; the view is then empty.
    public func reloadData() throws {
        for index in Array(visibleCells.keys) { recycleCell(at: index) }
        layout.columnCount = columnPolicy.columnCount(for: viewportSize)
        try relayout()
    }

    /// Resizes the viewport. Relayouts when the width or the policy's column count changes; a change of
    /// height alone only moves the scroll limits.
    /// - Throws: `LayoutError` from the relayout.
    public func setViewportSize(_ size: Size) throws {
        guard size != viewportSize else { return }
        viewportSize = size
        let columns = columnPolicy.columnCount(for: size)
        let bounds = Rect(origin: .zero, size: size)
        if columns != layout.columnCount || layout.shouldInvalidateLayout(forBoundsChange: bounds) || !layout.isValid {
            layout.columnCount = columns
            try relayout()
        } else {
            updateScrollLimits()
            updateVisibleCells()
        }
    }

    private func relayout() throws {
        let count = dataSource.map { $0.numberOfItems(in: self) } ?? 0
        defer {
            needsFullDisplay = true
            // Against the items actually laid out (none after a failed prepare), telling the delegate.
            if let highlighted = highlightedItem, highlighted >= layout.numberOfItems { cancelPress() }
            if let selected = selectedItem, selected >= layout.numberOfItems { deselectItem() }
            refreshVisibleCellFrames()
            updateScrollLimits()
            updateVisibleCells()
            delegate?.collectionViewDidLayout(self)
        }
        try layout.prepare(width: viewportSize.width, itemCount: count, height: { index, columnWidth in
            dataSource?.collectionView(self, heightForItemAt: index, columnWidth: columnWidth)
        }, spansAllColumns: { index in
            dataSource?.collectionView(self, itemSpansAllColumnsAt: index) ?? false
        })
    }

    /// After a relayout: moves the surviving cells to their new frames and recycles those whose item is gone.
    private func refreshVisibleCellFrames() {
        for (index, cell) in visibleCells {
            if let frame = layout.layoutAttributesForItem(at: index)?.frame {
                cell.frame = frame
            } else {
                recycleCell(at: index)
            }
        }
    }

    private func updateScrollLimits() {
        let before = scroll.offset
        scroll.setSizes(viewportHeight: viewportSize.height, contentHeight: layout.contentSize.height)
        if scroll.offset != before { delegate?.collectionViewDidScroll(self) }
    }

    /// Scrolls to `offset` (clamped to the content) and updates the visible cells.
    public func setContentOffset(_ offset: Double) {
        applyScroll { $0.scroll(to: offset) }
    }

    /// Scrolls by `notches` wheel steps (positive is down). A wheel notch during a press cancels the press.
    public func scrollWheel(notches: Int) {
        guard notches != 0 else { return }
        cancelPress()
        applyScroll { $0.scroll(wheelNotches: notches) }
    }

    /// Scrolls by `pages` viewport heights.
    public func scrollPages(_ pages: Int) {
        applyScroll { $0.scroll(pages: pages) }
    }

    /// Scrolls the least amount that shows all of item `index`.
    public func scrollItemToVisible(_ index: Int) {
        guard let frame = layout.layoutAttributesForItem(at: index)?.frame else { return }
        let margin = layout.rowSpacing
        applyScroll { $0.scrollToVisible(minY: frame.minY - margin, maxY: frame.maxY + margin) }
    }

    func applyScroll(_ change: (inout ScrollModel) -> Bool) {
        guard change(&scroll) else { return }
        updateVisibleCells()
        delegate?.collectionViewDidScroll(self)
    }

    /// The item under `point` (in view coordinates), if any.
    public func indexOfItem(at point: Point) -> Int? {
        guard Rect(origin: .zero, size: viewportSize).contains(point) else { return nil }
        return layout.indexOfItem(at: Point(x: point.x, y: point.y + scroll.offset))
    }

    /// Item `index`'s frame in view coordinates, or `nil` when there is no such item.
    public func frameOfItem(_ index: Int) -> Rect? {
        layout.layoutAttributesForItem(at: index)?.frame.offsetBy(dx: 0, dy: -scroll.offset)
    }

    /// The indices of the items that intersect the viewport (not the overscan), in increasing order.
    public var indicesOfItemsInViewport: [Int] {
        layout.layoutAttributesForElements(in: visibleContentRect(overscan: 0)).map(\.index)
    }

    func visibleContentRect(overscan: Double) -> Rect {
        Rect(x: 0, y: scroll.offset - overscan, width: viewportSize.width, height: viewportSize.height + 2 * overscan)
    }

    /// Makes `visibleCells` match the viewport plus the overscan: cells that left go to the reuse pool first,
    /// then the entering items get cells, so a steady scroll reuses instead of creating.
    /// - Complexity: O(columns × log n + k) for k visible items.
    public func updateVisibleCells() {
        var wanted = Set<Int>()
        wanted.reserveCapacity(visibleCells.count + 8)
        layout.forEachItem(in: visibleContentRect(overscan: overscan)) { wanted.insert($0) }
        for index in visibleCells.keys where !wanted.contains(index) {
            recycleCell(at: index)
        }
        guard let dataSource else { return }
        for index in wanted.sorted() where visibleCells[index] == nil {
            let cell = dataSource.collectionView(self, cellForItemAt: index)
            configure(cell, at: index)
            visibleCells[index] = cell
        }
        peakVisibleCellCount = max(peakVisibleCellCount, visibleCells.count)
    }

    private func configure(_ cell: CollectionViewCell, at index: Int) {
        if let frame = layout.layoutAttributesForItem(at: index)?.frame { cell.frame = frame }
        cell.isSelected = index == selectedItem
        cell.isHighlighted = index == highlightedItem
    }

    private func recycleCell(at index: Int) {
        guard let cell = visibleCells.removeValue(forKey: index) else { return }
        reusePool.enqueue(cell)
    }

    /// Checks the view's invariants and the layout's; traps on a violation. For tests and debug builds.
    public func checkInvariants() {
        layout.checkInvariants()
        let area = visibleContentRect(overscan: overscan)
        for (index, cell) in visibleCells {
            precondition(index < numberOfItems, "visible cell for item \(index) beyond the \(numberOfItems) items")
            precondition(cell.frame.intersects(area), "visible cell \(index) lies outside the viewport and overscan")
            precondition(cell.isSelected == (index == selectedItem), "cell \(index) shows the wrong selection state")
        }
        precondition(visibleCells.count + reusePool.count == reusePool.created,
                     "\(visibleCells.count) visible + \(reusePool.count) pooled cells != \(reusePool.created) created")
        if let selectedItem { precondition(selectedItem < numberOfItems, "selection \(selectedItem) beyond the items") }
    }
}
