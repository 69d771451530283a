/// Names one element of a collection view: its kind and where it is. A header's or footer's `indexPath` is
/// (item 0, its section); the load-more footer's is (0, 0).
public struct ElementID: Hashable, Sendable, CustomStringConvertible {
    /// What the element is.
    public var kind: ElementKind
    /// The item, or the section of a header or footer.
    public var indexPath: ItemPath

    /// The element of `kind` at `indexPath`.
    public init(kind: ElementKind, indexPath: ItemPath) {
        self.kind = kind
        self.indexPath = indexPath
    }

    /// The cell of the item at `indexPath`.
    public static func cell(_ indexPath: ItemPath) -> ElementID { ElementID(kind: .cell, indexPath: indexPath) }
    /// The header of `section`.
    public static func header(_ section: Int) -> ElementID {
        ElementID(kind: .header, indexPath: ItemPath(item: 0, section: section))
    }
    /// The footer of `section`.
    public static func footer(_ section: Int) -> ElementID {
        ElementID(kind: .footer, indexPath: ItemPath(item: 0, section: section))
    }
    /// The load-more footer below all sections.
    public static let loadMoreFooter = ElementID(kind: .loadMoreFooter, indexPath: ItemPath(item: 0, section: 0))

    /// "cell 2.14", "header 2", "footer 2", "loadMoreFooter".
    public var description: String {
        switch kind {
        case .cell: return "cell \(indexPath)"
        case .header, .footer: return "\(kind.rawValue) \(indexPath.section)"
        case .loadMoreFooter: return kind.rawValue
        }
    }
}
