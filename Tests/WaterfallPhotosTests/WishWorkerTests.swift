import Dispatch
import Foundation
import Synchronization
import Testing

@testable import WaterfallPhotos

/// The background worker: the newest wish replaces the queue, jobs run most wanted first, a running job finishes
/// and gives its output, and `stop()` joins the threads. Jobs are held at gates the tests open, so what runs when
/// is decided by the test, never by timing.
struct WishWorkerTests {
    /// What a test job gave: its number, and whether it saw itself cancelled when its gate opened.
    struct Ran: Hashable {
        var job: Int
        var wasCancelled: Bool
    }

    /// The jobs' gates and the order they ran in.
    final class Jobs: Sendable {
        private let gates = Mutex<[Int: DispatchSemaphore]>([:])
        private let starts = Mutex<[Int: DispatchSemaphore]>([:])
        /// The jobs in the order they started.
        let started = Mutex<[Int]>([])
        /// One signal per finished job (the mailbox's wake).
        let finished = DispatchSemaphore(value: 0)

        /// Makes `job` wait at its gate when it runs, until `open(_:)`.
        func close(_ job: Int) {
            gates.withLock { $0[job] = DispatchSemaphore(value: 0) }
        }

        func open(_ job: Int) {
            gates.withLock { $0[job] }?.signal()
        }

        /// Waits until `job` has started (bounded: a hang fails instead of blocking the run).
        func waitUntilStarted(_ job: Int) -> Bool {
            semaphore(for: job).wait(timeout: .now() + 20) == .success
        }

        /// Waits for `count` finished jobs (bounded).
        func waitForFinished(_ count: Int) -> Bool {
            (0..<count).allSatisfy { _ in finished.wait(timeout: .now() + 20) == .success }
        }

        private func semaphore(for job: Int) -> DispatchSemaphore {
            starts.withLock { starts in
                if let semaphore = starts[job] { return semaphore }
                let semaphore = DispatchSemaphore(value: 0)
                starts[job] = semaphore
                return semaphore
            }
        }

        /// A worker of `threads` threads running these jobs.
        func worker(threads: Int) -> WishWorker<Int, Ran> {
            WishWorker(threads: threads, name: "test worker", wake: { [finished] in finished.signal() }) {
                { job, cancellation in
                    self.started.withLock { $0.append(job) }
                    self.semaphore(for: job).signal()
                    self.gates.withLock { $0[job] }?.wait()
                    return Ran(job: job, wasCancelled: cancellation.isCancelled)
                }
            }
        }
    }

    @Test func aNewWishReplacesTheQueueAndDropsTheJobsNoLongerWished() {
        let worker = Jobs().worker(threads: 0)  // keeps its queue only
        worker.want([1, 2, 3, 4, 5, 3])
        #expect(worker.queuedJobs == [1, 2, 3, 4, 5])  // a job once, at its first place
        worker.want([5, 4])
        #expect(worker.queuedJobs == [5, 4])
        worker.enqueue([6, 4, 7])
        #expect(worker.queuedJobs == [5, 4, 6, 7])  // added after, not twice
        #expect(worker.cancel() == [5, 4, 6, 7])
        #expect(worker.queuedJobs.isEmpty && worker.isIdle)
    }

    @Test func jobsRunMostWantedFirstAndUnwishedOnesNeverStart() throws {
        let jobs = Jobs()
        let worker = jobs.worker(threads: 1)
        defer { worker.stop() }
        jobs.close(0)
        worker.want([0])
        try #require(jobs.waitUntilStarted(0))
        worker.want([0, 1, 2, 3, 4])
        worker.want([0, 4, 2, 9])  // scrolled on: 1 and 3 are no longer wished
        #expect(worker.queuedJobs == [4, 2, 9] && worker.runningJobs == [0])
        jobs.open(0)
        try #require(jobs.waitForFinished(4))
        #expect(jobs.started.withLock { $0 } == [0, 4, 2, 9])
        #expect(worker.takeFinished().map(\.output) == [0, 4, 2, 9].map { Ran(job: $0, wasCancelled: false) })
        #expect(worker.isIdle)
    }

    @Test func aRunningJobLeftOutIsCancelledAndItsOutputStillArrives() throws {
        let jobs = Jobs()
        let worker = jobs.worker(threads: 1)
        defer { worker.stop() }
        jobs.close(0)
        worker.want([0])
        try #require(jobs.waitUntilStarted(0))
        worker.want([0, 1])  // wished again while it runs: not queued twice, not cancelled
        #expect(worker.queuedJobs == [1])
        worker.want([2])  // left out: cancelled, and it still finishes
        jobs.open(0)
        try #require(jobs.waitForFinished(2))
        #expect(
            worker.takeFinished().map(\.output) == [Ran(job: 0, wasCancelled: true), Ran(job: 2, wasCancelled: false)])
    }

    @Test func aFinishedJobWhoseOutputWaitsIsNotQueuedAgainUntilTaken() throws {
        let jobs = Jobs()
        let worker = jobs.worker(threads: 1)
        defer { worker.stop() }
        worker.want([7])
        try #require(jobs.waitForFinished(1) && jobs.waitUntilStarted(7))
        #expect(!worker.isIdle)  // its output waits
        worker.want([7])
        #expect(worker.queuedJobs.isEmpty)
        worker.enqueue([7])
        #expect(worker.queuedJobs.isEmpty)
        #expect(worker.takeFinished().map(\.job) == [7])
        #expect(worker.isIdle && worker.takeFinished().isEmpty)  // taken once
        jobs.close(7)
        worker.want([7])  // taken: it may run again
        try #require(jobs.waitUntilStarted(7))
        jobs.open(7)
    }

    @Test func cancelDropsTheQueueAndCancelsTheRunningJobs() throws {
        let jobs = Jobs()
        let worker = jobs.worker(threads: 2)
        defer { worker.stop() }
        jobs.close(1)
        jobs.close(2)
        worker.want([1, 2, 3, 4])
        try #require(jobs.waitUntilStarted(1) && jobs.waitUntilStarted(2))  // two threads: both run at once
        #expect(Set(worker.runningJobs) == [1, 2] && worker.queuedJobs == [3, 4])
        #expect(worker.cancel() == [3, 4])
        jobs.open(1)
        jobs.open(2)
        try #require(jobs.waitForFinished(2))
        #expect(
            Set(worker.takeFinished().map(\.output)) == [
                Ran(job: 1, wasCancelled: true), Ran(job: 2, wasCancelled: true),
            ])
        #expect(Set(jobs.started.withLock { $0 }) == [1, 2])
    }

    @Test func aHeldWorkerAndALoweredLimitStartNothingMore() throws {
        let jobs = Jobs()
        let worker = jobs.worker(threads: 2)
        defer { worker.stop() }
        #expect(worker.concurrentJobLimit == 2)
        worker.concurrentJobLimit = 0
        #expect(worker.concurrentJobLimit == 1)  // at least one
        jobs.close(1)
        worker.want([1, 2])
        try #require(jobs.waitUntilStarted(1))
        #expect(worker.queuedJobs == [2])  // the idle thread is held back by the limit
        worker.hold()
        worker.concurrentJobLimit = 9
        #expect(worker.concurrentJobLimit == 2)
        #expect(worker.queuedJobs == [2])  // held
        jobs.close(2)
        worker.resume()
        try #require(jobs.waitUntilStarted(2))  // starts while 1 still runs
        #expect(Set(worker.runningJobs) == [1, 2])
        jobs.open(1)
        jobs.open(2)
        try #require(jobs.waitForFinished(2))
    }

    @Test func stopJoinsTheThreadsAfterTheirRunningJobsAndIgnoresLaterWishes() throws {
        let jobs = Jobs()
        let worker = jobs.worker(threads: 3)
        for job in 1...3 { jobs.close(job) }
        worker.want([1, 2, 3, 4, 5])
        try #require((1...3).allSatisfy { jobs.waitUntilStarted($0) })
        let stopped = DispatchSemaphore(value: 0)
        let stopper = Thread {
            worker.stop()
            stopped.signal()
        }
        stopper.start()
        // The gates open once `stop()` has dropped the queue, so that no thread could take job 4 or 5.
        let deadline = DispatchTime.now() + 20  // bounds a hang only
        while !worker.queuedJobs.isEmpty && DispatchTime.now() < deadline { usleep(1_000) }  // between checks
        for job in 1...3 { jobs.open(job) }
        try #require(stopped.wait(timeout: .now() + 20) == .success)
        // Joined: every running job's output was posted before `stop()` returned; the queued ones never started.
        #expect(
            Set(worker.takeFinished().map(\.output)) == Set((1...3).map { Ran(job: $0, wasCancelled: true) }))
        #expect(Set(jobs.started.withLock { $0 }) == [1, 2, 3])
        worker.want([6])
        worker.enqueue([7])
        #expect(worker.queuedJobs.isEmpty && worker.isIdle)
        worker.stop()  // again: returns at once
    }

    @Test func aWorkerNeverAskedStartsNoThreadAndStopsAtOnce() {
        let jobs = Jobs()
        let worker = jobs.worker(threads: 4)
        worker.stop()
        #expect(jobs.started.withLock { $0 }.isEmpty && worker.isIdle)
    }
}
