extension WaterfallLayout {
    /// Lays out `count` new items after the existing ones, as a data source that loads more appends them.
    /// Existing frames do not move; only the new items' heights are asked.
    /// - Throws: `LayoutError.invalidHeight` naming the item; the layout is then as it was before the call.
    /// - Complexity: O(count × columns), amortised.
    public func appendItems(
        count: Int, height: (_ index: Int, _ columnWidth: Double) throws -> Double?,
        spansAllColumns: (_ index: Int) -> Bool = { _ in false }
    ) throws {
        try insertItems(at: numberOfItems, count: count, height: height, spansAllColumns: spansAllColumns)
    }

    /// Inserts `count` items before item `index` (at the end when `index == numberOfItems`). The items before
    /// `index` keep their frames; from `index` on, items are placed again with their stored heights, and only
    /// the new items' heights (and whether they span all columns) are asked.
    /// - Throws: `LayoutError.invalidHeight` naming the item (the layout is unchanged), or
    ///   `LayoutError.invalidIndex` when `index` is not in `0...numberOfItems`.
    /// - Complexity: O((n − index) × columns + count × columns).
    public func insertItems(
        at index: Int, count: Int, height: (_ index: Int, _ columnWidth: Double) throws -> Double?,
        spansAllColumns: (_ index: Int) -> Bool = { _ in false }
    ) throws {
        guard isValid else { throw LayoutError.notPrepared }
        guard (0...numberOfItems).contains(index) else { throw LayoutError.invalidIndex(index, count: numberOfItems) }
        guard count >= 0, count <= Self.maximumItemCount - numberOfItems else {
            throw LayoutError.invalidItemCount(count)
        }
        var heights: [Double] = []
        var newBanners: [Int32] = []
        heights.reserveCapacity(count)
        for offset in 0..<count {
            let spans = spansAllColumns(index + offset)
            if spans { newBanners.append(Int32(index + offset)) }
            let itemWidth = spans ? fullWidth : columnWidth
            heights.append(
                try Self.checkedHeight(height(index + offset, itemWidth), index: index + offset, columnWidth: itemWidth)
            )
        }
        reserveCapacity(numberOfItems + count)
        itemHeight.insert(contentsOf: heights, at: index)
        // The banners after the insertion move down by `count`; the new ones go between.
        let firstAfter = spanningItems.partitioningIndex { Int($0) >= index }
        for position in firstAfter..<spanningItems.count { spanningItems[position] += Int32(count) }
        spanningItems.insert(contentsOf: newBanners, at: firstAfter)
        replaceItems(from: index)
    }

    /// Removes the items in `range`. The items before it keep their frames; the items after it are placed
    /// again from their stored heights.
    /// - Throws: `LayoutError.invalidIndex` when `range` does not lie in `0..<numberOfItems`.
    /// - Complexity: O((n − range.lowerBound) × columns).
    public func deleteItems(in range: Range<Int>) throws {
        guard isValid else { throw LayoutError.notPrepared }
        guard range.lowerBound >= 0, range.upperBound <= numberOfItems else {
            throw LayoutError.invalidIndex(
                range.lowerBound < 0 ? range.lowerBound : range.upperBound, count: numberOfItems)
        }
        itemHeight.removeSubrange(range)
        // The banners in the range go; those after it move up by its length.
        let first = spanningItems.partitioningIndex { Int($0) >= range.lowerBound }
        let afterRange = spanningItems.partitioningIndex { Int($0) >= range.upperBound }
        spanningItems.removeSubrange(first..<afterRange)
        for position in first..<spanningItems.count { spanningItems[position] -= Int32(range.count) }
        replaceItems(from: range.lowerBound)
    }

    /// Rewinds the placement to just before item `start` and places items `start...` again from their stored
    /// heights (`itemHeight` and `spanningItems` already describe the new list of items). Items appended after the
    /// last placed one continue from the columns' bottoms as they are; otherwise the column index is rewound to
    /// `start` (listing the items before it, if it had not yet), which tells where the columns stood there.
    /// - Complexity: O((n − start) × columns), plus listing items up to `start` once.
    func replaceItems(from start: Int) {
        if start < itemY.count {
            rewindIndex(to: start)
            itemColumn.removeSubrange(start...)
            itemY.removeSubrange(start...)
        }
        placeItems(from: start)
    }
}
