import Waterfall

/// How the demo lays out its available cards: card heights from their pictures, banners across all columns,
/// a header per section and, once every card is there, a footer under the last section. The window and the
/// `layout` subcommand both use it, so they lay out alike.
struct DemoLayoutSource: CollectionLayoutSource {
    /// The height of a section's header.
    static let headerHeight = 32.0
    /// The height of the footer at the end.
    static let footerHeight = 28.0

    let items: DemoItems

    var numberOfSections: Int { items.numberOfSections }

    func numberOfItems(inSection section: Int) -> Int { items.numberOfItems(inSection: section) }

    func style(ofSection section: Int) -> SectionStyle { SectionStyle() }

    func heightOfItem(at indexPath: ItemPath, width: Double) -> Double? {
        CardMetrics.height(aspect: items.aspect(at: indexPath), columnWidth: width)
    }

    func itemSpansAllColumns(at indexPath: ItemPath) -> Bool {
        items.isBanner(at: indexPath)
    }

    func heightOfSupplementaryElement(ofKind kind: ElementKind, inSection section: Int, width: Double) -> Double {
        switch kind {
        case .header: return Self.headerHeight
        case .footer: return items.isComplete && section == items.numberOfSections - 1 ? Self.footerHeight : 0
        case .cell, .loadMoreFooter: return 0
        }
    }
}
