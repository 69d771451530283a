/// What a `CollectionLayout` asks about the data while it lays it out. `CollectionView` answers from its data
/// source; tests answer from plain arrays.
public protocol CollectionLayoutSource {
    /// How many sections there are.
    var numberOfSections: Int { get }
    /// How many items `section` has.
    func numberOfItems(inSection section: Int) -> Int
    /// What `section` changes from the layout's defaults.
    func style(ofSection section: Int) -> SectionStyle
    /// The item's height at `width` (its column's width, or the section's full width for a banner); `nil` makes
    /// it as tall as it is wide.
    func heightOfItem(at indexPath: ItemPath, width: Double) -> Double?
    /// Whether the item spans all its section's columns (a banner).
    func itemSpansAllColumns(at indexPath: ItemPath) -> Bool
    /// The height of `section`'s header or footer at `width`, the section's full width inside its insets;
    /// 0 for none.
    func heightOfSupplementaryElement(ofKind kind: ElementKind, inSection section: Int, width: Double) -> Double
}
