/// Lays out a collection view's sections one below the other, as `UICollectionViewLayout` with
/// CHTCollectionViewWaterfallLayout's sections: each section has a header above its columns, a footer below
/// its tallest column, and may override the column count, insets, spacing and placement (`SectionStyle`).
/// Below the last section sits the load-more footer, while it is shown.
///
/// Each section's items are placed by a `WaterfallLayout` of their own (flat arrays, a binary search per
/// column), so the cost of a query is that of the sections it touches.
public final class CollectionLayout {
    /// The column count of sections that do not override it. Changing it invalidates the layout.
    public var columnCount: Int { didSet { invalidateLayout() } }
    /// The gap between columns of sections that do not override it. Changing it invalidates the layout.
    public var columnSpacing: Double { didSet { invalidateLayout() } }
    /// The gap between items in a column (and around headers and footers) of sections that do not override it.
    public var rowSpacing: Double { didSet { invalidateLayout() } }
    /// The space around each section that does not override it. Changing it invalidates the layout.
    public var insets: EdgeInsets { didSet { invalidateLayout() } }
    /// Which column each item goes into, for sections that do not override it. Changing it invalidates the layout.
    public var placement: ItemPlacement = .shortestColumn { didSet { invalidateLayout() } }
    /// The height of the load-more footer below the last section; 0 hides it. Changing it moves nothing else.
    public var loadMoreFooterHeight: Double = 0 { didSet { updateContentSize() } }

    /// The width the layout was last prepared for.
    public private(set) var width: Double = 0
    /// The size of all the content, the load-more footer included. Every item's frame lies within it, to the
    /// rounding of moving a section's frames down by its top: a frame's `maxY` may pass the content's end by a few
    /// units in the last place of a `Double`, never by a visible amount.
    public private(set) var contentSize: Size = .zero
    /// Whether the frames match the settings; `prepare` recomputes them when not.
    public private(set) var isValid = false

    var sections: [SectionGeometry] = []
    /// Counts the changes of the frames (each ends in `updateContentSize()`), so that a debug build's per-frame check
    /// of the view's invariants checks the layout's only when it changed.
    private(set) var revision = 0
    /// Section columns kept from earlier layouts, so that a new layout reuses their storage.
    var spareColumns: [WaterfallLayout] = []

    /// Creates a layout; nothing is computed until `prepare`.
    public init(
        columnCount: Int = 3, columnSpacing: Double = 8, rowSpacing: Double = 8,
        insets: EdgeInsets = EdgeInsets(all: 8),
        placement: ItemPlacement = .shortestColumn
    ) {
        self.columnCount = columnCount
        self.columnSpacing = columnSpacing
        self.rowSpacing = rowSpacing
        self.insets = insets
        self.placement = placement
    }

    /// The column width of the sections that keep the default column count, spacing and insets.
    public var columnWidth: Double {
        max(
            0,
            (width - insets.left - insets.right - Double(columnCount - 1) * columnSpacing) / Double(max(1, columnCount))
        )
    }

    /// The number of sections laid out.
    public var numberOfSections: Int { sections.count }
    /// The number of items laid out in `section` (0 for a section that does not exist).
    public func numberOfItems(inSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].columns.numberOfItems : 0
    }
    /// The number of items laid out in all sections.
    public var numberOfItems: Int { sections.reduce(0) { $0 + $1.columns.numberOfItems } }

    /// The column layout of `section`'s items, whose frames start at y = 0 (add `columnsTop(ofSection:)`).
    /// For questions about columns: neighbours, the items of a column. Read it, do not change it: it is the
    /// section's own, and a relayout may hand it to another section.
    public func columns(ofSection section: Int) -> WaterfallLayout? {
        sections.indices.contains(section) ? sections[section].columns : nil
    }

    /// Where `section`'s columns start, in content coordinates.
    public func columnsTop(ofSection section: Int) -> Double? {
        sections.indices.contains(section) ? sections[section].columnsTop : nil
    }

    /// Marks the frames stale; the next `prepare` recomputes them.
    public func invalidateLayout() {
        isValid = false
    }

    /// Whether a change of the view's bounds to `newBounds` needs a new layout: only a change of width does.
    public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
        newBounds.width != width
    }

    /// Computes every element's frame for `width`, asking `source` for the sections, their styles, items and
    /// supplementary views.
    /// - Throws: `LayoutError` (inside `.inSection` when a section's data or style is at fault). The layout is
    ///   then empty and invalid, never half computed.
    /// - Complexity: O(n × columns) for n items, plus O(sections).
    public func prepare<Source: CollectionLayoutSource>(width: Double, source: Source) throws {
        self.width = width
        retireSections(from: 0)
        do {
            let count = source.numberOfSections
            guard count >= 0 else { throw LayoutError.invalidSectionCount(count) }
            for section in 0..<count { try appendSection(section, from: source) }
            isValid = true
        } catch {
            retireSections(from: 0)
            isValid = false
            updateContentSize()
            throw error
        }
        updateContentSize()
    }

    /// Lays out the items that `source` has beyond those laid out: more items at the end of the last section,
    /// then new sections. No item laid out before moves, and only the new items are asked about, as a data source
    /// that loads more needs. The last section's footer is asked again (it may appear once the section is
    /// complete) and moves below the new items; its header is kept, so that nothing above them moves.
    /// - Throws: `LayoutError.notPrepared`; `.invalidSectionCount` or `.invalidItemCount` when the source has fewer
    ///   sections or items than are laid out; `.inSection` for an invalid new item. The layout is then unchanged.
    /// - Complexity: O(k × columns) for k new items.
    public func appendItems<Source: CollectionLayoutSource>(from source: Source) throws {
        guard isValid else { throw LayoutError.notPrepared }
        let count = source.numberOfSections
        guard count >= sections.count else { throw LayoutError.invalidSectionCount(count) }
        let laidOut = sections.count
        let lastBefore = sections.last
        let itemsBefore = lastBefore?.columns.numberOfItems ?? 0
        do {
            if let last = sections.indices.last { try appendItems(toSection: last, from: source) }
            for section in laidOut..<count { try appendSection(section, from: source) }
        } catch {
            // Back to what was laid out: the new sections go, the last one loses its new items and keeps its heights.
            retireSections(from: laidOut)
            if let lastBefore, let last = sections.indices.last {
                try? sections[last].columns.deleteItems(in: itemsBefore..<sections[last].columns.numberOfItems)
                sections[last] = lastBefore
            }
            updateContentSize()
            throw error
        }
        updateContentSize()
    }

    /// Appends the items `source` has beyond those laid out in `section` (the last one) and asks its footer's
    /// height again.
    private func appendItems<Source: CollectionLayoutSource>(toSection section: Int, from source: Source) throws {
        do {
            let columns = sections[section].columns
            let newCount = source.numberOfItems(inSection: section)
            guard newCount >= columns.numberOfItems else { throw LayoutError.invalidItemCount(newCount) }
            try columns.appendItems(
                count: newCount - columns.numberOfItems,
                height: { item, width in
                    source.heightOfItem(at: ItemPath(item: item, section: section), width: width)
                },
                spansAllColumns: { item in
                    source.itemSpansAllColumns(at: ItemPath(item: item, section: section))
                })
            sections[section].footerHeight = try supplementaryHeight(
                .footer, section: section, width: sections[section].fullWidth,
                source: source)
        } catch let error as LayoutError {
            throw LayoutError.inSection(section, error)
        }
    }

    /// Removes the sections from `index` on, keeping their column layouts for reuse.
    private func retireSections(from index: Int) {
        spareColumns.append(contentsOf: sections[index...].map(\.columns))
        sections.removeSubrange(index...)
    }

    /// Lays out `section` below the sections already laid out.
    private func appendSection<Source: CollectionLayoutSource>(_ section: Int, from source: Source) throws {
        var geometry = try makeSection(section, style: source.style(ofSection: section), from: source)
        geometry.top = sections.last?.bottom ?? 0
        sections.append(geometry)
    }

    /// Lays out `section` with `style` in a column layout from the spares (its `top` is left to the caller):
    /// its items, its header and its footer.
    /// - Throws: `LayoutError.inSection`; the column layout then goes back to the spares.
    func makeSection<Source: CollectionLayoutSource>(
        _ section: Int, style: SectionStyle, from source: Source
    ) throws -> SectionGeometry {
        var columns = spareColumns.popLast() ?? WaterfallLayout()
        do {
            let sectionInsets = style.insets ?? insets
            for (name, value) in [("top inset", sectionInsets.top), ("bottom inset", sectionInsets.bottom)]
            where !(value >= 0 && value <= WaterfallLayout.maximumLength) {
                throw LayoutError.invalidMetric(name: name, value: value)
            }
            columns.columnCount = style.columnCount ?? columnCount
            columns.columnSpacing = style.columnSpacing ?? columnSpacing
            columns.rowSpacing = style.rowSpacing ?? rowSpacing
            columns.insets = EdgeInsets(top: 0, left: sectionInsets.left, bottom: 0, right: sectionInsets.right)
            columns.placement = style.placement ?? placement
            let count = source.numberOfItems(inSection: section)
            guard count >= 0, count <= WaterfallLayout.maximumItemCount else {
                throw LayoutError.invalidItemCount(count)
            }
            let spanning = source.itemsSpanningAllColumns(inSection: section, range: 0..<count)
            if let ready = source.preparedColumns(inSection: section, width: width, columnCount: columns.columnCount),
                ready !== columns,
                ready.isPrepared(like: columns, width: width, itemCount: count, spanningItems: spanning)
            {
                assert(
                    ready.hasHeights(ofSection: section, from: source),
                    "section \(section)'s prepared columns have stale heights")
                spareColumns.append(columns)
                columns = ready
            } else {
                try columns.prepare(
                    width: width, itemCount: count, spanningItems: spanning,
                    heights: { range, width, heights in
                        source.heightsOfItems(inSection: section, range: range, width: width, into: heights)
                    },
                    bannerHeight: { item, width in
                        source.heightOfItem(at: ItemPath(item: item, section: section), width: width)
                    })
            }
            var geometry = SectionGeometry(columns: columns)
            geometry.style = style
            geometry.insets = sectionInsets
            geometry.rowSpacing = columns.rowSpacing
            geometry.headerHeight = try supplementaryHeight(
                .header, section: section, width: geometry.fullWidth, source: source)
            geometry.footerHeight = try supplementaryHeight(
                .footer, section: section, width: geometry.fullWidth, source: source)
            return geometry
        } catch let error as LayoutError {
            spareColumns.append(columns)
            throw LayoutError.inSection(section, error)
        }
    }

    func supplementaryHeight<Source: CollectionLayoutSource>(
        _ kind: ElementKind, section: Int, width: Double, source: Source
    ) throws -> Double {
        let height = source.heightOfSupplementaryElement(ofKind: kind, inSection: section, width: width)
        guard height >= 0, height <= WaterfallLayout.maximumLength else {
            throw LayoutError.invalidSupplementaryHeight(kind: kind, height: height)
        }
        return height
    }

    /// Where the sections end: the top of the load-more footer.
    var sectionsBottom: Double { sections.last?.bottom ?? 0 }

    /// Ends every change of the frames: sets the content's size and counts the change in `revision`.
    func updateContentSize() {
        contentSize = Size(width: width, height: sectionsBottom + max(0, loadMoreFooterHeight))
        revision &+= 1
    }

    /// The load-more footer's frame, when it is shown: below the last section, as wide as the default insets allow.
    var loadMoreFooterFrame: Rect? {
        guard loadMoreFooterHeight > 0 else { return nil }
        return Rect(
            x: insets.left, y: sectionsBottom, width: max(0, width - insets.left - insets.right),
            height: loadMoreFooterHeight)
    }
}
