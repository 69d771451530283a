import Waterfall

/// The demo's cards in sections, one per category. Cards arrive from `source` in section order (all at once, or
/// page by page from the paged loader: `availableCount` of them so far) and may then be edited: deleted,
/// inserted (new cards the demo makes up) and re-measured (a new picture aspect).
package struct DemoItems {
    /// A card shown: `source` card `index` when it is 0 or more, else added card `-1 - index`.
    package typealias CardID = Int

    /// Every card that can arrive, in section order.
    package let source: ItemSource
    /// Each section's category.
    package let sectionTitles: [String]
    /// Where each section starts in `source`.
    package let sectionStarts: [Int]
    /// How many cards of `source`, from the first, have arrived.
    package private(set) var availableCount: Int
    /// The cards shown in each section that has received cards, in order.
    package private(set) var sections: [[CardID]] = []
    /// The index of each section's first card among all cards shown (in section order).
    package private(set) var firstIndexOfSection: [Int] = []
    /// The cards made up by `insert`.
    private var addedCards: [CatalogItem] = []
    /// New picture aspects given by `remeasure`, by card.
    private var aspects: [CardID: Double] = [:]

    /// The catalog's cards grouped by category (in the order each category first appears).
    package init(catalog items: [CatalogItem], availableCount: Int? = nil) {
        let sections = CatalogSection.grouping(items)
        var starts: [Int] = []
        var next = 0
        for section in sections {
            starts.append(next)
            next += section.items.count
        }
        self.init(source: .catalog(sections.flatMap(\.items)), titles: sections.map(\.category), starts: starts,
                  availableCount: availableCount)
    }

    /// `count` synthesised cards in one section.
    package init(synthesized count: Int, availableCount: Int? = nil) {
        self.init(source: .synthesized(count: count), titles: count > 0 ? ["Synthesised"] : [], starts: count > 0 ? [0] : [],
                  availableCount: availableCount)
    }

    private init(source: ItemSource, titles: [String], starts: [Int], availableCount: Int?) {
        self.source = source
        sectionTitles = titles
        sectionStarts = starts
        self.availableCount = 0
        setAvailableCount(availableCount ?? source.count)
    }

    /// Every card: those shown and those still to arrive.
    package var totalCount: Int { shownCount + source.count - availableCount }
    /// How many cards are shown.
    package var shownCount: Int { (firstIndexOfSection.last ?? 0) + (sections.last?.count ?? 0) }
    /// Whether every card of `source` has arrived.
    package var isComplete: Bool { availableCount >= source.count }

    /// The sections that have received cards.
    package var numberOfSections: Int { sections.count }

    /// The cards shown in `section`.
    package func numberOfItems(inSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].count : 0
    }

    /// The cards of `section`: those shown and those still to arrive.
    package func totalItems(inSection section: Int) -> Int {
        let sourceEnd = section + 1 < sectionStarts.count ? sectionStarts[section + 1] : source.count
        return numberOfItems(inSection: section) + max(0, sourceEnd - max(availableCount, sectionStarts[section]))
    }

    /// Makes the first `count` cards of `source` arrive: those beyond the ones there go to the end of their
    /// sections (the last one, then new ones), as loading more requires.
    package mutating func setAvailableCount(_ count: Int) {
        let count = min(count, source.count)
        guard count > availableCount else { return }
        for index in availableCount..<count {
            let section = sectionStarts.lastIndex { $0 <= index } ?? 0
            while sections.count <= section { sections.append([]) }
            sections[section].append(index)
        }
        availableCount = count
        updateShownStarts()
    }

    /// The card's position among the cards shown (its number in the whole wall, in section order).
    package func index(of path: ItemPath) -> Int { firstIndexOfSection[path.section] + path.item }

    /// The path of the card shown at `index` (in section order), or `nil` when there is none.
    package func path(ofIndex index: Int) -> ItemPath? {
        guard index >= 0, index < shownCount else { return nil }
        // The last section that starts at or before `index` holds it (empty sections before it start there too).
        let section = firstIndexOfSection.lastIndex { $0 <= index } ?? 0
        return ItemPath(item: index - firstIndexOfSection[section], section: section)
    }

    package subscript(path: ItemPath) -> CatalogItem {
        let id = sections[path.section][path.item]
        var card = id >= 0 ? source[id] : addedCards[-1 - id]
        if let aspect = aspects[id] { card.aspect = aspect }
        return card
    }

    /// The picture aspect (height / width) of the card at `path`.
    package func aspect(at path: ItemPath) -> Double {
        let id = sections[path.section][path.item]
        return aspects[id] ?? (id >= 0 ? source.aspect(at: id) : addedCards[-1 - id].aspect)
    }

    /// Whether the card at `path` is a banner.
    package func isBanner(at path: ItemPath) -> Bool {
        let id = sections[path.section][path.item]
        return id >= 0 ? source.isBanner(at: id) : addedCards[-1 - id].banner
    }

    /// Removes the cards at `paths` (which must exist).
    package mutating func delete(_ paths: [ItemPath]) {
        for path in paths.sorted(by: >) { sections[path.section].remove(at: path.item) }
        updateShownStarts()
    }

    /// Inserts `card` at `path` (an item index up to the section's count).
    package mutating func insert(_ card: CatalogItem, at path: ItemPath) {
        addedCards.append(card)
        sections[path.section].insert(-addedCards.count, at: path.item)
        updateShownStarts()
    }

    /// Gives the card at `path` a new picture aspect.
    package mutating func remeasure(_ path: ItemPath, aspect: Double) {
        aspects[sections[path.section][path.item]] = aspect
    }

    private mutating func updateShownStarts() {
        var next = 0
        firstIndexOfSection = sections.map { cards in
            defer { next += cards.count }
            return next
        }
    }
}
