/// A scrolling waterfall of sections of cells, with headers and footers: the layout, the scroll position, the
/// visible cells and their reuse pool, the selection and the pointer's press state, loading more at the end and
/// refreshing from the top, as `UICollectionView`, PSCollectionView and the custom waterflow views.
///
/// Coordinates given to and returned by the view are in its own space: (0, 0) is the viewport's top-left corner.
/// Content coordinates add `contentOffset` to y.
public final class CollectionView {
    // The stored state, grouped: each group's type documents its parts and checks its invariants.

    /// Supplies the items; held weakly, as UIKit does.
    public weak var dataSource: CollectionViewDataSource?
    /// Hears and may refuse highlights and selections, loads more and refreshes; held weakly.
    public weak var delegate: CollectionViewDelegate?
    /// Computes the frames.
    public let layout: CollectionLayout
    /// Chooses the default column count from the viewport's size; a change applies at the next
    /// `setViewportSize(_:)` or `reloadData()`.
    public var columnPolicy: ColumnPolicy
    /// The scroll position and its limits.
    public private(set) var scroll: ScrollModel
    /// The size of the viewport.
    public private(set) var viewportSize: Size = .zero
    /// Whether the viewport counts as landscape for the column policy; `nil` before it has a size. Kept across
    /// resizes so that the policy's hysteresis applies.
    public private(set) var isLandscape: Bool?
    /// How far above and below the viewport cells are kept alive, so a small scroll shows ready cells.
    public var overscan: Double { didSet { updateVisibleCells() } }

    /// The recycled cells and supplementary views, and the counts of those created and reused.
    public let reusePool = ReusePool()
    /// The cells that exist now, by item: those in the viewport plus the overscan.
    public internal(set) var visibleCells: [ItemPath: CollectionViewCell] = [:]
    /// The headers and footers that exist now: those in the viewport plus the overscan.
    public internal(set) var visibleSupplementaryViews: [ElementID: CollectionViewCell] = [:]
    /// The most cells that were ever visible at once.
    public private(set) var peakVisibleCellCount = 0

    /// The selected items, the focus and the range anchor (CollectionView+Selection.swift).
    var selection = SelectionModel()
    /// What the pointer's button is pressed on (CollectionView+Pointer.swift).
    var press = Press.none
    /// Loading more at the end (CollectionView+LoadMore.swift).
    var loadMore = LoadMoreModel()
    /// The pull past the top (CollectionView+Refresh.swift).
    var pullToRefresh = PullToRefresh()
    /// Smooth and precise scrolling (CollectionView+SmoothScrolling.swift).
    var smoothScrolling = SmoothScrolling()
    /// The scroll bar's strip and colours (CollectionView+ScrollBar.swift).
    var scrollBarAppearance: ScrollBarAppearance
    /// What must be drawn: the view's one dirty state (CollectionView+Drawing.swift).
    var damage = Damage()
    /// The operations of the `performBatchUpdates(_:)` in progress, if any (see CollectionView+Updates.swift).
    var pendingUpdates: [UpdateOperation]?
    /// The diagnostics' handler and what was reported (see CollectionViewDiagnostic.swift).
    var diagnostics = DiagnosticState()
    /// The layout's `revision` when `checkInvariantsInDebugBuilds()` last checked it (see CollectionView+Invariants.swift).
    var checkedLayoutRevision: Int?

    // The views the view shows besides the cells, and the colours it draws in.

    /// Shown filling the viewport below the first header when there are no items, as PSCollectionView's `emptyView`.
    public var emptyView: CollectionViewCell? { didSet { setNeedsDisplay() } }
    /// Shown instead of `emptyView` while the data source reports it is loading its first items, or while the
    /// first load-more request is pending, as PSCollectionView's `loadingView`.
    public var loadingView: CollectionViewCell? { didSet { setLoadMoreState(loadMoreState) } }
    /// The footer below the last section while more items may come ("Loading more..."), or with the error of a
    /// failed load and its retry.
    public let loadMoreFooterView = MessageView(message: "Loading more...", reuseIdentifier: "loadMoreFooter")
    /// The footer's text for a state (`.loading` or `.failed`).
    public var loadMoreMessage: (LoadMoreState) -> String = CollectionView.defaultLoadMoreMessage
    /// The strip above the pulled content that says "Pull to refresh" or "Release to refresh".
    public let refreshView = MessageView(reuseIdentifier: "refresh")
    /// The background colour behind the cells.
    public var backgroundColor = Color(rgb: 0xECEFF3) { didSet { setNeedsDisplay() } }
    /// The colour of the ring around the focused item, drawn in the spacing around it.
    public var focusRingColor = Color(rgb: 0xE8590C) { didSet { setNeedsDisplay() } }
    /// How far, in points, the pointer pressed on an item moves before the delegate is offered a drag of it
    /// (`collectionView(_:beginDragFromItemAt:)`): 8, GTK's default `gtk-dnd-drag-threshold`, so a click with a
    /// shaking hand still selects.
    public var dragThreshold = 8.0

    /// An empty view; set a data source, register cells, then give it a size with `setViewportSize(_:)`.
    /// - Parameters:
    ///   - layout: computes the frames (its column count follows `columnPolicy`).
    ///   - columnPolicy: the column counts for a portrait and a landscape viewport.
    ///   - scroll: the scroll position and its limits; at the top by default.
    ///   - overscan: how far above and below the viewport cells are kept alive, in points.
    ///   - scrollBarWidth: the strip kept for the scroll bar at the right edge (0: no bar).
    public init(
        layout: CollectionLayout = CollectionLayout(), columnPolicy: ColumnPolicy = .fixed(3),
        scroll: ScrollModel = ScrollModel(), overscan: Double = 128,
        scrollBarWidth: Double = ScrollBar.defaultWidth
    ) {
        self.layout = layout
        self.columnPolicy = columnPolicy
        self.scroll = scroll
        self.overscan = overscan
        scrollBarAppearance = ScrollBarAppearance(width: Self.validScrollBarWidth(scrollBarWidth))
    }

    /// The width the cards are laid out in: the viewport's, less the scroll bar's strip.
    public var layoutWidth: Double { layoutWidth(forViewportWidth: viewportSize.width) }

    func layoutWidth(forViewportWidth width: Double) -> Double { max(0, width - scrollBarWidth) }

    /// The number of items laid out, in all sections.
    public var numberOfItems: Int { layout.numberOfItems }
    /// The number of sections laid out.
    public var numberOfSections: Int { layout.numberOfSections }
    /// How far the content is scrolled.
    public var contentOffset: Double { scroll.offset }
    /// The content's size.
    public var contentSize: Size { layout.contentSize }
    /// The content y shown at the viewport's top: the offset, less the pull past the top.
    var drawnOffset: Double { scroll.offset - pullDistance }

    /// Registers how to make cells (or headers and footers) for `identifier`.
    public func register(forCellWithReuseIdentifier identifier: String, factory: @escaping () -> CollectionViewCell) {
        reusePool.register(identifier, factory: factory)
    }

    /// A recycled cell (or header or footer) for `identifier`, or a new one: call it from the data source.
    /// For an identifier nothing is registered for, reports `CollectionViewDiagnostic.unregisteredReuseIdentifier`
    /// and returns a placeholder that says so.
    public func dequeueReusableCell(withReuseIdentifier identifier: String) -> CollectionViewCell {
        dequeueCheckingIdentifier(identifier)
    }

    /// Asks the data source for everything again: recycles every visible cell and recomputes the layout.
    /// The selection is kept when its item still exists.
    /// - Throws: `LayoutError` when the data source gives an invalid height or section; the view is then empty.
    public func reloadData() throws {
        stopScrollAnimation()
        try reloadData(keeping: nil)
    }

    /// `reloadData()`, then scrolls so that the first item of `anchor` that still exists is where it was on screen.
    func reloadData(keeping anchor: ViewportAnchor?) throws {
        recycleAllViews()
        layout.columnCount = columnCount(for: viewportSize)
        try relayout(keeping: anchor)
    }

    /// Resizes the viewport. Relayouts when the width or the policy's column count changes, keeping the item
    /// that was at the top of the viewport at the same place on screen (or as near as the scroll limits allow);
    /// a change of height alone only moves the scroll limits.
    /// - Throws: `LayoutError` from the relayout.
    public func setViewportSize(_ size: Size) throws {
        guard size != viewportSize else { return }
        let columns = columnCount(for: size)
        let bounds = Rect(x: 0, y: 0, width: layoutWidth(forViewportWidth: size.width), height: size.height)
        if columns != layout.columnCount || layout.shouldInvalidateLayout(forBoundsChange: bounds) || !layout.isValid {
            let anchor = viewportAnchor()
            viewportSize = size
            layout.columnCount = columns
            try relayout(keeping: anchor)
        } else {
            viewportSize = size
            updateScrollLimits()
            updateVisibleCells()
        }
    }

    /// The policy's column count for `size`, updating the orientation (with the policy's hysteresis).
    func columnCount(for size: Size) -> Int {
        let count = columnPolicy.columnCount(
            for: size, layoutWidth: layoutWidth(forViewportWidth: size.width), of: layout, wasLandscape: isLandscape)
        isLandscape = columnPolicy.isLandscape(size, wasLandscape: isLandscape)
        return count
    }

    func relayout(keeping anchor: ViewportAnchor?) throws {
        diagnostics.reportedMismatches = []
        defer {
            damage.needsFullDisplay = true
            afterLayoutChange(keeping: anchor)
        }
        try withLayoutSource { try layout.prepare(width: layoutWidth, source: $0) }
    }

    /// Runs `body` with what the layout asks its questions of: the data source (without a wrapper: its own type, so
    /// that the layout's generic code calls it directly), or, without one, a source of nothing.
    func withLayoutSource<T>(_ body: (any CollectionLayoutSource) throws -> T) rethrows -> T {
        if let dataSource { try body(dataSource) } else { try body(EmptyLayoutSource()) }
    }

    /// After the frames changed: drops a press or selection whose item is gone (telling the delegate), moves the
    /// surviving views, sets the scroll limits (keeping `anchor`'s first existing item where it was on screen)
    /// and the visible views, and tells the delegate. Then checks the invariants in a debug build.
    func afterLayoutChange(keeping anchor: ViewportAnchor? = nil) {
        if let highlighted = highlightedItem, layout.layoutAttributesForItem(at: highlighted) == nil { cancelPress() }
        dropVanishedSelection()
        updateLoadMoreFooterSpace()
        refreshVisibleViewFrames()
        updateScrollLimits(keeping: anchor)
        updateVisibleCells()
        delegate?.collectionViewDidLayout(self)
        checkInvariantsInDebugBuilds()
    }

    /// Moves the surviving views to their new frames and recycles those whose element is gone.
    private func refreshVisibleViewFrames() {
        for (indexPath, cell) in visibleCells {
            if let frame = layout.layoutAttributesForItem(at: indexPath)?.frame {
                cell.frame = frame
            } else {
                recycleCell(at: indexPath)
            }
        }
        for (id, view) in visibleSupplementaryViews {
            if let frame = layout.layoutAttributes(for: id)?.frame {
                view.frame = frame
            } else {
                recycleSupplementaryView(id)
            }
        }
    }

    /// Sets the scroll limits to the content, then scrolls to keep `anchor`'s first existing item in place.
    func updateScrollLimits(keeping anchor: ViewportAnchor? = nil) {
        let before = scroll.offset
        scroll.setSizes(viewportHeight: viewportSize.height, contentHeight: layout.contentSize.height)
        if let offset = anchor.flatMap(anchoredOffset) { scroll.scroll(to: offset) }
        if scroll.offset != before { delegate?.collectionViewDidScroll(self) }
    }

    /// Scrolls to `offset` (clamped to the content) and updates the visible cells; ends a smooth scroll.
    public func setContentOffset(_ offset: Double) {
        stopScrollAnimation()
        applyScroll { $0.scroll(to: offset) }
    }

    /// Scrolls by `pages` viewport heights; ends a smooth scroll where it is.
    public func scrollPages(_ pages: Int) {
        stopScrollAnimation()
        applyScroll { $0.scroll(pages: pages) }
    }

    func applyScroll(_ change: (inout ScrollModel) -> Bool) {
        guard change(&scroll) else { return }
        loadMore.isHeldUntilScroll = false
        updateVisibleCells()
        delegate?.collectionViewDidScroll(self)
    }

    /// The element under `point` (in view coordinates): a cell, a header or footer, the load-more footer; `nil`
    /// over spacing, empty space and the scroll bar.
    public func element(at point: Point) -> ElementID? {
        guard Rect(x: 0, y: 0, width: layoutWidth, height: viewportSize.height).contains(point),
            placeholderView == nil
        else { return nil }
        return layout.element(at: Point(x: point.x, y: point.y + drawnOffset))
    }

    /// The item under `point` (in view coordinates), if a cell is there.
    public func indexPathForItem(at point: Point) -> ItemPath? {
        guard let id = element(at: point), id.kind == .cell else { return nil }
        return id.indexPath
    }

    /// The frame of the item at `indexPath` in view coordinates, or `nil` when there is no such item.
    public func frameOfItem(_ indexPath: ItemPath) -> Rect? {
        layout.layoutAttributesForItem(at: indexPath)?.frame.offsetBy(dx: 0, dy: -drawnOffset)
    }

    /// The frame of element `id` in view coordinates, or `nil` when it is not laid out.
    public func frame(of id: ElementID) -> Rect? {
        layout.layoutAttributes(for: id)?.frame.offsetBy(dx: 0, dy: -drawnOffset)
    }

    /// The items whose frames intersect the viewport (not the overscan), in increasing order.
    public var indexPathsForItemsInViewport: [ItemPath] {
        var paths: [ItemPath] = []
        layout.forEachElement(in: visibleContentRect(overscan: 0)) {
            if $0.kind == .cell { paths.append($0.indexPath) }
        }
        return paths.sorted()
    }

    func visibleContentRect(overscan: Double) -> Rect {
        Rect(x: 0, y: drawnOffset - overscan, width: viewportSize.width, height: viewportSize.height + 2 * overscan)
    }

    /// Makes `visibleCells` and `visibleSupplementaryViews` match the viewport plus the overscan: views that left
    /// go to the reuse pool first, then the entering elements get views, so a steady scroll reuses instead of
    /// creating. Then asks for more items if the viewport is near the end.
    /// - Complexity: O(columns × log n + k) for k visible elements.
    public func updateVisibleCells() {
        var wantedCells = Set<ItemPath>()
        var wantedSupplementary = Set<ElementID>()
        wantedCells.reserveCapacity(visibleCells.count + 8)
        layout.forEachElement(in: visibleContentRect(overscan: overscan)) { id in
            switch id.kind {
            case .cell: wantedCells.insert(id.indexPath)
            case .header, .footer: wantedSupplementary.insert(id)
            case .loadMoreFooter: break  // the view's own, drawn without the pool
            }
        }
        for indexPath in visibleCells.keys where !wantedCells.contains(indexPath) { recycleCell(at: indexPath) }
        for id in visibleSupplementaryViews.keys where !wantedSupplementary.contains(id) {
            recycleSupplementaryView(id)
        }
        if let dataSource {
            let missing = wantedCells.filter { visibleCells[$0] == nil }
            // A data source whose counts changed without an update call is not asked beyond its counts.
            let reported = missing.isEmpty ? nil : reportedCounts(forSections: Set(missing.map(\.section)))
            for indexPath in missing.sorted() {
                if let reported,
                    indexPath.section >= reported.sections || indexPath.item >= reported.items[indexPath.section] ?? 0
                {
                    continue
                }
                let cell = askCell(from: dataSource, at: indexPath)
                configure(cell, at: indexPath)
                visibleCells[indexPath] = cell
            }
            for id in wantedSupplementary where visibleSupplementaryViews[id] == nil {
                guard
                    let view = dataSource.collectionView(
                        self, viewForSupplementaryElementOfKind: id.kind, inSection: id.indexPath.section),
                    let frame = layout.layoutAttributes(for: id)?.frame
                else { continue }
                view.frame = frame
                visibleSupplementaryViews[id] = view
            }
        }
        peakVisibleCellCount = max(peakVisibleCellCount, visibleCells.count)
        loadMoreIfNearTheEnd()
    }

    private func configure(_ cell: CollectionViewCell, at indexPath: ItemPath) {
        if let frame = layout.layoutAttributesForItem(at: indexPath)?.frame { cell.frame = frame }
        cell.isSelected = selectedItems.contains(indexPath)
        cell.isHighlighted = indexPath == highlightedItem
    }

    func recycleCell(at indexPath: ItemPath) {
        guard let cell = visibleCells.removeValue(forKey: indexPath) else { return }
        reusePool.enqueue(cell)
    }

    func recycleSupplementaryView(_ id: ElementID) {
        guard let view = visibleSupplementaryViews.removeValue(forKey: id) else { return }
        reusePool.enqueue(view)
    }

    func recycleAllViews() {
        for indexPath in Array(visibleCells.keys) { recycleCell(at: indexPath) }
        for id in Array(visibleSupplementaryViews.keys) { recycleSupplementaryView(id) }
    }
}
