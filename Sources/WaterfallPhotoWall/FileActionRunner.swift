import SystemPackage
import WaterfallPhotos

/// Runs the wall's file actions (trash, restore, rotate, marks) on a thread of its own, one file at a time, so that
/// an action on 1,000 photos never holds the window: the window reads the progress each frame (`progress`), and
/// `cancel()` stops the running action and drops the waiting ones between two files. Each file's outcome is kept
/// for the window's thread (`takeFinished()`), which learns of progress and ends through `wake`.
///
/// Each file is a job of a one-thread `WishWorker`, queued after the others (`enqueue`); its outcome comes back through
/// the worker's mailbox, and the jobs' progress and ends are put together on the window's thread, whose calls these
/// all are (checked in debug builds).
final class FileActionRunner {
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

    /// One file of a job: the worker's job, known by its job's number and its place.
    private struct Step: Hashable, Sendable {
        var job: Int
        var index: Int
        var file: FilePath
        var work: @Sendable (FilePath) throws -> FileUndoStep?

        static func == (a: Step, b: Step) -> Bool { a.job == b.job && a.index == b.index }

        func hash(into hasher: inout Hasher) {
            hasher.combine(job)
            hasher.combine(index)
        }
    }

    /// What one file's work gave.
    private enum Outcome: Sendable {
        case succeeded(FileUndoStep?)
        case failed(String)
    }

    /// A job not ended yet, as the window's thread knows it.
    private struct Running {
        var number: Int
        var finished: Finished
        /// The files whose outcomes arrived, or whose steps were dropped by a cancel.
        var accounted = 0
        var isCancelled = false
        /// Whether the job ends unsaid: cancelled while it waited behind another, before any of its files.
        var isDroppedUnlessReached = false

        var reached: Int { finished.succeeded.count + finished.failed.count }
    }

    private let worker: WishWorker<Step, Outcome>
    private let wake: @Sendable () -> Void
    /// The jobs not ended, in order: the first runs.
    private var jobs: [Running] = []
    /// The jobs ended and not taken yet.
    private var ended: [Finished] = []
    private var nextNumber = 0

    /// A runner that calls `wake` (from its thread) after each file and at each end.
    init(loopThread: LoopThreadChecker = LoopThreadChecker(), wake: @escaping @Sendable () -> Void) {
        self.wake = wake
        worker = WishWorker(threads: 1, name: "file actions", loopThread: loopThread, wake: wake) {
            { step, _ in
                do {
                    return .succeeded(try step.work(step.file))
                } catch {
                    return .failed("\(error)")
                }
            }
        }
    }

    /// Queues `job`, after any running or waiting one.
    /// - Complexity: O(the files queued).
    func run(_ job: Job) {
        worker.preconditionOnLoopThread()
        let number = nextNumber
        nextNumber += 1
        jobs.append(
            Running(
                number: number,
                finished: Finished(
                    action: job.action, total: job.files.count, succeeded: [], failed: [], wasCancelled: false,
                    isUndo: job.isUndo)))
        worker.enqueue(
            job.files.enumerated().map { Step(job: number, index: $0.offset, file: $0.element, work: job.work) })
        if job.files.isEmpty { wake() }  // it ends in the window's next turn, with no file to wake it
    }

    /// The action running, the files it has done and its total; nil when none runs.
    var progress: (action: FileAction, done: Int, total: Int)? {
        absorb()
        return jobs.first.map { ($0.finished.action, $0.reached, $0.finished.total) }
    }

    /// Whether an action runs or waits.
    var isBusy: Bool {
        absorb()
        return !jobs.isEmpty
    }

    /// Stops the running action after the file it is on, and drops the waiting ones.
    func cancel() {
        absorb()
        guard !jobs.isEmpty else { return }
        var dropped: [Int: Int] = [:]
        for step in worker.cancel() { dropped[step.job, default: 0] += 1 }
        for index in jobs.indices {
            jobs[index].isCancelled = true
            jobs[index].isDroppedUnlessReached = index > 0
            jobs[index].accounted += dropped[jobs[index].number] ?? 0
        }
        settle()
    }

    /// The jobs ended since the last call, in order.
    func takeFinished() -> [Finished] {
        absorb()
        defer { ended = [] }
        return ended
    }

    /// Adds the files' outcomes that arrived to their jobs, and ends the jobs they complete.
    /// - Complexity: O(the outcomes taken × the jobs not ended).
    private func absorb() {
        for done in worker.takeFinished() {
            guard let index = jobs.firstIndex(where: { $0.number == done.job.job }) else { continue }
            switch done.output {
            case .succeeded(let undo): jobs[index].finished.succeeded.append((done.job.file, undo))
            case .failed(let reason): jobs[index].finished.failed.append((done.job.file, reason))
            }
            jobs[index].accounted += 1
        }
        settle()
    }

    /// Ends the first jobs while every file of theirs is accounted for: a cancelled one said so, unless it never
    /// began.
    private func settle() {
        while let first = jobs.first, first.accounted >= first.finished.total {
            jobs.removeFirst()
            guard !first.isDroppedUnlessReached || first.reached > 0 else { continue }
            var finished = first.finished
            finished.wasCancelled = first.isCancelled && first.reached < finished.total
            ended.append(finished)
        }
    }
}
