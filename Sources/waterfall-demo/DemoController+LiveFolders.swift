import SystemPackage
import Waterfall
import WaterfallDemoKit
import WaterfallPhotos

/// A watched folder's changes on the wall: each update of the walk's thread changes the cards of the folder's section
/// (a new folder gets a section at the end) and then the view, all of one turn in one batch of the core's updates, so
/// a burst of files is one relayout and the card at the top of the window stays where it is. While the lightbox is
/// open the updates wait, so that the photo it shows keeps its index.
extension DemoController {
    /// Applies `updates` (and those that waited for the lightbox to close) to the cards and the view, and logs an
    /// `update` event per kind (`delete`, `insert`, `replace`) with the cards' indices: before the change for the
    /// deleted and replaced, after it for the inserted.
    func applyFolderUpdates(_ updates: [FolderUpdate], to view: CollectionView, roots: [String]) {
        waitingFolderUpdates += updates
        guard lightbox == nil else { return }
        // A batch's indices are those before it: a folder's second update (two turns' worth) goes in the next batch.
        while !waitingFolderUpdates.isEmpty {
            var folders: Set<FilePath> = []
            let round = Array(waitingFolderUpdates.prefix { folders.insert($0.folder).inserted })
            waitingFolderUpdates.removeFirst(round.count)
            applyBatch(round, to: view, roots: roots)
        }
    }

    /// Applies `updates`, one per folder at most, in one batch.
    private func applyBatch(_ updates: [FolderUpdate], to view: CollectionView, roots: [String]) {
        var deleted: [ItemPath] = []
        var inserted: [ItemPath] = []
        var replaced: [ItemPath] = []
        var newSections: [Int] = []
        var goneFiles: [FilePath] = []
        let before = items
        for update in updates {
            let title = PhotoCards.sectionName(of: update.folder, roots: roots)
            let cards = update.photos.map { PhotoCards.card(of: $0, section: title) }
            guard let section = items.sectionTitles.firstIndex(of: title) else {
                guard !cards.isEmpty else { continue }
                items.append(cards, toSectionTitled: title)
                newSections.append(items.numberOfSections - 1)
                continue
            }
            // Replaced in place, then deleted (paths before), then inserted (paths after, in increasing order).
            for item in update.reloaded {
                let path = ItemPath(item: item, section: section)
                guard let file = items[path].path, let now = update.photos.firstIndex(where: { $0.path == file }) else { continue }
                goneFiles.append(file)
                items.replace(path, with: cards[now])
                replaced.append(path)
            }
            let deletedPaths = update.deleted.map { ItemPath(item: $0, section: section) }
            goneFiles += deletedPaths.compactMap { items[$0].path }
            items.delete(deletedPaths)
            deleted += deletedPaths
            for item in update.inserted {
                items.insert(cards[item], at: ItemPath(item: item, section: section))
                inserted.append(ItemPath(item: item, section: section))
            }
        }
        pictures?.forget(goneFiles, in: window)
        do {
            try view.performBatchUpdates {
                if !newSections.isEmpty { try view.insertSections(newSections) }
                if !replaced.isEmpty { try view.reloadItems(at: replaced) }
                if !deleted.isEmpty { try view.deleteItems(at: deleted) }
                if !inserted.isEmpty { try view.insertItems(at: inserted) }
            }
        } catch {
            printError("the folders' changes could not be shown: \(error)")
            try? view.reloadData()
        }
        if !deleted.isEmpty { logUpdate("delete", indices: deleted.map { before.index(of: $0) }) }
        if !replaced.isEmpty { logUpdate("replace", indices: replaced.map { before.index(of: $0) }) }
        let insertedIndices = inserted.map { items.index(of: $0) } + newSections.flatMap { section in
            (0..<items.numberOfItems(inSection: section)).map { items.index(of: ItemPath(item: $0, section: section)) }
        }
        if !insertedIndices.isEmpty { logUpdate("insert", indices: insertedIndices) }
    }
}
