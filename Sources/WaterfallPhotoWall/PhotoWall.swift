import Foundation
import Synchronization
import SystemPackage
import Waterfall
import WaterfallCards
import WaterfallIndex
import WaterfallLibrary
import WaterfallPhotos
import WaterfallX11

/// A wall of the photos of a `PhotoLibrary`, shown in a `PhotoWallWindow` (a `WaterfallWindow`, or a test's): each
/// photo a card at its upright aspect, each folder a section. The library walks the folders on a thread of their own
/// (the first screen shows long before the walk ends) and keeps them live through inotify; the wall decodes the
/// thumbnails by a pool of workers at the cards' size (in view first, then a screen ahead) and uploads each once, and
/// Enter or a double click opens a photo in the lightbox.
///
/// ```swift
/// let wall = PhotoWall(PhotoWall.Configuration(paths: ["/home/me/Pictures"]))
/// let window = try WaterfallWindow(display: try Display(), collectionView: wall.collectionView,
///                                  configuration: .init(title: "Photos"))
/// wall.show(in: window)
/// _ = try window.run()
/// wall.stop()
/// ```
///
/// The wall holds no program policy: the program names the window, adds its own actions to `keyBindings` (and hears
/// them through `onAction`; a key bound to nothing reaches `window.onKey`), and decides what to print; the wall says
/// what it cannot do through `Configuration.warn`, and what happens on it to its `observer` (typed `PhotoWallEvent`s,
/// which a program may log in its own words).
public final class PhotoWall: CollectionViewDataSource, CollectionViewDelegate {
    /// What the wall shows and how.
    public struct Configuration {
        /// The folders and image files to show, each a root; a folder's photos are a section.
        public var paths: [String]
        /// Whether the walk goes into subfolders (each a section).
        public var recursive = false
        /// Each folder's photos by name (naturally: img2 before img10), time or size.
        public var order = PhotoOrder.name
        /// The most bytes the pictures may take on the server (and the decoded thumbnails kept in memory).
        public var cacheBytes = 256 << 20
        /// The desktop's shared thumbnail cache to read and write, if any.
        public var sharedThumbnailCache: SharedThumbnailCache?
        /// The cards' caption sizes: `CardMetrics(lineHeight:)` of the window's font.
        public var metrics = CardMetrics()
        /// The colours.
        public var look = Look()
        /// Whether each card's caption has a third line, a summary of its photo's EXIF ("1/250 s · f/2.8 · ISO 400",
        /// else the camera, else the date taken), read off the window's thread as the cards come into view. The cards
        /// are a line taller from the start, so the layout never jumps when a summary arrives.
        public var captionInfo = false
        /// How long the slideshow shows each photo, in seconds.
        public var slideshowDelay = 5.0
        /// What the wall shows of the photos and how, to begin with: the filter, the least rating, the rejects, the
        /// timeline's grouping and the order within a section (`PhotoWall.arrangement` changes it later).
        public var arrangement = PhotoArrangement()
        /// Whether a RAW and its JPEG, and a burst, are one card with a count (`PhotoStacking`), which `g` opens.
        public var stacksPhotos = true
        /// A photo to open in the lightbox as soon as the walk finds it (as a viewer opens one file in its folder).
        public var lightboxFile: FilePath?
        /// The desktop's Trash the Delete key moves photos to (freedesktop.org's, under `$XDG_DATA_HOME`, or a mount's
        /// own): the program gives the user's, `Trash(directories:)`. `nil` (the default): the wall moves nothing to
        /// a Trash.
        public var trash: Trash?
        /// The decoder worker program that reads the formats whose libraries may hang or crash (videos, camera RAWs:
        /// `ImageFormat.decodedInAWorker`) apart from the wall: a path, or a name looked up on `PATH`. The program
        /// decides where it is (beside itself: `DecoderProcess.executable(besideProgram:)`); `nil` (the default):
        /// `waterfall-decoder` on `PATH`.
        public var decoderExecutable: String?
        /// Opens the library index the wall launches from and keeps (see `LibraryIndex`), on the walk's thread, so
        /// that the window's first frame never waits for it: the program opens it in its cache folder (and says its
        /// faults), or passes none, for a one-off look. `nil` (the default): every launch walks the roots.
        public var openIndex: (@Sendable () -> LibraryIndex?)?
        /// How long a launch from the index waits for the window's first frame before it reads the folders' photos:
        /// their two reader threads would take the cores from the window while it opens. Half a second by default.
        public var firstScreenPatience: Duration = .milliseconds(500)
        /// How often the folders on network file systems (NFS, SMB, FUSE...: `FileSystemKind`) are polled for the
        /// changes another machine made, which inotify does not see: a stat a folder. 10 seconds by default.
        public var networkPollInterval: Duration = .seconds(10)
        /// Hears the checkpoints of the file actions (`FileActionCheckpoint`), on their thread: a test's stop between
        /// their steps. `nil` (the default): none.
        public var fileActionCheckpoint: FileActionCheckpoint.Handler?
        /// The locale the timeline's section titles are written in ("March 2024"): the program gives the user's,
        /// `Locale.forDates(environment:)`. Foundation's `Locale.current` by default.
        public var locale = Locale.current
        /// Hears what the wall cannot do (a folder it cannot watch, an update it could not show), from any thread.
        public var warn: @Sendable (String) -> Void = { _ in }

        /// The wall of `paths`, with the defaults for the rest.
        public init(paths: [String]) {
            self.paths = paths
        }

        /// `arrangement`, each section in the order taken when `order` is `.taken`.
        var startingArrangement: PhotoArrangement {
            var arrangement = self.arrangement
            if order == .taken { arrangement.sortsByTaken = true }
            return arrangement
        }

        /// The cards' metrics: `metrics`, with a third caption line when `captionInfo`.
        var cardMetrics: CardMetrics {
            var cardMetrics = metrics
            cardMetrics.captionLines = captionInfo ? 3 : 2
            return cardMetrics
        }
    }

    /// The view the wall shows its cards in: give it to the window.
    public let collectionView: CollectionView
    /// The photos the wall shows: its roots, their walk and live folders, the cards and their arrangement.
    public let library: PhotoLibrary
    /// What the wall shows of the pointer's gestures: the scrubber's label last reported, a drag of files hovering.
    var gestures = WallGestures()
    /// Hears what happens on the wall (`PhotoWallEvent`), on the window's thread. Held weakly, as a window holds its
    /// observer: the program keeps it alive (its event log, which may hold the wall in turn).
    public weak var observer: (any PhotoWallObserver)?
    /// How the wall was made; its `lightboxFile` is cleared once the lightbox opened on it.
    var configuration: Configuration
    /// The window the wall is shown in, once `show(in:)` was called.
    public private(set) weak var window: (any PhotoWallWindow)?
    /// The pictures, the photos' information and the animations, once the wall is shown in a window.
    var media: WallMedia?
    /// The photo shown large over the wall, while one is.
    public internal(set) var lightbox: Lightbox?
    /// The compare view, while it is shown (`c` with two to four photos selected); held with the culling's state.
    public internal(set) var compare: CompareView? {
        get { culling.compare }
        set { culling.compare = newValue }
    }
    /// How the wall hears its threads and paces the library's news.
    var wakes = WallWakes()
    /// Which keys do what (`defaultKeyBindings` to begin with): a program adds its own actions and rebinds keys.
    public var keyBindings = PhotoWall.defaultKeyBindings
    /// The least time between two showings of what the library's walk and watched folders found, in seconds: a
    /// launch from the index finds folders far faster than a display shows frames, and each showing is a frame (the
    /// status bar's count, the scroll bar) that the X server draws too. The wall shows the first at once, and what
    /// comes within the interval after one at its end. 0 (the default): each wake shows what came.
    public var libraryUpdateInterval: Double {
        get { wakes.libraryUpdateInterval }
        set { wakes.libraryUpdateInterval = newValue }
    }
    /// Whether what the library found waits for the end of `libraryUpdateInterval` to be shown.
    public var isHoldingLibraryUpdates: Bool { wakes.libraryUpdateGate != nil && library.hasNews }
    /// The grid zoom's state: the columns laid out ahead, the work held for a step's frame, the cards to polish.
    var gridZoom: GridZoom
    /// Hears the actions of `keyBindings` that are not the wall's (a program's: `.program("quit")`).
    public var onAction: ((WallAction) throws -> Void)?
    /// Hears that a file is to be opened in the desktop's own program for it (Enter on a video in the lightbox: its
    /// player). The wall runs no program itself: the program decides how (`xdg-open`). Without it, Enter goes back
    /// to the wall.
    public var onOpenExternally: ((FilePath) -> Void)?
    /// Culling: the file actions running off the window's thread, their undo history and their messages.
    var culling: Culling
    /// The cards before the live folders' batch (or the arrangement) being applied, while one is: the view names a
    /// gone card it unhighlights or deselects by its path before the batch.
    var itemsBeforeBatch: PhotoWallItems?

    /// Starts walking `configuration.paths` (so that the headers are read while the program opens its window) in a
    /// view laid out by `layout` with `columnPolicy`.
    public init(
        _ configuration: Configuration,
        layout: CollectionLayout = CollectionLayout(columnSpacing: 12, rowSpacing: 12, insets: EdgeInsets(all: 12)),
        columnPolicy: ColumnPolicy = ColumnPolicy(portraitColumns: 3, landscapeColumns: 5)
    ) {
        self.configuration = configuration
        let relay = wakes.relay
        gridZoom = GridZoom(columnsAhead: ColumnsAhead { relay.wake() })
        culling = Culling(runner: FileActionRunner { relay.wake() })
        library = PhotoLibrary(
            paths: configuration.paths, recursive: configuration.recursive, order: configuration.order,
            arrangement: configuration.arrangement, stacksPhotos: configuration.stacksPhotos,
            locale: configuration.locale,
            decoderExecutable: configuration.decoderExecutable, openIndex: configuration.openIndex,
            firstScreenPatience: configuration.firstScreenPatience,
            networkPollInterval: configuration.networkPollInterval,
            warn: configuration.warn
        ) { relay.wake() }
        collectionView = CollectionView(layout: layout, columnPolicy: columnPolicy)
        let look = configuration.look
        collectionView.register(forCellWithReuseIdentifier: CardCell.reuseIdentifier) {
            let card = PhotoCardCell()
            card.colors = look.cards
            return card
        }
        SectionBarCell.register(with: collectionView, colors: look.cards)
        collectionView.backgroundColor = look.background
        collectionView.focusRingColor = look.focusRing
        collectionView.emptyView = MessageView(message: Self.emptyMessage(of: configuration))
        collectionView.loadingView = MessageView(message: "Looking for photos...")
        collectionView.allowsPullToRefresh = true
        collectionView.selectionMode = .multiple  // Ctrl+click, Shift+click, Ctrl+A: the photos to copy or print
        collectionView.dataSource = self
        collectionView.delegate = self
    }

    /// What the wall says when it has no photo: why the roots cannot be walked, each said through `warn` too
    /// ("/photos/2024: No such file or directory", as nsxiv and eog name a path they cannot open), else that the roots
    /// hold none.
    private static func emptyMessage(of configuration: Configuration) -> String {
        let problems = configuration.paths.compactMap { root in
            PhotoWalker.problem(withRoot: FilePath(root)).map { "\(root): \($0)" }
        }
        for problem in problems { configuration.warn(problem) }
        return problems.isEmpty
            ? "No photos in " + configuration.paths.joined(separator: ", ") : problems.joined(separator: " · ")
    }

    /// Shows the wall in `window` (made with `collectionView`): the wall takes the window's wakes (`onWake`) to
    /// deliver the walk's photos and the decoded pictures, and its keys (`keyInterceptor`).
    public func show(in window: any PhotoWallWindow) {
        self.window = window
        let displayProfile = window.displayColorProfile.flatMap(ColorProfile.init(bytes:))
        report(.displayProfile(displayProfile))
        let pictures = PhotoPictures(
            window: window, cacheBytes: configuration.cacheBytes, sharedCache: configuration.sharedThumbnailCache,
            displayProfile: displayProfile, decoderExecutable: configuration.decoderExecutable)
        let wake = window.waker
        media = WallMedia(
            pictures: pictures, infos: PhotoInfos { wake() },
            animations: AnimationLoader(
                background: pictures.background, displayProfile: displayProfile,
                decoderExecutable: configuration.decoderExecutable
            ) { wake() })
        window.onWake = { [unowned self] in deliver() }
        window.keyInterceptor = { [unowned self] in try handleKey($0, modifiers: $1) }
        window.onDrop = { [unowned self] in handleDrop($0) }
        wakes.relay.wake(with: window.waker)
        // A launch from the index reads its folders once the window is out (their readers would slow its opening).
        window.performAfterNextFrame { [weak self] in self?.library.firstScreenIsShown() }
        deliver()
    }

    /// Stops the walk's watching and the decoding workers.
    public func stop() {
        pictures?.stop()
        infos?.stop()
        animations?.stop()
        gridZoom.columnsAhead.cancel()
        if let gate = wakes.libraryUpdateGate { window?.cancel(gate) }
        wakes.libraryUpdateGate = nil
        library.stop()
    }

    /// Takes what arrived: the walk's photos and folder updates, and the decoded pictures.
    func deliver() {
        deliverLibraryAtItsPace()
        deliverFileActions()
        deliverInfo()
        if let counts = gridZoom.columnsAhead.takeFinished() {
            report(.columnsAhead(counts))
        }
        guard let pictures else { return }
        let delivered = pictures.deliver { report($0) }
        library.noteHashes(delivered.hashes)
        if let lightbox, !delivered.large.isEmpty { lightbox.picturesArrived(delivered.large) }
        if let compare, !delivered.large.isEmpty { compare.picturesArrived(delivered.large) }
        if let animation = animations?.take(), let lightbox, let window {
            lightbox.animationArrived(animation, in: window)
        }
        requestPictures()
    }

    /// Asks for the pictures of the cards in view and a screen ahead: when the cards are laid out or scrolled, and
    /// after pictures arrive.
    func requestPictures() {
        guard !gridZoom.isHoldingPictureWork else { return }
        pictures?.request(for: collectionView, items: items)
        requestInfo()
    }

    /// Whether the walk has ended (the wall then has every photo it will have until the folders change).
    public var isWalkDone: Bool { library.isWalkDone }

    /// The cards shown, in sections: the library's, through its arrangement.
    public var items: PhotoWallItems { library.items }

    /// The status bar's text: a network folder that does not answer ("/mnt/nas/2023 is not answering; trying again"),
    /// the file action running ("Moving 120 of 1,000 photos to the Trash… (Escape cancels)") or
    /// how the last went, what the arrangement leaves out ("12 of 1,234 photos · “beach” · ★3+"), then "1,234 photos
    /// in 12 folders · scanning… 40 folders left · 3 unreadable · 2 skipped (1 PSD, 1 other) · cache 120/256 MB".
    public var statusText: String {
        let status = PhotoWallText.status(
            library.counts, isScanning: !library.isWalkDone,
            cacheMB: pictures.map { ((window?.imageByteCount ?? 0) >> 20, $0.cacheBytes >> 20) })
        let notAnswering = library.notAnsweringFolder.map { "\($0.string) is not answering; trying again" }
        let drop = gestures.dropIsHovering ? "Drop to open here" : nil
        return ([drop, notAnswering, fileActionText, arrangementText].compactMap { $0 } + [status]).joined(
            separator: " · ")
    }

    /// The selected photos' files, in index order: a closed stack's every photo's.
    public var selectedFiles: [FilePath] {
        collectionView.indexPathsForSelectedItems.flatMap { items[$0].files }
    }

    /// Whether every picture asked for is decoded and uploaded, and no card in view waits for one.
    public var isIdle: Bool {
        guard let pictures else { return true }
        return pictures.isIdle && pictures.pendingCount(in: collectionView) == 0 && !gridZoom.columnsAhead.isBusy
            && gridZoom.standInPolish == nil
    }

    /// The cards in view whose picture is not drawn yet.
    public var pendingPictureCount: Int { pictures?.pendingCount(in: collectionView) ?? 0 }

    /// The cards in view drawn with a picture made for another width, while the photo is decoded at the new one.
    public var stalePictureCount: Int { pictures?.staleCount(in: collectionView) ?? 0 }

    /// The most bytes the pictures may take on the server.
    public var cacheBytes: Int { configuration.cacheBytes }

    // MARK: Data source

    public var numberOfSections: Int { items.numberOfSections }

    public func numberOfItems(inSection section: Int) -> Int { items.numberOfItems(inSection: section) }

    public func collectionView(
        _ collectionView: CollectionView, cellForItemAt indexPath: ItemPath
    ) -> CollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: CardCell.reuseIdentifier)
        guard let card = cell as? PhotoCardCell else { return cell }
        card.show(items[indexPath], metrics: configuration.cardMetrics)
        if configuration.captionInfo { card.detail = infoLine(of: card.file) }
        if let pictures, let frame = collectionView.layout.layoutAttributesForItem(at: indexPath)?.frame {
            pictures.prepare(card, width: pictures.deviceWidth(of: frame))
        }
        return card
    }

    public func heightOfItem(at indexPath: ItemPath, width: Double) -> Double? {
        configuration.cardMetrics.height(aspect: items[indexPath].aspect, columnWidth: width)
    }

    /// The section's columns from `columnsAhead`, when they were laid out ahead at this count from the cards it has.
    public func preparedColumns(inSection section: Int, width: Double, columnCount: Int) -> WaterfallLayout? {
        guard items.sections.indices.contains(section),
            let columns = gridZoom.columnsAhead.take(
                section: section, columnCount: columnCount, aspects: items.sections[section].aspects)
        else { return nil }
        gridZoom.columnsGivenAhead.append((section, columns))
        return columns
    }

    /// No card spans the columns: said once per section, not asked of each card.
    public func itemsSpanningAllColumns(inSection section: Int, range: Range<Int>) -> [Int] { [] }

    /// The cards' heights in one loop over their aspects (no card copied): a relayout of 100,000 cards (a grid zoom
    /// step) makes no 100,000 calls.
    public func heightsOfItems(
        inSection section: Int, range: Range<Int>, width: Double, into heights: UnsafeMutableBufferPointer<Double>
    ) {
        items.writeHeights(
            ofSection: section, range: range, width: width, metrics: configuration.cardMetrics, into: heights)
    }

    public func heightOfSupplementaryElement(ofKind kind: ElementKind, inSection section: Int, width: Double) -> Double
    {
        PhotoWallLayoutSource(items: items, metrics: configuration.cardMetrics).heightOfSupplementaryElement(
            ofKind: kind, inSection: section, width: width)
    }

    public func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: ElementKind,
        inSection section: Int
    ) -> CollectionViewCell? {
        let bar =
            kind == .header
            ? SectionBarCell.dequeue(
                from: collectionView, kind: kind, title: items.sectionTitles[section],
                detail: Noun.photo.counted(items.sections[section].photoCount))
            : SectionBarCell.dequeue(
                from: collectionView, kind: kind,
                title: PhotoWallText.footer(
                    photos: items.photoCount, sections: items.numberOfSections,
                    grouping: library.arrangement.grouping))
        if let bar { report(.bar(kind: kind, section: section, title: bar.title, detail: bar.detail)) }
        return bar
    }

    // MARK: Delegate

    public func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: ItemPath) {
        reportItem(.highlighted, indexPath)
    }
    public func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: ItemPath) {
        reportItem(.unhighlighted, indexPath)
    }
    public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: ItemPath) {
        reportItem(.selected, indexPath)
    }
    public func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: ItemPath) {
        reportItem(.deselected, indexPath)
    }

    /// Opens the lightbox on the card (Enter, or a double click).
    public func collectionView(_ collectionView: CollectionView, didActivateItemAt indexPath: ItemPath) {
        reportItem(.activated, indexPath)
        openLightbox(at: indexPath)
    }

    public func collectionViewDidScroll(_ collectionView: CollectionView) {
        report(.scrolled(offset: collectionView.contentOffset))
        requestPictures()
    }

    public func collectionViewIsLoading(_ collectionView: CollectionView) -> Bool {
        !library.isWalkDone && items.count == 0  // the walk has found nothing yet
    }

    public func collectionViewDidLayout(_ collectionView: CollectionView) {
        if window != nil {
            // The sections laid out ahead that the layout took (it lays out itself any whose settings differ).
            report(
                .laidOut(
                    sectionsLaidOutAhead: gridZoom.columnsGivenAhead.filter {
                        collectionView.layout.columns(ofSection: $0.section) === $0.columns
                    }
                    .count))
        }
        gridZoom.columnsGivenAhead = []
        requestPictures()
        if !gridZoom.isColumnsAheadScheduled, let window {
            gridZoom.isColumnsAheadScheduled = true
            window.performAfterNextFrame { [weak self] in
                self?.gridZoom.isColumnsAheadScheduled = false
                self?.layOutColumnsAhead()
            }
        }
    }

    /// The scrubber's label while the scroll bar's thumb is dragged: the title of the section at the top of the
    /// viewport for `offset` (the folder, or with the timeline the period taken: "March 2024"). Reports `scrubber` with
    /// it when it or the offset changed.
    /// - Complexity: O(log n) per column (the layout's query of a strip).
    public func collectionView(_ collectionView: CollectionView, scrubberLabelAtContentOffset offset: Double) -> String?
    {
        let strip = Rect(
            x: 0, y: offset, width: collectionView.layoutWidth, height: max(1, collectionView.viewportSize.height / 4))
        guard let section = collectionView.layout.layoutAttributesForElements(in: strip).map(\.indexPath.section).min(),
            items.sections.indices.contains(section)
        else { return nil }
        let title = items.sections[section].title
        if observer != nil, gestures.lastReportedScrubberLabel.map({ $0 != (offset, title) }) ?? true {
            gestures.lastReportedScrubberLabel = (offset, title)
            report(.scrubber(offset: offset, title: title, section: section))
        }
        return title
    }

    public func collectionViewWillRefresh(_ collectionView: CollectionView) {
        report(.willRefresh(itemCount: items.count))
    }

    /// Tells the observer `event`, made only when there is one.
    func report(_ event: @autoclosure () -> PhotoWallEvent) {
        guard let observer else { return }
        observer.photoWall(self, didReport: event())
    }

    /// Reports `change` of the card at `indexPath`, by its index in section order.
    private func reportItem(_ change: PhotoWallEvent.ItemChange, _ indexPath: ItemPath) {
        report(.item(change, indexPath, index: (itemsBeforeBatch ?? items).index(of: indexPath)))
    }
}

/// The window's wake signal, for the walk's thread, once the wall is shown: a wake before then is dropped, since
/// `show(in:)` takes everything that arrived.
///
/// The closure is kept in a struct: a closure kept in a `Mutex` as it is gained two reabstraction thunks at each
/// `withLock` (the inout is converted to the generic representation and back), so each wake walked a chain that grew
/// by two, and a 1,000,000-photo walk spent a fifth of its time there.
final class WakeRelay: Sendable {
    /// The window's wake signal.
    private struct Target: Sendable {
        let wake: @Sendable () -> Void
    }

    private let target = Mutex<Target?>(nil)

    /// Makes `wake` the window's wake signal.
    func wake(with wake: @escaping @Sendable () -> Void) { target.withLock { $0 = Target(wake: wake) } }

    /// Wakes the window's loop, if the wall is shown.
    func wake() { target.withLock { $0 }?.wake() }
}
