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
    /// `operation` reloads the supplementary elements of a kind that has none per section: only headers and footers
    /// are.
    case notSupplementary(UpdateOperation)

    public var description: String {
        switch self {
        case .sectionOutOfRange(let operation, let section, let count, let moment):
            return
                "cannot \(operation): section \(section) is outside the \(count) sections there are \(moment.rawValue)"
        case .itemOutOfRange(let operation, let path, let count, let moment):
            return
                "cannot \(operation): item \(path) is outside the \(count) items section \(path.section) has \(moment.rawValue)"
        case .sectionNamedTwice(let section, let moment, let first, let second):
            return "section \(section) (\(moment.rawValue)) is named twice in one update: by \(first) and by \(second)"
        case .itemNamedTwice(let path, let moment, let first, let second):
            return "item \(path) (\(moment.rawValue)) is named twice in one update: by \(first) and by \(second)"
        case .itemInReplacedSection(let operation, let sectionOperation):
            return "cannot \(operation): \(sectionOperation) in the same update replaces that section whole"
        case .sectionCountMismatch(let expected, let reported):
            return "there should be \(expected) sections after the update but the data source reports \(reported)"
        case .itemCountMismatch(let section, let expected, let reported):
            return
                "section \(section) should have \(expected) items after the update but the data source reports \(reported)"
        case .invalidLayout(let error):
            return "the updated data cannot be laid out: \(error.description)"
        case .notSupplementary(let operation):
            return "cannot \(operation): only a section's header and footer can be reloaded that way"
        }
    }
}
