import Foundation
import Testing
import Waterfall
import XvfbSupport

@_spi(Benchmarking) @testable import WaterfallX11

/// A pipe the test writes to, served by a display's loop as a poll source, which records what the loop did with it.
private final class PipeSource: DisplayPollSource {
    let readEnd: Int32
    let writeEnd: Int32
    /// The longest wait the source allows (-1: no limit).
    var allowed: Int32 = -1
    private(set) var prepared = 0
    /// The `revents` of each finished wait, in order.
    private(set) var finished: [Int16] = []
    private(set) var bytesRead = 0
    private(set) var offTheLoopThread = 0
    let loopThread = pthread_self()

    init() throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw X11TestError("no pipe") }
        (readEnd, writeEnd) = (ends[0], ends[1])
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    func prepareToWait(_ descriptors: inout [pollfd]) -> Int32 {
        prepared += 1
        descriptors.append(pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0))
        return allowed
    }

    func finishWait(_ descriptors: ArraySlice<pollfd>) {
        if pthread_equal(pthread_self(), loopThread) == 0 { offTheLoopThread += 1 }
        let revents = descriptors.first?.revents ?? -1
        finished.append(revents)
        if revents & Int16(POLLIN) != 0 {
            var bytes = [UInt8](repeating: 0, count: 64)
            bytesRead += max(0, read(readEnd, &bytes, bytes.count))
        }
    }
}

/// Another library's descriptors and timeouts in the display's loop (`DisplayPollSource`), as GLib's main context is
/// for the accessibility bridge: waited on beside the connection and the wake pipe, served on the loop's thread, and
/// gone from the wait once removed.
@Suite(.serialized)
struct PollSourceTests {
    func window(on xvfb: XvfbServer) throws -> WaterfallWindow {
        try WaterfallWindow(
            display: try Display(name: xvfb.display), collectionView: CollectionView(),
            configuration: .init(title: "Waterfall", size: Size(width: 120, height: 100)))
    }

    @Test func aSourcesDescriptorIsWaitedOnAndItsWorkRunsOnTheLoopsThread() throws {
        let xvfb = try XvfbServer()
        defer { withExtendedLifetime(xvfb) {} }
        let window = try window(on: xvfb)
        try window.runUntilFirstFrame()
        let source = try PipeSource()
        window.display.addPollSource(source)
        // Once the kernel shows the loop's thread asleep in poll on three descriptors (the connection, the wake pipe
        // and the source's pipe), without a timeout, another thread writes a byte into the source's pipe.
        let loopThread = try currentThreadID()
        let writeEnd = source.writeEnd
        let written = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            try? PollWait.waitUntil(PollWait(descriptors: 3, isForever: true), process: getpid(), thread: loopThread)
            var byte: UInt8 = 1
            _ = write(writeEnd, &byte, 1)
            written.signal()
        }
        while source.bytesRead == 0 { #expect(try window.turn() == nil) }
        written.wait()
        #expect(source.bytesRead == 1 && source.finished.last == Int16(POLLIN) && source.offTheLoopThread == 0)

        // Removed, it is neither prepared nor waited on again: the loop sleeps on its own two descriptors.
        window.display.removePollSource(source)
        let prepared = source.prepared
        let waker = DispatchSemaphore(value: 0)
        let signal = window.wakeSignal
        Thread.detachNewThread {
            try? PollWait.waitUntil(PollWait(descriptors: 2, isForever: true), process: getpid(), thread: loopThread)
            signal.wake()
            waker.signal()
        }
        #expect(try window.turn() == nil)
        waker.wait()
        #expect(source.prepared == prepared)
    }

    @Test func aSourcesTimeoutEndsTheWaitAndATurnThatDoesNotWaitStillServesIt() throws {
        let xvfb = try XvfbServer()
        defer { withExtendedLifetime(xvfb) {} }
        let window = try window(on: xvfb)
        try window.runUntilFirstFrame()
        let source = try PipeSource()
        source.allowed = 1  // a millisecond: nothing else would end this wait
        window.display.addPollSource(source)
        #expect(try window.turn() == nil)
        #expect(source.prepared == 1 && source.finished == [0])
        // A program with a loop of its own calls processPendingEvents() without the display's wait: the source is
        // served there, without waiting.
        try window.display.processPendingEvents()
        #expect(source.prepared == 2 && source.finished == [0, 0])
    }
}
