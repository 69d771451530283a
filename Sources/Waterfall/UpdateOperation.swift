/// One change of a collection view's data, as recorded by `insertItems(at:)`, `moveSection(_:toSection:)` and the
/// others (a call that names several items records one operation per item). Errors name the operation at fault.
public enum UpdateOperation: Hashable, Sendable, CustomStringConvertible {
    /// `insertItems(at:)`: a new item at this path after the update.
    case insertItem(ItemPath)
    /// `deleteItems(at:)`: the item at this path before the update is gone.
    case deleteItem(ItemPath)
    /// `reloadItems(at:)`: the item at this path before the update is asked again (height and cell).
    case reloadItem(ItemPath)
    /// `moveItem(at:to:)`: the item at `from` before the update is at `to` after it.
    case moveItem(from: ItemPath, to: ItemPath)
    /// `insertSections(_:)`: a new section at this index after the update.
    case insertSection(Int)
    /// `deleteSections(_:)`: the section at this index before the update is gone.
    case deleteSection(Int)
    /// `reloadSections(_:)`: the section at this index before the update is laid out afresh.
    case reloadSection(Int)
    /// `moveSection(_:toSection:)`: the section at `from` before the update is at `to` after it.
    case moveSection(from: Int, to: Int)
    /// `invalidateHeights(ofItemsAt:keepingColumns:)`: the height of the item at this path after the update is
    /// asked again.
    case invalidateHeight(ItemPath, keepingColumn: Bool)
    /// `reloadSupplementaryElements(ofKind:inSections:)`: the header or footer (`kind`) of this section after the
    /// update is asked again, its height and its view.
    case reloadSupplementaryElement(ElementKind, section: Int)

    /// "delete item 0.3", "move section 1 to 3", "reload the footer of section 2"...
    public var description: String {
        switch self {
        case .insertItem(let path): return "insert item \(path)"
        case .deleteItem(let path): return "delete item \(path)"
        case .reloadItem(let path): return "reload item \(path)"
        case .moveItem(let from, let to): return "move item \(from) to \(to)"
        case .insertSection(let section): return "insert section \(section)"
        case .deleteSection(let section): return "delete section \(section)"
        case .reloadSection(let section): return "reload section \(section)"
        case .moveSection(let from, let to): return "move section \(from) to \(to)"
        case .invalidateHeight(let path, _): return "invalidate the height of item \(path)"
        case .reloadSupplementaryElement(let kind, let section):
            return "reload the \(kind.rawValue) of section \(section)"
        }
    }
}
