/// The column index: each column's items in increasing y (`columnItems`), which rect queries and hit tests search.
///
/// It is built lazily, in index order, only as far down as something asks: a layout of a million items lists the
/// items of its first screen when that screen is drawn, and the rest when a query reaches them. The frames are always
/// complete (`prepare` places every item and the content size is exact); only this search structure waits.
///
/// Every item starts at or below its column's bottom after the items before it (it is placed or stacked there), and
/// columns only grow, so once the index has listed items `0..<indexedCount`, every item not yet listed starts at or
/// below the lowest of those bottoms (`indexedBottoms`): a query above that line finds everything it needs listed.
extension WaterfallLayout {
    /// Lists items up to `end` (exclusive) in their columns' lists.
    ///
    /// The new items are sorted by column into one scratch buffer (a count, then a scatter through a cursor per
    /// column), and each column's run then joins its list in one copy; the columns' bottoms below them follow from
    /// each list's last item and the last banner among them.
    /// - Complexity: O(end − indexedCount + columns).
    func indexItems(upTo end: Int) {
        let start = indexedCount
        let end = min(end, numberOfItems)
        guard end > start else { return }
        var lists = columnItems
        columnItems = []  // moved out: appending to them does not copy
        defer {
            columnItems = lists
            indexedCount = end
        }
        var counts = [Int](repeating: 0, count: lists.count)
        var firsts = [Int](repeating: 0, count: lists.count)
        itemColumn.withUnsafeBufferPointer { columnOf in
            counts.withUnsafeMutableBufferPointer { count in
                for index in start..<end where columnOf[index] != Self.spanningColumn {
                    count[Int(columnOf[index])] += 1
                }
            }
            for column in counts.indices.dropFirst() { firsts[column] = firsts[column - 1] + counts[column - 1] }
            let scratch = UnsafeMutableBufferPointer<Int32>.allocate(capacity: max(1, end - start))
            defer { scratch.deallocate() }
            var cursors = firsts
            cursors.withUnsafeMutableBufferPointer { cursor in
                for index in start..<end where columnOf[index] != Self.spanningColumn {
                    let column = Int(columnOf[index])
                    scratch[cursor[column]] = Int32(truncatingIfNeeded: index)
                    cursor[column] += 1
                }
            }
            for column in lists.indices where counts[column] > 0 {
                if lists[column].capacity < lists[column].count + counts[column] {
                    lists[column].reserveCapacity(Self.withHeadroom(lists[column].count + counts[column]))
                }
                lists[column].append(
                    contentsOf: UnsafeBufferPointer(
                        rebasing: scratch[firsts[column]..<(firsts[column] + counts[column])]))
            }
        }
        // Below the new items: each column's last item, or the last banner among them when it is lower.
        let bannersBefore = spanningItems.partitioningIndex { Int($0) >= end }
        let lastBanner = bannersBefore > 0 ? Int(spanningItems[bannersBefore - 1]) : nil
        let bannerBottom = lastBanner.flatMap { $0 >= start ? bottom(ofItem: $0) : nil }
        if bannerBottom != nil { indexedStarted = Self.allColumns(lists.count) }
        for column in lists.indices {
            let itemBottom = counts[column] > 0 ? lists[column].last.map { bottom(ofItem: Int($0)) } : nil
            if itemBottom != nil { indexedStarted |= 1 << UInt64(column) }
            if let lowest = [itemBottom, bannerBottom].compactMap({ $0 }).max() { indexedBottoms[column] = lowest }
        }
    }

    /// Lists items until every item not listed starts below `y`, so that everything reaching to `y` or above is listed.
    /// It lists as many items as lie above `y` in proportion to the content's height (items fill the columns evenly)
    /// and 256 more, then twice as many each time while they are not enough.
    /// - Complexity: O(k + columns × log k) for the k items it lists.
    func indexItems(reachingTo y: Double) {
        guard indexedCount < numberOfItems, lowestIndexedBottom <= y else { return }
        let share = contentSize.height > 0 ? min(1, max(0, y / contentSize.height)) : 1
        var step = max(256, Int(share * Double(numberOfItems)) - indexedCount + 256)
        repeat {
            indexItems(upTo: indexedCount + step)
            step *= 2
        } while indexedCount < numberOfItems && lowestIndexedBottom <= y
    }

    /// Lists every item.
    func indexAllItems() {
        indexItems(upTo: numberOfItems)
    }

    /// The lowest column bottom below the listed items (the top inset while a column has none): no item not yet
    /// listed starts above it.
    private var lowestIndexedBottom: Double {
        indexedStarted == Self.allColumns(indexedBottoms.count) ? indexedBottoms.min() ?? insets.top : insets.top
    }

    /// Makes the index list exactly the items before `start`, listing more or dropping those from `start` on, and
    /// sets the columns' bottoms and started columns to where they stand just before `start`: where placing items
    /// from `start` again begins.
    /// - Complexity: O(|start − indexedCount| + columns × log n).
    func rewindIndex(to start: Int) {
        if indexedCount <= start {
            indexItems(upTo: start)
        } else {
            // Each column continues below its last item before `start`, or the last banner above `start`.
            let bannersBefore = spanningItems.partitioningIndex { Int($0) >= start }
            let bannerBottom = bannersBefore > 0 ? bottom(ofItem: Int(spanningItems[bannersBefore - 1])) : nil
            indexedStarted = bannerBottom == nil ? 0 : Self.allColumns(columnItems.count)
            for column in columnItems.indices {
                let kept = columnItems[column].partitioningIndex { Int($0) >= start }
                columnItems[column].removeSubrange(kept...)
                let itemBottom = columnItems[column].last.map { bottom(ofItem: Int($0)) }
                if itemBottom != nil { indexedStarted |= 1 << UInt64(column) }
                indexedBottoms[column] = [itemBottom, bannerBottom].compactMap { $0 }.max() ?? insets.top
            }
            indexedCount = start
        }
        columnBottoms = indexedBottoms
        startedColumns = indexedStarted
    }

    /// Empties the index for `columns` columns (keeping the lists' storage when `keepingCapacity`).
    func resetIndex(columns: Int, keepingCapacity: Bool) {
        var lists = columnItems
        columnItems = []
        lists.removeLast(max(0, lists.count - columns))
        for column in lists.indices { lists[column].removeAll(keepingCapacity: keepingCapacity) }
        lists.append(contentsOf: repeatElement([], count: columns - lists.count))
        columnItems = lists
        indexedCount = 0
        indexedBottoms = Array(repeating: insets.top, count: columns)
        indexedStarted = 0
    }

    /// The y below item `index`.
    func bottom(ofItem index: Int) -> Double {
        itemY[index] + itemHeight[index]
    }
}
