import Testing
import Waterfall
import XvfbSupport

@_spi(Benchmarking) @testable import WaterfallX11

/// Records the inputs a window hands its view.
private final class InputRecorder: WaterfallWindowObserver {
    var inputs: [ViewInput] = []
    func window(_ window: WaterfallWindow, willApply input: ViewInput) { inputs.append(input) }
}

/// The pointer's path into the view with XInput 2 (which Xvfb has: 2.2, but no device with scroll valuators) and
/// without it: real wheel buttons (XTEST's, as a mouse without scroll valuators sends them), presses, drags and
/// motion reach the view as the same inputs either way, and motion with no button held reaches it neither way
/// (the window's core mask selects only button 1's drags, and XI2 motion is handed on as that mask would).
@Suite(.serialized)
struct PointerPathTests {
    @Test(arguments: [true, false])
    func wheelButtonsPressesAndDragsReachTheViewAsWithCoreEvents(useXInput2: Bool) throws {
        let xvfb = try XvfbServer()
        defer { withExtendedLifetime(xvfb) {} }
        let display = try Display(name: xvfb.display)
        let source = FixedHeightSource(count: 200, height: 50)
        defer { withExtendedLifetime(source) {} }
        let view = CollectionView(layout: CollectionLayout(columnCount: 1), columnPolicy: .fixed(1))
        view.register(forCellWithReuseIdentifier: "cell") { CollectionViewCell(reuseIdentifier: "cell") }
        view.dataSource = source
        view.isSmoothScrollingEnabled = false
        let window = try WaterfallWindow(
            display: display, collectionView: view,
            configuration: .init(
                title: "Waterfall", size: Size(width: 200, height: 220),
                statusBar: .testBar(), useXInput2: useXInput2))
        #expect(window.usesXInput2 == useXInput2)
        let recorder = InputRecorder()
        window.observer = recorder
        try window.runUntilFirstFrame()
        recorder.inputs = []

        let id = window.windowID
        try xdotool(
            script: """
                mousemove --window \(id) 50 60
                mousemove --window \(id) 51 62
                click 5
                click 5
                click 5
                click 4
                mousedown 1
                mousemove --window \(id) 52 63
                mouseup 1
                key Home

                """, display: xvfb.display)
        // The Home key comes last: once the view has it, every event before it has been handled.
        while !recorder.inputs.contains(.key(.home, modifiers: [])) {
            #expect(try window.turn() == nil)
        }
        let wheel = recorder.inputs.compactMap { input -> Int? in
            if case .wheel(let notches, _) = input { return notches }
            return nil
        }
        #expect(wheel.reduce(0, +) == 2)
        #expect(
            !recorder.inputs.contains {
                if case .preciseScroll = $0 { return true }
                return false
            })
        let pointer = recorder.inputs.filter {
            switch $0 {
            case .wheel, .animationFrame, .resize: return false
            default: return true
            }
        }
        #expect(
            pointer == [
                .pointerDown(Point(x: 51, y: 62), modifiers: []), .pointerMoved(Point(x: 52, y: 63)),
                .pointerUp(Point(x: 52, y: 63)), .key(.home, modifiers: []),
            ])
    }
}
