import SystemPackage
import Waterfall
import WaterfallCards
import WaterfallPhotos

/// The wall's cards in sections, one per folder, in the walk's order: appended as the walk finds them, then changed
/// as the watched folders change.
public struct PhotoWallItems {
    /// A folder's section: its title and its photos' cards.
    public struct Section {
        /// The folder's name below its root.
        public var title: String
        /// Its photos' cards, in the folder's order.
        public fileprivate(set) var cards: [PhotoCard]
        /// The cards' aspects, in one array: what a relayout of every card reads (a grid zoom's), without walking
        /// the cards themselves. Kept by each change of `cards` (`PhotoWallItems`' mutations), for that change's
        /// cards only: a folder of 100,000 photos arrives in hundreds of batches.
        package fileprivate(set) var aspects: [Double]
        /// What a filter's pass asks of each card first, in one array (`CardFilterFacts`), kept as `aspects` is; empty
        /// in a section an arrangement made (`init(title:gathered:)`), which no pass reads: a million facts are 16 MB
        /// of fresh memory at each regrouping.
        package fileprivate(set) var facts: [CardFilterFacts]
        /// Whether `facts` is kept.
        private var keepsFacts = true
        /// The photos its stacks hold beyond one a card, kept by each change of `cards`.
        fileprivate var photosInStacks = 0

        /// How many photos its cards stand for: a stack's count each.
        public var photoCount: Int { cards.count + photosInStacks }

        init(title: String, cards: [PhotoCard]) {
            self.title = title
            self.cards = cards
            (aspects, facts) = ([], [])
            aspects.reserveCapacity(cards.count)
            facts.reserveCapacity(cards.count)
            addColumns(of: cards)
        }

        /// A section titled `title` of `gathered`'s cards, with the aspects gathered with them, and no facts.
        init(title: String, gathered: GatheredCards) {
            self.title = title
            cards = gathered.cards
            aspects = gathered.aspects
            facts = []
            keepsFacts = false
            photosInStacks = gathered.photosInStacks
        }

        /// The facts of the cards: `facts`, or, in a section that keeps none, worked out.
        package var factsOfCards: [CardFilterFacts] { keepsFacts ? facts : cards.map(CardFilterFacts.init) }

        /// Sets the card at `item`'s facts, if the section keeps them.
        fileprivate mutating func setFacts(at item: Int) {
            if keepsFacts { facts[item] = CardFilterFacts(cards[item]) }
        }

        /// Inserts the facts of the card inserted at `item`, if the section keeps them.
        fileprivate mutating func insertFacts(at item: Int) {
            if keepsFacts { facts.insert(CardFilterFacts(cards[item]), at: item) }
        }

        /// Removes the facts of the card at `item`, if the section keeps them.
        fileprivate mutating func removeFacts(at item: Int) {
            if keepsFacts { facts.remove(at: item) }
        }

        /// Appends `cards`, with their aspects and facts.
        fileprivate mutating func append(_ new: [PhotoCard]) {
            cards += new
            addColumns(of: new)
        }

        /// Appends the aspects and the facts of `new` (the cards at the end of `cards`): one pass over them.
        private mutating func addColumns(of new: [PhotoCard]) {
            for card in new {
                aspects.append(card.aspect)
                if keepsFacts { facts.append(CardFilterFacts(card)) }
                photosInStacks += card.photoCount - 1
            }
        }

    }

    /// The sections, in order.
    public private(set) var sections: [Section] = []
    /// The index of each section's first card among all cards (in section order).
    public private(set) var firstIndexOfSection: [Int] = []

    /// No cards.
    public init() {}

    /// The cards of `folders`, each folder a section titled by its path below the root of `roots` it is in, as the
    /// window appends the walk's batches; with `stacking`, stacked as a library stacks them (`PhotoStacking`).
    public init(folders: [PhotoFolder], roots: [String], stacking: Bool = false) {
        for folder in folders {
            let title = Self.sectionTitle(of: folder.path, roots: roots)
            let cards = folder.photos.map(PhotoCard.init)
            append(stacking ? PhotoStacking.stacked(cards) : cards, toSectionTitled: title)
        }
    }

    /// How many sections there are.
    public var numberOfSections: Int { sections.count }
    /// Each section's title.
    public var sectionTitles: [String] { sections.map(\.title) }
    /// How many cards there are.
    public var count: Int { (firstIndexOfSection.last ?? 0) + (sections.last?.cards.count ?? 0) }
    /// How many photos the cards stand for: a stack's count each.
    /// - Complexity: O(sections).
    public var photoCount: Int { sections.reduce(0) { $0 + $1.photoCount } }

    /// The cards in `section`.
    public func numberOfItems(inSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].cards.count : 0
    }

    /// Writes the heights of `section`'s cards of `range` at `width` in `metrics` into `heights` (card
    /// `range.lowerBound + k` at `k`), reading only their aspects.
    package func writeHeights(
        ofSection section: Int, range: Range<Int>, width: Double, metrics: CardMetrics,
        into heights: UnsafeMutableBufferPointer<Double>
    ) {
        Self.writeHeights(of: sections[section].aspects, range: range, width: width, metrics: metrics, into: heights)
    }

    /// Writes the heights of the cards of `range` whose aspects are `aspects` at `width` in `metrics` into `heights`
    /// (card `range.lowerBound + k` at `k`).
    package static func writeHeights(
        of aspects: [Double], range: Range<Int>, width: Double, metrics: CardMetrics,
        into heights: UnsafeMutableBufferPointer<Double>
    ) {
        aspects.withUnsafeBufferPointer { aspects in
            for item in range {
                heights[item - range.lowerBound] = metrics.height(aspect: aspects[item], columnWidth: width)
            }
        }
    }

    /// The card at `path`.
    public subscript(path: ItemPath) -> PhotoCard { sections[path.section].cards[path.item] }

    /// The card's position among all cards, in section order.
    public func index(of path: ItemPath) -> Int { firstIndexOfSection[path.section] + path.item }

    /// The path of the card at `index` (in section order), or `nil` when there is none.
    /// - Complexity: O(log sections).
    public func path(ofIndex index: Int) -> ItemPath? {
        guard index >= 0, index < count else { return nil }
        var (low, high) = (0, firstIndexOfSection.count - 1)
        while low < high {  // the last section that starts at or before `index`
            let middle = (low + high + 1) / 2
            if firstIndexOfSection[middle] <= index { low = middle } else { high = middle - 1 }
        }
        while sections[low].cards.isEmpty { low += 1 }
        return ItemPath(item: index - firstIndexOfSection[low], section: low)
    }

    /// The card of `file`, if the wall has one: a stack's for a photo in it.
    /// - Complexity: O(cards).
    public func path(of file: FilePath) -> ItemPath? {
        let name = file.displayName
        let isIt = { (card: PhotoCard) in card.title == name && card.location.isFile(at: file) }
        for (section, cards) in sections.enumerated() {
            if let item = cards.cards.firstIndex(where: { isIt($0) || ($0.isStack && $0.stack.contains(where: isIt)) })
            {
                return ItemPath(item: item, section: section)
            }
        }
        return nil
    }

    /// The card of `file`, if there is one: its own in a stack.
    /// - Complexity: O(cards).
    public func card(of file: FilePath) -> PhotoCard? {
        guard let card = path(of: file).map({ self[$0] }) else { return nil }
        return card.isStack ? card.stack.first { $0.location.isFile(at: file) } ?? card : card
    }

    /// The paths of the cards of `files` (a stack's when a photo in it is among them), in order.
    /// - Complexity: O(cards).
    public func paths(of files: Set<FilePath>) -> [ItemPath] {
        guard !files.isEmpty else { return [] }
        // By name first: a card's path is made only for a name among the files'.
        let names = Set(files.map(\.displayName))
        let isAmong = { (card: PhotoCard) in names.contains(card.title) && files.contains(card.path) }
        var paths: [ItemPath] = []
        for (section, cards) in sections.enumerated() {
            for (item, card) in cards.cards.enumerated()
            where isAmong(card) || (card.isStack && card.stack.contains(where: isAmong)) {
                paths.append(ItemPath(item: item, section: section))
            }
        }
        return paths
    }

    /// Changes the cards of `files` by `change`: in a stack, the cards of its photos among them, and its cover's
    /// card when the cover is.
    /// - Complexity: O(cards).
    package mutating func changeCards(of files: Set<FilePath>, _ change: (inout PhotoCard) -> Void) {
        for path in paths(of: files) {
            let isStack = sections[path.section].cards[path.item].isStack
            // Changed in place: a card's storage is copied only when another card holds it.
            if !isStack || files.contains(sections[path.section].cards[path.item].path) {
                change(&sections[path.section].cards[path.item])
            }
            if isStack {
                sections[path.section].cards[path.item].stack = sections[path.section].cards[path.item].stack.map {
                    guard files.contains($0.path) else { return $0 }
                    var photo = $0
                    change(&photo)
                    return photo
                }
            }
            sections[path.section].aspects[path.item] = sections[path.section].cards[path.item].aspect
            sections[path.section].setFacts(at: path.item)
        }
    }

    /// Appends `cards` to the last section when it is titled `title`, else to a new section titled so.
    public mutating func append(_ cards: [PhotoCard], toSectionTitled title: String) {
        if sections.last?.title == title {
            sections[sections.count - 1].append(cards)
        } else {
            appendSection(cards, titled: title)
        }
    }

    /// Appends a section titled `title` of `gathered`'s cards (with their aspects).
    package mutating func appendSection(_ gathered: GatheredCards, titled title: String) {
        firstIndexOfSection.append(count)
        sections.append(Section(title: title, gathered: gathered))
    }

    /// Appends a section titled `title` with `cards`.
    public mutating func appendSection(_ cards: [PhotoCard], titled title: String) {
        firstIndexOfSection.append(count)
        sections.append(Section(title: title, cards: cards))
    }

    /// Inserts `card` at `path`.
    public mutating func insert(_ card: PhotoCard, at path: ItemPath) {
        sections[path.section].cards.insert(card, at: path.item)
        sections[path.section].aspects.insert(card.aspect, at: path.item)
        sections[path.section].insertFacts(at: path.item)
        sections[path.section].photosInStacks += card.photoCount - 1
        updateStarts()
    }

    /// Replaces the card at `path` with `card`.
    public mutating func replace(_ path: ItemPath, with card: PhotoCard) {
        sections[path.section].photosInStacks += card.photoCount - sections[path.section].cards[path.item].photoCount
        sections[path.section].cards[path.item] = card
        sections[path.section].aspects[path.item] = card.aspect
        sections[path.section].setFacts(at: path.item)
    }

    /// Removes the cards at `paths`.
    public mutating func delete(_ paths: [ItemPath]) {
        for path in paths.sorted(by: >) {
            sections[path.section].photosInStacks -= sections[path.section].cards[path.item].photoCount - 1
            sections[path.section].cards.remove(at: path.item)
            sections[path.section].aspects.remove(at: path.item)
            sections[path.section].removeFacts(at: path.item)
        }
        updateStarts()
    }

    /// Inserts a section titled `title` with `cards` at `index`.
    public mutating func insertSection(_ cards: [PhotoCard], titled title: String, at index: Int) {
        sections.insert(Section(title: title, cards: cards), at: index)
        updateStarts()
    }

    /// Removes the sections at `indices`.
    public mutating func deleteSections(_ indices: [Int]) {
        for index in Set(indices).sorted(by: >) { sections.remove(at: index) }
        updateStarts()
    }

    private mutating func updateStarts() {
        var next = 0
        firstIndexOfSection = sections.map { section in
            defer { next += section.cards.count }
            return next
        }
    }

    /// The title of the section of the folder at `path`: its path below the root it is in, after the root's own name
    /// (each byte that is not UTF-8 shown as U+FFFD).
    public static func sectionTitle(of path: FilePath, roots: [String]) -> String {
        for root in roots.map({ FilePath($0) }) where path.starts(with: root) {
            var below = path
            _ = below.removePrefix(root)
            let rootName = root.displayName
            return below.isEmpty ? rootName : (rootName.hasSuffix("/") ? rootName : rootName + "/") + below.string
        }
        return path.displayName
    }
}

/// The wall's cards as the layout asks for them: each card its picture at its aspect over a caption of `metrics`, a
/// header per section and a footer under the last one.
package struct PhotoWallLayoutSource: CollectionLayoutSource {
    /// The height of a section's header.
    package static let headerHeight = 32.0
    /// The height of the footer under the last section.
    package static let footerHeight = 28.0

    let items: PhotoWallItems
    let metrics: CardMetrics

    /// The layout source of `items` with cards of `metrics`.
    package init(items: PhotoWallItems, metrics: CardMetrics) {
        self.items = items
        self.metrics = metrics
    }

    package var numberOfSections: Int { items.numberOfSections }
    package func numberOfItems(inSection section: Int) -> Int { items.numberOfItems(inSection: section) }
    package func style(ofSection section: Int) -> SectionStyle { SectionStyle() }
    package func itemSpansAllColumns(at indexPath: ItemPath) -> Bool { false }

    package func heightOfItem(at indexPath: ItemPath, width: Double) -> Double? {
        metrics.height(aspect: items[indexPath].aspect, columnWidth: width)
    }

    package func itemsSpanningAllColumns(inSection section: Int, range: Range<Int>) -> [Int] { [] }

    package func heightsOfItems(
        inSection section: Int, range: Range<Int>, width: Double, into heights: UnsafeMutableBufferPointer<Double>
    ) {
        items.writeHeights(ofSection: section, range: range, width: width, metrics: metrics, into: heights)
    }

    package func heightOfSupplementaryElement(ofKind kind: ElementKind, inSection section: Int, width: Double) -> Double
    {
        switch kind {
        case .header: return Self.headerHeight
        case .footer: return section == items.numberOfSections - 1 ? Self.footerHeight : 0
        case .cell, .loadMoreFooter: return 0
        }
    }
}
