import SystemPackage
import Waterfall
import WaterfallDemoKit
import WaterfallPhotos
import WaterfallX11

/// The photo wall's pictures: the pool decodes the cards in view first, top to bottom, then one screen ahead in
/// the direction of scrolling; each thumbnail is uploaded to the server once and its card alone drawn again. Cards
/// scrolled past before a worker took them are never decoded. Pictures beyond the cache's budget, least recently
/// made first and never one in view, are freed; their cards decode again when they come back. When the columns
/// change width, the cards in view decode again at the new width (their old pictures showing meanwhile).
final class PhotoPictures {
    private let pool: ThumbnailPool
    /// The most bytes the server holds for pictures.
    let cacheBytes: Int
    /// Each photo's picture, by path, while it is held.
    private(set) var handles: [FilePath: ImageHandle] = [:]
    /// The width each held picture was asked for: the card's width in device pixels when it was decoded.
    private var askedWidths: [FilePath: Int] = [:]
    /// The decoded thumbnails, by path, least recently made first, up to `cacheBytes` of them: a card whose column
    /// narrows, or widens by at most 10 %, is drawn from them again instead of decoding its photo.
    private var thumbnails: [FilePath: Thumbnail] = [:]
    private var thumbnailOrder: [FilePath] = []
    private var thumbnailBytes = 0
    /// Why a photo could not be decoded, by path.
    private(set) var failures: [FilePath: String] = [:]
    /// The held pictures' paths, least recently made first.
    private var order: [FilePath] = []
    private var lastWanted: [ThumbnailPool.Job] = []
    private var lastOffset = 0.0
    /// Gives every worker its job again once the scrolling stopped.
    private var scrollRestTimer: TimerToken?

    /// How many thumbnails decode at once while the wall scrolls: one worker fewer than the cores, at least one. The
    /// thread that draws and the X server keep the last core: with every core decoding, the scheduler let a wheel
    /// notch's frame wait for a worker's time slice (measured with `bench --photos`: a p99 of 3–6 ms instead of 1.5).
    static let jobsWhileScrolling = max(1, ThumbnailPool.defaultWorkerCount - 1)
    /// How long after the last frame that scrolled every worker decodes again, in seconds.
    static let scrollRest = 0.25

    /// Pictures decoded by a pool whose workers call `wake` when a thumbnail is ready, held up to `cacheBytes`,
    /// read from and written to the shared thumbnail cache when there is one.
    init(cacheBytes: Int, background: Color, sharedCache: SharedThumbnailCache?, wake: @escaping @Sendable () -> Void) {
        self.cacheBytes = cacheBytes
        pool = ThumbnailPool(background: UInt32(background.red) << 16 | UInt32(background.green) << 8 | UInt32(background.blue),
                             cache: sharedCache, onResult: wake)
    }

    /// Stops the pool's workers.
    func stop() { pool.stop() }

    /// Asks the pool for the pictures the cards in view lack, top to bottom, then those of one screen ahead. A card
    /// whose column narrowed, or widened by at most 10 %, gets its cached thumbnail scaled at once (`window`).
    func request(for view: CollectionView, items: DemoItems, scale: Double, window: WaterfallWindow) {
        let viewportHeight = view.viewportSize.height
        let downwards = view.contentOffset >= lastOffset
        if view.contentOffset != lastOffset { noteScrolled(in: window) }
        lastOffset = view.contentOffset
        let inView = Rect(x: 0, y: view.contentOffset, width: view.layoutWidth, height: viewportHeight)
        let ahead = inView.offsetBy(dx: 0, dy: downwards ? viewportHeight : -viewportHeight)
        var jobs: [ThumbnailPool.Job] = []
        var seen = Set<Int>()
        for area in [inView, ahead] {
            let cells = view.layout.layoutAttributesForElements(in: area).filter { $0.kind == .cell }.sorted { $0.frame.minY < $1.frame.minY }
            for attributes in cells {
                let path = attributes.indexPath
                let index = items.index(of: path)
                // The width the frame covers in whole device pixels, as the canvas draws it: its edges rounded.
                let width = max(1, Int((attributes.frame.maxX * scale).rounded() - (attributes.frame.minX * scale).rounded()))
                guard let file = items[path].path, askedWidths[file] != width, failures[file] == nil,
                      seen.insert(index).inserted else { continue }
                // The columns changed width: narrower, or at most 10 % wider, the cached thumbnail is scaled; else
                // the photo is decoded again, the old picture showing meanwhile.
                if let cached = thumbnails[file], Double(width) <= Double(cached.width) * 1.1 {
                    install(cached.scaled(toWidth: width), for: file, askedWidth: width, card: path, in: window)
                    continue
                }
                jobs.append(ThumbnailPool.Job(id: index, path: file, width: width))
            }
        }
        guard jobs != lastWanted else { return }
        lastWanted = jobs
        pool.want(largeWanted + jobs)
    }

    /// Holds the pool to `jobsWhileScrolling` jobs at once until the wall has not scrolled for `scrollRest`.
    private func noteScrolled(in window: WaterfallWindow) {
        pool.concurrentJobLimit = Self.jobsWhileScrolling
        if let scrollRestTimer { window.cancel(scrollRestTimer) }
        scrollRestTimer = window.schedule(after: Self.scrollRest) { [weak self] in
            guard let self else { return }
            scrollRestTimer = nil
            pool.concurrentJobLimit = pool.workerCount
        }
    }

    /// The most bytes of pictures uploaded in one turn of the loop (so in one frame): the rest wait for the next.
    static let uploadBudget = 1 << 20

    /// Finished thumbnails over the last turn's budget, uploaded first in the next.
    private var waiting: [ThumbnailPool.Result] = []

    /// Uploads the thumbnails the pool finished, at most `uploadBudget` bytes of them this turn (the rest in the next
    /// turn, which a zero-delay timer brings), and draws their cards again (only theirs); notes the failures.
    func deliver(to window: WaterfallWindow, log: EventLog?) {
        let view = window.collectionView
        var results = waiting + pool.takeResults()
        var uploaded = 0
        var index = 0
        while index < results.count, uploaded < Self.uploadBudget {
            if case let .success(thumbnail) = results[index].outcome { uploaded += thumbnail.byteCount }
            index += 1
        }
        waiting = Array(results[index...])
        results.removeSubrange(index...)
        if !waiting.isEmpty {
            window.schedule(after: 0) { [weak self, weak window] in
                guard let self, let window else { return }
                deliver(to: window, log: log)
            }
        }
        for result in results {
            let file = result.job.path
            if result.job.id < 0 {
                installLarge(result, in: window)
                continue
            }
            switch result.outcome {
            case let .success(thumbnail):
                install(thumbnail, for: file, askedWidth: result.job.width, card: nil, in: window)
                keep(thumbnail, for: file)
                log?.log("thumbnail", [("index", .int(result.job.id)), ("width", .int(thumbnail.width)), ("height", .int(thumbnail.height)),
                                       ("decodeMs", .number((result.seconds * 1e4).rounded() / 10)), ("source", .string(result.source.rawValue))])
            case let .failure(error):
                failures[file] = "\(error)"
                log?.log("thumbnailFailed", [("index", .int(result.job.id)), ("path", .string(file.string)), ("reason", .string("\(error)"))])
            }
            showPicture(of: file, in: view)
        }
        evict(from: window)
        lastWanted = []  // what is in view may have changed: ask again
    }

    /// Draws again the cards that show `file` with its picture or failure. Found by their photo, not by the index
    /// their job was asked with: a folder's section inserted above them since moved them.
    /// - Complexity: O(the visible cells).
    private func showPicture(of file: FilePath, in view: CollectionView) {
        for (path, cell) in view.visibleCells {
            guard let card = cell as? CardCell, card.item?.path == file else { continue }
            show(on: card)
            view.setNeedsDisplay(forItem: path)
        }
    }

    /// Uploads `thumbnail` as `file`'s picture (freeing a picture of another width) and, when `card` is given, draws
    /// the card again.
    private func install(_ thumbnail: Thumbnail, for file: FilePath, askedWidth: Int, card: ItemPath?, in window: WaterfallWindow) {
        let handle = window.addImage(pixels: thumbnail.pixels, width: thumbnail.width, height: thumbnail.height)
        if let old = handles.updateValue(handle, forKey: file) {
            window.removeImage(old)
            order.removeAll { $0 == file }
        }
        order.append(file)
        askedWidths[file] = askedWidth
        let view = window.collectionView
        if let card, let cell = view.visibleCells[card] as? CardCell, cell.item?.path == file {
            show(on: cell)
            view.setNeedsDisplay(forItem: card)
        }
    }

    /// Keeps `thumbnail` as `file`'s decoded pixels, dropping the least recently made beyond the budget.
    private func keep(_ thumbnail: Thumbnail, for file: FilePath) {
        if let old = thumbnails.updateValue(thumbnail, forKey: file) {
            thumbnailBytes -= old.byteCount
            thumbnailOrder.removeAll { $0 == file }
        }
        thumbnailOrder.append(file)
        thumbnailBytes += thumbnail.byteCount
        while thumbnailBytes > cacheBytes, thumbnailOrder.count > 1 {
            let oldest = thumbnailOrder.removeFirst()
            thumbnailBytes -= thumbnails.removeValue(forKey: oldest)?.byteCount ?? 0
        }
    }

    /// Drops everything held of `files` (their pictures, decoded pixels and failures): they are gone or replaced, and
    /// a replaced one decodes again when its card is in view.
    func forget(_ files: [FilePath], in window: WaterfallWindow?) {
        guard !files.isEmpty else { return }
        let gone = Set(files)
        for file in gone {
            if let handle = handles.removeValue(forKey: file) { window?.removeImage(handle) }
            if let old = large.removeValue(forKey: file) { window?.removeImage(old.handle) }
            thumbnailBytes -= thumbnails.removeValue(forKey: file)?.byteCount ?? 0
            askedWidths[file] = nil
            failures[file] = nil
            largeFailures[file] = nil
        }
        order.removeAll { gone.contains($0) }
        thumbnailOrder.removeAll { gone.contains($0) }
        largeOrder.removeAll { gone.contains($0) }
        lastWanted = []  // ask again: a replaced card in view needs its new picture
    }

    /// Gives `cell` its photo's picture or failure, if there is one.
    func show(on cell: CardCell) {
        guard let file = cell.item?.path else { return }
        cell.picture = handles[file]
        cell.failure = failures[file]
    }

    // MARK: The lightbox's pictures

    /// The lightbox's pictures, by path: each at the width asked, least recently made first, at most `largeKept`.
    private var large: [FilePath: (handle: ImageHandle, width: Int)] = [:]
    private var largeOrder: [FilePath] = []
    /// Why a photo could not be decoded at the lightbox's size, by path.
    private var largeFailures: [FilePath: String] = [:]
    /// The lightbox's jobs, most wanted first, ahead of the wall's in the pool's queue; a job's id is -1 - the card's
    /// index (the wall's are the indices).
    private var largeWanted: [ThumbnailPool.Job] = []
    /// The lightbox's pictures kept: the photo shown and its neighbours on each side.
    static let largeKept = 3
    /// Called when a picture the lightbox asked for arrived or failed, with its path.
    var onLarge: ((FilePath) -> Void)?

    /// Asks the pool for the lightbox's pictures of `cards` (index, path and width in device pixels), most wanted
    /// first and before any of the wall's: those not made at that width already, nor failed.
    func wantLarge(_ cards: [(index: Int, file: FilePath, width: Int)]) {
        largeWanted = cards.filter { large[$0.file]?.width != $0.width && largeFailures[$0.file] == nil }
            .map { ThumbnailPool.Job(id: -1 - $0.index, path: $0.file, width: $0.width) }
        pool.want(largeWanted + lastWanted)
    }

    /// The lightbox's picture of `file` at `width`, if it was made.
    func largePicture(of file: FilePath, width: Int) -> ImageHandle? {
        large[file].flatMap { $0.width == width ? $0.handle : nil }
    }

    /// The wall's picture of `file`, if it is held.
    func picture(of file: FilePath) -> ImageHandle? { handles[file] }

    /// The lightbox's stand-in while its picture is decoded: the wall's thumbnail scaled to the width shown.
    private var standIn: (file: FilePath, width: Int, handle: ImageHandle)?

    /// Makes `file`'s stand-in: its thumbnail scaled to `width` pixels (once; the last stand-in is freed), while the
    /// pool decodes the photo at that size. None when the thumbnail's pixels are not kept.
    func makeStandIn(of file: FilePath, width: Int, in window: WaterfallWindow) {
        guard standIn(of: file, width: width) == nil, let thumbnail = thumbnails[file] else { return }
        dropStandIn(in: window)
        let scaled = thumbnail.scaled(toWidth: width)
        standIn = (file, width, window.addImage(pixels: scaled.pixels, width: scaled.width, height: scaled.height))
    }

    /// `file`'s stand-in at `width`, if it was made.
    func standIn(of file: FilePath, width: Int) -> ImageHandle? {
        standIn.flatMap { $0.file == file && $0.width == width ? $0.handle : nil }
    }

    /// Frees the stand-in.
    func dropStandIn(in window: WaterfallWindow) {
        if let old = standIn { window.removeImage(old.handle) }
        standIn = nil
    }

    /// Why `file` cannot be shown in the lightbox, if it cannot: the wall's failure, or the lightbox's own.
    func largeFailure(of file: FilePath) -> String? { failures[file] ?? largeFailures[file] }

    /// Uploads a lightbox picture (dropping the least recently made beyond `largeKept`), or notes its failure.
    private func installLarge(_ result: ThumbnailPool.Result, in window: WaterfallWindow) {
        let file = result.job.path
        switch result.outcome {
        case let .success(thumbnail):
            let handle = window.addImage(pixels: thumbnail.pixels, width: thumbnail.width, height: thumbnail.height)
            if let old = large.updateValue((handle, result.job.width), forKey: file) {
                window.removeImage(old.handle)
                largeOrder.removeAll { $0 == file }
            }
            largeOrder.append(file)
            while largeOrder.count > Self.largeKept, let oldest = largeOrder.first {
                largeOrder.removeFirst()
                if let old = large.removeValue(forKey: oldest) { window.removeImage(old.handle) }
            }
        case let .failure(error):
            largeFailures[file] = "\(error)"
        }
        largeWanted.removeAll { $0 == result.job }
        onLarge?(file)
    }

    /// Whether every picture asked for is made and uploaded: the pool is idle and no thumbnail waits for a turn.
    var isIdle: Bool { waiting.isEmpty && pool.isIdle }

    /// The cards in view whose picture is not drawn yet: neither a picture nor a failure.
    func pendingCount(in view: CollectionView) -> Int {
        view.indexPathsForItemsInViewport.filter { path in
            guard let cell = view.visibleCells[path] as? CardCell, let file = cell.item?.path else { return false }
            return handles[file] == nil && failures[file] == nil
        }.count
    }

    /// Frees the least recently made pictures beyond the budget, never one of a card in existence.
    private func evict(from window: WaterfallWindow) {
        guard window.imageByteCount > cacheBytes else { return }
        let inUse = Set(window.collectionView.visibleCells.values.compactMap { ($0 as? CardCell)?.item?.path })
        var kept: [FilePath] = []
        for file in order {
            if window.imageByteCount > cacheBytes, !inUse.contains(file), let handle = handles.removeValue(forKey: file) {
                window.removeImage(handle)
                askedWidths[file] = nil
            } else {
                kept.append(file)
            }
        }
        order = kept
    }
}
