/// Where one item sits, as `UICollectionViewLayoutAttributes`.
public struct LayoutAttributes: Hashable, Sendable {
    /// The item's index in the data source.
    public var index: Int
    /// The column the item is in, counted from 0 at the left; 0 for an item that spans all columns.
    public var column: Int
    /// Whether the item spans all columns (a banner).
    public var spansAllColumns: Bool
    /// The item's frame in content coordinates.
    public var frame: Rect

    public init(index: Int, column: Int, frame: Rect, spansAllColumns: Bool = false) {
        self.index = index
        self.column = column
        self.frame = frame
        self.spansAllColumns = spansAllColumns
    }
}
