/// Placing items in the columns: the shortest column first, or in rows from the left or the right, with banners
/// across all columns between runs of items.
extension WaterfallLayout {
    /// Places items `start..<itemHeight.count`, whose heights are stored, below `columnBottoms` (the columns'
    /// bottoms just before `start`, with `startedColumns`), which it leaves below the last item. The column index
    /// is not touched: it lists these items when a query first reaches them.
    ///
    /// The hot loop reads and writes through buffer pointers into local arrays moved out of the stored
    /// properties (a class's stored property pays a dynamic exclusivity check on every access) and sized up
    /// front (no per-item append); see `SortedColumnBottoms` for the shortest column's.
    /// (Measured: asking the heights inside this loop made it slower.)
    func placeItems(from start: Int) {
        let heights = itemHeight
        var bottoms = columnBottoms
        var started = startedColumns
        var placedColumns = itemColumn
        var placedY = itemY
        columnBottoms = []
        itemColumn = []
        itemY = []
        defer {
            columnBottoms = bottoms
            startedColumns = started
            itemColumn = placedColumns
            itemY = placedY
            contentSize = Size(width: width, height: (columnBottoms.max() ?? insets.top) + insets.bottom)
        }
        guard start < heights.count else { return }
        let top = insets.top
        let spacing = rowSpacing
        let count = heights.count
        // The banners at or after `start` split the items into runs placed in columns.
        let firstBanner = spanningItems.partitioningIndex { Int($0) >= start }
        let banners = spanningItems[firstBanner...].map(Int.init)
        var runOrigin = spanningItems[..<firstBanner].last.map { Int($0) + 1 } ?? 0
        placedY.append(contentsOf: repeatElement(0, count: count - start))
        placedColumns.append(contentsOf: repeatElement(0, count: count - start))
        heights.withUnsafeBufferPointer { height in
            placedY.withUnsafeMutableBufferPointer { yOut in
                placedColumns.withUnsafeMutableBufferPointer { columnOut in
                    var runStart = start
                    for banner in banners + [count] {
                        placeRun(
                            runStart..<banner, origin: runOrigin, heights: height, bottoms: &bottoms, started: &started,
                            y: yOut, column: columnOut)
                        guard banner < count else { break }
                        // A banner goes below the tallest column, and every column continues below it.
                        let tallest =
                            started == 0
                            ? nil : bottoms.indices.filter { started & (1 << $0) != 0 }.map { bottoms[$0] }.max()
                        let y = tallest.map { $0 + spacing } ?? top
                        yOut[banner] = y
                        columnOut[banner] = Self.spanningColumn
                        bottoms = Array(repeating: y + height[banner], count: bottoms.count)
                        started = Self.allColumns(bottoms.count)
                        runStart = banner + 1
                        runOrigin = banner + 1
                    }
                }
            }
        }
    }

    /// Places the items of `range`, none of them a banner, by the layout's placement; `origin` is where the
    /// run began (after the last banner), from which the ordered placements count rows.
    private func placeRun(
        _ range: Range<Int>, origin: Int, heights: UnsafeBufferPointer<Double>, bottoms: inout [Double],
        started: inout UInt64,
        y yOut: UnsafeMutableBufferPointer<Double>, column columnOut: UnsafeMutableBufferPointer<UInt16>
    ) {
        guard !range.isEmpty else { return }
        let top = insets.top
        let spacing = rowSpacing
        if placement != .shortestColumn {
            bottoms.withUnsafeMutableBufferPointer { bottom in
                Self.placeInOrder(
                    range, origin: origin, heights: heights, top: top, spacing: spacing,
                    reversed: placement == .rightToLeft, bottoms: bottom, started: &started,
                    y: yOut, column: columnOut)
            }
        } else {
            bottoms.withUnsafeMutableBufferPointer { bottom in
                Self.placeInShortestColumns(
                    range, heights: heights, top: top, spacing: spacing,
                    bottoms: bottom, started: &started, y: yOut, column: columnOut)
            }
        }
    }

    /// A mask with a bit for each of `columns` columns.
    static func allColumns(_ columns: Int) -> UInt64 {
        columns >= 64 ? .max : (1 << UInt64(columns)) - 1
    }

    /// The placement loop of `shortestColumn`: each item of `range` goes to the leftmost shortest column (see
    /// `tieTolerance`), below its bottom plus `spacing`, or at `top` in a column not yet `started` (a bit per column),
    /// and its y and column are written. Once every column has started, up to eight columns are kept sorted
    /// (`SortedColumnBottoms`); more are searched one by one.
    private static func placeInShortestColumns(
        _ range: Range<Int>, heights: UnsafeBufferPointer<Double>, top: Double, spacing: Double,
        bottoms: UnsafeMutableBufferPointer<Double>, started: inout UInt64,
        y yOut: UnsafeMutableBufferPointer<Double>, column columnOut: UnsafeMutableBufferPointer<UInt16>
    ) {
        let everyColumn = allColumns(bottoms.count)
        let fitsSorted = bottoms.count <= SortedColumnBottoms.capacity
        var index = range.lowerBound
        while index < range.upperBound, started != everyColumn || !fitsSorted {
            let column = leftmostShortestColumn(bottoms)
            let y = started & (1 << column) != 0 ? bottoms[column] + spacing : top
            started |= 1 << column
            bottoms[column] = y + heights[index]
            yOut[index] = y
            columnOut[index] = UInt16(truncatingIfNeeded: column)
            index += 1
        }
        guard index < range.upperBound else { return }
        var sorted = SortedColumnBottoms(bottoms)
        sorted.place(index..<range.upperBound, heights: heights, spacing: spacing, y: yOut, column: columnOut)
        sorted.write(to: bottoms)
    }

    /// The placement loop for `leftToRight` and `rightToLeft`: item i goes into column (i − origin) mod the
    /// column count (counted from the right when `reversed`), below that column's bottom plus `spacing`.
    private static func placeInOrder(
        _ range: Range<Int>, origin: Int, heights: UnsafeBufferPointer<Double>, top: Double, spacing: Double,
        reversed: Bool,
        bottoms: UnsafeMutableBufferPointer<Double>, started: inout UInt64,
        y yOut: UnsafeMutableBufferPointer<Double>, column columnOut: UnsafeMutableBufferPointer<UInt16>
    ) {
        let columns = bottoms.count
        for index in range {
            let position = (index - origin) % columns
            let column = reversed ? columns - 1 - position : position
            let y = started & (1 << column) != 0 ? bottoms[column] + spacing : top
            started |= 1 << column
            bottoms[column] = y + heights[index]
            yOut[index] = y
            columnOut[index] = UInt16(truncatingIfNeeded: column)
        }
    }
}
