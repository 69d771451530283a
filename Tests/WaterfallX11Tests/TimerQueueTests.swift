import Testing

@testable import WaterfallX11

/// The timers of the event loop, without a display: order, cancelling, what is due, the poll timeout.
struct TimerQueueTests {
    @Test func dueTimersComeOutInDeadlineOrderAndCancelledOnesNever() {
        let clock = ManualClock(now: 0)
        var queue = TimerQueue(now: { clock.now })
        var ran: [String] = []
        #expect(queue.timeoutMilliseconds() == -1)
        queue.schedule(after: 3, { ran.append("a 3 s") })
        queue.schedule(after: 1, { ran.append("b 1 s") })
        let cancelled = queue.schedule(after: 2, { ran.append("c 2 s") })
        queue.schedule(after: 5, { ran.append("d 5 s") })
        queue.schedule(after: 1, { ran.append("e 1 s") })  // ties with b: scheduling order
        queue.cancel(cancelled)
        queue.checkInvariants()
        #expect(queue.count == 4)
        #expect(queue.timeoutMilliseconds() == 1000)

        clock.set(seconds: 3)
        var pass = queue.expiry()
        while let action = queue.popExpired(in: pass) { action() }
        #expect(ran == ["b 1 s", "e 1 s", "a 3 s"])
        #expect(queue.count == 1)
        #expect(queue.timeoutMilliseconds() == 2000)
        queue.cancel(cancelled)  // already gone: nothing happens
        #expect(queue.count == 1)

        clock.set(seconds: 6)
        #expect(queue.timeoutMilliseconds() == 0)
        pass = queue.expiry()
        while let action = queue.popExpired(in: pass) { action() }
        #expect(ran == ["b 1 s", "e 1 s", "a 3 s", "d 5 s"])
        #expect(queue.timeoutMilliseconds() == -1)
    }

    @Test func theTimeoutIsRoundedUpToWholeMilliseconds() {
        let clock = ManualClock(now: 0)
        var queue = TimerQueue(now: { clock.now })
        queue.schedule(after: 0.0025, {})  // 2.5 ms
        #expect(queue.timeoutMilliseconds() == 3)
        clock.now = 1_500_001  // 0.999999 ms left
        #expect(queue.timeoutMilliseconds() == 1)
        clock.now = 2_500_000
        #expect(queue.timeoutMilliseconds() == 0)
        clock.now = 9_000_000  // past the deadline: never negative
        #expect(queue.timeoutMilliseconds() == 0)
        queue.schedule(after: .infinity, {})
        queue.schedule(after: -1, {})
        queue.schedule(after: .nan, {})
        #expect(queue.count == 4)
        queue.checkInvariants()
    }

    @Test func anActionCanCancelALaterTimerAndItsNewTimersWaitForTheNextPass() {
        let clock = ManualClock(now: 0)
        var queue = TimerQueue(now: { clock.now })
        var ran: [String] = []
        var later: TimerToken?
        queue.schedule(
            after: 1,
            {
                ran.append("first")
                if let later { queue.cancel(later) }
                queue.schedule(after: 0, { ran.append("scheduled by first") })
            })
        later = queue.schedule(after: 1, { ran.append("cancelled by first") })

        clock.set(seconds: 2)
        var pass = queue.expiry()
        while let action = queue.popExpired(in: pass) { action() }
        #expect(ran == ["first"])  // the clock did not move, yet the new zero-delay timer waits
        #expect(queue.count == 1)
        #expect(queue.timeoutMilliseconds() == 0)

        pass = queue.expiry()
        while let action = queue.popExpired(in: pass) { action() }
        #expect(ran == ["first", "scheduled by first"])
        #expect(queue.count == 0)
    }

    @Test func delaysBecomeWholeNanosecondsRoundedUp() {
        #expect(TimerQueue.nanoseconds(0.0015) == 1_500_000)
        #expect(TimerQueue.nanoseconds(1e-10) == 1)
        #expect(TimerQueue.nanoseconds(0) == 0)
        #expect(TimerQueue.nanoseconds(-2) == 0)
        #expect(TimerQueue.nanoseconds(.nan) == 0)
        #expect(TimerQueue.nanoseconds(.infinity) == .max)
    }
}
