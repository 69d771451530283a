import Foundation
import Testing
import XvfbSupport

/// The X faults a desktop program meets: a server that goes away, a window another client destroys, a
/// window manager that iconifies, unmaps and resizes, and windows of extreme sizes.
struct XFaultTests {
    @Test func aServerThatGoesAwayEndsTheProgramWithOneLineAndStatusOne() throws {
        let demo = try RunningDemo(["--no-smooth"])
        let start = demo.eventCount
        try demo.wheel(notches: 2)
        try demo.waitForFrame(after: start, offset: 2 * demo.wheelStep)
        let display = demo.xvfb.display
        demo.xvfb.stop()
        #expect(try demo.process.waitForExit() == 1)
        // The program's line (the library prints nothing of its own), naming the display.
        #expect(
            demo.process.standardError == "waterfall-demo: lost the connection to X display '\(display)': "
                + "the server went away or closed the connection; exiting\n")
    }

    @Test func aWindowDestroyedByAnotherClientEndsTheProgramCleanlyWithStatusOne() throws {
        let demo = try RunningDemo([])
        try destroyWindow(demo.window, display: demo.xvfb.display)
        #expect(try demo.process.waitForExit() == 1)
        #expect(demo.process.events.last?.name == "exit")
        #expect(demo.process.events.last?.string("reason") == "destroyed")
        // Requests already on their way to the destroyed window may be refused (BadDrawable, BadWindow): each
        // is reported with its codes; the last line says why the program ended.
        let lines = demo.process.standardError.split(separator: "\n").map(String.init)
        #expect(lines.last == "waterfall-demo: the window was destroyed by another X client; exiting")
        #expect(lines.dropLast().allSatisfy { $0.hasPrefix("waterfall: X error: ") && $0.contains("error code") })
    }

    @Test func iconifiedAndRestoredOrUnmappedAndRemappedByAWindowManagerTheWindowShowsTheSameWall() throws {
        let demo = try RunningDemo(["--no-smooth"], underWindowManager: true)
        let display = demo.xvfb.display
        #expect(try windowManagerState(of: demo.window, display: display) == 1)
        var start = demo.eventCount
        try demo.wheel(notches: 3)
        try demo.waitForFrame(after: start, offset: 3 * demo.wheelStep)
        let shown = try demo.screenshot()

        // Iconified: WM_STATE iconic (3). Unmapped by the client's side: withdrawn (0, or no WM_STATE left).
        for (hide, hiddenStates) in [("windowminimize", [3]), ("windowunmap", [0, nil])] as [(String, [Int?])] {
            start = demo.eventCount
            try xdotool([hide, String(demo.window)], display: display)
            try waitUntil("WM_STATE \(hiddenStates) after \(hide)") {
                hiddenStates.contains(try windowManagerState(of: demo.window, display: display))
            }
            try xdotool(["windowmap", "--sync", String(demo.window)], display: display)
            try waitUntil("WM_STATE normal after windowmap") {
                try windowManagerState(of: demo.window, display: display) == 1
            }
            try demo.process.waitForEvent(after: start, "a frame after \(hide) and windowmap") { $0.name == "frame" }
            let restored = try demo.screenshot()
            #expect(restored.width == shown.width && restored.height == shown.height)
            #expect(differingPixels(restored, shown) == 0, "after \(hide) and windowmap")
            #expect(demo.events(named: "frame", after: start).allSatisfy { $0.double("offset") == 3 * demo.wheelStep })
        }
        #expect(demo.process.isRunning)
        demo.expectNoXErrors()
    }

    @Test func aResizeByTheWindowManagerLaysOutForTheNewSize() throws {
        let demo = try RunningDemo(["--width", "1000", "--height", "720"], underWindowManager: true)
        let start = demo.eventCount
        try demo.resize(width: 600, height: 900)
        let layout = try expectLayout(of: demo, width: 600, height: 900, after: start)
        #expect(layout.int("columns") == 3)
        demo.expectNoXErrors()
    }

    @Test func windowsOfOnePixelAndOf8000PixelsAreLaidOutAndTheWallComesBack() throws {
        let demo = try RunningDemo(["--width", "1000", "--height", "720", "--no-smooth"])
        var start = demo.eventCount
        try demo.resize(width: 1, height: 1)
        let tiny = try demo.process.waitForEvent(after: start, "the layout for 1 x 1") {
            $0.name == "layout" && $0.viewWidth == 1
        }.event
        // Below the status bar's height: no viewport, no room for cards; nothing is drawn, nothing fails. The bar
        // takes the one column of pixels, with no height.
        #expect(tiny.double("viewport", "width") == 0)
        #expect(tiny.double("viewport", "height") == 0)
        #expect(["x", "y", "width", "height"].map { tiny.double("scrollBar", $0) } == [0, 0, 1, 0])
        #expect(tiny.double("columnWidth") == 0)
        let tinyFrame = try demo.process.waitForEvent(after: start, "a frame at 1 x 1") { $0.name == "frame" }.event
        #expect(tinyFrame.int("visible") == 0)

        start = demo.eventCount
        try demo.resize(width: 8000, height: 8000)
        try expectLayout(of: demo, width: 8000, height: 8000, after: start)
        try demo.process.waitForEvent(after: start, "a frame at 8000 x 8000") {
            $0.name == "frame" && ($0.int("visible") ?? 0) > 0
        }

        start = demo.eventCount
        try demo.resize(width: 1000, height: 720)
        let back = try demo.process.waitForEvent(after: start, "the layout for 1000 x 720") {
            $0.name == "layout" && $0.viewWidth == 1000
        }.event
        for key in ["columns", "columnWidth", "contentHeight"] {
            #expect(back.double(key) == demo.ready.double(key), "\(key)")
        }
        let layout = try runLayoutCommand([
            "--width", String(Int(demo.cardsWidth)), "--height", String(Int(demo.viewportHeight)),
        ])
        let first = try #require(layout.items.first)
        start = demo.eventCount
        try demo.click(x: first.midX, y: first.midY)
        let selected = try demo.process.waitForEvent(after: start, "a selection after the extremes") {
            $0.name == "select"
        }.event
        #expect(selected.int("index") == first.index)
        demo.expectNoXErrors()
    }
}

/// Waits for the demo's layout for a window of `width` × `height` after its first `after` events, and expects
/// the viewport (the cards' area) above the status bar and left of the scroll bar, and the columns, column width
/// and content height the `layout` subcommand computes for that viewport. Returns the layout event.
@discardableResult
private func expectLayout(
    of demo: RunningDemo, width: Int, height: Int, after start: Int,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> Event {
    let layout = try demo.process.waitForEvent(after: start, "the layout for \(width) x \(height)") {
        $0.name == "layout" && $0.viewWidth == Double(width)
    }.event
    let viewportWidth = width - 12
    let viewportHeight = height - 20  // the scroll bar, the status bar
    #expect(layout.double("viewport", "width") == Double(viewportWidth), sourceLocation: sourceLocation)
    #expect(layout.double("viewport", "height") == Double(viewportHeight), sourceLocation: sourceLocation)
    let expected = try runLayoutCommand(["--width", String(viewportWidth), "--height", String(viewportHeight)]).summary
    for key in ["columns", "columnWidth", "contentHeight"] {
        #expect(layout.double(key) == expected.double(key), "\(key)", sourceLocation: sourceLocation)
    }
    return layout
}

/// How many pixels differ between two screenshots of the same size.
private func differingPixels(_ a: Screenshot, _ b: Screenshot) -> Int {
    var count = 0
    for y in 0..<min(a.height, b.height) {
        for x in 0..<min(a.width, b.width) where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { count += 1 }
    }
    return count
}
