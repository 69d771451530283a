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
package final class PhotoScan: Sendable {
    /// What the walk handed on since the last take, and where it stands.
    private struct State {
        var batches: [PhotoBatch] = []
        var updates: [FolderUpdate] = []
        var counts = ScanCounts()
        var isDone = false
        var isStopped = false
        /// The folders whose changes the live folders report.
        var watched: Set<FilePath> = []
    }

    private let state = Mutex(State())
    /// The folders and files walked: their paths name the sections.
    package let roots: [String]

    /// Starts walking `roots` (into subfolders when `recursive`, each folder in `order`), calling `wake` from the
    /// walk's thread after each batch, at the end, and after each update of the folders it then watches; `warn` hears
    /// (on that thread) why the folders' changes will not show.
    package init(
        roots: [String], recursive: Bool, order: PhotoOrder, warn: @escaping @Sendable (String) -> Void,
        wake: @escaping @Sendable () -> Void
    ) {
        self.roots = roots
        let thread = Thread { [self] in
            var watcher = Self.makeWatcher(warn: warn)
            var folders = LiveFolders(order: order)
            let walker = PhotoWalker(paths: roots, recursive: recursive, order: order, batchSize: 128)
            walker.willList = { folder in
                guard let live = watcher else { return }
                do {
                    try live.watch(folder)
                    self.state.withLock { _ = $0.watched.insert(folder) }
                } catch {
                    warn("\(error): its changes will not show")
                    watcher = nil  // one folder unwatched would make the wall lie about it: none are
                    self.state.withLock { $0.watched = [] }
                }
            }
            let counts = walker.walk { batch in
                folders.add(batch)
                state.withLock {
                    $0.batches.append(batch)
                    $0.counts = batch.counts
                }
                wake()
            }
            state.withLock {
                $0.counts = counts
                $0.isDone = true
            }
            wake()
            if let watcher { keepLive(&folders, watcher: watcher, walker: recursive ? walker : nil, wake: wake) }
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

    /// Turns the watcher's changes into updates until stopped; with a `walker` (a recursive walk's), it also walks
    /// the new folders.
    private func keepLive(
        _ folders: inout LiveFolders, watcher: FolderWatcher, walker: PhotoWalker?, wake: @Sendable () -> Void
    ) {
        while !state.withLock({ $0.isStopped }) {
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
            let (photoCount, folderCount) = (folders.photoCount, folders.folderCount)
            state.withLock {
                $0.updates += updates
                $0.counts.add(walked)
                // The photos and folders as the wall has them now.
                $0.counts.found = photoCount
                $0.counts.folders = folderCount
            }
            wake()
        }
    }

    /// Whether the live folders report the changes of `folder`: a folder walked, not the folder of a file given alone.
    package func isWatched(_ folder: FilePath) -> Bool { state.withLock { $0.watched.contains(folder) } }

    /// Ends the watching (the thread ends within half a second).
    package func stop() { state.withLock { $0.isStopped = true } }

    /// The batches and folder updates that arrived since the last take, the counts so far, and whether the walk has
    /// ended.
    package func takeBatches() -> (batches: [PhotoBatch], updates: [FolderUpdate], counts: ScanCounts, isDone: Bool) {
        state.withLock { state in
            defer {
                state.batches = []
                state.updates = []
            }
            return (state.batches, state.updates, state.counts, state.isDone)
        }
    }
}
