import Waterfall
import WaterfallCards

/// How the demo lays out its available cards: card heights from their pictures, banners across all columns,
/// a header per section and, once every card is there, a footer under the last section. The window and the
/// `layout` subcommand both use it, so they lay out alike.
package struct DemoLayoutSource: CollectionLayoutSource {
    /// The height of a section's header.
    package static let headerHeight = 32.0
    /// The height of the footer at the end.
    package static let footerHeight = 28.0

    package let items: DemoItems
    /// The cards' sizes in the caption font.
    package let metrics: CardMetrics

    /// Lays out `items` with captions of `metrics`.
    package init(items: DemoItems, metrics: CardMetrics) {
        self.items = items
        self.metrics = metrics
    }

    package var numberOfSections: Int { items.numberOfSections }

    package func numberOfItems(inSection section: Int) -> Int { items.numberOfItems(inSection: section) }

    package func style(ofSection section: Int) -> SectionStyle { SectionStyle() }

    package func heightOfItem(at indexPath: ItemPath, width: Double) -> Double? {
        items.cardHeight(at: indexPath, width: width, metrics: metrics)
    }

    package func itemSpansAllColumns(at indexPath: ItemPath) -> Bool {
        items.isBanner(at: indexPath)
    }

    package func itemsSpanningAllColumns(inSection section: Int, range: Range<Int>) -> [Int] {
        items.banners(inSection: section, range: range)
    }

    package func heightsOfItems(
        inSection section: Int, range: Range<Int>, width: Double, into heights: UnsafeMutableBufferPointer<Double>
    ) {
        items.fillCardHeights(inSection: section, range: range, width: width, metrics: metrics, into: heights)
    }

    package func heightOfSupplementaryElement(ofKind kind: ElementKind, inSection section: Int, width: Double) -> Double
    {
        switch kind {
        case .header: return Self.headerHeight
        case .footer: return items.isComplete && section == items.numberOfSections - 1 ? Self.footerHeight : 0
        case .cell, .loadMoreFooter: return 0
        }
    }
}
