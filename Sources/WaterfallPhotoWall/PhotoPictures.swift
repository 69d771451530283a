import SystemPackage
import Waterfall
import WaterfallCards
import WaterfallLibrary
import WaterfallPhotos
import WaterfallX11

/// The photo wall's pictures, and the one owner of them on the server: the pool decodes the cards in view first, top
/// to bottom, then one screen ahead in the direction of scrolling; each thumbnail is uploaded once and its card alone
/// drawn again. Cards scrolled past before a worker took them are never decoded. Pictures beyond the cache's budget,
/// least recently made first and never one of a card on screen, are freed; their cards decode again when they come
/// back. When the columns change width, the cards in view decode again at the new width (their old pictures showing
/// meanwhile), unless a kept thumbnail can be scaled.
final class PhotoPictures {
    private let pool: ThumbnailPool
    private unowned let window: any PhotoWallWindow
    /// The most bytes the server holds for pictures, and the most of decoded thumbnails kept.
    let cacheBytes: Int
    /// Each photo's picture on the server and the width it was asked for (the card's width in device pixels), least
    /// recently made first.
    private var pictures = LRUCache<FilePath, (handle: ImageHandle, width: Int)>()
    /// The decoded thumbnails, least recently made first, up to `cacheBytes` of them: a card whose column narrows, or
    /// widens by at most 10 %, is drawn from them again instead of decoding its photo.
    private var thumbnails = LRUCache<FilePath, Thumbnail>()
    /// Why a photo could not be decoded, by path.
    private(set) var failures: [FilePath: String] = [:]
    private var lastWanted: [ThumbnailPool.Job] = []
    private var lastOffset = 0.0
    /// Gives every worker its job again once the scrolling stopped.
    private var scrollRestTimer: TimerToken?
    /// Finished thumbnails over the last turn's budget, uploaded first in the next.
    private var waiting: [ThumbnailPool.Result] = []
    /// The jobs that were under way when their files were forgotten (`forget(_:)`): their pictures show the files as
    /// they were (a photo before its rotation was written, a file before it was replaced), so their results are
    /// dropped when they arrive and the cards ask again.
    private var staleJobs: Set<ThumbnailPool.Job> = []
    /// Scales kept thumbnails off the window's thread while `scalesInBackground`.
    private let scaler: ThumbnailScaler
    /// The widths the scaler is making each photo's thumbnail at.
    private var scaling: [FilePath: Int] = [:]
    /// Whether a card at a new width gets its kept thumbnail scaled off the window's thread (its old picture drawn
    /// scaled by the server until then) rather than at once: while a grid zoom lays out every card again.
    var scalesInBackground = false

    /// Holds the scaling asked until this turn's frame is presented.
    func holdScalingUntilTheFrame() {
        scaler.hold()
        window.performAfterNextFrame { [scaler] in scaler.resume() }
    }

    /// How many thumbnails decode at once while the wall scrolls: one worker fewer than the cores, at least one. The
    /// thread that draws and the X server keep the last core: with every core decoding, the scheduler let a wheel
    /// notch's frame wait for a worker's time slice (measured with `photo-wall-bench`: a p99 of 3–6 ms instead of 1.5).
    static let jobsWhileScrolling = max(1, ThumbnailPool.defaultWorkerCount - 1)
    /// How long after the last frame that scrolled every worker decodes again, in seconds.
    static let scrollRest = 0.25
    /// The most bytes of pictures uploaded in one turn of the loop (so in one frame): the rest wait for the next.
    static let uploadBudget = 1 << 20

    /// The colour transparent pictures are laid over (`0xRRGGBB`): the wall's background.
    let background: UInt32

    /// Pictures for `window`, decoded by a pool whose workers wake the window when a thumbnail is ready, held up to
    /// `cacheBytes`, read from and written to the shared thumbnail cache when there is one, their colours converted to
    /// `displayProfile` (`nil`: sRGB), videos and RAWs read by a worker of `decoderExecutable`.
    init(
        window: any PhotoWallWindow, cacheBytes: Int, sharedCache: SharedThumbnailCache?, displayProfile: ColorProfile?,
        decoderExecutable: String?
    ) {
        self.window = window
        self.cacheBytes = cacheBytes
        let color = window.collectionView.backgroundColor
        background = UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue)
        let wake = window.waker
        pool = ThumbnailPool(
            background: background, displayProfile: displayProfile, cache: sharedCache,
            decoderExecutable: decoderExecutable, onResult: { wake() })
        scaler = ThumbnailScaler(wake: wake)
    }

    /// Stops the pool's workers.
    func stop() { pool.stop() }

    /// The width in whole device pixels of a card at `frame`, as the canvas draws it: its edges rounded.
    func deviceWidth(of frame: Rect) -> Int {
        max(1, Int((frame.maxX * window.scale).rounded() - (frame.minX * window.scale).rounded()))
    }

    /// Whether a picture made `pictureWidth` device pixels wide fits a card `width` wide: the same width, or one pixel
    /// off (columns of a width that is not whole are a pixel apart as the canvas rounds their edges; a photo that
    /// moves to a neighbouring column, as when the wall is arranged again, is drawn scaled by that pixel rather than
    /// scaled again on the window's thread).
    static func fits(_ pictureWidth: Int?, _ width: Int) -> Bool {
        pictureWidth.map { abs($0 - width) <= 1 } ?? false
    }

    /// Gives `cell` its photo's picture or failure. A card at a new width whose kept thumbnail is wide enough gets it
    /// scaled now, so that it is never drawn empty first.
    func prepare(_ cell: PhotoCardCell, width: Int) {
        guard let file = cell.file else { return }
        if !Self.fits(pictures[file]?.width, width), failures[file] == nil {
            _ = installScaledThumbnail(of: file, width: width)
        }
        cell.picture = pictures[file]?.handle
        cell.failure = failures[file]
    }

    /// Asks the pool for the pictures the cards in view lack, the costliest decode first (`DecodeCost`, from the cards'
    /// headers: the cores then finish the screen together, rather than one decoding the last large photo alone), then
    /// those of one screen ahead top to bottom (after the lightbox's). A card whose column narrowed, or widened by at
    /// most 10 %, gets its kept thumbnail scaled.
    func request(for view: CollectionView, items: PhotoWallItems) {
        let viewportHeight = view.viewportSize.height
        let downwards = view.contentOffset >= lastOffset
        if view.contentOffset != lastOffset { noteScrolled() }
        lastOffset = view.contentOffset
        let inView = Rect(x: 0, y: view.contentOffset, width: view.layoutWidth, height: viewportHeight)
        let ahead = inView.offsetBy(dx: 0, dy: downwards ? viewportHeight : -viewportHeight)
        var jobs: [ThumbnailPool.Job] = []
        var seen = Set<FilePath>()
        for area in [inView, ahead] {
            let cells = view.layout.layoutAttributesForElements(in: area).filter { $0.kind == .cell }.sorted {
                $0.frame.minY < $1.frame.minY
            }
            // The cards a screen ahead are not drawn yet: their thumbnails are scaled off the window's thread.
            let wasInBackground = scalesInBackground
            scalesInBackground = wasInBackground || area == ahead
            defer { scalesInBackground = wasInBackground }
            var areaJobs: [(job: ThumbnailPool.Job, cost: Double)] = []
            for attributes in cells {
                let path = attributes.indexPath
                let card = items[path]
                let file = card.path
                let width = deviceWidth(of: attributes.frame)
                guard !Self.fits(pictures[file]?.width, width), failures[file] == nil, seen.insert(file).inserted else {
                    continue
                }
                if installScaledThumbnail(of: file, width: width) {
                    showPicture(of: file, in: view)
                    continue
                }
                let cost = DecodeCost.milliseconds(
                    format: card.format, pixelWidth: card.pixelWidth, pixelHeight: card.pixelHeight,
                    fileSize: card.fileSize)
                areaJobs.append((ThumbnailPool.Job(id: items.index(of: path), path: file, width: width), cost))
            }
            jobs += area == inView ? Self.costliestFirst(areaJobs) : areaJobs.map(\.job)
        }
        guard jobs != lastWanted else { return }
        lastWanted = jobs
        pool.want(largeWanted + jobs)
    }

    /// The jobs ordered by their decodes' estimated `cost` (`DecodeCost`), the costliest first; jobs of equal cost keep
    /// their order.
    static func costliestFirst(_ jobs: [(job: ThumbnailPool.Job, cost: Double)]) -> [ThumbnailPool.Job] {
        jobs.indices.sorted { jobs[$0].cost > jobs[$1].cost || (jobs[$0].cost == jobs[$1].cost && $0 < $1) }.map {
            jobs[$0].job
        }
    }

    /// Uploads `file`'s kept thumbnail scaled to `width` as its picture, when it is kept and `width` is narrower or at
    /// most 10 % wider (a larger scale would show blurred: the photo is decoded again instead). Returns whether it did.
    private func installScaledThumbnail(of file: FilePath, width: Int) -> Bool {
        guard let cached = thumbnails[file], Double(width) <= Double(cached.width) * 1.1 else { return false }
        if scaling[file] == width { return true }  // the scaler is making it
        if scalesInBackground {
            scaler.scale(cached, of: file, toWidth: width)
            scaling[file] = width
        } else {
            install(cached.scaled(toWidth: width), for: file, width: width)
        }
        return true
    }

    /// Uploads the thumbnails the scaler made that are still wanted at their width, and draws their cards again.
    private func deliverScaled(in view: CollectionView) {
        for (file, width, thumbnail) in scaler.takeResults() where scaling[file] == width {
            scaling[file] = nil
            install(thumbnail, for: file, width: width)
            showPicture(of: file, in: view)
        }
    }

    /// A grid zoom step, like a scroll, keeps a core for the frames that follow it (see `noteScrolled()`).
    func noteInteraction() { noteScrolled() }

    /// Holds the pool to `jobsWhileScrolling` jobs at once until the wall has not scrolled for `scrollRest`.
    private func noteScrolled() {
        pool.concurrentJobLimit = Self.jobsWhileScrolling
        if let scrollRestTimer { window.cancel(scrollRestTimer) }
        scrollRestTimer = window.schedule(after: Self.scrollRest) { [weak self] in
            guard let self else { return }
            scrollRestTimer = nil
            pool.concurrentJobLimit = pool.workerCount
        }
    }

    /// Uploads the thumbnails the pool finished, at most `uploadBudget` bytes of them this turn (the rest in the next
    /// turn, which a zero-delay timer brings), and draws their cards again (only theirs); notes the failures; reports
    /// each thumbnail and failure to `report`. Returns the files whose pictures arrived or failed.
    func deliver(
        report: (PhotoWallEvent) -> Void
    ) -> (thumbnails: [FilePath], large: [FilePath], hashes: [(file: FilePath, hash: PerceptualHash)]) {
        let view = window.collectionView
        deliverScaled(in: view)
        var results = waiting + pool.takeResults()
        if !staleJobs.isEmpty { dropStaleResults(&results) }
        var uploaded = 0
        var index = 0
        while index < results.count, uploaded < Self.uploadBudget {
            if case .success(let thumbnail) = results[index].outcome { uploaded += thumbnail.byteCount }
            index += 1
        }
        waiting = Array(results[index...])
        results.removeSubrange(index...)
        if !waiting.isEmpty {
            _ = window.schedule(after: 0) { [weak self] in self?.window.waker() }
        }
        var delivered: (thumbnails: [FilePath], large: [FilePath], hashes: [(file: FilePath, hash: PerceptualHash)]) =
            ([], [], [])
        for result in results {
            let file = result.job.path
            if result.job.id < 0 {
                installLarge(result)
                delivered.large.append(file)
                continue
            }
            switch result.outcome {
            case .success(let thumbnail):
                if let hash = result.hash { delivered.hashes.append((file, hash)) }
                install(thumbnail, for: file, width: result.job.width)
                keep(thumbnail, for: file)
                report(
                    .thumbnail(
                        index: result.job.id, width: thumbnail.width, height: thumbnail.height,
                        decodeSeconds: result.seconds, source: result.source))
            case .failure(let error):
                let reason = "\(error)"
                failures[file] = reason
                report(.thumbnailFailed(index: result.job.id, file: file, reason: reason))
            }
            showPicture(of: file, in: view)
            delivered.thumbnails.append(file)
        }
        evict()
        lastWanted = []  // what is in view may have changed: ask again
        return delivered
    }

    /// Takes the results of `staleJobs` out of `results`, and asks the pool again for what is still wanted: the
    /// lightbox's pictures now, the wall's when the wall next asks (`request(for:items:)`).
    private func dropStaleResults(_ results: inout [ThumbnailPool.Result]) {
        let count = results.count
        results.removeAll { staleJobs.remove($0.job) != nil }
        guard results.count != count else { return }
        pool.want(largeWanted + lastWanted)
        lastWanted = []
    }

    /// Whether thumbnails wait for the next turn's upload budget.
    var hasWaitingResults: Bool { !waiting.isEmpty }

    /// Draws again the cards on screen that show `file`. Found by their photo, not by the index their job was asked
    /// with: a folder's section inserted above them since moved them.
    /// - Complexity: O(the visible cells).
    private func showPicture(of file: FilePath, in view: CollectionView) {
        for (path, cell) in view.visibleCells {
            guard let card = cell as? PhotoCardCell, card.file == file else { continue }
            card.picture = pictures[file]?.handle
            card.failure = failures[file]
            view.setNeedsDisplay(forItem: path)
        }
    }

    /// Uploads `thumbnail` as `file`'s picture, asked `width` wide, freeing the one it replaces.
    private func install(_ thumbnail: Thumbnail, for file: FilePath, width: Int) {
        let handle = window.addImage(pixels: thumbnail.pixels, width: thumbnail.width, height: thumbnail.height)
        if let old = pictures.store((handle, width), for: file) { window.removeImage(old.handle) }
    }

    /// Keeps `thumbnail` as `file`'s decoded pixels, dropping the least recently made beyond the budget.
    private func keep(_ thumbnail: Thumbnail, for file: FilePath) {
        thumbnails.store(thumbnail, for: file, cost: thumbnail.byteCount)
        _ = thumbnails.trim(cost: cacheBytes)
    }

    /// Drops everything held of `files` (their pictures, decoded pixels and failures, and the pictures being made of
    /// them from what they were): they are gone or replaced, and a replaced one decodes again when its card is in view.
    func forget(_ files: [FilePath]) {
        let forgotten = Set(files)
        staleJobs.formUnion(pool.jobsUnderWay(of: forgotten))
        waiting.removeAll { forgotten.contains($0.job.path) }
        for file in forgotten {
            scaling[file] = nil  // a kept thumbnail being scaled is the old one
            if let old = pictures.removeValue(forKey: file) { window.removeImage(old.handle) }
            if let old = large.removeValue(forKey: file) { window.removeImage(old.handle) }
            thumbnails.removeValue(forKey: file)
            failures[file] = nil
            largeFailures[file] = nil
        }
        lastWanted = []  // ask again: a replaced card in view needs its new picture
    }

    /// Frees the least recently made pictures beyond the budget, never one of a card on screen.
    private func evict() {
        guard window.imageByteCount > cacheBytes else { return }
        let inUse = Set(window.collectionView.visibleCells.values.compactMap { ($0 as? PhotoCardCell)?.file })
        for old in pictures.removeOldest(while: { window.imageByteCount > cacheBytes }, keeping: inUse.contains) {
            window.removeImage(old.value.handle)
        }
    }

    /// Whether every picture asked for is made and uploaded: the pool and the scaler are idle and no thumbnail waits
    /// for a turn.
    var isIdle: Bool { waiting.isEmpty && scaling.isEmpty && pool.isIdle }

    /// The cards in view whose picture is not drawn yet: neither a picture nor a failure.
    func pendingCount(in view: CollectionView) -> Int {
        view.indexPathsForItemsInViewport.filter { path in
            guard let cell = view.visibleCells[path] as? PhotoCardCell, let file = cell.file else { return false }
            return pictures[file] == nil && failures[file] == nil
        }.count
    }

    /// The cards in view drawn with a picture made for another width (the columns changed width, and the photo is
    /// being decoded again at the new one).
    func staleCount(in view: CollectionView) -> Int {
        view.indexPathsForItemsInViewport.filter { path in
            guard let cell = view.visibleCells[path] as? PhotoCardCell, let file = cell.file,
                let picture = pictures[file],
                let frame = view.layout.layoutAttributesForItem(at: path)?.frame
            else { return false }
            return !Self.fits(picture.width, deviceWidth(of: frame))
        }.count
    }

    // MARK: The lightbox's pictures

    /// The lightbox's pictures, each at the width asked, least recently made first, at most `largeKept`.
    private var large = LRUCache<FilePath, (handle: ImageHandle, width: Int)>()
    /// Why a photo could not be decoded at the lightbox's size, by path.
    private var largeFailures: [FilePath: String] = [:]
    /// The lightbox's jobs, most wanted first, ahead of the wall's in the pool's queue; a job's id is -1 - the card's
    /// index (the wall's are the indices).
    private var largeWanted: [ThumbnailPool.Job] = []
    /// The large pictures kept: the lightbox's photo and its neighbours on each side, or the compare view's four.
    static let largeKept = 4
    /// The lightbox's stand-in while its picture is decoded: the wall's thumbnail scaled to the width shown.
    private var standIn: (file: FilePath, width: Int, handle: ImageHandle)?

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

    /// The lightbox's picture of `file` at whatever width it was made, if one is held: what stands in, scaled, while
    /// the picture of a zoom step is decoded.
    func largePicture(of file: FilePath) -> ImageHandle? { large[file]?.handle }

    /// The wall's picture of `file`, if it is held.
    func picture(of file: FilePath) -> ImageHandle? { pictures[file]?.handle }

    /// Makes `file`'s stand-in: its thumbnail scaled to `width` pixels (once; the last stand-in is freed), while the
    /// pool decodes the photo at that size. None when the thumbnail's pixels are not kept.
    func makeStandIn(of file: FilePath, width: Int) {
        guard standIn(of: file, width: width) == nil, let thumbnail = thumbnails[file] else { return }
        dropStandIn()
        let scaled = thumbnail.scaled(toWidth: width)
        standIn = (file, width, window.addImage(pixels: scaled.pixels, width: scaled.width, height: scaled.height))
    }

    /// `file`'s stand-in at `width`, if it was made.
    func standIn(of file: FilePath, width: Int) -> ImageHandle? {
        standIn.flatMap { $0.file == file && $0.width == width ? $0.handle : nil }
    }

    /// `file`'s stand-in at whatever width it was made, if it was.
    func standIn(of file: FilePath) -> ImageHandle? {
        standIn.flatMap { $0.file == file ? $0.handle : nil }
    }

    /// Frees the stand-in.
    func dropStandIn() {
        if let old = standIn { window.removeImage(old.handle) }
        standIn = nil
    }

    /// Why `file` cannot be shown in the lightbox, if it cannot: the wall's failure, or the lightbox's own.
    func largeFailure(of file: FilePath) -> String? { failures[file] ?? largeFailures[file] }

    /// Uploads a lightbox picture (dropping the least recently made beyond `largeKept`), or notes its failure.
    private func installLarge(_ result: ThumbnailPool.Result) {
        let file = result.job.path
        switch result.outcome {
        case .success(let thumbnail):
            let handle = window.addImage(pixels: thumbnail.pixels, width: thumbnail.width, height: thumbnail.height)
            if let old = large.store((handle, result.job.width), for: file) { window.removeImage(old.handle) }
            for old in large.trim(toCount: Self.largeKept) { window.removeImage(old.value.handle) }
        case .failure(let error):
            largeFailures[file] = "\(error)"
        }
        largeWanted.removeAll { $0 == result.job }
    }
}
