import Synchronization
import SystemPackage
import WaterfallIndex
import WaterfallPhotos

/// Notes perceptual hashes in the library index as the wall works them out (`LibraryIndex.setHashes`), on a thread of
/// its own that opens the index when it first has hashes to write: the loop thread hands them over and goes on. A
/// failure is said once through `warn`; the hashes are then worked out again at the next launch. Used on one thread.
final class HashKeeper {
    /// The hashes handed over and not yet written: shared with the worker's thread.
    private final class Handover: Sendable {
        let hashes = Mutex<[(file: FilePath, hash: PerceptualHash)]>([])
    }

    private let pending = Handover()
    private let worker: WishWorker<Int, Void>
    /// Numbers the hand-overs, so that each is a job of its own.
    private var handovers = 0

    /// A keeper that writes into the index `openIndex` opens (once, on its thread).
    init(openIndex: @escaping @Sendable () -> LibraryIndex?, warn: @escaping @Sendable (String) -> Void) {
        let pending = pending
        worker = WishWorker(threads: 1, name: "hash writes", niceness: 5, wake: {}) {
            var index: LibraryIndex?
            var opened = false
            var hasWarned = false
            return { _, _ in
                let hashes = pending.hashes.withLock { hashes in
                    defer { hashes = [] }
                    return hashes
                }
                guard !hashes.isEmpty else { return }
                if !opened {
                    opened = true
                    index = openIndex()
                }
                do throws(LibraryIndexError) {
                    try index?.setHashes(hashes)
                } catch {
                    guard !hasWarned else { return }
                    hasWarned = true
                    warn("\(error)")
                }
            }
        }
    }

    /// Hands `hashes` over to be written.
    func note(_ hashes: [(file: FilePath, hash: PerceptualHash)]) {
        guard !hashes.isEmpty else { return }
        pending.hashes.withLock { $0 += hashes }
        handovers += 1
        worker.enqueue([handovers])
        _ = worker.takeFinished()
    }

    /// Stops the thread once it has written what it has.
    func stop() { worker.stop() }
}
