import Dispatch
import Foundation
import Synchronization

/// Runs jobs on worker threads, most wanted first, where the newest wish replaces the queue: the one shape of the
/// wall's background work (thumbnails, photo information, animation frames, scaling, layouts ahead, file actions).
///
/// `want(_:)` makes its jobs, in their order, the queue: a queued job it leaves out is dropped before it starts (a
/// card scrolled past before its turn is never decoded), and a running job it leaves out is cancelled
/// (`Cancellation.isCancelled`), which the job may check to give up early. A job running, or finished and not yet
/// taken, is not queued again: its result is on its way. `enqueue(_:)` adds jobs after the queue instead (a queue of
/// file actions); `cancel()` drops the queue and cancels the running jobs.
///
/// Each job's output, once it finishes (cancelled or not), is posted to a `LoopMailbox` that wakes the loop, and the
/// loop thread takes them with `takeFinished()`. `stop()` ends the threads and joins them: a job running finishes
/// first, and its result waits in the mailbox.
///
/// The threads start at the first job (a worker never asked for anything costs no thread) and run until `stop()`,
/// or until the worker is released. Each thread makes its own `perform` function when it starts (`makePerform`), so
/// per-thread state (a decoder, a TurboJPEG handle) lives in that closure and never crosses threads.
public final class WishWorker<Job: Hashable & Sendable, Output>: Sendable {
    /// A job done, and its output.
    public struct Finished {
        /// The job.
        public var job: Job
        /// What the job gave.
        public var output: Output
    }

    /// What a running job may ask of its worker: whether the newest wish still names it.
    public struct Cancellation: Sendable {
        fileprivate let core: Core
        fileprivate let job: Job

        /// Whether the job was left out of the newest wish (or `cancel()` or `stop()` came): its output will be
        /// taken all the same, and may say it gave up.
        /// - Complexity: O(1): one lock.
        public var isCancelled: Bool { core.state.withLock { $0.running[job] ?? true } }
    }

    /// A thread's function from a job to its output.
    public typealias Perform = (_ job: Job, _ cancellation: Cancellation) -> sending Output

    private let core: Core

    /// The number of threads the worker runs its jobs on.
    public var threadCount: Int { core.threadCount }

    /// A worker of `threads` threads (none: it only keeps its queue) named `name` ("`name` 2" for the second of
    /// several), each at `niceness` when given (`setpriority(2)`, see `ThumbnailPool.workerNiceness`), each running
    /// the jobs with the `perform` function it makes with `makePerform` when it starts. Each finished job is posted to
    /// a mailbox whose posts call `wake` (from the worker's thread), checked against `loopThread`.
    public init(
        threads: Int, name: String, niceness: Int32? = nil, loopThread: LoopThreadChecker = LoopThreadChecker(),
        wake: @escaping @Sendable () -> Void, makePerform: @escaping @Sendable () -> Perform
    ) {
        core = Core(
            threadCount: max(0, threads), name: name, niceness: niceness,
            mailbox: LoopMailbox(loopThread: loopThread, wake: wake), makePerform: makePerform)
    }

    deinit {
        core.beginStopping()  // the threads hold the core, not the worker: they end, unjoined
    }

    /// Makes `jobs`, most wanted first, the queue: queued jobs not among them are dropped, running jobs not among them
    /// are cancelled (and those among them are not), and jobs running, or finished and not yet taken, are not queued
    /// again (nor is a job twice). Ignored once `stop()` was called.
    /// - Complexity: O(`jobs` + running jobs), under the worker's lock.
    public func want(_ jobs: some Sequence<Job>) {
        let wakes = core.state.withLock { state -> Int in
            guard !state.isStopping else { return 0 }
            for job in state.running.keys { state.running[job] = true }
            var queue: [Job] = []
            var queued = Set<Job>()
            for job in jobs {
                if state.running[job] != nil {
                    state.running[job] = false
                } else if !state.unclaimed.contains(job), queued.insert(job).inserted {
                    queue.append(job)
                }
            }
            state.pending = queue.reversed()
            return state.releaseParked()
        }
        core.started(releasing: wakes)
    }

    /// Adds `jobs`, in their order, after the queued ones: a job queued, running, or finished and not yet taken is not
    /// added again. Cancels nothing. Ignored once `stop()` was called.
    /// - Complexity: O(queued jobs + `jobs`), under the worker's lock.
    public func enqueue(_ jobs: some Sequence<Job>) {
        let wakes = core.state.withLock { state -> Int in
            guard !state.isStopping else { return 0 }
            var present = Set(state.pending)
            var added: [Job] = []
            for job in jobs where state.running[job] == nil && !state.unclaimed.contains(job) {
                if present.insert(job).inserted { added.append(job) }
            }
            state.pending.insert(contentsOf: added.reversed(), at: 0)
            return state.releaseParked()
        }
        core.started(releasing: wakes)
    }

    /// Drops the queue and cancels the running jobs (they finish, and their outputs are taken as usual). Returns the
    /// jobs dropped, most wanted first.
    /// - Complexity: O(queued jobs + running jobs).
    @discardableResult
    public func cancel() -> [Job] {
        core.state.withLock { state in
            for job in state.running.keys { state.running[job] = true }
            defer { state.pending = [] }
            return state.pending.reversed()
        }
    }

    /// Stops the threads and waits until each has left its loop: queued jobs never start, running ones are cancelled
    /// and finish first (their outputs wait in the mailbox). Later wishes are ignored.
    public func stop() {
        guard core.beginStopping() else { return }
        for exited in core.exited {
            exited.wait()
            exited.signal()  // for another `stop()` waiting too
        }
    }

    /// The most jobs that run at once, from 1 to `threadCount` (all the threads, at first). A lower limit stops no
    /// running job; a raised one starts queued jobs at once.
    public var concurrentJobLimit: Int {
        get { core.state.withLock { $0.jobLimit } }
        set {
            let wakes = core.state.withLock { state -> Int in
                state.jobLimit = min(max(1, newValue), max(1, core.threadCount))
                return state.releaseParked()
            }
            core.release(wakes)
        }
    }

    /// Starts no job until as many `resume()` calls as `hold()` calls came: what is queued meanwhile waits. A running
    /// job goes on.
    public func hold() {
        core.state.withLock { $0.holds += 1 }
    }

    /// Ends one `hold()`; the last starts the queued jobs.
    public func resume() {
        let wakes = core.state.withLock { state -> Int in
            state.holds = max(0, state.holds - 1)
            return state.releaseParked()
        }
        core.release(wakes)
    }

    /// The jobs queued, most wanted first.
    /// - Complexity: O(queued jobs).
    public var queuedJobs: [Job] { core.state.withLock { $0.pending.reversed() } }

    /// The jobs running now, in no order.
    public var runningJobs: [Job] { core.state.withLock { Array($0.running.keys) } }

    /// The jobs running now or finished with their outputs not taken yet: what they make reflects their inputs as
    /// they were when they started.
    /// - Complexity: O(running and untaken jobs).
    public var jobsUnderWay: Set<Job> {
        core.state.withLock { $0.unclaimed.union($0.running.keys) }
    }

    /// Whether the worker has nothing to do and nothing to give: no job queued or running, no output untaken.
    public var isIdle: Bool {
        core.state.withLock { $0.pending.isEmpty && $0.running.isEmpty && $0.unclaimed.isEmpty }
    }

    /// The jobs finished since the last call, in the order they finished. On the loop thread (checked in debug builds).
    /// - Complexity: O(the jobs taken).
    public func takeFinished() -> [Finished] {
        let taken = core.mailbox.take()
        core.state.withLock { state in
            for finished in taken { state.unclaimed.remove(finished.job) }
        }
        return taken
    }

    /// Checks that the caller runs on the loop thread the worker's outputs are taken on (debug builds).
    public func preconditionOnLoopThread(file: StaticString = #fileID, line: UInt = #line) {
        core.mailbox.preconditionOnLoopThread(file: file, line: line)
    }

    /// The state the threads share with the worker; the threads hold it, not the worker.
    fileprivate final class Core: Sendable {
        struct State {
            /// The queue, most wanted last (taken from the end).
            var pending: [Job] = []
            /// The jobs running, each with whether it is cancelled.
            var running: [Job: Bool] = [:]
            /// The jobs finished whose outputs are not taken yet.
            var unclaimed: Set<Job> = []
            var jobLimit: Int
            var holds = 0
            var isStopping = false
            var hasStarted = false
            /// The threads waiting on `parked`, not yet released.
            var parkedCount = 0

            /// Whether a thread may start the next job.
            var canStart: Bool { !pending.isEmpty && holds == 0 && running.count < jobLimit }

            /// Marks as released the parked threads that can start a job now (all of them when stopping), and returns
            /// how many: the caller signals `parked` that often, outside the lock.
            mutating func releaseParked() -> Int {
                let startable = holds == 0 ? max(0, min(pending.count, jobLimit - running.count)) : 0
                let released = isStopping ? parkedCount : min(parkedCount, startable)
                parkedCount -= released
                return released
            }
        }

        let state: Mutex<State>
        /// Where idle threads wait: one signal per released thread.
        let parked = DispatchSemaphore(value: 0)
        /// Signalled by each thread as it leaves its loop.
        let exited: [DispatchSemaphore]
        let mailbox: LoopMailbox<Finished>
        let threadCount: Int
        let name: String
        let niceness: Int32?
        let makePerform: @Sendable () -> Perform

        init(
            threadCount: Int, name: String, niceness: Int32?, mailbox: LoopMailbox<Finished>,
            makePerform: @escaping @Sendable () -> Perform
        ) {
            self.threadCount = threadCount
            self.name = name
            self.niceness = niceness
            self.mailbox = mailbox
            self.makePerform = makePerform
            state = Mutex(State(jobLimit: max(1, threadCount)))
            exited = (0..<threadCount).map { _ in DispatchSemaphore(value: 0) }
        }

        /// Sets the worker stopping, drops the queue and cancels the running jobs; returns whether threads were
        /// started (to be joined).
        @discardableResult
        func beginStopping() -> Bool {
            let (wakes, started) = state.withLock { state in
                state.isStopping = true
                state.pending = []
                for job in state.running.keys { state.running[job] = true }
                return (state.releaseParked(), state.hasStarted)
            }
            release(wakes)
            return started
        }

        /// Signals `count` parked threads.
        func release(_ count: Int) {
            for _ in 0..<count { parked.signal() }
        }

        /// Releases `wakes` parked threads, and starts the threads when a job waits and they have not started.
        func started(releasing wakes: Int) {
            release(wakes)
            let starts = state.withLock { state in
                guard !state.hasStarted, !state.pending.isEmpty, !state.isStopping, threadCount > 0 else {
                    return false
                }
                state.hasStarted = true
                return true
            }
            guard starts else { return }
            for index in 0..<threadCount {
                let thread = Thread { [self] in run(index) }
                thread.name = threadCount == 1 ? name : "\(name) \(index + 1)"
                thread.start()
            }
        }

        /// A thread's loop: takes the most wanted job, runs it, posts its output.
        private func run(_ index: Int) {
            if let niceness {
                // Linux keeps a niceness per thread, and PRIO_PROCESS with 0 sets the calling thread's alone
                // (setpriority(2), BUGS): this worker's, not the program's.
                _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
            }
            let perform = makePerform()
            while let job = next() {
                let output = perform(job, Cancellation(core: self, job: job))
                let wakes = state.withLock { state -> Int in
                    state.running[job] = nil
                    state.unclaimed.insert(job)
                    return state.releaseParked()  // a thread held back by the limit may start the next
                }
                release(wakes)
                mailbox.post(Finished(job: job, output: output))
            }
            exited[index].signal()
        }

        /// What a thread does next.
        private enum Step {
            case run(Job)
            case park
            case exit
        }

        /// The next job to run, waiting for one; `nil` once the worker stops.
        private func next() -> Job? {
            while true {
                let step = state.withLock { state -> Step in
                    if state.isStopping { return .exit }
                    if state.canStart, let job = state.pending.popLast() {
                        state.running[job] = false
                        return .run(job)
                    }
                    state.parkedCount += 1
                    return .park
                }
                switch step {
                case .run(let job): return job
                case .park: parked.wait()
                case .exit: return nil
                }
            }
        }
    }
}
