extension WaterfallLayout {
    /// Where item `index` is, or `nil` when there is no such item.
    /// - Complexity: O(1).
    public func layoutAttributesForItem(at index: Int) -> LayoutAttributes? {
        guard itemY.indices.contains(index) else { return nil }
        if itemColumn[index] == Self.spanningColumn {
            let frame = Rect(x: insets.left, y: itemY[index], width: fullWidth, height: itemHeight[index])
            return LayoutAttributes(index: index, column: 0, frame: frame, spansAllColumns: true)
        }
        let column = Int(itemColumn[index])
        let frame = Rect(x: minX(ofColumn: column), y: itemY[index], width: columnWidth, height: itemHeight[index])
        return LayoutAttributes(index: index, column: column, frame: frame)
    }

    /// The items whose frames intersect `rect`, in increasing index order. Each column's items in the rect's rows
    /// (and the banners') are a run of increasing indices, found as `forEachItem(in:)` finds them; the runs are
    /// merged, the lowest index first, so nothing is sorted.
    /// - Complexity: O(columns × log n + k × columns) for k results.
    public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        guard rect.width > 0, rect.height > 0 else { return [] }
        indexItems(reachingTo: rect.maxY)
        let frames = self.frames
        let columns = columnItems
        let banners = spanningItems
        var result: [LayoutAttributes] = []  // the one allocation
        result.reserveCapacity(32)
        // Each list's next position (the columns', then the banners' last), or `Int.max` for a list outside the
        // rect's columns; on the stack.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: columns.count + 1) { next in
            for column in columns.indices {
                next[column] =
                    intersectsColumn(column, rect)
                    ? frames.firstPosition(startingAtOrBelow: rect.minY, in: columns[column]) : .max
            }
            next[columns.count] =
                intersectsBanners(rect) ? frames.firstPosition(startingAtOrBelow: rect.minY, in: banners) : .max
            while true {
                // The list whose next item has the lowest index, among those whose next item starts above the rect's bottom.
                var lowest: (list: Int, index: Int)?
                for list in 0...columns.count {
                    let items = list < columns.count ? columns[list] : banners
                    guard next[list] < items.count else { continue }
                    let index = Int(items[next[list]])
                    if frames.tops[index] < rect.maxY, index < lowest?.index ?? .max { lowest = (list, index) }
                }
                guard let (list, index) = lowest else { return }
                next[list] += 1
                if frames.heights[index] > 0 { result.append(frames.attributes(ofItem: index)) }
            }
        }
        return result
    }

    /// Calls `body` with the index of every item whose frame intersects `rect`: column by column, top to bottom
    /// within a column, then the items that span all columns. Finds each list's first item with a binary search.
    /// - Complexity: O(columns × log n + k) for k results, plus listing the items above `rect` in the column index
    ///   the first time a query reaches below them (once per layout, O(items listed)).
    public func forEachItem(in rect: Rect, _ body: (Int) -> Void) {
        guard rect.width > 0, rect.height > 0 else { return }
        indexItems(reachingTo: rect.maxY)
        let frames = self.frames
        for (column, items) in columnItems.enumerated() where intersectsColumn(column, rect) {
            frames.forEachItem(of: items, inRowsOf: rect, body)
        }
        if intersectsBanners(rect) { frames.forEachItem(of: spanningItems, inRowsOf: rect, body) }
    }

    /// Whether `column` shares area with `rect` horizontally; a column without width holds no area.
    private func intersectsColumn(_ column: Int, _ rect: Rect) -> Bool {
        let left = minX(ofColumn: column)
        return columnWidth > 0 && left < rect.maxX && rect.minX < left + columnWidth
    }

    /// Whether the banners' span (as wide as the insets allow, even where the columns have no width) shares area with
    /// `rect` horizontally.
    private func intersectsBanners(_ rect: Rect) -> Bool {
        fullWidth > 0 && insets.left < rect.maxX && rect.minX < insets.left + fullWidth
    }

    /// The item under `point` (in content coordinates), or `nil` over spacing, insets or empty space.
    /// - Complexity: O(log n).
    public func indexOfItem(at point: Point) -> Int? {
        if let banner = banner(at: point) { return banner }
        indexItems(reachingTo: point.y)
        guard columnWidth > 0, point.x >= insets.left else { return nil }
        let quotient = (point.x - insets.left) / (columnWidth + columnSpacing)
        guard quotient < Double(columnItems.count + 1) else { return nil }  // also keeps Int() from trapping
        var column = Int(quotient)
        // The division can round across a column's left edge: settle on the column that starts at or left of the point.
        if column + 1 < columnItems.count, point.x >= minX(ofColumn: column + 1) { column += 1 }
        if column > 0, point.x < minX(ofColumn: column) { column -= 1 }
        guard column < columnItems.count, point.x < minX(ofColumn: column) + columnWidth else { return nil }
        let items = columnItems[column]
        let position = firstPosition(in: items) { itemY[$0] + itemHeight[$0] > point.y }
        guard position < items.count else { return nil }
        let index = Int(items[position])
        return itemY[index] <= point.y ? index : nil
    }

    /// The item spanning all columns under `point`, if any.
    private func banner(at point: Point) -> Int? {
        guard !spanningItems.isEmpty, point.x >= insets.left, point.x < insets.left + fullWidth else { return nil }
        // The first banner reaching below the point: banners of no height at its y end there and are passed over.
        let position = firstPosition(in: spanningItems) { itemY[$0] + itemHeight[$0] > point.y }
        guard position < spanningItems.count else { return nil }
        let index = Int(spanningItems[position])
        return itemY[index] <= point.y ? index : nil
    }

    /// The items of `column`, top to bottom (items that span all columns are in none).
    public func items(inColumn column: Int) -> [Int] {
        guard columnItems.indices.contains(column) else { return [] }
        indexAllItems()
        return columnItems[column].map(Int.init)
    }

    /// The item above (`offset` -1) or below (`offset` +1) item `index` in its column, if any.
    /// - Complexity: O(log n).
    public func neighbour(ofItem index: Int, inColumnBy offset: Int) -> Int? {
        guard let attributes = layoutAttributesForItem(at: index) else { return nil }
        if attributes.spansAllColumns {  // a banner: the item just before or after it
            let target = index + offset
            return itemY.indices.contains(target) ? target : nil
        }
        indexAllItems()
        let items = columnItems[attributes.column]
        let position = firstPosition(in: items) { $0 >= index }
        let target = position + offset
        return items.indices.contains(target) ? Int(items[target]) : nil
    }

    /// The item in `column` whose vertical centre is nearest to `y` (the upper one on a tie), if the column has any.
    /// - Complexity: O(log n).
    public func item(inColumn column: Int, nearestToY y: Double) -> Int? {
        indexAllItems()
        guard columnItems.indices.contains(column), !columnItems[column].isEmpty else { return nil }
        let items = columnItems[column]
        let position = firstPosition(in: items) { itemY[$0] + itemHeight[$0] / 2 >= y }
        let candidates = [position - 1, position].filter { items.indices.contains($0) }
        let best = candidates.min { a, b in
            abs(centreY(of: Int(items[a])) - y) < abs(centreY(of: Int(items[b])) - y)
        }
        return best.map { Int(items[$0]) }
    }

    private func centreY(of index: Int) -> Double {
        itemY[index] + itemHeight[index] / 2
    }

    /// The first position in `items` whose item satisfies `isAtOrAfter`, which must be false for a prefix
    /// of the column and true for the rest (as y-ordered predicates are).
    private func firstPosition(in items: [Int32], where isAtOrAfter: (Int) -> Bool) -> Int {
        items.partitioningIndex { isAtOrAfter(Int($0)) }
    }
}
