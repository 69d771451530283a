/// Where one item sits, as `UICollectionViewLayoutAttributes`.
public struct LayoutAttributes: Hashable, Sendable {
    /// The item's index in the data source.
    public var index: Int
    /// The column the item is in, counted from 0 at the left.
    public var column: Int
    /// The item's frame in content coordinates.
    public var frame: Rect

    public init(index: Int, column: Int, frame: Rect) {
        self.index = index
        self.column = column
        self.frame = frame
    }
}
