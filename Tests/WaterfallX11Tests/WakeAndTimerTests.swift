import Foundation
import Testing
import Waterfall
import XvfbSupport

@_spi(Benchmarking) @testable import WaterfallX11

/// A window on `xvfb` with an empty collection view: these tests are about the loop, not what it draws.
private func makeWindow(on xvfb: XvfbServer) throws -> WaterfallWindow {
    let display = try Display(name: xvfb.display)
    return try WaterfallWindow(
        display: display, collectionView: CollectionView(),
        configuration: .init(
            title: "Waterfall", size: Size(width: 120, height: 100),
            statusBar: .testBar()))
}

/// Wakes `signal` from another thread unless `signal()`led within `seconds`: a loop that would sleep forever
/// then fails its test instead of hanging it. Not a timing check: the margin is far beyond any real delay.
private func startWatchdog(waking signal: WakeSignal, after seconds: Double) -> DispatchSemaphore {
    let stop = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        if stop.wait(timeout: .now() + seconds) == .timedOut { signal.wake() }
    }
    return stop
}

/// Wakes `signal` from a thread of its own once thread `tid` of this process is blocked in `wait`: a wake that
/// certainly comes while the loop sleeps. When the thread never blocks so, it wakes the loop after the wait's
/// limit anyway, and `failure()` says why.
private final class PollWaker: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    /// Written by the waking thread before `done` is signalled, read after.
    private var error: Error?

    init(_ signal: WakeSignal, waitingFor wait: PollWait, thread tid: Int32) {
        Thread.detachNewThread { [self] in
            do {
                try PollWait.waitUntil(wait, process: getpid(), thread: tid)
            } catch {
                self.error = error
            }
            signal.wake()
            done.signal()
        }
    }

    /// Once the wake was sent: why the loop's thread was not seen in the wait, or `nil` when it was.
    func failure() -> String? {
        done.wait()
        return error.map { "\($0)" }
    }
}

/// The event loop against a real X server wakes for `WakeSignal.wake()` and for timers, not only for X events.
@Suite(.serialized)
struct WakeAndTimerTests {
    @Test func aWakeFromAnotherThreadEndsTheTurnAfterOneOnWakeOnTheLoopsThread() throws {
        let xvfb = try XvfbServer()
        defer { withExtendedLifetime(xvfb) {} }
        let window = try makeWindow(on: xvfb)
        try window.runUntilFirstFrame()
        let loopThread = pthread_self()
        var wakes = 0
        var wakesOffTheLoopThread = 0
        window.onWake = {
            wakes += 1
            if pthread_equal(pthread_self(), loopThread) == 0 { wakesOffTheLoopThread += 1 }
        }
        var guardFired = false
        window.schedule(after: 30) { guardFired = true }  // ends the wait below if wakes never arrive
        let signal = window.wakeSignal

        // More wakes than the pipe holds (64 KiB), queued by another thread before the loop looks: `wake()`
        // does not block on the full pipe, and they make one onWake and leave the pipe empty.
        let sent = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            for _ in 0..<70_000 { signal.wake() }
            sent.signal()
        }
        sent.wait()
        #expect(try window.turn() == nil)
        #expect(wakes == 1)
        #expect(!window.wakeSignal.drain())

        // A wake while the loop sleeps in poll ends that sleep: the waking thread waits until the kernel shows
        // this thread, the loop's, blocked in poll on its two descriptors (with a timeout: the guard's timer).
        let waker = PollWaker(
            signal, waitingFor: PollWait(descriptors: 2, isForever: false), thread: try currentThreadID())
        while wakes == 1 && !guardFired {
            #expect(try window.turn() == nil)
        }
        #expect(waker.failure() == nil)
        #expect(wakes == 2)
        #expect(wakesOffTheLoopThread == 0)
        #expect(!guardFired)
    }

    @Test func aDueTimerEndsTheTurnAndIsDrawnInItAndACancelledOneNeverRuns() throws {
        let xvfb = try XvfbServer()
        defer { withExtendedLifetime(xvfb) {} }
        let window = try makeWindow(on: xvfb)
        try window.runUntilFirstFrame()
        var guardFired = false
        window.onWake = { guardFired = true }
        let watchdog = startWatchdog(waking: window.wakeSignal, after: 30)
        defer { watchdog.signal() }

        var ran: [String] = []
        // Due before the live timer: had cancelling failed, it would run first.
        let cancelled = window.schedule(after: 0.01) { ran.append("cancelled") }
        window.schedule(after: 0.02) { [weak window] in
            ran.append("live")
            window?.collectionView.setNeedsDisplay()
        }
        window.cancel(cancelled)
        var framesBeforeTurn = window.framesPresented
        while ran.isEmpty && !guardFired {
            framesBeforeTurn = window.framesPresented
            #expect(try window.turn() == nil)
        }
        #expect(ran == ["live"])
        #expect(window.framesPresented == framesBeforeTurn + 1)  // the timer ran before its turn's frame
        #expect(window.timers.queue.count == 0)
        #expect(!guardFired)
    }
}
