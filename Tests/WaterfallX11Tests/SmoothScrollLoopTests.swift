import Testing
import Waterfall
import XvfbSupport

@_spi(Benchmarking) @testable import WaterfallX11

/// Records the offset of every presented frame.
private final class FrameRecorder: WaterfallWindowObserver {
    var offsets: [Double] = []
    func windowDidPresentFrame(_ window: WaterfallWindow) { offsets.append(window.collectionView.contentOffset) }
}

/// A window over 200 cells of 50 px whose timers run on a manual clock; the data source is returned to be kept alive.
private func makeWindow(on xvfb: XvfbServer) throws -> (WaterfallWindow, CollectionView, ManualClock, FixedHeightSource)
{
    let display = try Display(name: xvfb.display)
    let source = FixedHeightSource(count: 200, height: 50)
    let view = CollectionView(layout: CollectionLayout(columnCount: 1), columnPolicy: .fixed(1))
    view.register(forCellWithReuseIdentifier: "cell") { CollectionViewCell(reuseIdentifier: "cell") }
    view.dataSource = source
    let window = try WaterfallWindow(
        display: display, collectionView: view,
        configuration: .init(
            title: "Waterfall", size: Size(width: 200, height: 220),
            statusBar: .testBar()))
    let clock = ManualClock(now: 1_000_000_000_000)
    window.timers.queue = TimerQueue { clock.now }
    return (window, view, clock, source)
}

/// The event loop drives a smooth scroll with timers at the frame rate, on its monotonic clock (here a manual one,
/// so the frames' times, and so their offsets, are exact), and has no timer once it ends.
@Suite(.serialized)
struct SmoothScrollLoopTests {
    @Test func aNotchIsAnimatedByFrameTimersThatStopWithTheAnimation() throws {
        let xvfb = try XvfbServer()
        defer { withExtendedLifetime(xvfb) {} }
        let (window, view, clock, source) = try makeWindow(on: xvfb)
        defer { withExtendedLifetime(source) {} }
        let recorder = FrameRecorder()
        window.observer = recorder
        try window.runUntilFirstFrame()
        #expect(window.animationFrameInterval == 1.0 / 60)
        #expect(window.timers.queue.timeoutMilliseconds() == -1)  // idle: poll sleeps without a timeout

        recorder.offsets = []
        window.postWheelNotch(down: true)
        while !view.isAnimatingScroll {
            #expect(try window.turn() == nil)  // blocks in poll until the notch arrives; the clock stands still
        }
        #expect(recorder.offsets.allSatisfy { $0 == 0 })  // a late Expose may draw, but nothing moved
        recorder.offsets = []
        #expect(view.scrollAnimation == ScrollAnimation(from: 0, to: 64, startTime: 1000, duration: 0.1))
        #expect(window.timers.queue.count == 1)
        #expect(window.timers.queue.timeoutMilliseconds() == 17)  // 16.67 ms, rounded up
        var turns = 0
        while window.timers.queue.count > 0 && turns < 20 {
            clock.now += 16_666_667  // one frame period later: the frame's timer is due
            #expect(try window.turn() == nil)
            turns += 1
        }
        // Frames at 1/60 s steps of the 0.1 s ease-out, each a whole pixel; the sixth wake finds the animation
        // ended (at 64, already shown) and draws nothing.
        #expect(recorder.offsets == [27, 45, 56, 62, 64])
        #expect(turns == 6)
        #expect(!view.isAnimatingScroll)
        #expect(window.timers.queue.count == 0)
        #expect(window.timers.queue.timeoutMilliseconds() == -1)
    }

    @Test func foldedNotchesMakeOneAnimationAndWithoutSmoothScrollingOneFrame() throws {
        let xvfb = try XvfbServer()
        defer { withExtendedLifetime(xvfb) {} }
        let (window, view, _, source) = try makeWindow(on: xvfb)
        defer { withExtendedLifetime(source) {} }
        try window.runUntilFirstFrame()
        for _ in 0..<3 { window.postWheelNotch(down: true) }
        window.display.sync()  // all three are queued before the turn reads them
        #expect(try window.turn() == nil)
        #expect(view.scrollAnimation?.to == 192)
        #expect(window.timers.queue.count == 1)

        view.isSmoothScrollingEnabled = false
        view.finishScrollAnimation()
        let frames = window.framesPresented
        for _ in 0..<3 { window.postWheelNotch(down: true) }
        window.display.sync()
        #expect(try window.turn() == nil)
        #expect(view.contentOffset == 384)
        #expect(window.framesPresented == frames + 1)
    }
}
