extension WaterfallLayout {
    /// Whether this layout is valid and was prepared as `settings` would be at `width`, for `itemCount` items with
    /// `spanningItems` as banners: what a `CollectionLayout` checks before it takes a section's columns prepared
    /// ahead (`CollectionLayoutSource.preparedColumns`).
    func isPrepared(like settings: WaterfallLayout, width: Double, itemCount: Int, spanningItems banners: [Int]) -> Bool
    {
        isValid && self.width == width && numberOfItems == itemCount && columnCount == settings.columnCount
            && columnSpacing == settings.columnSpacing && rowSpacing == settings.rowSpacing && insets == settings.insets
            && placement == settings.placement
            && spanningItems.elementsEqual(banners.lazy.map { Int32(truncatingIfNeeded: $0) })
    }

    /// Whether every item's height is the one `source` gives for `section` now (a debug build's check of columns
    /// prepared ahead).
    func hasHeights<Source: CollectionLayoutSource>(ofSection section: Int, from source: Source) -> Bool {
        var asked = [Double](repeating: 0, count: numberOfItems)
        asked.withUnsafeMutableBufferPointer { buffer in
            var runStart = 0
            for banner in spanningItems.map(Int.init) + [numberOfItems] {
                if runStart < banner {
                    source.heightsOfItems(
                        inSection: section, range: runStart..<banner, width: columnWidth,
                        into: UnsafeMutableBufferPointer(rebasing: buffer[runStart..<banner]))
                }
                if banner < numberOfItems {
                    buffer[banner] =
                        source.heightOfItem(at: ItemPath(item: banner, section: section), width: fullWidth) ?? fullWidth
                }
                runStart = banner + 1
            }
        }
        return asked == itemHeight
    }
}
