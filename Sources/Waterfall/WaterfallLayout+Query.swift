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

    /// The items whose frames intersect `rect`, in increasing index order.
    /// - Complexity: O(columns × log n + k log k) for k results.
    public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        var indices: [Int] = []
        forEachItem(in: rect) { indices.append($0) }
        indices.sort()
        return indices.compactMap(layoutAttributesForItem(at:))
    }

    /// Calls `body` with the index of every item whose frame intersects `rect`: column by column, top to bottom
    /// within a column, then the items that span all columns. Finds each list's first item with a binary search.
    /// - Complexity: O(columns × log n + k) for k results, plus listing the items above `rect` in the column index
    ///   the first time a query reaches below them (once per layout, O(items listed)).
    public func forEachItem(in rect: Rect, _ body: (Int) -> Void) {
        guard rect.width > 0, rect.height > 0 else { return }
        indexItems(reachingTo: rect.maxY)
        // Columns without width hold no area; the banners may still be as wide as the insets allow.
        for column in columnItems.indices where columnWidth > 0 {
            let left = minX(ofColumn: column)
            guard left < rect.maxX, rect.minX < left + columnWidth else { continue }
            forEachItem(of: columnItems[column], inRowsOf: rect, body)
        }
        guard insets.left < rect.maxX, rect.minX < insets.left + fullWidth, fullWidth > 0 else { return }
        forEachItem(of: spanningItems, inRowsOf: rect, body)
    }

    /// Calls `body` with each item of `items` (a list sorted by y whose items do not overlap) that reaches into
    /// `rect`'s rows, from a binary search for the first one.
    private func forEachItem(of items: [Int32], inRowsOf rect: Rect, _ body: (Int) -> Void) {
        var position = firstPosition(startingAtOrBelow: rect.minY, in: items)
        while position < items.count {
            let index = Int(items[position])
            guard itemY[index] < rect.maxY else { break }
            if itemHeight[index] > 0 { body(index) }
            position += 1
        }
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

    /// The first position in a column's `items` whose item reaches below `y` (its bottom is greater than `y`).
    /// Items of a column do not overlap, so only the item just above the first one starting at or below `y`
    /// can reach below it: the binary search reads one array (the tops) instead of two.
    func firstPosition(startingAtOrBelow y: Double, in items: [Int32]) -> Int {
        let position = firstPosition(in: items) { itemY[$0] >= y }
        guard position > 0 else { return position }
        let above = Int(items[position - 1])
        return itemY[above] + itemHeight[above] > y ? position - 1 : position
    }

    /// The first position in `items` whose item satisfies `isAtOrAfter`, which must be false for a prefix
    /// of the column and true for the rest (as y-ordered predicates are).
    private func firstPosition(in items: [Int32], where isAtOrAfter: (Int) -> Bool) -> Int {
        items.partitioningIndex { isAtOrAfter(Int($0)) }
    }
}
