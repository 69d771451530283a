/// What a batch of update operations does, checked against the item counts before it and the data source's
/// counts after it, with UIKit's batch semantics:
///
/// - deletes, reloads and move sources (of items and sections) name indices before the update; inserts, move
///   destinations, height invalidations and headers and footers reloaded on their own name indices after it;
/// - the sections that are neither deleted nor moved keep their order and fill the positions that inserts and
///   moves leave free; in each kept section, likewise the items that are neither deleted nor moved away;
/// - a reloaded item keeps its place among them (it is the same item, asked again); a reloaded section too
///   (its items are all new);
/// - each kept section must then have as many items as the data source reports, and there must be as many
///   sections.
///
/// The plan answers where each new section comes from, which items of a kept section change, and where an item
/// before the update is after it (`newPath(for:)`).
struct UpdatePlan {
    /// Where a section after the update comes from.
    enum SectionOrigin: Equatable {
        /// A new section: laid out afresh.
        case inserted
        /// The section at this index before the update, reloaded: laid out afresh, its items all new.
        case reloaded(Int)
        /// The section at this index before the update (moved, or where it was): its items are kept.
        case kept(Int)
    }

    /// The item changes of one kept section.
    struct ItemChanges {
        /// The section's index before the update.
        let oldSection: Int
        /// The items before the update that are deleted or moved away, increasing.
        var removed: [Int] = []
        /// The positions after the update that inserts and moves in fill, increasing.
        var taken: [Int] = []
        /// The positions after the update that inserts fill.
        var inserted: Set<Int> = []
        /// The positions after the update that moves fill, with the item each comes from.
        var movedIn: [Int: ItemPath] = [:]
        /// The items before the update that are reloaded.
        var reloaded: Set<Int> = []
        /// The positions after the update whose heights are invalidated, and whether they keep their columns.
        var invalidated: [Int: Bool] = [:]
        /// How many items the section has after the update.
        var count = 0

        init(oldSection: Int) {
            self.oldSection = oldSection
        }

        /// Whether items are inserted, deleted, moved or reloaded (not only heights invalidated).
        var isStructural: Bool { !removed.isEmpty || !taken.isEmpty || !reloaded.isEmpty }

        /// Where the surviving item `item` (before the update) is after it; `nil` when it is removed.
        /// - Complexity: O(log removed + taken).
        func newItem(ofOld item: Int) -> Int? {
            let removedBefore = removed.partitioningIndex { $0 >= item }
            guard removedBefore == removed.count || removed[removedBefore] != item else { return nil }
            // The k-th survivor fills the k-th position that no insert or move took.
            var position = item - removedBefore
            for filled in taken {
                guard filled <= position else { break }
                position += 1
            }
            return position
        }

        /// The first position after the update from which items must be placed again: the first removed item,
        /// the first filled position, a reloaded item's place, or an item whose height is invalidated without
        /// keeping its column. `nil` when only heights that keep their columns change.
        var firstPlacementChange: Int? {
            let candidates = [
                removed.first, taken.first, reloaded.compactMap(newItem(ofOld:)).min(),
                invalidated.filter { !$0.value }.keys.min(),
            ]
            return candidates.compactMap { $0 }.min().map { min($0, count) }
        }
    }

    /// Where each section after the update comes from.
    private(set) var origins: [SectionOrigin] = []
    /// Where each section before the update is after it; `nil` when it is deleted.
    private(set) var newSectionOfOld: [Int?] = []
    /// The item changes of the kept sections that have any, by their index after the update.
    private(set) var itemChanges: [Int: ItemChanges] = [:]
    /// Moved items: their paths before the update and after it.
    private(set) var movedItems: [ItemPath: ItemPath] = [:]
    /// The reloaded items, by their paths before the update.
    private(set) var reloadedItems: [ItemPath] = []
    /// Kept sections (by index after the update) whose style changed, so that the layout laid them out afresh.
    var restyledSections: Set<Int> = []
    /// The headers and footers asked again without their sections' items, by section after the update.
    private(set) var reloadedSupplementaryKinds: [Int: Set<ElementKind>] = [:]
    /// The section operations by index, before and after the update, for naming them in errors.
    private var sectionOperations: (old: [Int: UpdateOperation], new: [Int: UpdateOperation]) = ([:], [:])

    /// Checks `operations` against the item counts before the update (`oldItemCounts`, one per section) and the
    /// counts `source` reports after it, and works out the plan.
    /// - Throws: `UpdateError` for an index out of range, an item or section named twice, an item change in a
    ///   section that is replaced whole, or counts that differ from the data source's.
    init<Source: CollectionLayoutSource>(_ operations: [UpdateOperation], oldItemCounts: [Int], source: Source) throws {
        try planSections(operations, oldCount: oldItemCounts.count, reported: source.numberOfSections)
        try planItems(operations, oldItemCounts: oldItemCounts, source: source)
        try planSupplementaryReloads(operations)
    }

    /// Where the section `section` before the update is after it, when it is kept (moved or not) or reloaded.
    func newSection(ofOld section: Int) -> Int? {
        newSectionOfOld.indices.contains(section) ? newSectionOfOld[section] : nil
    }

    /// Where the item at `path` before the update is after it; `nil` when it is deleted or its section is
    /// deleted or reloaded. A reloaded item keeps its path's mapping (it is the same item).
    func newPath(for path: ItemPath) -> ItemPath? {
        guard let section = newSection(ofOld: path.section), case .kept = origins[section] else { return nil }
        if let moved = movedItems[path] { return moved }
        guard let changes = itemChanges[section] else { return ItemPath(item: path.item, section: section) }
        return changes.newItem(ofOld: path.item).map { ItemPath(item: $0, section: section) }
    }

    /// Whether section `section` (after the update) is new or changed enough that its header and footer are
    /// asked again: inserted, reloaded, restyled, or with items inserted, deleted, moved or reloaded.
    func isSectionReplacedOrChanged(_ section: Int) -> Bool {
        guard origins.indices.contains(section), case .kept = origins[section] else { return true }
        return restyledSections.contains(section) || itemChanges[section]?.isStructural == true
    }

    /// Whether the element of `kind` (a header or footer) of `section` (after the update) is asked again: its
    /// section is replaced or changed, or the element is reloaded on its own.
    func isSupplementaryElementAskedAgain(_ kind: ElementKind, inSection section: Int) -> Bool {
        isSectionReplacedOrChanged(section) || reloadedSupplementaryKinds[section]?.contains(kind) == true
    }

    // MARK: Checking and planning

    private mutating func planSections(_ operations: [UpdateOperation], oldCount: Int, reported: Int) throws {
        var oldOperations: [Int: UpdateOperation] = [:]
        var newOperations: [Int: UpdateOperation] = [:]
        var deleted = 0
        var inserted = 0
        func claim(
            _ section: Int, _ operation: UpdateOperation, _ moment: UpdateMoment,
            in claimed: inout [Int: UpdateOperation]
        ) throws {
            if moment == .beforeUpdate, !(0..<oldCount).contains(section) {
                throw UpdateError.sectionOutOfRange(operation, section: section, count: oldCount, .beforeUpdate)
            }
            if let first = claimed[section] { throw UpdateError.sectionNamedTwice(section, moment, first, operation) }
            claimed[section] = operation
        }
        for operation in operations {
            switch operation {
            case .deleteSection(let section):
                try claim(section, operation, .beforeUpdate, in: &oldOperations)
                deleted += 1
            case .reloadSection(let section):
                try claim(section, operation, .beforeUpdate, in: &oldOperations)
            case .moveSection(let from, let to):
                try claim(from, operation, .beforeUpdate, in: &oldOperations)
                try claim(to, operation, .afterUpdate, in: &newOperations)
            case .insertSection(let section):
                try claim(section, operation, .afterUpdate, in: &newOperations)
                inserted += 1
            default:
                break
            }
        }
        let newCount = oldCount - deleted + inserted
        guard reported == newCount else {
            throw UpdateError.sectionCountMismatch(expected: newCount, reported: reported)
        }
        var origins = [SectionOrigin?](repeating: nil, count: newCount)
        newSectionOfOld = Array(repeating: nil, count: oldCount)
        for operation in operations {
            switch operation {
            case .insertSection(let section) where !(0..<newCount).contains(section),
                .moveSection(_, let section) where !(0..<newCount).contains(section):
                throw UpdateError.sectionOutOfRange(operation, section: section, count: newCount, .afterUpdate)
            case .insertSection(let section):
                origins[section] = .inserted
            case .moveSection(let from, let to):
                origins[to] = .kept(from)
                newSectionOfOld[from] = to
            default:
                break
            }
        }
        // The sections neither deleted nor moved fill the free positions, in order.
        var position = 0
        for section in 0..<oldCount {
            let operation = oldOperations[section]
            guard operation == nil || operation == .reloadSection(section) else { continue }
            while origins[position] != nil { position += 1 }
            origins[position] = operation == nil ? .kept(section) : .reloaded(section)
            newSectionOfOld[section] = position
        }
        self.origins = origins.map { $0 ?? .inserted }
        sectionOperations = (oldOperations, newOperations)
    }

    /// The kept section that item `path` (at `moment`) is in, after the update; throws when its section is out of
    /// range or replaced whole.
    private func keptSection(
        of path: ItemPath, _ operation: UpdateOperation, _ moment: UpdateMoment, oldCount: Int
    ) throws -> Int {
        let count = moment == .beforeUpdate ? oldCount : origins.count
        guard (0..<count).contains(path.section) else {
            throw UpdateError.sectionOutOfRange(operation, section: path.section, count: count, moment)
        }
        guard let newSection = moment == .beforeUpdate ? newSectionOfOld[path.section] : path.section else {
            throw UpdateError.itemInReplacedSection(
                operation, sectionOperation: sectionOperations.old[path.section] ?? .deleteSection(path.section))
        }
        switch origins[newSection] {
        case .kept:
            return newSection
        case .reloaded(let old):
            throw UpdateError.itemInReplacedSection(
                operation, sectionOperation: sectionOperations.old[old] ?? .reloadSection(old))
        case .inserted:
            throw UpdateError.itemInReplacedSection(
                operation, sectionOperation: sectionOperations.new[newSection] ?? .insertSection(newSection))
        }
    }

    /// Checks the headers and footers reloaded on their own: sections after the update, headers and footers only.
    /// Naming one twice asks it once.
    private mutating func planSupplementaryReloads(_ operations: [UpdateOperation]) throws {
        for operation in operations {
            guard case .reloadSupplementaryElement(let kind, let section) = operation else { continue }
            guard kind == .header || kind == .footer else { throw UpdateError.notSupplementary(operation) }
            guard origins.indices.contains(section) else {
                throw UpdateError.sectionOutOfRange(operation, section: section, count: origins.count, .afterUpdate)
            }
            reloadedSupplementaryKinds[section, default: []].insert(kind)
        }
    }

    private mutating func planItems<Source: CollectionLayoutSource>(
        _ operations: [UpdateOperation], oldItemCounts: [Int],
        source: Source
    ) throws {
        var oldClaims: [ItemPath: UpdateOperation] = [:]
        var newClaims: [ItemPath: UpdateOperation] = [:]
        var changes: [Int: ItemChanges] = [:]
        /// Checks an item before the update and returns its section after it.
        func claimOld(_ path: ItemPath, _ operation: UpdateOperation) throws -> Int {
            let section = try keptSection(of: path, operation, .beforeUpdate, oldCount: oldItemCounts.count)
            let count = oldItemCounts[path.section]
            guard (0..<count).contains(path.item) else {
                throw UpdateError.itemOutOfRange(operation, path: path, count: count, .beforeUpdate)
            }
            if let first = oldClaims[path] { throw UpdateError.itemNamedTwice(path, .beforeUpdate, first, operation) }
            oldClaims[path] = operation
            return section
        }
        /// Checks a position after the update (its range comes later, against the new count).
        func claimNew(_ path: ItemPath, _ operation: UpdateOperation) throws {
            _ = try keptSection(of: path, operation, .afterUpdate, oldCount: oldItemCounts.count)
            if let first = newClaims[path] { throw UpdateError.itemNamedTwice(path, .afterUpdate, first, operation) }
            newClaims[path] = operation
        }
        func change(_ section: Int, _ body: (inout ItemChanges) -> Void) {
            guard case .kept(let old) = origins[section] else { return }
            body(&changes[section, default: ItemChanges(oldSection: old)])
        }
        for operation in operations {
            switch operation {
            case .deleteItem(let path):
                let section = try claimOld(path, operation)
                change(section) { $0.removed.append(path.item) }
            case .reloadItem(let path):
                let section = try claimOld(path, operation)
                change(section) { $0.reloaded.insert(path.item) }
                reloadedItems.append(path)
            case .moveItem(let from, let to):
                let section = try claimOld(from, operation)
                try claimNew(to, operation)
                change(section) { $0.removed.append(from.item) }
                change(to.section) {
                    $0.taken.append(to.item)
                    $0.movedIn[to.item] = from
                }
                movedItems[from] = to
            case .insertItem(let path):
                try claimNew(path, operation)
                change(path.section) {
                    $0.taken.append(path.item)
                    $0.inserted.insert(path.item)
                }
            case .invalidateHeight(let path, let keepingColumn):
                // A section laid out afresh asks every height anyway: nothing to record there.
                guard (0..<origins.count).contains(path.section) else {
                    throw UpdateError.sectionOutOfRange(
                        operation, section: path.section, count: origins.count, .afterUpdate)
                }
                change(path.section) { $0.invalidated[path.item] = keepingColumn && $0.invalidated[path.item] != false }
            default:
                break
            }
        }
        // Every kept section must have the items the data source reports.
        for (section, origin) in origins.enumerated() {
            guard case .kept(let old) = origin else { continue }
            let expected =
                oldItemCounts[old] - (changes[section]?.removed.count ?? 0) + (changes[section]?.taken.count ?? 0)
            let reported = source.numberOfItems(inSection: section)
            guard reported == expected else {
                throw UpdateError.itemCountMismatch(section: section, expected: expected, reported: reported)
            }
            changes[section]?.count = expected
            changes[section]?.removed.sort()
            changes[section]?.taken.sort()
        }
        // The positions after the update, now that the counts are known.
        for operation in operations {
            let path: ItemPath
            switch operation {
            case .insertItem(let new), .moveItem(_, let new), .invalidateHeight(let new, _): path = new
            default: continue
            }
            guard let count = changes[path.section]?.count else { continue }  // in a section laid out afresh
            guard (0..<count).contains(path.item) else {
                throw UpdateError.itemOutOfRange(operation, path: path, count: count, .afterUpdate)
            }
        }
        itemChanges = changes
    }
}
