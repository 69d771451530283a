import Dispatch
import SystemPackage
import WaterfallIndex
import WaterfallPhotos

/// Reads the photos of a launch's folders from the index on two threads of its own (a `WishWorker`, each thread with
/// a connection of the index's pool), a few folders ahead of the walk's thread, which takes them in the same order:
/// the index's rows become sorted photos on the cores the walk's thread and the window leave free. At niceness 5: the
/// window's first frame, which a launch without the index shows as soon, never waits for them.
///
/// Use it on one thread. After a folder it could not read, it reads no more.
final class IndexReadAhead {
    /// What was read of one folder.
    typealias Read = Result<[Photo], LibraryIndexError>

    private let folders: [FilePath]
    private let ahead: Int
    private let worker: WishWorker<Int, Read>
    /// Signalled once for each folder read.
    private let finished: DispatchSemaphore
    /// The position of the next folder to take, and of the first one not yet asked for.
    private var taken = 0
    private var asked = 0
    /// The folders read and not yet taken, by position.
    private var arrived: [Int: Read] = [:]

    /// Starts reading the photos of `folders` from `index`, each folder's in `order`, at most `ahead` folders past
    /// the last one `next()` took.
    init(_ index: LibraryIndex, folders: [FilePath], order: PhotoOrder, ahead: Int = 4) {
        self.folders = folders
        self.ahead = ahead
        let finished = DispatchSemaphore(value: 0)
        self.finished = finished
        worker = WishWorker(threads: 2, name: "index read-ahead", niceness: 5, wake: { finished.signal() }) {
            { position, _ in
                Read { () throws(LibraryIndexError) in
                    order.sorted(try index.photos(in: folders[position]))
                }
            }
        }
        askAhead()
    }

    /// The next folder, in the order given, and what was read of it: waits for it. `nil` past the last folder, and
    /// after a folder that could not be read.
    func next() -> (folder: FilePath, read: Read)? {
        guard !isDone else { return nil }
        while true {
            if let read = arrived.removeValue(forKey: taken) {
                let folder = folders[taken]
                taken += 1
                if case .failure = read {
                    worker.cancel()
                    asked = taken
                } else {
                    askAhead()
                }
                return (folder, read)
            }
            finished.wait()
            for done in worker.takeFinished() { arrived[done.job] = done.output }
        }
    }

    /// Whether every folder it reads was taken: the last one, or one that could not be read.
    var isDone: Bool { taken == asked }

    /// Asks for the folders up to `ahead` past the last one taken.
    private func askAhead() {
        let end = min(folders.count, taken + ahead)
        guard end > asked else { return }
        worker.enqueue(asked..<end)
        asked = end
    }
}
