import Testing
import Waterfall
import XvfbSupport

@_spi(Benchmarking) @testable import WaterfallX11

/// Records the sizes the window hands its view, and counts relayouts.
private final class ResizeRecorder: WaterfallWindowObserver, CollectionViewDelegate {
    var sizes: [Size] = []
    var layouts = 0
    func window(_ window: WaterfallWindow, willApply input: ViewInput) {
        if case .resize(let size) = input { sizes.append(size) }
    }
    func collectionViewDidLayout(_ collectionView: CollectionView) { layouts += 1 }
}

/// The loop applies a window size at most once per display frame: a single resize at once, a burst of them as
/// one relayout to the last size when the frame's interval is over, and a size read in the frame a timer's size
/// began at that frame's end (on a manual clock, so the counts are exact).
@Suite(.serialized)
struct ResizeCoalescingTests {
    @Test func aBurstOfResizesWithinAFrameBecomesOneRelayoutToTheLastSize() throws {
        let xvfb = try XvfbServer()
        defer { withExtendedLifetime(xvfb) {} }
        let display = try Display(name: xvfb.display)
        let source = FixedHeightSource(count: 100, height: 40)  // enough to lay out again on each resize
        defer { withExtendedLifetime(source) {} }
        let view = CollectionView(
            layout: CollectionLayout(columnCount: 1),
            columnPolicy: ColumnPolicy(portraitColumns: 1, landscapeColumns: 2))
        view.register(forCellWithReuseIdentifier: "cell") { CollectionViewCell(reuseIdentifier: "cell") }
        view.dataSource = source
        let recorder = ResizeRecorder()
        view.delegate = recorder
        let window = try WaterfallWindow(
            display: display, collectionView: view,
            configuration: .init(
                title: "Waterfall", size: Size(width: 200, height: 220),
                statusBar: .testBar()))
        let clock = ManualClock(now: 5_000_000_000_000)
        window.timers.queue = TimerQueue { clock.now }
        window.observer = recorder
        try window.runUntilFirstFrame()
        #expect(view.layout.columnCount == 1)  // 200 × 200 is not wider than tall
        recorder.layouts = 0

        // One resize after a rest is applied in the turn that reads it.
        try resizeWindow(window.windowID, through: [(300, 220)], display: xvfb.display)
        var turns = 0
        while window.windowSize != Size(width: 300, height: 220), turns < 100 {
            #expect(try window.turn() == nil)
            turns += 1
        }
        #expect(recorder.sizes == [Size(width: 300, height: 200)])
        #expect(view.layout.columnCount == 2)
        #expect(recorder.layouts == 1)

        // 1,000 more within the same frame (the clock stands still), alternating across the threshold: none is
        // applied until the frame's interval is over; the last one is, alone.
        let burst =
            (0..<999).map { $0.isMultiple(of: 2) ? (width: 220, height: 420) : (width: 420, height: 220) } + [
                (width: 180, height: 320)
            ]
        try resizeWindow(window.windowID, through: burst, display: xvfb.display)
        turns = 0
        while window.batch.size != Size(width: 180, height: 320), turns < 100 {
            #expect(try window.turn() == nil)
            turns += 1
        }
        #expect(window.windowSize == Size(width: 300, height: 220))
        #expect(recorder.sizes == [Size(width: 300, height: 200)])
        #expect(window.timers.queue.count == 1)

        clock.now += 16_666_667
        #expect(try window.turn() == nil)
        #expect(window.windowSize == Size(width: 180, height: 320))
        #expect(recorder.sizes == [Size(width: 300, height: 200), Size(width: 180, height: 300)])
        #expect(recorder.layouts == 2)
        #expect(view.layout.columnCount == 1)
        #expect(view.viewportSize == Size(width: 180, height: 300))
        #expect(window.timers.queue.count == 0)
        #expect(window.batch.size == nil)

        // The size the timer applied starts a frame of its own: one more resize read in it waits for its end too.
        try resizeWindow(window.windowID, through: [(260, 220)], display: xvfb.display)
        turns = 0
        while window.batch.size != Size(width: 260, height: 220), turns < 100 {
            #expect(try window.turn() == nil)
            turns += 1
        }
        #expect(window.timers.queue.count == 1)
        clock.now += 10_000_000
        #expect(try window.turn() == nil)
        #expect(window.windowSize == Size(width: 180, height: 320))  // 10 ms into the frame: not yet
        clock.now += 6_666_667
        #expect(try window.turn() == nil)
        #expect(window.windowSize == Size(width: 260, height: 220))
        #expect(
            recorder.sizes == [
                Size(width: 300, height: 200), Size(width: 180, height: 300), Size(width: 260, height: 200),
            ])
        #expect(recorder.layouts == 3)
        #expect(window.timers.queue.count == 0)
    }
}
