import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// The demo with a touchpad: an X.Org server whose `inputtest` device posts scroll valuator motion as a touchpad's
/// driver does (increment 120). With XInput 2 the window scrolls pixel-precisely and logs `preciseScroll` inputs,
/// which `replay` repeats exactly; with `--no-xinput2` the same swipe scrolls by the wheel presses the server emulates.
@Suite(.serialized)
struct TouchpadWindowTests {
    /// Starts the demo on a server with one touchpad, with the pointer in its window.
    private static func start(_ arguments: [String]) throws -> (XorgInputTestServer, DemoProcess, Event) {
        let server = try XorgInputTestServer(pointerNames: ["Waterfall test touchpad"])
        let demo = try DemoProcess(
            arguments: ["--log-events", "--width", "600", "--height", "500"] + arguments,
            display: server.display)
        let ready = try demo.waitForEvent("the ready event") { $0.name == "ready" }.event
        try xdotool(["mousemove", "--window", String(ready.int("window") ?? 0), "100", "100"], display: server.display)
        return (server, demo, ready)
    }

    private static func inputs(_ demo: DemoProcess, _ kind: String) -> [Event] {
        demo.events.filter { $0.name == "input" && $0.string("kind") == kind }
    }

    @Test func aSwipeScrollsByItsExactPixelsWithoutAGlideAndReplaysExactly() throws {
        let (server, demo, ready) = try Self.start([])
        #expect(ready["xinput2"] as? Bool == true)
        let touchpad = server.devices[0]
        try touchpad.scroll(by: 1)  // the first motion in the window only records
        for step in [18.0, 36, 54, 72, 60, 48, 36, 24, 12] { try touchpad.scroll(by: step) }  // 360: 3 notches
        try touchpad.sync()
        let swiped = try demo.waitForEvent("a frame at 192") { $0.name == "frame" && $0.double("offset") == 192 }
            .position
        let notches = Self.inputs(demo, "preciseScroll").compactMap { $0.double("notches") }
        #expect(abs(notches.reduce(0, +) - 3) < 1e-9)
        #expect(Self.inputs(demo, "wheel").isEmpty)  // the server's emulated presses were dropped
        #expect(Self.inputs(demo, "tick").isEmpty)  // and nothing glided

        for _ in 0..<2 { try touchpad.scroll(by: -60) }  // a notch up: 128
        try touchpad.sync()
        try demo.waitForEvent(after: swiped, "a frame at 128") { $0.name == "frame" && $0.double("offset") == 128 }
        try xdotool(["key", "q"], display: server.display)
        #expect(try demo.waitForExit() == 0)
        let exit = try #require(demo.events.last { $0.name == "exit" })
        #expect(exit.double("offset") == 128)

        // The log alone, replayed without X, passes through the same scrolls to the same state.
        let logFile = FileManager.default.temporaryDirectory.appendingPathComponent("touchpad-\(getpid()).jsonl")
        try (demo.lines.joined(separator: "\n") + "\n").write(to: logFile, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: logFile) }
        let replay = try DemoProcess(arguments: ["replay", logFile.path], display: nil)
        #expect(try replay.waitForExit() == 0, "\(replay.standardError)")
        let state = try #require(replay.events.last)
        #expect(state.name == "state")
        #expect(state.double("offset") == 128)
        let scrolls = { (process: DemoProcess) in process.lines.filter { $0.contains(#""event":"scroll""#) } }
        #expect(scrolls(replay) == scrolls(demo))
        #expect(scrolls(demo).count == Self.inputs(demo, "preciseScroll").count)  // each moved a pixel or more
    }

    @Test func withoutXInput2TheSameSwipeScrollsByTheEmulatedWheelPresses() throws {
        let (server, demo, ready) = try Self.start(["--no-xinput2"])
        #expect(ready["xinput2"] as? Bool == false)
        let touchpad = server.devices[0]
        for _ in 0..<5 { try touchpad.scroll(by: 30) }  // 150: the server emulates one button 5 press, at 120
        try touchpad.sync()
        try demo.waitForEvent("a frame at 64") { $0.name == "frame" && $0.double("offset") == 64 }
        try xdotool(["key", "q"], display: server.display)
        #expect(try demo.waitForExit() == 0)
        #expect(Self.inputs(demo, "wheel").compactMap { $0.int("notches") } == [1])
        #expect(Self.inputs(demo, "preciseScroll").isEmpty)
        #expect(!Self.inputs(demo, "tick").isEmpty)  // the notch glided
    }

    /// With Ctrl held, a touchpad's scroll (and a libinput mouse's wheel, which XInput 2 gives as the same valuator
    /// motion) zooms the photo wall's grid a column per whole notch instead of scrolling.
    @Test func ctrlWithATouchpadScrollZoomsTheGridInsteadOfScrolling() throws {
        let photos = try GeneratedImages()
        for index in 0..<12 { try photos.image("p\(index).png", width: 400, height: 300, colour: "#5070A0") }
        let server = try XorgInputTestServer(pointerNames: ["Waterfall test touchpad"])
        let wall = try DemoProcess(
            executable: "waterfall", arguments: ["--log-events", photos.root, "--width", "1000", "--height", "700"],
            display: server.display)
        let ready = try wall.waitForEvent("the ready event") { $0.name == "ready" }.event
        #expect(ready.int("columns") == 5)
        try xdotool(["mousemove", "--window", String(ready.int("window") ?? 0), "300", "200"], display: server.display)
        let touchpad = server.devices[0]
        try touchpad.scroll(by: 1)  // the first motion in the window only records
        try touchpad.sync()
        let start = wall.events.count
        try xdotool(["keydown", "Control_L"], display: server.display)
        for _ in 0..<4 { try touchpad.scroll(by: -30) }  // a notch up, in four motions: one zoom step in
        try touchpad.sync()
        try wall.waitForEvent(after: start, "the zoom to 4 columns") { $0.name == "layout" && $0.int("columns") == 4 }
        try xdotool(["keyup", "Control_L"], display: server.display)
        let keys = wall.events.dropFirst(start).filter { $0.name == "key" }.map {
            "\($0.string("chord") ?? "?") \($0.string("action") ?? "-")"
        }
        #expect(keys == ["Ctrl+WheelUp grid-zoom-in"])
        #expect(
            wall.events.dropFirst(start).filter { $0.name == "input" && $0.string("kind") == "preciseScroll" }.isEmpty)
        try xdotool(["key", "q"], display: server.display)
        #expect(try wall.waitForExit() == 0)
    }
}
