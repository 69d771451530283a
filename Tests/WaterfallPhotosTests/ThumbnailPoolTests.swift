import Foundation
import PhotoTestSupport
import Synchronization
import SystemPackage
import Testing

@testable import WaterfallPhotos

/// The decode pool: a new wish replaces the queue, so cards passed over never decode; results come back with
/// their thumbnails or reasons.
struct ThumbnailPoolTests {
    @Test func aNewWishReplacesTheQueueAndQueuedJobsNotWantedNeverStart() {
        let pool = ThumbnailPool(workers: 0, background: 0xFFFFFF) {}
        let jobs = (0..<5).map { ThumbnailPool.Job(id: $0, path: FilePath("/photos/\($0).jpg"), width: 100) }
        pool.want(jobs)
        #expect(pool.queuedJobs == jobs)
        pool.want([jobs[4], jobs[3]])  // scrolled on: the first three left the screen before any worker took them
        #expect(pool.queuedJobs == [jobs[4], jobs[3]])
        pool.stop()
        #expect(pool.queuedJobs.isEmpty)
    }

    @Test func workersDecodeTheWantedJobsAndSayWhyOthersFail() throws {
        let images = try GeneratedImages()
        let red = try images.convert(["-size", "200x100", "xc:red", "red.png"])
        let finished = Mutex(0)
        let pool = ThumbnailPool(workers: 2, background: 0xFFFFFF) { finished.withLock { $0 += 1 } }
        defer { pool.stop() }
        pool.want([
            ThumbnailPool.Job(id: 1, path: FilePath(red), width: 50),
            ThumbnailPool.Job(id: 2, path: images.file("gone.jpg"), width: 50),
        ])
        var results: [ThumbnailPool.Result] = []
        let deadline = Date().addingTimeInterval(20)  // bounds a hang only: each pass waits for results to arrive
        while results.count < 2 && Date() < deadline {
            results += pool.takeResults()
            if results.count < 2 { usleep(5_000) }  // the interval between checks of the awaited condition
        }
        let byID = Dictionary(uniqueKeysWithValues: results.map { ($0.job.id, $0.outcome) })
        #expect(try byID[1]?.get().pixels == [UInt32](repeating: 0xFF0000, count: 50 * 25))
        #expect(throws: PhotoError.vanished) { try byID[2]?.get() }
        #expect(finished.withLock { $0 } == 2)
    }

    @Test func aFinishedJobWhoseResultWaitsIsNotQueuedAgain() throws {
        let images = try GeneratedImages()
        let red = try images.convert(["-size", "20x10", "xc:red", "red.png"])
        let finished = Mutex(0)
        let pool = ThumbnailPool(workers: 1, background: 0xFFFFFF) { finished.withLock { $0 += 1 } }
        defer { pool.stop() }
        let job = ThumbnailPool.Job(id: 1, path: FilePath(red), width: 10)
        pool.want([job])
        let deadline = Date().addingTimeInterval(20)  // bounds a hang only
        while finished.withLock({ $0 }) == 0 && Date() < deadline { usleep(5_000) }  // the interval between checks
        pool.want([job])  // asked again before its result was taken
        #expect(pool.queuedJobs.isEmpty)
        #expect(pool.takeResults().map(\.job) == [job])
    }

    @Test func aLoweredJobLimitHoldsQueuedJobsBackUntilItIsRaised() throws {
        let images = try GeneratedImages()
        // Each job's file is a FIFO: its worker waits in `open` until the test opens the other end, so a job runs
        // exactly as long as the test wants, and the test sees which jobs a worker has started.
        let first = images.path("first.jpg")
        let second = images.path("second.jpg")
        #expect(mkfifo(first, 0o600) == 0 && mkfifo(second, 0o600) == 0)
        let pool = ThumbnailPool(workers: 2, background: 0xFFFFFF) {}
        #expect(pool.workerCount == 2 && pool.concurrentJobLimit == 2)
        pool.concurrentJobLimit = 0
        #expect(pool.concurrentJobLimit == 1)  // at least one job runs
        let jobs = [
            ThumbnailPool.Job(id: 1, path: FilePath(first), width: 50),
            ThumbnailPool.Job(id: 2, path: FilePath(second), width: 50),
        ]
        pool.want(jobs)
        let firstWriter = try #require(writerOnceReadBy(first))
        #expect(pool.queuedJobs == [jobs[1]])  // the other worker, idle, was held back
        #expect(open(second, O_WRONLY | O_NONBLOCK) == -1 && errno == ENXIO)  // no worker has opened it

        pool.concurrentJobLimit = 9
        #expect(pool.concurrentJobLimit == 2)  // no more than the workers
        let secondWriter = try #require(writerOnceReadBy(second))  // started while the first still runs
        #expect(pool.queuedJobs.isEmpty)
        close(firstWriter)
        close(secondWriter)  // both read an empty file: they finish, with a reason
        var results: [ThumbnailPool.Result] = []
        let deadline = Date().addingTimeInterval(20)  // bounds a hang only
        while results.count < 2 && Date() < deadline {
            results += pool.takeResults()
            if results.count < 2 { usleep(5_000) }  // the interval between checks of the awaited condition
        }
        #expect(Set(results.map(\.job.id)) == [1, 2])
        pool.stop()
    }

    /// The write end of the FIFO at `path`, opened once a reader has opened it (waits up to 20 s for one).
    private func writerOnceReadBy(_ path: String) -> Int32? {
        let deadline = Date().addingTimeInterval(20)  // bounds a hang only
        while Date() < deadline {
            let descriptor = open(path, O_WRONLY | O_NONBLOCK)  // ENXIO until a reader has the FIFO open
            if descriptor >= 0 { return descriptor }
            usleep(2_000)  // the interval between checks of the awaited condition
        }
        return nil
    }
}
