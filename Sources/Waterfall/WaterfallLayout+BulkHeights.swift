extension WaterfallLayout {
    /// Computes every item's frame for `width`, with the heights written in bulk: for a source that can say the
    /// heights of many items at once (a million synthesised cards, a folder of photos whose sizes it has read), one
    /// call per run of items between banners instead of one per item.
    ///
    /// - Parameters:
    ///   - width: the width of the view the columns fill.
    ///   - itemCount: how many items there are.
    ///   - spanningItems: the items that span all columns (banners), in increasing order.
    ///   - heights: writes the heights of the items of `range` (none of them a banner) at `columnWidth` into
    ///     `heights`, item `range.lowerBound + k` at `k`; an item as tall as it is wide gets `columnWidth`.
    ///   - bannerHeight: banner `index`'s height at the full width inside the insets; `nil` means as tall as wide.
    /// - Throws: `LayoutError` for an invalid setting, item count, banner index or height, as `prepare` does; the
    ///   layout is then empty and invalid.
    /// - Complexity: O(n × columns) for n items, with one call of `heights` per run of items between banners.
    public func prepare(
        width: Double, itemCount: Int, spanningItems: [Int],
        heights: (_ range: Range<Int>, _ columnWidth: Double, _ heights: UnsafeMutableBufferPointer<Double>) throws ->
            Void,
        bannerHeight: (_ index: Int, _ fullWidth: Double) throws -> Double?
    ) throws {
        var allHeights = try beginPreparing(width: width, itemCount: itemCount)
        let columnWidth = self.columnWidth
        let fullWidth = self.fullWidth
        do {
            var previous = -1
            for banner in spanningItems {
                guard banner > previous, banner < itemCount else {
                    // out of range, or not in increasing order
                    throw LayoutError.invalidIndex(banner, count: itemCount)
                }
                previous = banner
            }
            allHeights.append(contentsOf: repeatElement(0, count: itemCount))
            try allHeights.withUnsafeMutableBufferPointer { buffer in
                var runStart = 0
                for banner in spanningItems + [itemCount] {
                    if runStart < banner {
                        try heights(
                            runStart..<banner, columnWidth,
                            UnsafeMutableBufferPointer(rebasing: buffer[runStart..<banner]))
                    }
                    if banner < itemCount {
                        buffer[banner] = try Self.checkedHeight(
                            bannerHeight(banner, fullWidth), index: banner, columnWidth: fullWidth)
                    }
                    runStart = banner + 1
                }
                // Every height checked (a banner's again, harmlessly), so that an invalid one names its item.
                for index in buffer.indices {
                    buffer[index] = try Self.checkedHeight(buffer[index], index: index, columnWidth: columnWidth)
                }
            }
            finishPreparing(heights: allHeights, spanning: spanningItems.map { Int32(truncatingIfNeeded: $0) })
        } catch {
            abandonPreparing()
            throw error
        }
    }
}
