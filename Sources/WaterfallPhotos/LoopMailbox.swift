import Synchronization

/// A mailbox to the loop thread: any thread posts, each post wakes the loop, and the loop thread takes everything
/// posted in one call.
///
/// Posts are taken in the order they were posted (so in order for each poster), each exactly once. Every post calls
/// `wake` once, after the message is in the box, outside the lock; the wake closure is where wakes coalesce (a
/// `WakeSignal` drains every queued wake and calls the loop's handler once). A wake sent before the loop listens is
/// lost, and harmless as long as the loop takes once when it starts listening: what was posted waits in the box.
///
/// Messages are handed over (`sending`): a poster keeps no reference to what it posted, so a value the loop thread
/// alone uses afterwards (a layout, a decoder's output) needs no `Sendable` conformance of its own.
///
/// `take()` is the loop thread's: the mailbox's `loopThread` checker binds to the first thread that takes (or
/// checks) and, in debug builds, asserts that every later take runs there too.
public final class LoopMailbox<Message>: Sendable {
    private let messages = Mutex<[Message]>([])
    private let wake: @Sendable () -> Void
    /// The check that loop-side calls run on the loop thread: `take()` calls it, and so can the owner's own loop-side
    /// entry points.
    public let loopThread: LoopThreadChecker

    /// An empty mailbox whose posts call `wake` (from the posting thread), checked against `loopThread`.
    public init(loopThread: LoopThreadChecker = LoopThreadChecker(), wake: @escaping @Sendable () -> Void) {
        self.loopThread = loopThread
        self.wake = wake
    }

    /// Puts `message` in the box, after everything posted before, then wakes the loop. Any thread; never blocks
    /// longer than a take's swap of the box.
    /// - Complexity: O(1) amortized, plus one call of `wake`.
    public func post(_ message: sending Message) {
        let handover = Mutex<Message?>(message)
        messages.withLock { box in
            if let message = Self.takeOut(of: handover) { box.append(message) }
        }
        wake()
    }

    /// Puts `batch` in the box in its order, then wakes the loop once (not at all when `batch` is empty).
    /// - Complexity: O(`batch.count`), plus one call of `wake`.
    public func post(contentsOf batch: sending [Message]) {
        guard !batch.isEmpty else { return }
        let handover = Mutex<[Message]?>(batch)
        messages.withLock { box in
            if let batch = Self.takeOut(of: handover) { box += batch }
        }
        wake()
    }

    /// The value `handover` holds, moved out: a value handed over (`sending`) goes into the box through a mutex of
    /// its own, since a closure cannot move what it captures into a `Mutex`'s value.
    private static func takeOut<Value>(of handover: borrowing Mutex<Value?>) -> sending Value? {
        handover.withLock { cell -> sending Value? in
            let value = cell
            cell = nil
            return value
        }
    }

    /// Everything posted since the last take, oldest first; the box is empty after. On the loop thread only (checked in
    /// debug builds).
    /// - Complexity: O(1): the box's array is swapped out.
    public func take() -> sending [Message] {
        loopThread.preconditionOnLoopThread()
        return messages.withLock { box -> sending [Message] in
            var taken: [Message] = []
            swap(&taken, &box)
            return taken
        }
    }

    /// Whether nothing waits in the box (any thread; a post may change it at once).
    public var isEmpty: Bool { messages.withLock { $0.isEmpty } }

    /// Checks that the caller runs on the loop thread: see `LoopThreadChecker.preconditionOnLoopThread(file:line:)`.
    public func preconditionOnLoopThread(file: StaticString = #fileID, line: UInt = #line) {
        loopThread.preconditionOnLoopThread(file: file, line: line)
    }
}
