import Foundation
import SystemPackage
import Waterfall
import WaterfallIndex
import WaterfallPhotos

/// The photos of some folders and files (the roots), as a view shows them: each folder's photos a section of cards,
/// walked on a thread of their own and kept live (inotify), each card with its marks (rating, reject) from its XMP
/// sidecar, shown through an arrangement (a name filter, a least rating, rejects hidden, a timeline's grouping, the
/// order taken).
///
/// It has no window and no view. Whatever changes (the walk's batches, a folder's files, the arrangement, the marks a
/// file action wrote) is made to `items` at once and handed out as `PhotoLibraryChange`s, which a view applies in
/// order: one way for a card to come or go, whatever moved it. Use it on one thread (a window's); the walk wakes that
/// thread through `wake`, and `update(applyingFolderUpdates:)` then takes what it found.
public final class PhotoLibrary {
    /// The folders and files walked, as given: their paths name the sections.
    public var roots: [String] { scan.roots }
    /// Every photo found, a section per folder, in the walk's order.
    public internal(set) var walked = PhotoWallItems()
    /// The cards shown: `walked` through `arrangement`.
    public private(set) var items = PhotoWallItems()
    /// What is shown of the photos and how (see `setArrangement(_:)`).
    public private(set) var arrangement: PhotoArrangement
    /// The walk's counts so far: photos found, skipped, unreadable.
    public private(set) var counts = ScanCounts()
    /// Whether the walk has ended (the library then has every photo it will have until the folders change).
    public private(set) var isWalkDone = false
    /// The network folder whose mount did not answer the last poll (a NAS switched off), as of the last `update`: its
    /// folders show what they had, and are polled again.
    public private(set) var notAnsweringFolder: FilePath?
    /// What was done with the library index, as taken by `update(applyingFolderUpdates:)`, until
    /// `takeIndexActivity()`.
    private var indexActivity: [LibraryIndexActivity] = []
    /// The timeline's section titles, in the locale given.
    private let periodTitles: PeriodTitles
    let scan: PhotoScan
    private let warn: @Sendable (String) -> Void
    /// Wakes the thread the library is used on, for another `update(applyingFolderUpdates:)`.
    let wake: @Sendable () -> Void
    /// The folders' updates held back (`update(applyingFolderUpdates: false)`), and whether the cards are to be arranged
    /// again once they are applied.
    private var held: (updates: [FolderUpdate], rearranges: Bool) = ([], false)
    /// The perceptual hashes and the groups of near-duplicates (`PhotoLibrary+Similar`).
    var similarity: LibrarySimilarity
    /// Whether a RAW and its JPEG, and a burst, are one card (`PhotoStacking`).
    public let stacksPhotos: Bool

    /// Starts walking `paths` (into subfolders when `recursive`, each folder's photos in `order`), shown through
    /// `arrangement` with the timeline's titles in `locale`, videos' and RAWs' headers read by a worker of
    /// `decoderExecutable` (`nil`: `waterfall-decoder` on `PATH`); `wake` is called from the walk's thread when there
    /// is something to take, and `warn` hears what cannot be done (a folder that cannot be watched, the index's
    /// faults), from any thread. With an index (`openIndex` opens it on the walk's thread), a launch whose roots it
    /// holds shows them from it at once, and what changed since comes as the folders' updates (see `LibraryIndex`);
    /// with a `firstScreenPatience`, it reads their photos once the view says its first screen is shown
    /// (`firstScreenIsShown()`), or that long after. The folders on network file systems, whose changes inotify does
    /// not see, are polled every `networkPollInterval`. With `stacksPhotos`, a RAW and its JPEG, and a burst, are one
    /// card (`PhotoStacking`).
    public init(
        paths: [String], recursive: Bool = false, order: PhotoOrder = .name,
        arrangement: PhotoArrangement = PhotoArrangement(), stacksPhotos: Bool = true, locale: Locale,
        decoderExecutable: String? = nil,
        openIndex: (@Sendable () -> LibraryIndex?)? = nil, firstScreenPatience: Duration? = nil,
        networkPollInterval: Duration = .seconds(10),
        warn: @escaping @Sendable (String) -> Void = { _ in },
        wake: @escaping @Sendable () -> Void
    ) {
        self.arrangement = arrangement
        self.stacksPhotos = stacksPhotos
        if order == .taken { self.arrangement.sortsByTaken = true }
        self.warn = warn
        self.wake = wake
        similarity = LibrarySimilarity(
            decoderExecutable: decoderExecutable, keeper: openIndex.map { HashKeeper(openIndex: $0, warn: warn) })
        periodTitles = PeriodTitles(locale: locale)
        scan = PhotoScan(
            roots: paths, recursive: recursive, order: order, decoderExecutable: decoderExecutable,
            openIndex: openIndex, firstScreenPatience: firstScreenPatience,
            pollInterval: networkPollInterval, warn: warn, wake: wake)
    }

    /// Stops the walk and the watching.
    public func stop() {
        scan.stop()
        similarity.stop()
    }

    /// Says that the view showing the library has its first screen out: a launch from the index reads the photos of
    /// its folders now (see `init`). Any thread.
    public func firstScreenIsShown() { scan.firstScreenIsShown() }

    /// Whether `update(applyingFolderUpdates:)` has more to show: what the walk or the watched folders found since
    /// the last call, or folders' updates it held back.
    public var hasNews: Bool {
        scan.hasNews || !held.updates.isEmpty || held.rearranges || similarity.hasNews
    }

    /// Whether the live folders watch `folder` (a file given alone is in no watched folder).
    public func isWatched(_ folder: FilePath) -> Bool { scan.isWatched(folder) }

    /// Takes what the walk and the watched folders found since the last call and applies it to `items`; returns the
    /// changes in order, and whether the walk found more or ended (its counts changed). The folders' updates wait while
    /// `applyingFolderUpdates` is false (a lightbox shows a photo by its index) and come with the next call that
    /// applies them; a call shows one round of them at most, and none with the walk's batches, and wakes the thread
    /// for the next (a view applies each change to `items` as they are after all of them).
    public func update(applyingFolderUpdates: Bool = true) -> (changes: [PhotoLibraryChange], walkAdvanced: Bool) {
        let (batches, updates, counts, isDone, activity) = scan.takeBatches()
        indexActivity += activity
        for news in activity {
            if case .notAnswering(let folder) = news { notAnsweringFolder = folder }
            if news == .answeringAgain { notAnsweringFolder = nil }
        }
        let wasWalking = !isWalkDone
        (self.counts, isWalkDone) = (counts, isDone)
        var changes: [PhotoLibraryChange] = []
        if !batches.isEmpty {
            let before = walked
            var joined: [ItemPath] = []
            for batch in batches {
                let title = PhotoWallItems.sectionTitle(of: batch.folder, roots: roots)
                joined += appendWalked(batch.photos.map(PhotoCard.init), toSectionTitled: title).map { [$0] } ?? []
            }
            changes.append(show(appended(to: before, joining: joined)))
        }
        if let change = takeHashes(walkAdvanced: !batches.isEmpty || (isDone && wasWalking)) { changes.append(change) }
        let walkEnded = isDone && wasWalking
        if walkEnded && arrangement.showsEverythingAsWalked {
            changes.append(.walkEnded)  // the loading view gives way to the empty one
        } else if walkEnded && batches.isEmpty {
            changes.append(rearrange(scrollsToTop: false))
        }
        held.updates += updates
        // The view's data source is `items` as they are after every change returned, so a call shows the folders'
        // updates only when it shows no batch of the walk's (whose sections they may change), and one round of them
        // at most (a folder's second update has the indices after its first); the next wake shows the rest.
        if batches.isEmpty && applyingFolderUpdates && !held.updates.isEmpty {
            var folders: Set<FilePath> = []
            let round = Array(held.updates.prefix { folders.insert($0.folder).inserted })
            held.updates.removeFirst(round.count)
            changes.append(show(applying(round)))
        }
        if applyingFolderUpdates && !held.updates.isEmpty {
            wake()
        } else if applyingFolderUpdates && held.rearranges {
            held.rearranges = false
            changes.append(rearrange(scrollsToTop: false))
        }
        return (changes, !batches.isEmpty || walkEnded)
    }

    /// What was done with the library index since the last call, in order.
    public func takeIndexActivity() -> [LibraryIndexActivity] {
        defer { indexActivity = [] }
        return indexActivity
    }

    /// Shows the photos through `arrangement` from now on; `nil` when it is the one shown. The view goes to the top
    /// when the filter or the grouping changed.
    public func setArrangement(_ arrangement: PhotoArrangement) -> PhotoLibraryChange? {
        let old = self.arrangement
        guard arrangement != old else { return nil }
        let neededHashes = needsHashes
        self.arrangement = arrangement
        // The groups are found when first asked for; a keystroke of a filter among them finds them again only with
        // hashes pending.
        if needsHashes && (!neededHashes || !similarity.pending.isEmpty) {
            findDuplicates(startingHasher: !neededHashes)
        }
        return rearrange(scrollsToTop: arrangement.nameFilter != old.nameFilter || arrangement.grouping != old.grouping)
    }

    /// Changes the cards of `files` by `change` (their marks, their keywords, their shape). While `keepingIndices` (a
    /// lightbox shows a photo by its index), an arrangement by the marks or keywords waits for the next `update` to
    /// arrange the cards again.
    public func changeCards(
        of files: Set<FilePath>, keepingIndices: Bool = false, _ change: (inout PhotoCard) -> Void
    ) -> PhotoLibraryChange {
        walked.changeCards(of: files, change)
        // The groups of near-duplicates put the best rated first.
        let filtersByMarks =
            arrangement.minimumRating > 0 || arrangement.hidesRejected || arrangement.query.asksMarksOrKeywords
            || arrangement.grouping == .similar
        if arrangement.showsEverythingAsWalked {
            items = walked
        } else if filtersByMarks && !keepingIndices {
            return rearrange(scrollsToTop: false)
        } else {
            items.changeCards(of: files, change)
            if filtersByMarks { held.rearranges = true }
        }
        return .cardsChanged(items.paths(of: files))
    }

    /// Takes away the cards of `files` that no watched folder holds (files given alone, whose folders say nothing of
    /// them), and returns them with their places, for `restoreCards(_:)`; the others go when their folders say so. A
    /// stack some of whose photos stay keeps them (its photos taken away come back as cards of their own).
    public func removeUnwatchedCards(
        of files: [FilePath]
    ) -> (
        change: PhotoLibraryChange?, removed: [(card: PhotoCard, path: ItemPath)]
    ) {
        let unwatched = Set(files.filter { !scan.isWatched($0.removingLastComponent()) })
        let paths = walked.paths(of: unwatched)
        guard !paths.isEmpty else { return (nil, []) }
        let before = walked
        var batch = PhotoLibraryBatch(cause: .fileAction, itemsBefore: before)
        var removed: [(card: PhotoCard, path: ItemPath)] = []
        for path in paths {
            let card = walked[path]
            let staying = card.photos.filter { !unwatched.contains($0.path) }
            guard !staying.isEmpty else {
                removed.append((card, path))
                batch.deletedItems.append(path)
                continue
            }
            removed += card.photos.filter { unwatched.contains($0.path) }.map { ($0, path) }
            walked.replace(path, with: staying.count > 1 ? PhotoCard(stacking: staying) : staying[0])
            batch.reloadedItems.append(path)
            batch.goneFiles.append(card.path)
        }
        walked.delete(batch.deletedItems)
        batch.goneFiles += removed.map(\.card.path)
        batch.footerSections = lastSection(of: walked).map { [$0] } ?? []
        return (show(batch), removed)
    }

    /// Puts back cards `removeUnwatchedCards(of:)` took away, in their places.
    public func restoreCards(_ cards: [(card: PhotoCard, path: ItemPath)]) -> PhotoLibraryChange? {
        let back = cards.sorted { $0.path < $1.path }.filter { walked.sections.indices.contains($0.path.section) }
        guard !back.isEmpty else { return nil }
        var batch = PhotoLibraryBatch(cause: .fileAction, itemsBefore: walked)
        for (card, path) in back {
            let place = ItemPath(
                item: min(path.item, walked.numberOfItems(inSection: path.section)), section: path.section)
            walked.insert(card, at: place)
            batch.insertedItems.append(place)
        }
        batch.footerSections = lastSection(of: walked).map { [$0] } ?? []
        return show(batch)
    }

    // MARK: Showing

    /// Shows `batch`, made to `walked`: as it is when the cards show as walked, else by arranging them again.
    private func show(_ batch: PhotoLibraryBatch) -> PhotoLibraryChange {
        guard arrangement.showsEverythingAsWalked else { return rearrange(scrollsToTop: false) }
        items = walked
        return .batch(batch)
    }

    /// `items` made again from `walked` through the arrangement. Open stacks of which no photo shows now (trashed, or
    /// no stack any more) are closed.
    func rearrange(scrollsToTop: Bool) -> PhotoLibraryChange {
        let before = items
        items =
            arrangement.showsEverythingAsWalked ? walked : arrangement.arranged(walked, periodTitle: periodTitles.title)
        if !arrangement.openStacks.isEmpty,
            !items.sections.contains(where: { $0.cards.contains { $0.stackPlace != nil } })
        {
            arrangement.openStacks = []
            items =
                arrangement.showsEverythingAsWalked
                ? walked : arrangement.arranged(walked, periodTitle: periodTitles.title)
        }
        return .rearranged(scrollsToTop: scrollsToTop, itemsBefore: before)
    }

    /// The walk's cards appended to `before`: new sections at the end, new cards at the ends of the sections that
    /// were there, and the cards of `joined` (each a section's last) replaced where they were there before: the
    /// stacks the new photos joined.
    private func appended(to before: PhotoWallItems, joining joined: [ItemPath]) -> PhotoLibraryBatch {
        var batch = PhotoLibraryBatch(cause: .walk, itemsBefore: before)
        batch.reloadedItems = Set(joined).filter { $0.item < before.numberOfItems(inSection: $0.section) }.sorted()
        batch.goneFiles = batch.reloadedItems.flatMap { before[$0].files }
        batch.insertedSections = Array(before.numberOfSections..<walked.numberOfSections)
        for section in 0..<before.numberOfSections {
            batch.insertedItems += (before.numberOfItems(inSection: section)..<walked.numberOfItems(inSection: section))
                .map { ItemPath(item: $0, section: section) }
        }
        batch.footerSections = Set([lastSection(of: before), lastSection(of: walked)].compactMap { $0 }).sorted()
        return batch
    }

    /// The index of the last section of `items`, if it has one.
    private func lastSection(of items: PhotoWallItems) -> Int? {
        items.numberOfSections > 0 ? items.numberOfSections - 1 : nil
    }
}

extension PhotoLibrary {
    /// The day `key` (`yyyymmdd`) in the library's locale as a screen reader says a photo's: "12 March 2023"
    /// (`PeriodTitles.day`, made once a day).
    package func spokenDay(_ key: Int) -> String { periodTitles.day(key) }
}
