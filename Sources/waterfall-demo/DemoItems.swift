import Waterfall

/// The demo's cards in sections, one per category, of which the first `availableCount` (in section order) can be
/// shown: all of them, or as many as the paged loader has delivered. A prefix of the items in section order only
/// ever grows at the end of its last section or with new sections after it, as loading more requires.
struct DemoItems {
    /// Every card, in section order.
    let source: ItemSource
    /// Each section's category.
    let sectionTitles: [String]
    /// Where each section starts in `source`.
    let sectionStarts: [Int]
    /// How many cards, from the first, can be shown.
    var availableCount: Int

    /// The catalog's cards grouped by category (in the order each category first appears).
    init(catalog items: [CatalogItem], availableCount: Int? = nil) {
        let sections = CatalogSection.grouping(items)
        source = .catalog(sections.flatMap(\.items))
        sectionTitles = sections.map(\.category)
        var starts: [Int] = []
        var next = 0
        for section in sections {
            starts.append(next)
            next += section.items.count
        }
        sectionStarts = starts
        self.availableCount = min(availableCount ?? source.count, source.count)
    }

    /// `count` synthesised cards in one section.
    init(synthesized count: Int, availableCount: Int? = nil) {
        source = .synthesized(count: count)
        sectionTitles = count > 0 ? ["Synthesised"] : []
        sectionStarts = count > 0 ? [0] : []
        self.availableCount = min(availableCount ?? count, count)
    }

    /// Every card, available or not.
    var totalCount: Int { source.count }
    /// Whether every card is available.
    var isComplete: Bool { availableCount >= totalCount }

    /// The sections that have available cards.
    var numberOfSections: Int { sectionStarts.firstIndex { $0 >= availableCount } ?? sectionStarts.count }

    /// The available cards of `section`.
    func numberOfItems(inSection section: Int) -> Int {
        guard sectionStarts.indices.contains(section) else { return 0 }
        return max(0, min(sectionEnd(section), availableCount) - sectionStarts[section])
    }

    /// All the cards of `section`, available or not.
    func totalItems(inSection section: Int) -> Int {
        sectionEnd(section) - sectionStarts[section]
    }

    private func sectionEnd(_ section: Int) -> Int {
        section + 1 < sectionStarts.count ? sectionStarts[section + 1] : source.count
    }

    /// The card's position in `source` (its number in the whole catalog, in section order).
    func index(of path: ItemPath) -> Int { sectionStarts[path.section] + path.item }

    /// The path of the available card at `index` (in section order), or `nil` when there is none.
    func path(ofIndex index: Int) -> ItemPath? {
        guard index >= 0, index < availableCount else { return nil }
        let section = (sectionStarts.lastIndex { $0 <= index } ?? 0)
        return ItemPath(item: index - sectionStarts[section], section: section)
    }

    subscript(path: ItemPath) -> CatalogItem { source[index(of: path)] }
}
