import Waterfall
import WaterfallCards

/// The demo's cards in sections, one per category. Cards arrive from `source` in section order (all at once, or
/// page by page from the paged loader: `availableCount` of them so far) and may then be edited: deleted,
/// inserted (new cards the demo makes up) and re-measured (a new picture aspect).
///
/// A value with copy-on-write storage: copying it (as a read of a class's property does, once per question a layout
/// asks of a million cards) retains one object.
package struct DemoItems {
    /// A card shown: `source` card `index` when it is 0 or more, else added card `-1 - index`.
    package typealias CardID = Int

    /// Everything, in one object shared by copies until one of them changes.
    private final class Storage {
        let source: ItemSource
        var sectionTitles: [String]
        let sectionStarts: [Int]
        var availableCount = 0
        var sections: [SectionCards] = []
        var firstIndexOfSection: [Int] = []
        var addedCards: [CatalogItem] = []
        var aspects: [CardID: Double] = [:]

        init(source: ItemSource, titles: [String], starts: [Int]) {
            self.source = source
            sectionTitles = titles
            sectionStarts = starts
        }

        func copy() -> Storage {
            let copy = Storage(source: source, titles: sectionTitles, starts: sectionStarts)
            (copy.availableCount, copy.sections, copy.firstIndexOfSection) = (
                availableCount, sections, firstIndexOfSection
            )
            (copy.addedCards, copy.aspects) = (addedCards, aspects)
            return copy
        }
    }

    private var storage: Storage

    /// The storage, copied first when another value shares it: for changes.
    private var uniqueStorage: Storage {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            return storage
        }
    }

    /// Every card that can arrive, in section order.
    package var source: ItemSource { storage.source }
    /// Each section's category.
    package var sectionTitles: [String] { storage.sectionTitles }
    /// Where each section starts in `source`.
    package var sectionStarts: [Int] { storage.sectionStarts }
    /// How many cards of `source`, from the first, have arrived.
    package var availableCount: Int { storage.availableCount }
    /// The cards shown in each section that has received cards, in order.
    package var sections: [SectionCards] { storage.sections }
    /// The index of each section's first card among all cards shown (in section order).
    package var firstIndexOfSection: [Int] { storage.firstIndexOfSection }

    /// The catalog's cards grouped by category (in the order each category first appears).
    package init(catalog items: [CatalogItem], availableCount: Int? = nil) {
        let sections = CatalogSection.grouping(items)
        var starts: [Int] = []
        var next = 0
        for section in sections {
            starts.append(next)
            next += section.items.count
        }
        self.init(
            source: .catalog(sections.flatMap(\.items)), titles: sections.map(\.category), starts: starts,
            availableCount: availableCount)
    }

    /// `count` synthesised cards in one section.
    package init(synthesized count: Int, availableCount: Int? = nil) {
        self.init(
            source: .synthesized(count: count), titles: count > 0 ? ["Synthesised"] : [], starts: count > 0 ? [0] : [],
            availableCount: availableCount)
    }

    private init(source: ItemSource, titles: [String], starts: [Int], availableCount: Int?) {
        storage = Storage(source: source, titles: titles, starts: starts)
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
        guard section < sectionStarts.count else { return numberOfItems(inSection: section) }  // appended: all shown
        let sourceEnd = section + 1 < sectionStarts.count ? sectionStarts[section + 1] : source.count
        return numberOfItems(inSection: section) + max(0, sourceEnd - max(availableCount, sectionStarts[section]))
    }

    /// Makes the first `count` cards of `source` arrive: those beyond the ones there go to the end of their
    /// sections (the last one, then new ones), as loading more requires.
    package mutating func setAvailableCount(_ count: Int) {
        let count = min(count, source.count)
        guard count > availableCount else { return }
        let storage = uniqueStorage
        // Section by section, the run of new cards that falls in it.
        var section = sectionStarts.lastIndex { $0 <= availableCount } ?? 0
        var next = availableCount
        while next < count {
            let sectionEnd = section + 1 < sectionStarts.count ? sectionStarts[section + 1] : source.count
            while storage.sections.count <= section { storage.sections.append(SectionCards()) }
            storage.sections[section].append(sourceCards: next..<min(count, sectionEnd))
            next = min(count, sectionEnd)
            section += 1
        }
        storage.availableCount = count
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
        let id = storage.sections[path.section][path.item]
        var card = id >= 0 ? source[id] : storage.addedCards[-1 - id]
        if let aspect = storage.aspects[id] { card.aspect = aspect }
        return card
    }

    /// The picture aspect (height / width) of the card at `path`.
    package func aspect(at path: ItemPath) -> Double {
        let id = storage.sections[path.section][path.item]
        if !storage.aspects.isEmpty, let aspect = storage.aspects[id] { return aspect }
        return id >= 0 ? source.aspect(at: id) : storage.addedCards[-1 - id].aspect
    }

    /// The height of the card at `path` at `width`: its picture, then its caption (`metrics`).
    package func cardHeight(at path: ItemPath, width: Double, metrics: CardMetrics) -> Double {
        metrics.height(aspect: aspect(at: path), columnWidth: width)
    }

    /// Writes the heights of `section`'s cards of `range` at `width` into `heights` (card `range.lowerBound + k` at
    /// `k`), in one loop over the section's cards: how a layout of a million synthesised cards asks them.
    package func fillCardHeights(
        inSection section: Int, range: Range<Int>, width: Double, metrics: CardMetrics,
        into heights: UnsafeMutableBufferPointer<Double>
    ) {
        let cards = storage.sections[section]
        let source = storage.source
        let added = storage.addedCards
        let aspects = storage.aspects
        if case .synthesized = source, aspects.isEmpty, let run = cards.sourceRun {
            // Unedited synthesised cards: their aspects from their indices alone.
            for item in range {
                heights[item - range.lowerBound] = metrics.height(
                    aspect: CatalogItem.synthesizedAspect(index: run.lowerBound + item),
                    columnWidth: width)
            }
            return
        }
        for item in range {
            let id = cards[item]
            let aspect = aspects.isEmpty ? nil : aspects[id]
            heights[item - range.lowerBound] = metrics.height(
                aspect: aspect ?? (id >= 0 ? source.aspect(at: id) : added[-1 - id].aspect), columnWidth: width)
        }
    }

    /// The banners among `section`'s cards of `range`, in increasing order.
    package func banners(inSection section: Int, range: Range<Int>) -> [Int] {
        guard case .catalog = source else { return [] }  // synthesised cards are never banners
        return range.filter { isBanner(at: ItemPath(item: $0, section: section)) }
    }

    /// Whether the card at `path` is a banner.
    package func isBanner(at path: ItemPath) -> Bool {
        let id = storage.sections[path.section][path.item]
        return id >= 0 ? source.isBanner(at: id) : storage.addedCards[-1 - id].banner
    }

    /// Removes the cards at `paths` (which must exist).
    package mutating func delete(_ paths: [ItemPath]) {
        let storage = uniqueStorage
        for path in paths.sorted(by: >) { storage.sections[path.section].remove(at: path.item) }
        updateShownStarts()
    }

    /// Inserts `card` at `path` (an item index up to the section's count).
    package mutating func insert(_ card: CatalogItem, at path: ItemPath) {
        let storage = uniqueStorage
        storage.addedCards.append(card)
        storage.sections[path.section].insert(-storage.addedCards.count, at: path.item)
        updateShownStarts()
    }

    /// Gives the card at `path` a new picture aspect.
    package mutating func remeasure(_ path: ItemPath, aspect: Double) {
        let storage = uniqueStorage
        storage.aspects[storage.sections[path.section][path.item]] = aspect
    }

    private mutating func updateShownStarts() {
        let storage = uniqueStorage
        var next = 0
        storage.firstIndexOfSection = storage.sections.map { cards in
            defer { next += cards.count }
            return next
        }
    }
}
