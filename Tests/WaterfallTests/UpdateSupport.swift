import SeededRandom
import Testing

@testable import Waterfall

/// Data for update tests that knows its items by identity, so that where each item must be after a batch is
/// worked out independently of the view: sections of items, each with an id, a height and a banner flag.
struct UpdateModel {
    struct Item: Equatable {
        var id: Int
        var height: Double
        var banner = false
    }

    struct Section {
        var items: [Item]
        var hasHeader = false
        var footer: Double = 0
        var style: SectionStyle?
    }

    var sections: [Section]
    var nextID = 0

    /// The path of the item with `id`, if it exists.
    func path(ofItem id: Int) -> ItemPath? {
        for (section, content) in sections.enumerated() {
            if let item = content.items.firstIndex(where: { $0.id == id }) {
                return ItemPath(item: item, section: section)
            }
        }
        return nil
    }

    /// The header's height shows the section's item count, so it changes when the count does.
    static func headerHeight(itemCount: Int) -> Double { 12 + Double(itemCount % 5) * 4 }

    /// Writes the model into `source`, which the view and the reference layout read.
    func write(to source: SectionsSource) {
        source.sections = sections.map { $0.items.map(\.height) }
        source.ids = sections.map { $0.items.map(\.id) }
        source.banners = []
        source.headers = [:]
        source.footers = [:]
        source.styles = [:]
        for (index, section) in sections.enumerated() {
            for (item, content) in section.items.enumerated() where content.banner {
                source.banners.insert(ItemPath(item: item, section: index))
            }
            if section.hasHeader { source.headers[index] = Self.headerHeight(itemCount: section.items.count) }
            if section.footer > 0 { source.footers[index] = section.footer }
            source.styles[index] = section.style
        }
    }

    mutating func newItem(_ random: inout SplitMix64) -> Item {
        nextID += 1
        return Item(id: nextID, height: random.whole(in: 0...80), banner: random.int(in: 0...9) == 0)
    }

    mutating func newSection(_ random: inout SplitMix64, maxItems: Int = 24) -> Section {
        var section = Section(items: [])
        section.items = (0..<random.int(in: 0...maxItems)).map { _ in newItem(&random) }
        section.hasHeader = random.int(in: 0...1) == 0
        section.footer = random.int(in: 0...2) == 0 ? random.whole(in: 5...20) : 0
        section.style = Self.randomStyle(&random)
        return section
    }

    static func randomStyle(_ random: inout SplitMix64) -> SectionStyle? {
        switch random.int(in: 0...3) {
        case 0: return nil
        case 1: return SectionStyle(columnCount: random.int(in: 1...4))
        case 2:
            return SectionStyle(
                insets: EdgeInsets(all: random.whole(in: 0...12)), rowSpacing: random.whole(in: 0...12),
                placement: [.shortestColumn, .leftToRight, .rightToLeft][random.int(in: 0...2)])
        default: return SectionStyle(columnCount: random.int(in: 1...3), columnSpacing: random.whole(in: 0...10))
        }
    }

    /// Makes up a valid batch of at most `budget` operations on this model, changes the model to the data after
    /// it, and returns the operations. Follows UIKit's semantics, written out plainly: old indices for deletes,
    /// reloads and move sources; new ones for inserts, move destinations and height invalidations (which here do
    /// not keep columns, so a full layout gives the same frames).
    mutating func randomBatch(_ random: inout SplitMix64, budget: Int) -> [UpdateOperation] {
        let old = sections
        var sectionDeletes = Set<Int>()
        var sectionReloads = Set<Int>()
        var sectionMoves: [Int] = []
        var itemDeletes = Set<ItemPath>()
        var itemReloads = Set<ItemPath>()
        var itemMoves: [ItemPath] = []
        var sectionInserts = 0
        var itemInserts = 0
        var invalidations = 0
        var sectionsWithItemChanges = Set<Int>()
        func freeSection() -> Int? {
            let free = old.indices.filter {
                !sectionDeletes.contains($0) && !sectionReloads.contains($0) && !sectionMoves.contains($0)
            }
            return free.isEmpty ? nil : free[random.int(in: 0...(free.count - 1))]
        }
        func freeItem() -> ItemPath? {
            let paths = old.indices.filter { !sectionDeletes.contains($0) && !sectionReloads.contains($0) }.flatMap {
                section in
                old[section].items.indices.map { ItemPath(item: $0, section: section) }
            }.filter { !itemDeletes.contains($0) && !itemReloads.contains($0) && !itemMoves.contains($0) }
            return paths.isEmpty ? nil : paths[random.int(in: 0...(paths.count - 1))]
        }
        for _ in 0..<budget {
            switch random.int(in: 0...11) {
            case 0: if let s = freeSection(), !sectionsWithItemChanges.contains(s) { sectionDeletes.insert(s) }
            case 1: if let s = freeSection(), !sectionsWithItemChanges.contains(s) { sectionReloads.insert(s) }
            case 2: if let s = freeSection() { sectionMoves.append(s) }
            case 3: sectionInserts += 1
            case 4, 5:
                if let p = freeItem() {
                    itemDeletes.insert(p)
                    sectionsWithItemChanges.insert(p.section)
                }
            case 6:
                if let p = freeItem() {
                    itemReloads.insert(p)
                    sectionsWithItemChanges.insert(p.section)
                }
            case 7, 8:
                if let p = freeItem() {
                    itemMoves.append(p)
                    sectionsWithItemChanges.insert(p.section)
                }
            case 9, 10: itemInserts += 1
            default: invalidations += 1
            }
        }
        var operations: [UpdateOperation] = []
        // Sections after the update: inserted and moved ones at random positions, the others fill in order.
        let newCount = old.count - sectionDeletes.count + sectionInserts
        var slots = Array(0..<newCount)
        func takeSlot() -> Int { slots.remove(at: random.int(in: 0...(slots.count - 1))) }
        var origin = [Int?](repeating: nil, count: newCount)  // the old section a new one comes from
        var isReloaded = [Bool](repeating: false, count: newCount)
        var placed = [Section?](repeating: nil, count: newCount)
        for _ in 0..<sectionInserts {
            let slot = takeSlot()
            placed[slot] = newSection(&random)
            operations.append(.insertSection(slot))
        }
        var newIndexOfOld: [Int: Int] = [:]
        for from in sectionMoves {
            let slot = takeSlot()
            origin[slot] = from
            newIndexOfOld[from] = slot
            operations.append(.moveSection(from: from, to: slot))
        }
        var free = slots.sorted().makeIterator()
        for section in old.indices where !sectionDeletes.contains(section) && !sectionMoves.contains(section) {
            guard let slot = free.next() else { preconditionFailure("no slot for section \(section)") }
            origin[slot] = section
            newIndexOfOld[section] = slot
            isReloaded[slot] = sectionReloads.contains(section)
        }
        operations += sectionDeletes.sorted().map(UpdateOperation.deleteSection)
        operations += sectionReloads.sorted().map(UpdateOperation.reloadSection)
        // Items in the kept sections.
        let kept = (0..<newCount).filter { origin[$0] != nil && !isReloaded[$0] }
        var movedIn: [Int: [ItemPath]] = [:]
        for from in itemMoves {
            movedIn[kept[random.int(in: 0...(kept.count - 1))], default: []].append(from)
        }
        var inserts: [Int: Int] = [:]
        if !kept.isEmpty {
            for _ in 0..<itemInserts { inserts[kept[random.int(in: 0...(kept.count - 1))], default: 0] += 1 }
        }
        for slot in 0..<newCount {
            guard let from = origin[slot] else { continue }
            if isReloaded[slot] {
                var fresh = newSection(&random)
                fresh.style = random.int(in: 0...1) == 0 ? old[from].style : fresh.style
                placed[slot] = fresh
                continue
            }
            var section = old[from]
            // re-checked when its index changes
            if slot != from, random.int(in: 0...2) == 0 { section.style = Self.randomStyle(&random) }
            let survivors = old[from].items.indices.filter { item in
                let path = ItemPath(item: item, section: from)
                return !itemDeletes.contains(path) && !itemMoves.contains(path)
            }
            let count = survivors.count + (inserts[slot] ?? 0) + (movedIn[slot]?.count ?? 0)
            var items = [Item?](repeating: nil, count: count)
            var positions = Array(0..<count)
            func takePosition() -> Int { positions.remove(at: random.int(in: 0...(positions.count - 1))) }
            for _ in 0..<(inserts[slot] ?? 0) {
                let position = takePosition()
                items[position] = newItem(&random)
                operations.append(.insertItem(ItemPath(item: position, section: slot)))
            }
            for source in movedIn[slot] ?? [] {
                let position = takePosition()
                items[position] = old[source.section].items[source.item]
                operations.append(.moveItem(from: source, to: ItemPath(item: position, section: slot)))
            }
            var freePositions = positions.sorted().makeIterator()
            for item in survivors {
                guard let position = freePositions.next() else { preconditionFailure("no position for item \(item)") }
                var content = old[from].items[item]
                if itemReloads.contains(ItemPath(item: item, section: from)) {
                    content.height = random.whole(in: 0...80)
                    content.banner = random.int(in: 0...9) == 0
                }
                items[position] = content
            }
            section.items = items.compactMap { $0 }
            placed[slot] = section
        }
        operations += itemDeletes.sorted().map(UpdateOperation.deleteItem)
        operations += itemReloads.sorted().map(UpdateOperation.reloadItem)
        sections = placed.compactMap { $0 }
        // Height changes of items after the update, in kept sections.
        let candidates = kept.flatMap { section in
            sections[section].items.indices.map { ItemPath(item: $0, section: section) }
        }
        for _ in 0..<min(invalidations, candidates.count) {
            let path = candidates[random.int(in: 0...(candidates.count - 1))]
            sections[path.section].items[path.item].height = random.whole(in: 0...80)
            operations.append(.invalidateHeight(path, keepingColumn: false))
        }
        return operations
    }
}

extension CollectionView {
    /// Calls the public method that records `operation`.
    func perform(_ operation: UpdateOperation) throws {
        switch operation {
        case .insertItem(let path): try insertItems(at: [path])
        case .deleteItem(let path): try deleteItems(at: [path])
        case .reloadItem(let path): try reloadItems(at: [path])
        case .moveItem(let from, let to): try moveItem(at: from, to: to)
        case .insertSection(let section): try insertSections([section])
        case .deleteSection(let section): try deleteSections([section])
        case .reloadSection(let section): try reloadSections([section])
        case .moveSection(let from, let to): try moveSection(from, toSection: to)
        case .invalidateHeight(let path, let keepingColumn):
            try invalidateHeight(ofItemAt: path, keepingColumn: keepingColumn)
        case .reloadSupplementaryElement(let kind, let section):
            try reloadSupplementaryElements(ofKind: kind, inSections: [section])
        }
    }
}

/// Every element of `layout`, item by item and section by section (zero-height items included, which rect
/// queries skip), then the load-more footer.
func everyElement(of layout: CollectionLayout) -> [LayoutAttributes] {
    (0..<layout.numberOfSections).flatMap { section in
        [layout.layoutAttributesForSupplementaryElement(ofKind: .header, inSection: section)]
            + (0..<layout.numberOfItems(inSection: section)).map {
                layout.layoutAttributesForItem(at: ItemPath(item: $0, section: section))
            }
            + [layout.layoutAttributesForSupplementaryElement(ofKind: .footer, inSection: section)]
    }.compactMap { $0 }
        + [layout.layoutAttributesForSupplementaryElement(ofKind: .loadMoreFooter, inSection: 0)].compactMap { $0 }
}

/// Expects `view`'s layout to equal a full layout of `source` with the same settings: every element's frame and
/// the content size; and the view's invariants to hold.
func expectFullLayout(
    _ view: CollectionView, of source: SectionsSource, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let layout = view.layout
    let reference = CollectionLayout(
        columnCount: layout.columnCount, columnSpacing: layout.columnSpacing,
        rowSpacing: layout.rowSpacing, insets: layout.insets, placement: layout.placement)
    try reference.prepare(width: layout.width, source: source)
    #expect(everyElement(of: layout) == everyElement(of: reference), sourceLocation: sourceLocation)
    #expect(layout.contentSize == reference.contentSize, sourceLocation: sourceLocation)
    view.checkInvariants()
}

/// The visible cells by path, to compare identities before and after an update.
func cellIdentities(_ view: CollectionView) -> [ItemPath: ObjectIdentifier] {
    view.visibleCells.mapValues { ObjectIdentifier($0) }
}
