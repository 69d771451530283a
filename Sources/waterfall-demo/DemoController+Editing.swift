import Waterfall
import WaterfallDemoKit

/// Editing the wall from the keyboard, to show the collection view's updates: Delete removes the selected cards,
/// Insert adds a made-up card after the selection, `r` gives a few cards in view new picture heights. Each edit
/// changes the items first, then tells the view, and logs an `update` event.
extension DemoController {
    /// Handles a key the window does not use itself. An update the view refuses (a bug: the items and the view
    /// disagree) is reported on stderr and in an `updateFailed` event, and the view reloads everything.
    /// - Throws: `LayoutError` when even the reload fails.
    func handleKey(_ name: String, in collectionView: CollectionView) throws {
        do {
            switch name {
            case "Delete", "KP_Delete": try deleteSelectedCards(in: collectionView)
            case "Insert", "KP_Insert": try insertCard(in: collectionView)
            case "r": try remeasureCards(in: collectionView)
            default: break
            }
        } catch {
            printError("update refused: \(error)")
            log?.log("updateFailed", [("message", .string("\(error)"))])
            try collectionView.reloadData()
        }
    }

    /// Delete: removes the selected cards.
    func deleteSelectedCards(in collectionView: CollectionView) throws {
        let paths = collectionView.indexPathsForSelectedItems
        guard !paths.isEmpty else { return }
        let indices = paths.map { items.index(of: $0) }
        items.delete(paths)
        try collectionView.performBatchUpdates {
            try collectionView.deleteItems(at: paths)
            // the same sections: the last one's footer counts the cards
            try reloadFooters(in: collectionView, lastBefore: nil)
        }
        logUpdate("delete", indices: indices)
    }

    /// Insert: adds a made-up card after the last selected card (at the start of the first section when nothing
    /// is selected) and selects it.
    func insertCard(in collectionView: CollectionView) throws {
        guard items.numberOfSections > 0 else { return }
        let path =
            collectionView.indexPathsForSelectedItems.last.map { ItemPath(item: $0.item + 1, section: $0.section) }
            ?? ItemPath(item: 0, section: 0)
        insertedCount += 1
        let look = CatalogItem.synthesizedLook(index: -insertedCount)
        let card = CatalogItem(
            title: "New card \(insertedCount)", subtitle: "inserted with Insert", color: look.color,
            aspect: look.aspect, category: items.sectionTitles[path.section])
        items.insert(card, at: path)
        try collectionView.performBatchUpdates {
            try collectionView.insertItems(at: [path])
            // the same sections: the last one's footer counts the cards
            try reloadFooters(in: collectionView, lastBefore: nil)
        }
        logUpdate("insert", indices: [items.index(of: path)])
        collectionView.deselectAllItems()
        collectionView.selectItem(at: path, scrollPosition: .nearest)
    }

    /// r: gives up to three cards in the viewport new picture aspects; each keeps its column.
    func remeasureCards(in collectionView: CollectionView) throws {
        var candidates = collectionView.indexPathsForItemsInViewport
        var chosen: [ItemPath] = []
        while chosen.count < 3, !candidates.isEmpty {
            chosen.append(candidates.remove(at: random.int(below: candidates.count)))
        }
        guard !chosen.isEmpty else { return }
        for path in chosen { items.remeasure(path, aspect: 0.5 + Double(random.int(below: 131)) / 100) }
        try collectionView.invalidateHeights(ofItemsAt: chosen)
        logUpdate("remeasure", indices: chosen.sorted().map { items.index(of: $0) })
    }

    /// Logs an `update` event: the `kind`, the cards' `indices` and the number of `items` after it.
    func logUpdate(_ kind: String, indices: [Int]) {
        log?.log(
            "update",
            [("kind", .string(kind)), ("indices", .array(indices.map { .int($0) })), ("items", .int(items.shownCount))])
    }
}
