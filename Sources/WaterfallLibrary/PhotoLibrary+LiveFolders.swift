import SystemPackage
import Waterfall
import WaterfallPhotos

/// A watched folder's changes: each update of the walk's thread changes the cards of the folder's section (a new
/// folder gets a section in its place in the walk's order; a folder gone, or left without photos, loses its section),
/// all of one turn in one batch, so that a burst of files is one relayout of the view.
extension PhotoLibrary {
    /// Applies `updates`, one per folder at most, to `walked` in one batch: a folder new to the library gets a section
    /// in its place in the walk's order (`PhotoWalker.walksBefore`), a folder gone or left without photos loses its
    /// section, and the footers move to the last section with the new counts, so the library is what a walk afresh
    /// would find.
    func applying(_ updates: [FolderUpdate]) -> PhotoLibraryBatch {
        let before = walked
        var batch = PhotoLibraryBatch(cause: .folders, itemsBefore: before)
        var newFolders: [(folder: FilePath, title: String, cards: [PhotoCard])] = []
        var replaced: [ItemPath] = []
        var inserted: [ItemPath] = []
        for update in updates {
            let title = PhotoWallItems.sectionTitle(of: update.folder, roots: roots)
            let cards = update.photos.map(PhotoCard.init)
            guard let section = walked.sectionTitles.firstIndex(of: title) else {
                let cards = stacksPhotos ? PhotoStacking.stacked(cards) : cards
                if !cards.isEmpty { newFolders.append((update.folder, title, cards)) }
                continue
            }
            guard !cards.isEmpty else {
                batch.goneFiles += walked.sections[section].cards.flatMap(\.files)
                batch.deletedSections.append(section)
                continue
            }
            if stacksPhotos {
                let stacked = PhotoStacking.stacked(cards)
                let hasStacks = walked.sections[section].photoCount != walked.sections[section].cards.count
                if stacked.count != cards.count || hasStacks {
                    restack(
                        section: section, to: stacked, reloaded: update.reloaded, into: &batch, replaced: &replaced,
                        inserted: &inserted)
                    continue
                }
            }
            // Replaced in place, then deleted (paths before), then inserted (paths after, in increasing order).
            for item in update.reloaded {
                let path = ItemPath(item: item, section: section)
                let file = walked[path].location
                guard let now = update.photos.firstIndex(where: { $0.location == file }) else { continue }
                batch.goneFiles.append(file.path)
                walked.replace(path, with: cards[now].keepingPictureFacts(of: walked[path]))
                replaced.append(path)
            }
            let deletedPaths = update.deleted.map { ItemPath(item: $0, section: section) }
            batch.goneFiles += deletedPaths.map { walked[$0].path }
            walked.delete(deletedPaths)
            batch.deletedItems += deletedPaths
            for item in update.inserted {
                walked.insert(cards[item], at: ItemPath(item: item, section: section))
                inserted.append(ItemPath(item: item, section: section))
            }
        }
        walked.deleteSections(batch.deletedSections)
        let rootPaths = roots.map { FilePath($0) }
        let places = newFolders.map { PhotoWalker.place(of: $0.folder, roots: rootPaths) }
        for index in newFolders.indices.sorted(by: { places[$0] < places[$1] }) {
            let new = newFolders[index]
            let section = sectionIndex(forPlace: places[index], roots: rootPaths)
            walked.insertSection(new.cards, titled: new.title, at: section)
            batch.insertedSections.append(section)
        }
        batch.reloadedItems = replaced
        let newSection = batch.newSectionIndices(oldCount: before.numberOfSections)
        batch.insertedItems = inserted.compactMap { path in
            newSection[path.section].map { ItemPath(item: path.item, section: $0) }
        }
        let lastBefore = before.numberOfSections > 0 ? newSection[before.numberOfSections - 1] : nil
        let last = walked.numberOfSections > 0 ? walked.numberOfSections - 1 : nil
        batch.footerSections = Set([lastBefore, last].compactMap { $0 }).sorted()
        return batch
    }

    /// Where the section of a folder new to the library, at `place` in a walk of `roots`, goes: after the sections of
    /// the folders the walk reaches before it (the sections are in that order).
    /// - Complexity: O(log sections).
    private func sectionIndex(forPlace place: PhotoWalker.WalkPlace, roots: [FilePath]) -> Int {
        var (low, high) = (0, walked.numberOfSections)
        while low < high {
            let middle = (low + high) / 2
            let shown = walked[ItemPath(item: 0, section: middle)].location.folder
            if PhotoWalker.place(of: shown, roots: roots) < place { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

extension PhotoLibraryBatch {
    /// Each section's index after the batch, by its index before it (`oldCount` sections); `nil` for one gone.
    func newSectionIndices(oldCount: Int) -> [Int?] {
        var order: [Int?] = Array(0..<oldCount)
        for section in Set(deletedSections).sorted(by: >) { order.remove(at: section) }
        for section in insertedSections { order.insert(nil, at: section) }
        var newIndex = [Int?](repeating: nil, count: oldCount)
        for (index, old) in order.enumerated() {
            if let old { newIndex[old] = index }
        }
        return newIndex
    }
}
