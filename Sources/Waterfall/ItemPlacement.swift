/// Which column each item goes into, as CHTCollectionViewWaterfallLayout's `itemRenderDirection`.
public enum ItemPlacement: Hashable, Sendable {
    /// Each item goes into the shortest column, the leftmost of equally short ones (the default).
    case shortestColumn
    /// Item i goes into column i mod columnCount: the items fill the columns in rows from the left.
    case leftToRight
    /// Item i goes into column columnCount − 1 − (i mod columnCount): rows filled from the right.
    case rightToLeft
}
