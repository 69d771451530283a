import Waterfall
import WaterfallAccessibility
import WaterfallCards
import WaterfallDemoKit

/// The demo's words for the accessibility bridge: the list is "Cards", counted with those still to load; a card is
/// its title and subtitle ("Card 7, synthesised item"), a header its category and count, a footer the totals.
final class DemoAccessibility: AccessibilityContent {
    unowned let controller: DemoController

    init(controller: DemoController) {
        self.controller = controller
    }

    var listName: String { "Cards" }

    var listSummary: String { Noun.card.counted(controller.items.totalCount) }

    func accessibleName(of element: ElementID) -> String {
        let items = controller.items
        let section = element.indexPath.section
        switch element.kind {
        case .cell:
            guard section < items.numberOfSections, element.indexPath.item < items.numberOfItems(inSection: section)
            else { return "" }
            let card = items[element.indexPath]
            return card.subtitle.isEmpty ? card.title : "\(card.title), \(card.subtitle)"
        case .header:
            guard section < items.sectionTitles.count else { return "" }
            return "\(items.sectionTitles[section]), \(Noun.card.counted(items.totalItems(inSection: section)))"
        case .footer: return WallText.catalogFooter(cards: items.shownCount, sections: items.sectionTitles.count)
        case .loadMoreFooter: return ""
        }
    }

    var shownImage: Int? { nil }

    func accessibleImage(_ image: Int) -> AccessibleImage { AccessibleImage(name: "", description: "") }
}
