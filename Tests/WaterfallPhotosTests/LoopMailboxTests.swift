import Dispatch
import Foundation
import Synchronization
import Testing

@testable import WaterfallPhotos

/// The mailbox to the loop thread: every post is taken once, in order for each poster, and wakes the loop once; the
/// loop-thread check reports a take from another thread.
struct LoopMailboxTests {
    struct Message: Equatable {
        var poster: Int
        var number: Int
    }

    @Test func everythingPostedIsTakenOnceInOrderForEachPosterAndEachPostWakesOnce() throws {
        let wakes = DispatchSemaphore(value: 0)
        let wakeCount = Mutex(0)
        let mailbox = LoopMailbox<Message> {
            wakeCount.withLock { $0 += 1 }
            wakes.signal()
        }
        let (posters, each) = (4, 500)
        for poster in 0..<posters {
            Thread {
                for number in 0..<each { mailbox.post(Message(poster: poster, number: number)) }
            }.start()
        }
        // The loop: each wake comes after its post, so once as many wakes came as posts were made, all are taken.
        var taken: [Message] = []
        for _ in 0..<(posters * each) {
            try #require(wakes.wait(timeout: .now() + 20) == .success)  // bounds a hang only
            taken += mailbox.take()
        }
        #expect(taken.count == posters * each)
        for poster in 0..<posters {
            #expect(taken.filter { $0.poster == poster }.map(\.number) == Array(0..<each))
        }
        #expect(mailbox.take().isEmpty && mailbox.isEmpty)
        #expect(wakeCount.withLock { $0 } == posters * each)
    }

    @Test func aBatchWakesOnceAndAnEmptyOneNever() {
        let wakeCount = Mutex(0)
        let mailbox = LoopMailbox<Int> { wakeCount.withLock { $0 += 1 } }
        mailbox.post(contentsOf: [1, 2, 3])
        mailbox.post(contentsOf: [])
        mailbox.post(4)
        #expect(wakeCount.withLock { $0 } == 2)
        #expect(mailbox.take() == [1, 2, 3, 4])
    }

    @Test func aTakeOffTheLoopThreadIsReported() throws {
        let reports = Mutex<[String]>([])
        let checker = LoopThreadChecker { message in reports.withLock { $0.append(message) } }
        let mailbox = LoopMailbox<Int>(loopThread: checker) {}
        mailbox.post(1)
        #expect(mailbox.take() == [1])  // binds the test's thread
        mailbox.preconditionOnLoopThread()
        #expect(checker.isOnLoopThread && reports.withLock { $0 }.isEmpty)
        mailbox.post(2)
        let done = DispatchSemaphore(value: 0)
        let offLoop = Mutex<(taken: [Int], isOnLoopThread: Bool)?>(nil)
        Thread {
            let taken = mailbox.take()
            let isOnLoopThread = checker.isOnLoopThread
            offLoop.withLock { $0 = (taken, isOnLoopThread) }
            mailbox.preconditionOnLoopThread()
            done.signal()
        }.start()
        try #require(done.wait(timeout: .now() + 20) == .success)
        // Reported (a debug build without a handler would stop there), not refused: the take still took.
        #expect(offLoop.withLock { $0?.taken } == [2] && offLoop.withLock { $0?.isOnLoopThread } == false)
        let said = reports.withLock { $0 }
        #expect(said.count == 2)
        #expect(said.allSatisfy { $0.contains("off the loop thread") })
        #expect(said.first?.hasPrefix("WaterfallPhotos/LoopMailbox.swift:") == true)  // the take
        #expect(said.last?.hasPrefix("WaterfallPhotosTests/LoopMailboxTests.swift:") == true)  // the test's own check
    }

    @Test func aCheckerBindsToTheFirstThreadThatChecksOrBinds() throws {
        let reports = Mutex(0)
        let checker = LoopThreadChecker { _ in reports.withLock { $0 += 1 } }
        #expect(!checker.isOnLoopThread)  // bound to none yet
        let bound = DispatchSemaphore(value: 0)
        Thread {
            checker.bindToCurrentThread()
            bound.signal()
        }.start()
        try #require(bound.wait(timeout: .now() + 20) == .success)
        #expect(!checker.bindToCurrentThread() && !checker.isOnLoopThread)
        checker.preconditionOnLoopThread()
        #expect(reports.withLock { $0 } == 1)
    }
}
