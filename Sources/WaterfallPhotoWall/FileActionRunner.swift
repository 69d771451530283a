import Foundation
import Synchronization
import SystemPackage

/// Runs the wall's file actions (trash, restore, rotate, marks) on a thread of its own, one file at a time, so that
/// an action on 1,000 photos never holds the window: the window reads the progress each frame (`progress`), and
/// `cancel()` stops the running action and drops the waiting ones between two files. Each file's outcome is kept
/// for the window's thread (`takeFinished()`), which learns of progress and ends through `wake`.
final class FileActionRunner: Sendable {
    /// One action on some photos: its kind, the files in order, and the work done for each, which returns what
    /// undoes it (nil: nothing to undo) or throws why the file was not changed.
    struct Job: Sendable {
        var action: FileAction
        var files: [FilePath]
        var work: @Sendable (FilePath) throws -> FileUndoStep?
        /// Whether the job undoes another (it is then not undone itself).
        var isUndo = false

        init(action: FileAction, files: [FilePath], work: @escaping @Sendable (FilePath) throws -> FileUndoStep?) {
            self.action = action
            self.files = files
            self.work = work
        }
    }

    /// A job done, or cancelled part way: each file it reached and its outcome, in order.
    struct Finished: Sendable {
        var action: FileAction
        var total: Int
        var succeeded: [(file: FilePath, undo: FileUndoStep?)]
        var failed: [(file: FilePath, reason: String)]
        var wasCancelled: Bool
        var isUndo: Bool
    }

    private struct State {
        var queue: [Job] = []
        var current: (action: FileAction, done: Int, total: Int)?
        var finished: [Finished] = []
        var isCancelling = false
        var isRunning = false
    }

    private let state = Mutex(State())
    private let wake: @Sendable () -> Void

    /// A runner that calls `wake` (from its thread) after each file and at each end.
    init(wake: @escaping @Sendable () -> Void) {
        self.wake = wake
    }

    /// Queues `job`, after any running or waiting one.
    func run(_ job: Job) {
        let startsThread = state.withLock { state in
            state.queue.append(job)
            defer { state.isRunning = true }
            return !state.isRunning
        }
        guard startsThread else { return }
        let thread = Thread { [self] in work() }
        thread.name = "file actions"
        thread.start()
    }

    /// The action running, the files it has done and its total; nil when none runs.
    var progress: (action: FileAction, done: Int, total: Int)? { state.withLock { $0.current } }

    /// Whether an action runs or waits.
    var isBusy: Bool { state.withLock { $0.isRunning } }

    /// Stops the running action after the file it is on, and drops the waiting ones.
    func cancel() {
        state.withLock { state in
            if state.isRunning { state.isCancelling = true }
        }
    }

    /// The jobs ended since the last call, in order.
    func takeFinished() -> [Finished] {
        state.withLock { state in
            defer { state.finished = [] }
            return state.finished
        }
    }

    private func work() {
        while let job = state.withLock({ state -> Job? in
            guard !state.isCancelling, !state.queue.isEmpty else {
                state.queue = []
                state.isCancelling = false
                state.isRunning = false
                state.current = nil
                return nil
            }
            let job = state.queue.removeFirst()
            state.current = (job.action, 0, job.files.count)
            return job
        }) {
            var finished = Finished(
                action: job.action, total: job.files.count, succeeded: [], failed: [], wasCancelled: false,
                isUndo: job.isUndo)
            for (index, file) in job.files.enumerated() {
                if state.withLock({ $0.isCancelling }) {
                    finished.wasCancelled = true
                    break
                }
                do {
                    finished.succeeded.append((file, try job.work(file)))
                } catch {
                    finished.failed.append((file, "\(error)"))
                }
                state.withLock { $0.current?.done = index + 1 }
                wake()
            }
            state.withLock {
                $0.finished.append(finished)
                $0.current = nil  // the window, woken, finds it ended: no progress of it left in the status bar
            }
            wake()
        }
        wake()
    }
}
