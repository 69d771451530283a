import SystemPackage
import Waterfall
import WaterfallCards
import WaterfallLibrary
import WaterfallPhotos

/// A watched folder's changes on the wall: each update of the walk's thread changes the cards of the folder's section
/// (a new folder gets a section in its place in the walk's order; a folder gone, or left without photos, loses its
/// section) and then the view, all of one turn in one batch of the core's updates, so a burst of files is one
/// relayout and the card at the top of the window stays where it is. While the lightbox is open the updates wait, so
/// that the photo it shows keeps its index.
extension PhotoWall {
    /// Applies `updates` (and those that waited for the lightbox to close) to the cards and the view, and logs an
    /// `update` event per kind (`delete`, `insert`, `replace`) with the cards' indices: before the change for the
    /// deleted and replaced, after it for the inserted.
    func applyFolderUpdates(_ updates: [FolderUpdate]) {
        waitingFolderUpdates += updates
        guard lightbox == nil else { return }
        // A batch's indices are those before it: a folder's second update (two turns' worth) goes in the next batch.
        while !waitingFolderUpdates.isEmpty {
            var folders: Set<FilePath> = []
            let round = Array(waitingFolderUpdates.prefix { folders.insert($0.folder).inserted })
            waitingFolderUpdates.removeFirst(round.count)
            applyBatch(round)
        }
        if isRearrangementWaiting {
            isRearrangementWaiting = false
            rearrange()
        }
    }

    /// Applies `updates`, one per folder at most, in one batch: a folder new to the wall gets a section in its place in
    /// the walk's order (`PhotoWalker.walksBefore`), a folder gone or left without photos loses its section, and the
    /// footer moves to the last section with the new counts, so the wall is what a walk afresh would show.
    private func applyBatch(_ updates: [FolderUpdate]) {
        let (view, roots) = (collectionView, scan.roots)
        var change = FolderBatch()
        var goneFiles: [FilePath] = []
        var newFolders: [(folder: FilePath, title: String, cards: [PhotoCard])] = []
        let before = library
        for update in updates {
            let title = PhotoWallItems.sectionTitle(of: update.folder, roots: roots)
            let cards = update.photos.map(PhotoCard.init)
            guard let section = library.sectionTitles.firstIndex(of: title) else {
                if !cards.isEmpty { newFolders.append((update.folder, title, cards)) }
                continue
            }
            guard !cards.isEmpty else {
                goneFiles += library.sections[section].cards.map(\.path)
                change.goneSections.append(section)
                continue
            }
            // Replaced in place, then deleted (paths before), then inserted (paths after, in increasing order).
            for item in update.reloaded {
                let path = ItemPath(item: item, section: section)
                let file = library[path].path
                guard let now = update.photos.firstIndex(where: { $0.path == file }) else { continue }
                goneFiles.append(file)
                library.replace(path, with: cards[now])
                change.replaced.append(path)
            }
            let deletedPaths = update.deleted.map { ItemPath(item: $0, section: section) }
            goneFiles += deletedPaths.map { library[$0].path }
            library.delete(deletedPaths)
            change.deleted += deletedPaths
            for item in update.inserted {
                library.insert(cards[item], at: ItemPath(item: item, section: section))
                change.inserted.append(ItemPath(item: item, section: section))
            }
        }
        library.deleteSections(change.goneSections)
        let rootPaths = roots.map { FilePath($0) }
        for new in newFolders.sorted(by: { PhotoWalker.walksBefore($0.folder, $1.folder, roots: rootPaths) }) {
            let section = sectionIndex(forFolder: new.folder, roots: rootPaths)
            library.insertSection(new.cards, titled: new.title, at: section)
            change.newSections.append(section)
        }
        pictures?.forget(goneFiles)
        infos?.forget(goneFiles)
        let newSection = change.newSectionIndices(oldCount: before.numberOfSections)
        let inserted = change.inserted.compactMap { path in
            newSection[path.section].map { ItemPath(item: path.item, section: $0) }
        }
        guard arrangementState.showsEverythingAsWalked else { return rearrange() }
        items = library
        itemsBeforeBatch = before
        defer { itemsBeforeBatch = nil }
        do {
            try view.performBatchUpdates {
                if !change.goneSections.isEmpty { try view.deleteSections(change.goneSections) }
                if !change.newSections.isEmpty { try view.insertSections(change.newSections) }
                if !change.replaced.isEmpty { try view.reloadItems(at: change.replaced) }
                if !change.deleted.isEmpty { try view.deleteItems(at: change.deleted) }
                if !inserted.isEmpty { try view.insertItems(at: inserted) }
                try reloadFooters(
                    lastBefore: before.numberOfSections > 0 ? newSection[before.numberOfSections - 1] : nil)
            }
        } catch {
            configuration.warn("the folders' changes could not be shown: \(error)")
            try? view.reloadData()
        }
        logUpdates(of: change, inserted: inserted, before: before)
    }

    /// Logs the `update` events of `change`: the cards deleted (their sections' too) and replaced, by their indices in
    /// `before`; the cards `inserted` (paths after the batch) and those of the new sections, by their indices now.
    private func logUpdates(of change: FolderBatch, inserted: [ItemPath], before: PhotoWallItems) {
        let deleted =
            change.goneSections.flatMap { section in
                (0..<before.numberOfItems(inSection: section)).map { ItemPath(item: $0, section: section) }
            } + change.deleted
        if !deleted.isEmpty { logUpdate("delete", indices: deleted.map { before.index(of: $0) }.sorted()) }
        if !change.replaced.isEmpty { logUpdate("replace", indices: change.replaced.map { before.index(of: $0) }) }
        let insertedIndices =
            inserted.map { items.index(of: $0) }
            + change.newSections.flatMap { section in
                (0..<items.numberOfItems(inSection: section)).map {
                    items.index(of: ItemPath(item: $0, section: section))
                }
            }
        if !insertedIndices.isEmpty { logUpdate("insert", indices: insertedIndices.sorted()) }
    }

    /// Logs an `update` event: the `kind`, the cards' `indices` and the number of `items` after it.
    func logUpdate(_ kind: String, indices: [Int]) {
        log?.log(
            "update",
            [("kind", .string(kind)), ("indices", .array(indices.map { .int($0) })), ("items", .int(items.count))])
    }

    /// Where the section of `folder`, new to the wall, goes: after the sections of the folders a walk of `roots`
    /// reaches before it (the sections are in that order).
    /// - Complexity: O(log sections).
    private func sectionIndex(forFolder folder: FilePath, roots: [FilePath]) -> Int {
        var (low, high) = (0, library.numberOfSections)
        while low < high {
            let middle = (low + high) / 2
            let shown = library[ItemPath(item: 0, section: middle)].path.removingLastComponent()
            if PhotoWalker.walksBefore(shown, folder, roots: roots) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// What one batch of folder updates does to the wall's sections and cards, in the terms of the view's batch updates.
private struct FolderBatch {
    /// The sections (before the batch) of the folders gone or left without photos.
    var goneSections: [Int] = []
    /// The new folders' sections, after the batch, increasing.
    var newSections: [Int] = []
    /// The cards replaced in place and deleted, by their paths before the batch.
    var replaced: [ItemPath] = []
    var deleted: [ItemPath] = []
    /// The cards inserted: their items after the batch, in their sections' indices before it.
    var inserted: [ItemPath] = []

    /// Each section's index after the batch, by its index before it (`oldCount` sections); `nil` for one gone.
    func newSectionIndices(oldCount: Int) -> [Int?] {
        var order: [Int?] = Array(0..<oldCount)
        for section in Set(goneSections).sorted(by: >) { order.remove(at: section) }
        for section in newSections { order.insert(nil, at: section) }
        var newIndex = [Int?](repeating: nil, count: oldCount)
        for (index, old) in order.enumerated() {
            if let old { newIndex[old] = index }
        }
        return newIndex
    }
}
