/// Where one element sits, as `UICollectionViewLayoutAttributes`.
public struct LayoutAttributes: Hashable, Sendable {
    /// What the element is: a cell, a header or footer, or the load-more footer.
    public var kind: ElementKind
    /// The item (for a header or footer, item 0 of its section).
    public var indexPath: ItemPath
    /// The column the item is in, counted from 0 at the left; 0 for every element that spans all columns.
    public var column: Int
    /// Whether the element spans all columns (a banner, a header or a footer).
    public var spansAllColumns: Bool
    /// The element's frame in content coordinates.
    public var frame: Rect

    /// A cell's attributes, in section 0 unless `section` says otherwise.
    public init(index: Int, section: Int = 0, column: Int, frame: Rect, spansAllColumns: Bool = false) {
        self.init(
            kind: .cell, indexPath: ItemPath(item: index, section: section), column: column, frame: frame,
            spansAllColumns: spansAllColumns)
    }

    /// Any element's attributes.
    public init(kind: ElementKind, indexPath: ItemPath, column: Int = 0, frame: Rect, spansAllColumns: Bool) {
        self.kind = kind
        self.indexPath = indexPath
        self.column = column
        self.frame = frame
        self.spansAllColumns = spansAllColumns
    }

    /// The item's position in its section.
    public var index: Int { indexPath.item }
    /// The element's name.
    public var id: ElementID { ElementID(kind: kind, indexPath: indexPath) }
}
