import Foundation
import Waterfall
import WaterfallCards
import WaterfallPhotos

extension PhotoWall {
    /// Appends the photos the walk found since the last call: the new cards go in at the end (new folders as new
    /// sections), through the view's batch updates, so no card already shown moves, and the footer, with the new
    /// counts, goes under the last section. Logs `scanned` with the counts. Opens the lightbox on
    /// `Configuration.lightboxFile` once it is there.
    func deliverScan() {
        let (batches, updates, counts, isDone) = scan.takeBatches()
        let wasScanning = !scanCounts.isDone
        scanCounts = (counts, isDone)
        defer { applyFolderUpdates(updates) }
        guard !batches.isEmpty || (isDone && wasScanning) else { return }
        let oldSections = library.sections.map(\.cards.count)
        for batch in batches {
            let title = PhotoWallItems.sectionTitle(of: batch.folder, roots: scan.roots)
            library.append(batch.photos.map(PhotoCard.init), toSectionTitled: title)
        }
        log?.log(
            "scanned",
            [
                ("found", .int(counts.found)), ("skipped", .int(counts.skipped)),
                ("unreadable", .int(counts.unreadable)),
                ("loops", .int(counts.loops)), ("done", .bool(isDone)),
                ("skippedKinds", .object(counts.skippedKindsByCount.map { ($0.kind.rawValue, .int($0.count)) })),
            ])
        do {
            try showLibraryChange {
                try collectionView.performBatchUpdates {
                    let newSections = Array(oldSections.count..<items.numberOfSections)
                    if !newSections.isEmpty { try collectionView.insertSections(newSections) }
                    var paths: [ItemPath] = []
                    for (section, oldCount) in oldSections.enumerated() {
                        paths += (oldCount..<items.numberOfItems(inSection: section)).map {
                            ItemPath(item: $0, section: section)
                        }
                    }
                    if !paths.isEmpty { try collectionView.insertItems(at: paths) }
                    try reloadFooters(lastBefore: oldSections.indices.last)
                }
                // the loading view gives way to the empty one
                if isDone && wasScanning { try collectionView.reloadData() }
            }
        } catch {
            configuration.warn("the photos found could not be shown: \(error)")
            try? collectionView.reloadData()
        }
        openLightboxOnArrival()
    }

    /// Opens the lightbox on `Configuration.lightboxFile` when its card has arrived, once.
    private func openLightboxOnArrival() {
        guard let file = configuration.lightboxFile, !hasOpenedLightboxFile, let path = items.path(of: file) else {
            return
        }
        hasOpenedLightboxFile = true
        collectionView.selectItem(at: path)
        collectionView.scrollItemToVisible(path)
        openLightbox(at: path)
    }

    /// Asks the view again, in the batch of updates in progress, for the footer of the last section, which shows the
    /// totals, and for that of the section that was last before the batch (`lastBefore`: its index after the batch,
    /// `nil` when it is gone), which loses it when sections come after it.
    func reloadFooters(lastBefore: Int?) throws {
        let sections = Set(
            [lastBefore, items.numberOfSections > 0 ? items.numberOfSections - 1 : nil].compactMap { $0 })
        if !sections.isEmpty {
            try collectionView.reloadSupplementaryElements(ofKind: .footer, inSections: sections.sorted())
        }
    }
}
