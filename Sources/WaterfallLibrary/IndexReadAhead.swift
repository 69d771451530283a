import Foundation
import Synchronization
import SystemPackage
import WaterfallIndex
import WaterfallPhotos

/// Reads the photos of a launch's folders from the index on a thread of its own, a few folders ahead of the walk's
/// thread, which takes them in the same order: the index's rows become sorted photos on one core while the walk's
/// thread hands the folders before them to the live folders and the window on the other.
///
/// It stops at the first folder it cannot read, and hands that failure on in the folder's place.
final class IndexReadAhead: Sendable {
    /// What was read of one folder.
    typealias Read = Result<[Photo], LibraryIndexError>

    private let reads = Mutex<[(folder: FilePath, read: Read)]>([])
    /// Signalled once for each read put in `reads`.
    private let readsWaiting = DispatchSemaphore(value: 0)
    /// Signalled once for each read taken: the reader waits for room before it reads the next folder.
    private let room: DispatchSemaphore

    /// Starts reading the photos of `folders` from `index`, each folder's in `order`, at most `ahead` folders before
    /// the one `next()` takes.
    init(_ index: LibraryIndex, folders: [FilePath], order: PhotoOrder, ahead: Int = 4) {
        room = DispatchSemaphore(value: ahead)
        let thread = Thread { [self] in
            for folder in folders {
                room.wait()
                let read = Read { () throws(LibraryIndexError) in
                    order.sorted(try index.photos(in: folder).map(\.photo))
                }
                reads.withLock { $0.append((folder, read)) }
                readsWaiting.signal()
                if case .failure = read { return }
            }
        }
        thread.name = "index read-ahead"
        thread.start()
    }

    /// The next folder, in the order given, and what was read of it: waits for it. None comes after a failure.
    func next() -> (folder: FilePath, read: Read) {
        readsWaiting.wait()
        let next = reads.withLock { $0.removeFirst() }
        room.signal()
        return next
    }
}
