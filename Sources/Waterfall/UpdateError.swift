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

    /// "delete item 0.3", "move section 1 to 3"...
    public var description: String {
        switch self {
        case let .insertItem(path): return "insert item \(path)"
        case let .deleteItem(path): return "delete item \(path)"
        case let .reloadItem(path): return "reload item \(path)"
        case let .moveItem(from, to): return "move item \(from) to \(to)"
        case let .insertSection(section): return "insert section \(section)"
        case let .deleteSection(section): return "delete section \(section)"
        case let .reloadSection(section): return "reload section \(section)"
        case let .moveSection(from, to): return "move section \(from) to \(to)"
        case let .invalidateHeight(path, _): return "invalidate the height of item \(path)"
        }
    }
}

/// Which indices an update's path or count refers to: those before the update (deletes, reloads, move sources)
/// or those after it (inserts, move destinations, height invalidations).
public enum UpdateMoment: String, Hashable, Sendable {
    /// The indices before the update.
    case beforeUpdate = "before the update"
    /// The indices after the update.
    case afterUpdate = "after the update"
}

/// Why a collection view's update was refused. The view is then exactly as before the update: layout, visible
/// cells, selection and offset.
public enum UpdateError: Error, CustomStringConvertible, Equatable {
    /// `operation` names `section`, outside the `count` sections there are at `moment`.
    case sectionOutOfRange(UpdateOperation, section: Int, count: Int, UpdateMoment)
    /// `operation` names the item at `path`, outside the `count` items its section has at `moment`.
    case itemOutOfRange(UpdateOperation, path: ItemPath, count: Int, UpdateMoment)
    /// Two operations name the same section at `moment`: deleted twice, deleted and moved, moved twice, reloaded
    /// and deleted, inserted at an index a move also fills...
    case sectionNamedTwice(Int, UpdateMoment, UpdateOperation, UpdateOperation)
    /// Two operations name the same item at `moment`: deleted twice, deleted and moved, moved twice...
    case itemNamedTwice(ItemPath, UpdateMoment, UpdateOperation, UpdateOperation)
    /// `operation` names an item of a section that `sectionOperation` deletes, inserts or reloads whole.
    case itemInReplacedSection(UpdateOperation, sectionOperation: UpdateOperation)
    /// The sections there should be after the update differ from what the data source reports.
    case sectionCountMismatch(expected: Int, reported: Int)
    /// The items `section` should have after the update differ from what the data source reports.
    case itemCountMismatch(section: Int, expected: Int, reported: Int)
    /// The data source's answers about the new data cannot be laid out (an invalid height, style or count).
    case invalidLayout(LayoutError)

    public var description: String {
        switch self {
        case let .sectionOutOfRange(operation, section, count, moment):
            return "cannot \(operation): section \(section) is outside the \(count) sections there are \(moment.rawValue)"
        case let .itemOutOfRange(operation, path, count, moment):
            return "cannot \(operation): item \(path) is outside the \(count) items section \(path.section) has \(moment.rawValue)"
        case let .sectionNamedTwice(section, moment, first, second):
            return "section \(section) (\(moment.rawValue)) is named twice in one update: by \(first) and by \(second)"
        case let .itemNamedTwice(path, moment, first, second):
            return "item \(path) (\(moment.rawValue)) is named twice in one update: by \(first) and by \(second)"
        case let .itemInReplacedSection(operation, sectionOperation):
            return "cannot \(operation): \(sectionOperation) in the same update replaces that section whole"
        case let .sectionCountMismatch(expected, reported):
            return "there should be \(expected) sections after the update but the data source reports \(reported)"
        case let .itemCountMismatch(section, expected, reported):
            return "section \(section) should have \(expected) items after the update but the data source reports \(reported)"
        case let .invalidLayout(error):
            return "the updated data cannot be laid out: \(error.description)"
        }
    }
}
