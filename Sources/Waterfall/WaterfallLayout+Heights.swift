extension WaterfallLayout {
    /// Asks the heights of the items at `indices` again, as after an image of theirs loaded.
    ///
    /// With `keepingColumns` (the default) every item stays in its column: the items from the first changed one
    /// on are stacked again in index order, each at its column's bottom plus the row spacing, a banner below the
    /// tallest column. Only what is below a changed item in its column moves (and what is below a banner after
    /// it). Without it, the items from the first changed one on are placed again by the placement policy, as
    /// `prepare` would place them.
    /// - Parameters:
    ///   - indices: the items whose heights changed, in any order.
    ///   - keepingColumns: whether every item stays in its column (see above).
    ///   - height: item `index`'s height at the width it has (its column's, or the full width for a
    ///     banner); `nil` means as tall as that width. Asked for each index once, before anything changes.
    /// - Throws: `LayoutError.notPrepared`, `.invalidIndex` for an index outside the items, `.invalidHeight`
    ///   naming the item; the layout is then unchanged.
    /// - Complexity: O(n − first changed index), times the column count without `keepingColumns`.
    public func invalidateHeights(
        ofItemsAt indices: [Int], keepingColumns: Bool = true,
        height: (_ index: Int, _ width: Double) throws -> Double?
    ) throws {
        guard isValid else { throw LayoutError.notPrepared }
        var changes: [(index: Int, height: Double)] = []
        for index in indices {
            guard itemY.indices.contains(index) else { throw LayoutError.invalidIndex(index, count: numberOfItems) }
            let width = itemWidth(ofItem: index)
            changes.append((index, try Self.checkedHeight(height(index, width), index: index, columnWidth: width)))
        }
        setHeights(changes, keepingColumns: keepingColumns)
    }

    /// Gives the items their new heights (already checked), then stacks them again in their columns from the
    /// first changed one, or places them again by the policy.
    func setHeights(_ changes: [(index: Int, height: Double)], keepingColumns: Bool) {
        guard let first = changes.lazy.map(\.index).min() else { return }
        for change in changes { itemHeight[change.index] = change.height }
        if keepingColumns { restackItems(from: first) } else { replaceItems(from: first) }
    }

    /// The width item `index` is laid out at: the full width for a banner, else the column width.
    func itemWidth(ofItem index: Int) -> Double {
        itemColumn[index] == Self.spanningColumn ? fullWidth : columnWidth
    }

    /// Stacks items `start...` again in the columns they are in, with their stored heights: each at its column's
    /// bottom plus the row spacing (at the top inset in a column that has not started), a banner below the
    /// tallest started column with every column continuing below it. The columns' bottoms and the content size
    /// follow, and the column index lists the items again from `start` when a query reaches them.
    /// - Complexity: O(n − start + columns × log n).
    func restackItems(from start: Int) {
        guard start < numberOfItems else { return }
        // Where each column stands just before `start`: below its last item, or the last banner, above it.
        rewindIndex(to: start)
        var bottoms = columnBottoms
        var started = (0..<bottoms.count).map { startedColumns & (1 << UInt64($0)) != 0 }
        let spacing = rowSpacing
        let top = insets.top
        var placedY = itemY
        itemY = []  // moved out, so the writes below do not copy it
        for index in start..<itemHeight.count {
            let height = itemHeight[index]
            if itemColumn[index] == Self.spanningColumn {
                let tallest = zip(bottoms, started).filter(\.1).map(\.0).max()
                let y = tallest.map { $0 + spacing } ?? top
                placedY[index] = y
                bottoms = Array(repeating: y + height, count: bottoms.count)
                started = Array(repeating: true, count: started.count)
            } else {
                let column = Int(itemColumn[index])
                let y = started[column] ? bottoms[column] + spacing : top
                placedY[index] = y
                bottoms[column] = y + height
                started[column] = true
            }
        }
        itemY = placedY
        columnBottoms = bottoms
        startedColumns = started.indices.reduce(0) { mask, column in started[column] ? mask | 1 << UInt64(column) : mask
        }
        contentSize = Size(width: width, height: (bottoms.max() ?? top) + insets.bottom)
    }

    /// Replaces items `start...` with items of `heights` (checked), of which those listed in `spanning` (indices
    /// from `start` on, increasing) span all columns, and places them by the policy after the items before
    /// `start`, which keep their frames.
    /// - Complexity: O((n − start) × columns).
    func replaceItems(from start: Int, heights: [Double], spanning: [Int32]) {
        itemHeight.removeSubrange(start...)
        reserveCapacity(start + heights.count)
        itemHeight.append(contentsOf: heights)
        spanningItems.removeSubrange(spanningItems.partitioningIndex { Int($0) >= start }...)
        spanningItems.append(contentsOf: spanning)
        replaceItems(from: start)
    }
}
