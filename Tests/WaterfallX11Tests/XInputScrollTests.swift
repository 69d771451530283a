import Testing
import Waterfall
import XvfbSupport

@_spi(Benchmarking) @testable import WaterfallX11

/// Records the inputs a window hands its view.
private final class InputRecorder: WaterfallWindowObserver {
    var inputs: [ViewInput] = []
    func window(_ window: WaterfallWindow, willApply input: ViewInput) { inputs.append(input) }
    var preciseNotches: [Double] {
        inputs.compactMap { if case .preciseScroll(let notches, _) = $0 { return notches } else { return nil } }
    }
    var wheelNotches: [Int] {
        inputs.compactMap { if case .wheel(let notches, _) = $0 { return notches } else { return nil } }
    }
}

/// XInput 2 scroll valuators end to end: an X.Org server whose `inputtest` devices post valuator motion as a
/// touchpad's and a mouse's drivers do (Xvfb has no such device), the window's event loop, its view.
@Suite(.serialized)
struct XInputScrollTests {
    /// A window of 200 cells of 50 px in one column on `server`, with smooth scrolling (the wheel glides).
    private static func makeWindow(
        on server: XorgInputTestServer
    ) throws -> (WaterfallWindow, InputRecorder, FixedHeightSource) {
        let display = try Display(name: server.display)
        let source = FixedHeightSource(count: 200, height: 50)
        let view = CollectionView(layout: CollectionLayout(columnCount: 1), columnPolicy: .fixed(1))
        view.register(forCellWithReuseIdentifier: "cell") { CollectionViewCell(reuseIdentifier: "cell") }
        view.dataSource = source
        let window = try WaterfallWindow(
            display: display, collectionView: view,
            configuration: .init(
                title: "Waterfall", size: Size(width: 300, height: 400),
                statusBar: .testBar()))
        let recorder = InputRecorder()
        window.observer = recorder
        try window.runUntilFirstFrame()
        return (window, recorder, source)
    }

    /// Sends an `x` key through XTEST after the devices' events, and turns the loop until the window has it: every
    /// event before it has been handled.
    private static func handleEverythingSent(by server: XorgInputTestServer, in window: WaterfallWindow) throws {
        for device in server.devices { try device.sync() }
        var keys: [String] = []
        window.onKey = { name, _ in keys.append(name) }
        try xdotool(["key", "x"], display: server.display)
        while !keys.contains("x") {
            #expect(try window.turn() == nil)
        }
    }

    @Test func aTouchpadScrollsPixelPreciselyAtOnceAndItsEmulatedWheelPressesAreDropped() throws {
        let server = try XorgInputTestServer(pointerNames: ["Waterfall test touchpad", "Waterfall test mouse"])
        let (window, recorder, source) = try Self.makeWindow(on: server)
        defer { withExtendedLifetime(source) {} }
        let view = window.collectionView
        #expect(window.usesXInput2)
        let scrolling = try #require(window.xinput?.scrolling)
        #expect(scrolling.deviceIDs.map { scrolling.isTouchpad($0) } == [true, false])  // by their names

        try xdotool(["mousemove", "--window", "\(window.windowID)", "100", "100"], display: server.display)
        let touchpad = server.devices[0]
        // Five quarter notches (30 of the increment's 120): the server emulates a button 5 at the fourth. The first
        // only records the valuator's value: the pointer entered the window, and the master switched to this device.
        for _ in 0..<5 { try touchpad.scroll(by: 30) }
        try Self.handleEverythingSent(by: server, in: window)
        #expect(recorder.preciseNotches.reduce(0, +) == 1)
        #expect(recorder.wheelNotches.isEmpty)  // the emulated press did not scroll
        #expect(view.contentOffset == 64)  // one wheel step, at once
        #expect(!view.isAnimatingScroll)
        #expect(
            !recorder.inputs.contains {
                if case .animationFrame = $0 { return true }
                return false
            })

        // A quarter notch up: 16 px.
        try touchpad.scroll(by: -30)
        try Self.handleEverythingSent(by: server, in: window)
        #expect(view.contentOffset == 48)
    }

    @Test func aMouseWhoseWheelIsAValuatorScrollsByGlidingNotchesIncludingItsFirstClick() throws {
        let server = try XorgInputTestServer(pointerNames: ["Waterfall test touchpad", "Waterfall test mouse"])
        let (window, recorder, source) = try Self.makeWindow(on: server)
        defer { withExtendedLifetime(source) {} }
        let view = window.collectionView
        try xdotool(["mousemove", "--window", "\(window.windowID)", "100", "100"], display: server.display)
        let mouse = server.devices[1]
        // Three clicks: the first one's motion is only recorded (a reset), its emulated press scrolls it; the next
        // two scroll through the valuator, and their emulated presses are dropped.
        for _ in 0..<3 { try mouse.scroll(by: 120) }
        try Self.handleEverythingSent(by: server, in: window)
        #expect(recorder.wheelNotches.reduce(0, +) == 3)
        #expect(recorder.preciseNotches.isEmpty)
        while view.isAnimatingScroll {  // the glide's frames, on the loop's own timers
            #expect(try window.turn() == nil)
        }
        #expect(view.contentOffset == 192)
        #expect(
            recorder.inputs.contains {
                if case .animationFrame = $0 { return true }
                return false
            })
    }

    @Test func aTouchpadPullsAtTheTopAndTheRestLetsItGo() throws {
        let server = try XorgInputTestServer(pointerNames: ["Waterfall test touchpad"])
        let (window, recorder, source) = try Self.makeWindow(on: server)
        defer { withExtendedLifetime(source) {} }
        let view = window.collectionView
        view.allowsPullToRefresh = true
        try xdotool(["mousemove", "--window", "\(window.windowID)", "100", "100"], display: server.display)
        let touchpad = server.devices[0]
        // The first motion records; then three notches up: 192 px beyond the top, a pull of 96, past the threshold.
        try touchpad.scroll(by: -1)
        for _ in 0..<6 { try touchpad.scroll(by: -60) }
        try Self.handleEverythingSent(by: server, in: window)
        #expect(recorder.preciseNotches.reduce(0, +) == -3)
        #expect((view.contentOffset, view.pullDistance, view.isPullArmed) == (0, 96, true))
        while view.pullDistance > 0 {  // the rest (0.3 s) lets it go, on the loop's timer
            #expect(try window.turn() == nil)
        }
        #expect(recorder.inputs.last == .releasePull)
        #expect(view.contentOffset == 0)
    }
}
