import Foundation
import Synchronization
import SystemPackage
import Waterfall
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
    }

    /// The walk's thread's side: the mailbox it posts to and the flag that ends its watching.
    private final class Walk: Sendable {
        let mailbox: LoopMailbox<Delivery>
        private let stopped = Atomic(false)

        init(mailbox: LoopMailbox<Delivery>) {
            self.mailbox = mailbox
        }

        var isStopped: Bool { stopped.load(ordering: .relaxed) }

        func stop() { stopped.store(true, ordering: .relaxed) }
    }

    private let walk: Walk
    /// The folders and files walked: their paths name the sections.
    package let roots: [String]
    /// The counts taken so far, and whether the walk has ended.
    private var counts = ScanCounts()
    private var isDone = false
    /// The folders whose changes the live folders report, as taken so far.
    private var watched: Set<FilePath> = []

    /// Starts walking `roots` (into subfolders when `recursive`, each folder in `order`), calling `wake` from the
    /// walk's thread after each batch, at the end, and after each update of the folders it then watches; `warn` hears
    /// (on that thread) why the folders' changes will not show. Videos' and RAWs' headers are read by a worker of
    /// `decoderExecutable` (`nil`: `waterfall-decoder` on `PATH`).
    package init(
        roots: [String], recursive: Bool, order: PhotoOrder, decoderExecutable: String? = nil,
        loopThread: LoopThreadChecker = LoopThreadChecker(),
        warn: @escaping @Sendable (String) -> Void, wake: @escaping @Sendable () -> Void
    ) {
        self.roots = roots
        let walk = Walk(mailbox: LoopMailbox(loopThread: loopThread, wake: wake))
        self.walk = walk
        let thread = Thread {
            var watcher = Self.makeWatcher(warn: warn)
            var folders = LiveFolders(order: order)
            folders.decoderProcess = DecoderProcess(executable: decoderExecutable)
            var watching: [FilePath] = []
            var watchingEnded = false
            let walker = PhotoWalker(paths: roots, recursive: recursive, order: order, batchSize: 128)
            walker.decoderProcess = DecoderProcess(executable: decoderExecutable)
            walker.willList = { folder in
                guard let live = watcher else { return }
                do {
                    try live.watch(folder)
                    watching.append(folder)
                } catch {
                    warn("\(error): its changes will not show")
                    watcher = nil  // one folder unwatched would make the wall lie about it: none are
                    watching = []
                    watchingEnded = true
                }
            }
            // Posts what the thread has for the window, with the folders watched since the last post.
            func post(_ delivery: Delivery) {
                var delivery = delivery
                delivery.watching = watching
                delivery.watchingEnded = watchingEnded
                watching = []
                walk.mailbox.post(delivery)
            }
            var counts = walker.walk { batch in
                folders.add(batch)
                post(Delivery(batch: batch, counts: batch.counts, isDone: false))
            }
            post(Delivery(counts: counts, isDone: true))
            guard let watcher else { return }
            Self.keepLive(&folders, counts: &counts, watcher: watcher, walker: recursive ? walker : nil, walk: walk) {
                post(Delivery(updates: $0, counts: $1, isDone: true))
            }
        }
        thread.name = "photo walk"
        thread.start()
    }

    /// A watcher, or `nil` (said on stderr) when the system has no inotify instance to give.
    private static func makeWatcher(warn: (String) -> Void) -> FolderWatcher? {
        do { return try FolderWatcher() } catch {
            warn("cannot watch the folders: \(error)")
            return nil
        }
    }

    /// Turns the watcher's changes into updates, handed to `post` with `counts` brought up to date, until `walk` is
    /// stopped; with a `walker` (a recursive walk's), it also walks the new folders.
    private static func keepLive(
        _ folders: inout LiveFolders, counts: inout ScanCounts, watcher: FolderWatcher, walker: PhotoWalker?,
        walk: Walk, post: ([FolderUpdate], ScanCounts) -> Void
    ) {
        while !walk.isStopped {
            // The timeout only bounds how late `stop()` is noticed.
            let changes = watcher.waitForChanges(timeout: 0.5)
            guard !changes.isEmpty else { continue }
            var updates = folders.update(changes)
            var walked = ScanCounts()
            if let walker {
                for folder in changes.newFolders.sorted(by: { $0.bytes.lexicographicallyPrecedes($1.bytes) }) {
                    let shown = watcher.watchedFolders
                    // A folder already watched was walked: made while its parent was listed, it was in the listing too.
                    guard !shown.contains(folder) else { continue }
                    var batches: [PhotoBatch] = []
                    walked.add(walker.walk(newFolder: folder, shown: shown) { batches.append($0) })
                    updates += folders.addWalked(batches)
                }
            }
            guard !updates.isEmpty || walked != ScanCounts() else { continue }
            counts.add(walked)
            // The photos and folders as the wall has them now.
            counts.found = folders.photoCount
            counts.folders = folders.folderCount
            post(updates, counts)
        }
    }

    /// Whether the live folders report the changes of `folder`: a folder walked, not the folder of a file given alone.
    /// On the loop thread; as of the last `takeBatches()`.
    package func isWatched(_ folder: FilePath) -> Bool {
        walk.mailbox.preconditionOnLoopThread()
        return watched.contains(folder)
    }

    /// Ends the watching (the thread ends within half a second). Any thread.
    package func stop() { walk.stop() }

    /// The batches and folder updates that arrived since the last take, the counts so far, and whether the walk has
    /// ended. On the loop thread (checked in debug builds).
    package func takeBatches() -> (batches: [PhotoBatch], updates: [FolderUpdate], counts: ScanCounts, isDone: Bool) {
        var batches: [PhotoBatch] = []
        var updates: [FolderUpdate] = []
        for delivery in walk.mailbox.take() {
            if let batch = delivery.batch { batches.append(batch) }
            updates += delivery.updates
            counts = delivery.counts
            isDone = isDone || delivery.isDone
            if delivery.watchingEnded { watched = [] } else { watched.formUnion(delivery.watching) }
        }
        return (batches, updates, counts, isDone)
    }
}
