extension WaterfallLayout {
    /// Lays out `count` new items after the existing ones, as a data source that loads more appends them.
    /// Existing frames do not move; only the new items' heights are asked.
    /// - Throws: `LayoutError.invalidHeight` naming the item; the layout is then as it was before the call.
    /// - Complexity: O(count × columns), amortised.
    public func appendItems(count: Int, height: (_ index: Int, _ columnWidth: Double) throws -> Double?) throws {
        try insertItems(at: numberOfItems, count: count, height: height)
    }

    /// Inserts `count` items before item `index` (at the end when `index == numberOfItems`). The items before
    /// `index` keep their frames; from `index` on, items are placed again with their stored heights, and only
    /// the new items' heights are asked.
    /// - Throws: `LayoutError.invalidHeight` naming the item (the layout is unchanged), or
    ///   `LayoutError.invalidIndex` when `index` is not in `0...numberOfItems`.
    /// - Complexity: O((n − index) × columns + count × columns).
    public func insertItems(at index: Int, count: Int, height: (_ index: Int, _ columnWidth: Double) throws -> Double?) throws {
        guard isValid else { throw LayoutError.notPrepared }
        guard (0...numberOfItems).contains(index) else { throw LayoutError.invalidIndex(index, count: numberOfItems) }
        guard count >= 0, count <= Self.maximumItemCount - numberOfItems else { throw LayoutError.invalidItemCount(count) }
        var heights: [Double] = []
        heights.reserveCapacity(count)
        for offset in 0..<count {
            heights.append(try Self.checkedHeight(height(index + offset, columnWidth), index: index + offset, columnWidth: columnWidth))
        }
        reserveCapacity(numberOfItems + count)
        itemHeight.insert(contentsOf: heights, at: index)
        replaceItems(from: index)
    }

    /// Removes the items in `range`. The items before it keep their frames; the items after it are placed
    /// again from their stored heights.
    /// - Throws: `LayoutError.invalidIndex` when `range` does not lie in `0..<numberOfItems`.
    /// - Complexity: O((n − range.lowerBound) × columns).
    public func deleteItems(in range: Range<Int>) throws {
        guard isValid else { throw LayoutError.notPrepared }
        guard range.lowerBound >= 0, range.upperBound <= numberOfItems else {
            throw LayoutError.invalidIndex(range.lowerBound < 0 ? range.lowerBound : range.upperBound, count: numberOfItems)
        }
        itemHeight.removeSubrange(range)
        replaceItems(from: range.lowerBound)
    }

    /// Rewinds the placement to just before item `start` and places items `start...` again from their stored
    /// heights (`itemHeight` already holds the new list).
    func replaceItems(from start: Int) {
        itemColumn.removeSubrange(start...)
        itemY.removeSubrange(start...)
        for column in columnItems.indices {
            let kept = columnItems[column].partitioningIndex { Int($0) >= start }
            columnItems[column].removeSubrange(kept...)
            if let last = columnItems[column].last.map(Int.init) {
                columnBottoms[column] = itemY[last] + itemHeight[last]
            } else {
                columnBottoms[column] = insets.top
            }
        }
        placeItems(from: start)
    }
}
