import Dispatch
import Synchronization
import WaterfallIndex
import WaterfallPhotos

/// The library index's writes, in the order they are handed over, on a thread of their own (a one-thread
/// `WishWorker`): the walk's thread lists the next folder while the last one is stored. A failure is said once
/// through `warn`; a broken index is set aside and made anew (said), and the writes go on in the new one.
///
/// Use it on one thread. At most `pending` writes wait at a time: one more waits for the oldest to be done.
final class IndexWriter {
    /// One write.
    typealias Write = @Sendable (LibraryIndex) throws(LibraryIndexError) -> Void

    /// The writes handed over and not yet started, by number: shared with the worker's thread.
    private final class Handover: Sendable {
        let writes = Mutex<[Int: Write]>([:])
    }

    private let worker: WishWorker<Int, Void>
    private let handover = Handover()
    /// Signalled once for each write done.
    private let done: DispatchSemaphore
    private let pending: Int
    private var handedOver = 0
    private var finished = 0

    /// Writes into `index`, with at most `pending` writes waiting.
    init(_ index: LibraryIndex, pending: Int = 8, warn: @escaping @Sendable (String) -> Void) {
        let handover = handover
        let done = DispatchSemaphore(value: 0)
        self.done = done
        self.pending = pending
        worker = WishWorker(threads: 1, name: "index writes", wake: { done.signal() }) {
            var index: LibraryIndex? = index  // this thread's alone
            var hasWarned = false
            return { number, _ in
                guard let write = handover.writes.withLock({ $0.removeValue(forKey: number) }), let current = index
                else {
                    return
                }
                do throws(LibraryIndexError) {
                    try write(current)
                } catch .broken(_, let reason) {
                    index = IndexKeeper.rebuilt(current, because: reason, warn: warn)
                } catch {
                    guard !hasWarned else { return }
                    hasWarned = true
                    warn("\(error)")
                }
            }
        }
    }

    /// Hands `write` over, after every write handed over before it; waits first while `pending` writes wait.
    func write(_ write: @escaping Write) {
        takeFinished()
        while handedOver - finished >= pending { waitForOne() }
        handover.writes.withLock { $0[handedOver] = write }
        worker.enqueue([handedOver])
        handedOver += 1
    }

    /// Waits until every write handed over is done.
    func waitUntilWritten() {
        takeFinished()
        while finished < handedOver { waitForOne() }
    }

    private func waitForOne() {
        done.wait()
        takeFinished()
    }

    private func takeFinished() { finished += worker.takeFinished().count }
}
