import SystemPackage
import Waterfall
import WaterfallCards
import WaterfallLibrary
import WaterfallPhotos

/// The wall as a view of its `PhotoLibrary`: what the library found or changed arrives as `PhotoLibraryChange`s,
/// which become the view's batch updates (so no card already shown moves, and the card at the top of the window stays
/// where it is) or, when the arrangement changed or leaves photos out, a reload that keeps the selected photos
/// selected. Every card comes and goes this way, whatever moved it: the walk, a watched folder, a file action.
extension PhotoWall {
    /// Takes what the library's walk and watched folders found and shows it. Reports `scanned` with the walk's counts
    /// when it found more or ended. While the lightbox is open the folders' updates wait, so that the photo it shows
    /// keeps its index. Opens the lightbox on `Configuration.lightboxFile` once its card is there. Returns whether it
    /// showed anything.
    @discardableResult
    func deliverLibrary() -> Bool {
        let (changes, walkAdvanced) = library.update(applyingFolderUpdates: lightbox == nil && compare == nil)
        for activity in library.takeIndexActivity() { report(.index(activity)) }
        if walkAdvanced {
            report(.scanned(library.counts, isDone: library.isWalkDone))
        }
        for change in changes { show(change) }
        if walkAdvanced { openLightboxOnArrival() }
        return walkAdvanced || !changes.isEmpty
    }

    /// `deliverLibrary()`, at most once per `libraryUpdateInterval` from the start of one showing to the next: a wake
    /// within the interval after a showing began is shown at its end, and one after a showing longer than the interval
    /// at once (a launch from the index delivers news faster than the window shows it: its thread never waits).
    func deliverLibraryAtItsPace() {
        let interval = libraryUpdateInterval
        guard interval > 0, let window else {
            deliverLibrary()
            return
        }
        guard wakes.libraryUpdateGate == nil else { return }
        let gate = window.schedule(after: interval) { [weak self] in
            guard let self else { return }
            wakes.libraryUpdateGate = nil
            if library.hasNews { deliver() }
        }
        wakes.libraryUpdateGate = gate
        guard deliverLibrary() else {
            window.cancel(gate)
            wakes.libraryUpdateGate = nil
            return
        }
    }

    /// Shows a change the library made: the view's batch updates, the cards asked for again, or a reload.
    func show(_ change: PhotoLibraryChange) {
        switch change {
        case .batch(let batch): show(batch)
        case .cardsChanged(let paths): reloadCards(at: paths)
        case .rearranged(let scrollsToTop, let before):
            showRearranged(scrollingToTop: scrollsToTop, itemsBefore: before)
        case .walkEnded:
            do { try collectionView.reloadData() } catch {
                configuration.warn("the photos could not be shown: \(error)")
            }
        }
    }

    /// Makes `batch` the view's batch updates, forgets the pictures of the files gone, and reports an `updated` event
    /// per kind (deleted, replaced, inserted) with the cards' indices, before the batch for the deleted and replaced,
    /// after it for the inserted (none for the walk's).
    private func show(_ batch: PhotoLibraryBatch) {
        pictures?.forget(batch.goneFiles)
        infos?.forget(batch.goneFiles)
        let view = collectionView
        // The view names a card it unhighlights or deselects during the batch by its path before it.
        itemsBeforeBatch = batch.itemsBefore
        defer { itemsBeforeBatch = nil }
        do {
            try view.performBatchUpdates {
                if !batch.deletedSections.isEmpty { try view.deleteSections(batch.deletedSections) }
                if !batch.insertedSections.isEmpty { try view.insertSections(batch.insertedSections) }
                if !batch.reloadedItems.isEmpty { try view.reloadItems(at: batch.reloadedItems) }
                if !batch.deletedItems.isEmpty { try view.deleteItems(at: batch.deletedItems) }
                if !batch.insertedItems.isEmpty { try view.insertItems(at: batch.insertedItems) }
                if !batch.footerSections.isEmpty {
                    try view.reloadSupplementaryElements(ofKind: .footer, inSections: batch.footerSections)
                }
            }
        } catch {
            configuration.warn("the photos' changes could not be shown: \(error)")
            try? view.reloadData()
        }
        guard batch.cause != .walk else { return }
        let deleted = batch.deletedIndices
        if !deleted.isEmpty { report(.updated(.deleted, indices: deleted, itemCount: items.count)) }
        if !batch.reloadedItems.isEmpty {
            report(.updated(.replaced, indices: batch.reloadedIndices, itemCount: items.count))
        }
        let inserted = batch.insertedIndices(in: items)
        if !inserted.isEmpty { report(.updated(.inserted, indices: inserted, itemCount: items.count)) }
    }

    /// Asks the view for the cards at `paths` again, with their heights.
    private func reloadCards(at paths: [ItemPath]) {
        guard !paths.isEmpty else { return }
        do {
            try collectionView.performBatchUpdates {
                try collectionView.invalidateHeights(ofItemsAt: paths)
                try collectionView.reloadItems(at: paths)
            }
        } catch {
            configuration.warn("the changed photos could not be shown: \(error)")
            try? collectionView.reloadData()
        }
    }

    /// Shows the library's cards arranged again: the view reloaded, the selected photos that still show selected
    /// again. Reports `arranged` with the cards and sections shown.
    private func showRearranged(scrollingToTop: Bool, itemsBefore: PhotoWallItems) {
        let selected = collectionView.indexPathsForSelectedItems.map { itemsBefore[$0].path }
        if !selected.isEmpty {
            // The view deselects the cards it has, named by their places before: the library's are arranged already.
            itemsBeforeBatch = itemsBefore
            defer { itemsBeforeBatch = nil }
            collectionView.deselectAllItems()
        }
        do {
            try collectionView.reloadData()
        } catch {
            configuration.warn("the arranged photos could not be shown: \(error)")
        }
        if scrollingToTop { collectionView.setContentOffset(0) }
        if !selected.isEmpty {
            for path in items.paths(of: Set(selected)) { collectionView.selectItem(at: path) }
        }
        report(
            .arranged(itemCount: items.count, sectionCount: items.numberOfSections, sectionTitles: items.sectionTitles))
    }

    /// Opens the lightbox on `Configuration.lightboxFile` when its card has arrived, once.
    private func openLightboxOnArrival() {
        guard let file = configuration.lightboxFile, let path = items.path(of: file) else { return }
        configuration.lightboxFile = nil
        collectionView.selectItem(at: path)
        collectionView.scrollItemToVisible(path)
        openLightbox(at: path)
    }
}
