import Foundation
import Synchronization
import SystemPackage
import Waterfall
import WaterfallIndex
import WaterfallPhotos

/// The photo wall's walk, on a thread of its own: the folders' photos arrive in batches, which the window's thread
/// takes when woken (`takeBatches()`) and appends to the wall, so the first screen shows long before the walk ends
/// and a folder of 100,000 files never blocks the window.
///
/// Then the same thread keeps the walked folders live: inotify watches each folder from just before it is listed,
/// and once the walk has ended the changes (a burst of them gathered into one) become `FolderUpdate`s, which the
/// window takes with the batches. A recursive walk also walks the folders created or moved in under its folders
/// since, and watches them.
///
/// The thread hands everything over through a `LoopMailbox`; the counts, the end and the folders watched are the
/// window's once taken, read on the loop thread (checked in debug builds).
package final class PhotoScan {
    /// What the walk hands on in one post: a batch or the live folders' updates, the counts then, whether the walk
    /// has ended, and the folders it began watching since the last post.
    private struct Delivery {
        var batch: PhotoBatch?
        var updates: [FolderUpdate] = []
        var counts: ScanCounts
        var isDone: Bool
        var watching: [FilePath] = []
        /// A folder could not be watched: the live folders report none, so none count as watched.
        var watchingEnded = false
        /// What was done with the library index since the last post.
        var activity: [LibraryIndexActivity] = []
    }

    /// The walk's thread's side: the mailbox it posts to and the flag that ends its watching.
    private final class Walk: Sendable {
        let mailbox: LoopMailbox<Delivery>
        private let stopped = Atomic(false)
        /// The roots added since the launch (`addRoots(_:)`) and not walked yet.
        private let added = Mutex<[String]>([])
        /// Signalled when roots are added: a walk without live folders waits on it.
        let rootsAdded = DispatchSemaphore(value: 0)

        /// Hands `roots` to the walk's thread.
        func add(_ roots: [String]) {
            added.withLock { $0 += roots }
            rootsAdded.signal()
        }

        /// The roots added and not taken yet.
        func takeAdded() -> [String] {
            added.withLock { taken in
                defer { taken = [] }
                return taken
            }
        }

        init(mailbox: LoopMailbox<Delivery>) {
            self.mailbox = mailbox
        }

        var isStopped: Bool { stopped.load(ordering: .relaxed) }

        func stop() { stopped.store(true, ordering: .relaxed) }
    }

    private let walk: Walk
    /// Signalled when the view's first screen is shown (`firstScreenIsShown()`).
    private let firstScreen = DispatchSemaphore(value: 0)
    /// The folders and files walked: their paths name the sections. On the loop thread.
    package private(set) var roots: [String]
    /// Whether the walk goes into subfolders.
    package let recursive: Bool
    /// The counts taken so far, and whether the walk has ended.
    private var counts = ScanCounts()
    private var isDone = false
    /// The folders whose changes the live folders report, as taken so far.
    private var watched: Set<FilePath> = []

    /// Starts walking `roots` (into subfolders when `recursive`, each folder in `order`), calling `wake` from the
    /// walk's thread after each batch, at the end, and after each update of the folders it then watches; `warn` hears
    /// (on that thread) why the folders' changes will not show, and the library index's faults. Videos' and RAWs'
    /// headers are read by a worker of `decoderExecutable` (`nil`: `waterfall-decoder` on `PATH`). The folders on
    /// network file systems are polled every `pollInterval`, each poll waiting at most `patience` for a mount that does
    /// not answer.
    ///
    /// With an index (`openIndex` opens it first thing on the walk's thread: the window's first frame never waits for
    /// it), a launch whose roots are all folders it holds shows them from it before any photo is opened, then
    /// reconciles: what changed while the program was closed comes as the live folders' updates. Every folder
    /// the walk lists, and each one read again, is stored in it. With a `firstScreenPatience`, the index's folders are
    /// read once the view's first screen is shown (`firstScreenIsShown()`), or that long after they were listed: the
    /// readers' two threads would take the cores from the window while it opens.
    package init(
        roots: [String], recursive: Bool, order: PhotoOrder, decoderExecutable: String? = nil,
        openIndex: (@Sendable () -> LibraryIndex?)? = nil, firstScreenPatience: Duration? = nil,
        pollInterval: Duration = .seconds(10), patience: Duration = .seconds(3),
        loopThread: LoopThreadChecker = LoopThreadChecker(),
        warn: @escaping @Sendable (String) -> Void, wake: @escaping @Sendable () -> Void
    ) {
        self.roots = roots
        self.recursive = recursive
        let walk = Walk(mailbox: LoopMailbox(loopThread: loopThread, wake: wake))
        self.walk = walk
        let firstScreen = firstScreen
        let thread = Thread {
            var watcher = Self.makeWatcher(warn: warn)
            var folders = LiveFolders(order: order)
            folders.decoderProcess = DecoderProcess(executable: decoderExecutable)
            var watching: [FilePath] = []
            var watchingEnded = false
            var notAnswering: FilePath?
            let keeper = openIndex?().map { IndexKeeper($0, recursive: recursive, warn: warn) }
            let poller = FolderPoller(interval: pollInterval, patience: patience)
            func watch(_ folder: FilePath) {
                guard let live = watcher else { return }
                do {
                    try live.watch(folder)
                    watching.append(folder)
                } catch  where (try? FolderStamp.of(folder)) == nil {
                    return  // gone since the index held it: the reconcile takes its photos away
                } catch {
                    warn("\(error): its changes will not show")
                    watcher = nil  // one folder unwatched would make the wall lie about it: none are
                    watching = []
                    watchingEnded = true
                }
            }
            let walker = PhotoWalker(paths: roots, recursive: recursive, order: order, batchSize: 128)
            walker.decoderProcess = DecoderProcess(executable: decoderExecutable)
            walker.willList = { folder in
                watch(folder)
                poller.note(folder)
                keeper?.willList(folder)
            }
            // Posts what the thread has for the window, with the folders watched since the last post.
            func post(_ delivery: Delivery) {
                var delivery = delivery
                if poller.notAnswering != notAnswering {
                    notAnswering = poller.notAnswering
                    delivery.activity.append(notAnswering.map { .notAnswering(folder: $0) } ?? .answeringAgain)
                }
                delivery.watching = watching
                delivery.watchingEnded = watchingEnded
                watching = []
                walk.mailbox.post(delivery)
            }
            // Walks the roots added since the launch (a drop on the window), as the launch walked its own: their batches
            // come after the walked sections, each folder watched and stored.
            func walkAddedRoots(_ folders: inout LiveFolders, _ counts: inout ScanCounts) {
                let added = walk.takeAdded()
                guard !added.isEmpty else { return }
                let more = PhotoWalker(paths: added, recursive: recursive, order: order, batchSize: 128)
                more.decoderProcess = walker.decoderProcess
                more.willList = walker.willList
                let before = counts
                let walked = more.walk { batch in
                    keeper?.take(batch)
                    folders.add(batch)
                    var now = before
                    now.add(batch.counts)
                    post(Delivery(batch: batch, counts: now, isDone: true))
                }
                keeper?.finishWalk()
                counts.add(walked)
                post(Delivery(counts: counts, isDone: true))
            }
            let rootPaths = roots.map { FilePath($0) }
            var indexed = keeper?.indexedFolders(roots: rootPaths) ?? []
            var counts = ScanCounts()
            if let keeper, Set(rootPaths).isSubset(of: indexed.map(\.path)) {
                // A folder at a time: the index's copy of a folder lives only until the live folders hold it.
                if let firstScreenPatience {
                    _ = firstScreen.wait(timeout: .now() + .nanoseconds(Int(firstScreenPatience / .nanoseconds(1))))
                }
                keeper.readAhead(indexed.map(\.path), order: order)
                for position in indexed.indices {
                    let folder = indexed[position].path
                    poller.note(folder)
                    guard let photos = keeper.photos(in: folder, order: order) else {
                        indexed[position].stamp = .unknown  // the reconcile lists it again
                        continue
                    }
                    guard !photos.isEmpty else { continue }
                    counts.found += photos.count
                    counts.folders += 1
                    let batch = PhotoBatch(folder: folder, startsFolder: true, photos: photos, counts: counts)
                    folders.add(batch)
                    post(Delivery(batch: batch, counts: counts, isDone: false))
                }
                let read = LibraryIndexActivity.read(folders: indexed.count, photos: counts.found)
                post(
                    Delivery(counts: counts, isDone: true, activity: [read, .reconcileStarted(folders: indexed.count)]))
                // Watched once the wall knows every photo (a watch costs the kernel a pass over the folder's cached
                // entries: 1 ms for 4,000), and before the reconcile's stats, so that no change falls between the two.
                for folder in indexed { watch(folder.path) }
                let (updates, ended) = Self.reconcile(
                    indexed, &folders, counts: &counts, keeper: keeper, walker: walker,
                    shown: { watcher?.watchedFolders ?? Set(indexed.map(\.path)) })
                post(Delivery(updates: updates, counts: counts, isDone: true, activity: [ended]))
            } else {
                counts = walker.walk { batch in
                    keeper?.take(batch)
                    folders.add(batch)
                    post(Delivery(batch: batch, counts: batch.counts, isDone: false))
                }
                keeper?.finishWalk()
                post(Delivery(counts: counts, isDone: true))
            }
            guard let watcher else {
                // Nothing to keep live: only the roots added later to walk.
                while !walk.isStopped {
                    _ = walk.rootsAdded.wait(timeout: .now() + 0.5)
                    if !walk.isStopped { walkAddedRoots(&folders, &counts) }
                }
                return
            }
            Self.keepLive(
                &folders, counts: &counts, watcher: watcher, walker: recursive ? walker : nil, keeper: keeper,
                poller: poller, walk: walk, walkAddedRoots: walkAddedRoots
            ) {
                post(Delivery(updates: $0, counts: $1, isDone: true))
            } pollEnded: { counts in
                // A poll is said, and a mount that stopped or began answering again, with no update.
                var delivery = Delivery(counts: counts, isDone: true)
                if let poll = poller.takePoll() {
                    delivery.activity.append(.polled(folders: poll.folders, duration: poll.duration))
                }
                if !delivery.activity.isEmpty || poller.notAnswering != notAnswering { post(delivery) }
            }
        }
        thread.name = "photo walk"
        thread.start()
    }

    /// The reconcile after a launch from the index: a stat of each folder of `indexed`, the folders whose stamp
    /// changed read again (only their photos whose size or time changed), the folders gone taken away and the new
    /// ones walked, as `folders`' updates; each folder read again is stored, each one gone forgotten.
    private static func reconcile(
        _ indexed: [IndexedFolder], _ folders: inout LiveFolders, counts: inout ScanCounts, keeper: IndexKeeper,
        walker: PhotoWalker, shown: () -> Set<FilePath>
    ) -> (updates: [FolderUpdate], ended: LibraryIndexActivity) {
        let start = ContinuousClock.now
        let (changes, stamps, newFolders) = keeper.changes(since: indexed) { folders.folders[$0] ?? [] }
        var updates = folders.update(changes)
        for (folder, stamp) in stamps {
            keeper.store(folder, stamp: stamp, photos: folders.folders[folder] ?? [])
        }
        keeper.forget(Array(changes.removedFolders))
        var walked = ScanCounts()
        for folder in newFolders {
            var batches: [PhotoBatch] = []
            walked.add(
                walker.walk(newFolder: folder, shown: shown()) { batch in
                    batches.append(batch)
                    keeper.take(batch)
                })
            keeper.storeListing()
            updates += folders.addWalked(batches)
        }
        // Once, in an index an earlier version made: its end is the reconcile's.
        keeper.packFoldersWithoutSnapshots()
        keeper.finishWalk()
        counts.add(walked)
        counts.found = folders.photoCount
        counts.folders = folders.folderCount
        let ended = LibraryIndexActivity.reconcileEnded(
            changedFolders: stamps.count, goneFolders: changes.removedFolders.count, newFolders: newFolders.count,
            updatedFolders: Set(updates.map(\.folder)).count, duration: ContinuousClock.now - start)
        return (updates, ended)
    }

    /// A watcher, or `nil` (said on stderr) when the system has no inotify instance to give.
    private static func makeWatcher(warn: (String) -> Void) -> FolderWatcher? {
        do { return try FolderWatcher() } catch {
            warn("cannot watch the folders: \(error)")
            return nil
        }
    }

    /// Turns the watcher's changes into updates, handed to `post` with `counts` brought up to date, until `walk` is
    /// stopped; with a `walker` (a recursive walk's), it also walks the new folders. `pollEnded` is called with the
    /// counts after each turn that may have polled the network folders.
    private static func keepLive(
        _ folders: inout LiveFolders, counts: inout ScanCounts, watcher: FolderWatcher, walker: PhotoWalker?,
        keeper: IndexKeeper?, poller: FolderPoller, walk: Walk,
        walkAddedRoots: (inout LiveFolders, inout ScanCounts) -> Void, post: ([FolderUpdate], ScanCounts) -> Void,
        pollEnded: (ScanCounts) -> Void
    ) {
        while !walk.isStopped {
            walkAddedRoots(&folders, &counts)
            // The timeout bounds how late `stop()` is noticed, and how late a network folder's poll is.
            var changes = watcher.waitForChanges(timeout: min(0.5, poller.secondsUntilDue ?? 0.5))
            changes.merge(poller.poll(recursive: walker != nil) { folders.folders[$0] ?? [] })
            pollEnded(counts)
            // Changes seen after `stop()` are left alone: the next launch's reconcile finds them.
            guard !changes.isEmpty, !walk.isStopped else { continue }
            var updates = folders.update(changes)
            if let keeper { store(updates, of: folders, in: keeper) }
            var walked = ScanCounts()
            if let walker {
                for folder in changes.newFolders.sorted(by: { $0.bytes.lexicographicallyPrecedes($1.bytes) }) {
                    let shown = watcher.watchedFolders
                    // A folder already watched was walked: made while its parent was listed, it was in the listing too.
                    guard !shown.contains(folder) else { continue }
                    var batches: [PhotoBatch] = []
                    walked.add(
                        walker.walk(newFolder: folder, shown: shown) { batch in
                            batches.append(batch)
                            keeper?.take(batch)
                        })
                    keeper?.storeListing()
                    updates += folders.addWalked(batches)
                }
            }
            keeper?.finishWalk()
            guard !updates.isEmpty || walked != ScanCounts() else { continue }
            counts.add(walked)
            // The photos and folders as the wall has them now.
            counts.found = folders.photoCount
            counts.folders = folders.folderCount
            post(updates, counts)
        }
    }

    /// Stores the folders `updates` changed as `folders` has them now, with their stamps now; forgets those gone.
    private static func store(_ updates: [FolderUpdate], of folders: LiveFolders, in keeper: IndexKeeper) {
        for update in updates {
            guard !update.folderRemoved, let stamp = try? FolderStamp.of(update.folder) else {
                keeper.forget([update.folder])
                continue
            }
            keeper.store(update.folder, stamp: stamp, photos: folders.folders[update.folder] ?? [])
        }
    }

    /// Whether the live folders report the changes of `folder`: a folder walked, not the folder of a file given alone.
    /// On the loop thread; as of the last `takeBatches()`.
    package func isWatched(_ folder: FilePath) -> Bool {
        walk.mailbox.preconditionOnLoopThread()
        return watched.contains(folder)
    }

    /// Adds `paths` (folders and files) to the roots: the walk's thread walks them as it walked the launch's, after
    /// the launch's walk (within half a second of a turn of its live folders), and their batches come as the walk's
    /// do. On the loop thread.
    package func addRoots(_ paths: [String]) {
        walk.mailbox.preconditionOnLoopThread()
        guard !paths.isEmpty else { return }
        roots += paths
        walk.add(paths)
    }

    /// Ends the watching (the thread ends within half a second). Any thread.
    package func stop() {
        walk.stop()
        firstScreen.signal()  // a launch waiting for the first screen waits no longer
    }

    /// Says that the view's first screen is shown: a launch from the index reads its folders now. Any thread.
    package func firstScreenIsShown() { firstScreen.signal() }

    /// Whether the walk's thread posted what `takeBatches()` has not taken yet.
    package var hasNews: Bool { !walk.mailbox.isEmpty }

    /// The batches and folder updates that arrived since the last take, the counts so far, and whether the walk has
    /// ended. On the loop thread (checked in debug builds).
    package func takeBatches() -> (
        batches: [PhotoBatch], updates: [FolderUpdate], counts: ScanCounts, isDone: Bool,
        activity: [LibraryIndexActivity]
    ) {
        var batches: [PhotoBatch] = []
        var updates: [FolderUpdate] = []
        var activity: [LibraryIndexActivity] = []
        for delivery in walk.mailbox.take() {
            if let batch = delivery.batch { batches.append(batch) }
            updates += delivery.updates
            activity += delivery.activity
            counts = delivery.counts
            isDone = isDone || delivery.isDone
            if delivery.watchingEnded { watched = [] } else { watched.formUnion(delivery.watching) }
        }
        return (batches, updates, counts, isDone, activity)
    }
}
