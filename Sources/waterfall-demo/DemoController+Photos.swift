import Waterfall
import WaterfallDemoKit
import WaterfallPhotos

extension DemoController {
    /// Appends the photos the walk found since the last call: the new cards go in at the end (new folders as new
    /// sections), through the view's batch updates, so no card already shown moves, and the footer, with the new
    /// counts, goes under the last section. Logs `scanned` with the counts.
    func deliverScan(to collectionView: CollectionView) {
        guard let scan else { return }
        let (batches, updates, counts, isDone) = scan.takeBatches()
        let wasScanning = !scanCounts.isDone
        scanCounts = (counts, isDone)
        defer { applyFolderUpdates(updates, to: collectionView, roots: scan.roots) }
        guard !batches.isEmpty || (isDone && wasScanning) else { return }
        let oldSections = items.sections.map(\.count)
        for batch in batches {
            let section = PhotoCards.sectionName(of: batch.folder, roots: scan.roots)
            items.append(batch.photos.map { PhotoCards.card(of: $0, section: section) }, toSectionTitled: section)
        }
        log?.log("scanned", [("found", .int(counts.found)), ("skipped", .int(counts.skipped)), ("unreadable", .int(counts.unreadable)),
                             ("loops", .int(counts.loops)), ("done", .bool(isDone))])
        do {
            try collectionView.performBatchUpdates {
                let newSections = Array(oldSections.count..<items.numberOfSections)
                if !newSections.isEmpty { try collectionView.insertSections(newSections) }
                var paths: [ItemPath] = []
                for (section, oldCount) in oldSections.enumerated() {
                    paths += (oldCount..<items.numberOfItems(inSection: section)).map { ItemPath(item: $0, section: section) }
                }
                if !paths.isEmpty { try collectionView.insertItems(at: paths) }
                try reloadFooters(in: collectionView, lastBefore: oldSections.indices.last)
            }
            if isDone && wasScanning { try collectionView.reloadData() }  // the loading view gives way to the empty one
        } catch {
            printError("the photos found could not be shown: \(error)")
            try? collectionView.reloadData()
        }
    }

    /// Opens the lightbox on the photo at `indexPath` (Enter or a double click on its card).
    func openLightbox(at indexPath: ItemPath) {
        guard lightbox == nil, let pictures, let window, items[indexPath].path != nil else { return }
        let lightbox = Lightbox(index: items.index(of: indexPath), controller: self, pictures: pictures, wallTitle: window.title)
        self.lightbox = lightbox
        lightbox.open(in: window)
    }

    /// The status bar of a photo wall: "1,234 photos in 12 folders · scanning… · 3 unreadable · 2 skipped · cache 120/256 MB".
    func photoStatusText(imageBytes: Int) -> String {
        WallText.photoStatus(scanCounts.counts, isScanning: !scanCounts.isDone,
                             cacheMB: pictures.map { (imageBytes >> 20, $0.cacheBytes >> 20) })
    }
}
