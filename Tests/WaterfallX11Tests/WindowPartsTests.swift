import Testing
import Waterfall

@testable import WaterfallX11

/// The parts a window keeps its state in, without a display: the configuration's defaults, the double click, the
/// overlay's whole notches, and what a frame counts.
struct WindowPartsTests {
    @Test func aConfigurationOfATitleAndASizeHasTheDocumentedDefaults() {
        let configuration = WaterfallWindow.Configuration(title: "Swatches", size: Size(width: 800, height: 600))
        #expect(configuration.title == "Swatches")
        #expect(configuration.size == Size(width: 800, height: 600))
        #expect(configuration.scale == nil)
        #expect(configuration.fontPattern == nil)
        #expect(configuration.statusBar == nil)
        #expect(configuration.className == nil)
        #expect(configuration.instanceName == nil)
        #expect(configuration.startupID == nil)
        #expect(configuration.icons.isEmpty)
        #expect(configuration.useDoubleBufferExtension)
        #expect(configuration.useXInput2)
    }

    /// A press of button 1 at `x`, `y` at `time` ms.
    func press(at time: XTimestamp, x: Int32 = 10, y: Int32 = 10) -> PointerEvent {
        PointerEvent(x: x, y: y, button: 1, state: 0, time: time)
    }

    @Test func aSecondPressSoonAndNearIsADoubleClickAndNotTheFirstOfAnother() {
        var pointer = PointerState()
        let presses = [
            press(at: 1_000), press(at: 1_400, x: 14, y: 6), press(at: 1_500), press(at: 1_901),
            press(at: 1_950, x: 15), press(at: 2_000, x: 15),
        ]
        // The second is 400 ms and 4 px from the first (the limits); the third starts again; the fourth is 401 ms
        // after the third; the fifth 5 px from the fourth; the sixth near the fifth.
        #expect(presses.map { pointer.isDoubleClick($0) } == [false, true, false, false, false, true])
    }

    @Test func theOverlayHearsWholeNotchesAndTheRestWaits() {
        var state = OverlayState()
        let notches = [0.75, 0.5, -2.5].map { state.takeWholeNotches(adding: $0) }
        #expect(notches == [0, 1, -2])
        #expect(state.scrollRemainder == -0.25)  // 0.25 left after the second, then -2.25 of which -2 whole
    }

    @Test func aFrameCountsItsRequestsAndWhetherItWaitedForAReply() {
        var counters = FrameCounters()
        #expect(!counters.firstFramePresented)
        counters.countFrame(firstRequest: 100, nextRequest: 137, lastProcessed: 99)
        #expect(counters.framesPresented == 1)
        #expect(counters.firstFramePresented)
        #expect(counters.requestsInLastFrame == 37)
        #expect(counters.roundTripsInLastFrame == 0)
        // a request of the frame was answered
        counters.countFrame(firstRequest: 137, nextRequest: 140, lastProcessed: 138)
        #expect(counters.framesPresented == 2)
        #expect(counters.requestsInLastFrame == 3)
        #expect(counters.roundTripsInLastFrame == 1)
    }
}
