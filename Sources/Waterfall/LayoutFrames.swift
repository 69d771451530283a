/// A `WaterfallLayout`'s frames as one query reads them: its per-item arrays and its column metrics copied into a
/// value once, so that the query's loops read locals. (Each read of a class's stored property pays a dynamic
/// exclusivity check, which cost a rect query with attributes half its time.)
struct LayoutFrames {
    let columnOf: [UInt16]
    let tops: [Double]
    let heights: [Double]
    /// The left inset: column 0's x, and a banner's.
    let left: Double
    let columnWidth: Double
    /// From one column's x to the next's: the column width plus the column spacing.
    let pitch: Double
    /// A banner's width.
    let fullWidth: Double

    /// Where item `index`, which exists, is: as `WaterfallLayout.layoutAttributesForItem(at:)` says.
    @inline(__always)
    func attributes(ofItem index: Int) -> LayoutAttributes {
        let column = columnOf[index]
        if column == WaterfallLayout.spanningColumn {
            let frame = Rect(x: left, y: tops[index], width: fullWidth, height: heights[index])
            return LayoutAttributes(index: index, column: 0, frame: frame, spansAllColumns: true)
        }
        let frame = Rect(x: left + Double(column) * pitch, y: tops[index], width: columnWidth, height: heights[index])
        return LayoutAttributes(index: index, column: Int(column), frame: frame)
    }

    /// The first position in a column's `items` whose item reaches below `y` (its bottom is greater than `y`).
    /// Items of a column do not overlap, so only the item just above the first one starting at or below `y`
    /// can reach below it: the binary search reads one array (the tops) instead of two.
    func firstPosition(startingAtOrBelow y: Double, in items: [Int32]) -> Int {
        let position = items.partitioningIndex { tops[Int($0)] >= y }
        guard position > 0 else { return position }
        let above = Int(items[position - 1])
        return tops[above] + heights[above] > y ? position - 1 : position
    }

    /// Calls `body` with each item of `items` (a list sorted by y whose items do not overlap) that reaches into
    /// `rect`'s rows and has a height, from a binary search for the first one.
    @inline(__always)
    func forEachItem(of items: [Int32], inRowsOf rect: Rect, _ body: (Int) -> Void) {
        var position = firstPosition(startingAtOrBelow: rect.minY, in: items)
        while position < items.count {
            let index = Int(items[position])
            guard tops[index] < rect.maxY else { break }
            if heights[index] > 0 { body(index) }
            position += 1
        }
    }
}

extension WaterfallLayout {
    /// The frames, read once for a query.
    var frames: LayoutFrames {
        LayoutFrames(
            columnOf: itemColumn, tops: itemY, heights: itemHeight, left: insets.left, columnWidth: columnWidth,
            pitch: columnWidth + columnSpacing, fullWidth: fullWidth)
    }
}
