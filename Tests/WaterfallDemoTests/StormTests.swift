import Foundation
import Testing
import XvfbSupport

/// A seeded storm of more than 10,000 real X events through one xdotool process: the program (a debug build, which
/// checks the collection view's invariants after every frame and every layout change, and traps on a broken one)
/// receives every one of them, stays alive and answers a last known input; then its own event log, replayed through
/// the collection view alone (`waterfall-demo replay`, no X server), ends in exactly the state the window ended in.
@Suite(.serialized)
struct StormTests {
    /// The events the collection view and the demo report through the delegate, which a replay must repeat.
    static let viewEvents: Set<String> = [
        "layout", "scroll", "highlight", "unhighlight", "select", "deselect", "activate", "update",
        "updateFailed", "refresh",
    ]

    @Test func aSeededStormLeavesTheProgramAliveAndItsLogReplaysToTheSameState() throws {
        let demo = try RunningDemo(["--width", "900", "--height", "700"])
        let storm = StormScript(
            seed: 0x5707_2026, window: demo.window, size: (900, 700), minimumEvents: 10_000, finalSize: (960, 700))
        #expect(storm.events >= 10_000)
        #expect(storm.resizes >= 50)

        #expect(storm.chunks.count == 4)  // three pulls end a chunk each
        let started = Date()
        let input = try XdotoolSession(display: demo.xvfb.display)
        let log = LogFollower(demo.process)
        var keyPressesRead = 0
        for (chunk, commands) in storm.chunks.enumerated() {
            try input.send(commands)
            guard chunk < storm.keyPressesThroughPulls.count else { break }
            // The chunk ends with a pull: Home, then four notches up. Wait until the window has read the pull's
            // Home and its four notches and then let the pull go (its timer, after the wheel rested), whatever
            // the machine's speed: only then is the next chunk sent.
            var notchesAfterHome = 0
            try log.waitFor("the release of pull \(chunk + 1)", limit: 120) { event in
                guard event.name == "input" else { return false }
                switch event.string("kind") {
                case "key", "command", "demoKey": keyPressesRead += 1
                case "wheel" where keyPressesRead == storm.keyPressesThroughPulls[chunk]:
                    notchesAfterHome += event.int("notches") ?? 0
                case "releasePull":
                    return keyPressesRead == storm.keyPressesThroughPulls[chunk] && notchesAfterHome == -4
                default: break
                }
                return false
            }
            // Pulled past the threshold, it refreshes: the next event but the `bar` of a header or footer the
            // release brought into view.
            #expect(try log.waitFor("the event after the release") { $0.name != "bar" }.name == "refresh")
        }
        // The last known input, after the storm: clear the selection, select all, scroll to the end, and a key
        // nothing uses, to know when the window has read everything.
        try input.send(["key --delay 0 Escape ctrl+a End F12"])
        try input.finish()
        try log.waitFor("the last key after the storm", limit: 120) {
            $0.name == "input" && $0.string("kind") == "demoKey" && $0.string("key") == "F12"
        }
        print(
            "storm: \(storm.events) X events (\(storm.lines.count) xdotool commands) handled in \(Date().timeIntervalSince(started)) s"
        )
        #expect(demo.process.isRunning)
        try demo.key("q")
        #expect(try demo.process.waitForExit() == 0)
        #expect(!demo.process.standardError.contains("invariants broken"), "\(demo.process.standardError)")
        demo.expectNoXErrors()

        // Every press, release, dragged motion, notch and key of the storm reached the view (or the demo's keys).
        let inputs = demo.process.events.filter { $0.name == "input" }
        func count(_ kind: String) -> Int { inputs.filter { $0.string("kind") == kind }.count }
        #expect(count("down") == storm.presses)
        #expect(count("up") == storm.releases)
        #expect(count("move") == storm.draggedMotions)
        #expect(
            inputs.filter { $0.string("kind") == "wheel" }.compactMap { $0.int("notches") }.reduce(0, +)
                == storm.netNotches)
        // Escape, Control_L, a, End, F12
        #expect(count("key") + count("command") + count("demoKey") == storm.keyPresses + 5)
        #expect(count("resize") >= 1 && count("resize") <= storm.resizes)
        #expect(count("tick") > 0)

        // The last input's effect: every card selected, the view at its end, at the storm's last size.
        let exit = try #require(demo.process.events.last { $0.name == "exit" })
        let items = try #require(exit.int("items"))
        let height = try #require(exit.double("viewport", "height"))
        #expect(exit.double("viewport", "width") == 948)  // the cards' area: 960 less the 12 px scroll bar
        #expect(exit.viewWidth == 960)
        #expect(height == 680)
        #expect(exit.int("columns") == 5)
        #expect(exit["selected"] as? [Int] == Array(0..<items))
        #expect(exit.double("offset") == max(0, (exit.double("contentHeight") ?? 0) - height))
        #expect(exit.double("pull") == 0)

        // The log alone, replayed through the collection view without X, ends in the same state, through the same
        // delegate events.
        let logFile = FileManager.default.temporaryDirectory.appendingPathComponent("storm-\(getpid()).jsonl")
        try (demo.process.lines.joined(separator: "\n") + "\n").write(to: logFile, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: logFile) }
        let replay = try DemoProcess(arguments: ["replay", logFile.path], display: nil)
        #expect(try replay.waitForExit(limit: 120) == 0, "\(replay.standardError)")
        let state = try #require(replay.events.last)
        #expect(state.name == "state")
        for key in ["offset", "pull", "columns", "columnWidth", "contentHeight", "items"] {
            #expect(state.double(key) == exit.double(key), "\(key)")
        }
        #expect(state.double("viewport", "width") == exit.double("viewport", "width"))
        #expect(state.double("viewport", "height") == exit.double("viewport", "height"))
        for key in ["x", "y", "width", "height"] {
            #expect(state.double("scrollBar", key) == exit.double("scrollBar", key), "scrollBar \(key)")
        }
        #expect(state["selected"] as? [Int] == exit["selected"] as? [Int])
        #expect(state.int("focused") == exit.int("focused"))
        let live = demo.process.lines.filter { Event(line: $0).map { Self.viewEvents.contains($0.name) } ?? false }
        let replayed = replay.lines.filter { Event(line: $0).map { Self.viewEvents.contains($0.name) } ?? false }
        #expect(live.count > 1000)
        #expect(replayed.count == live.count)
        if let first = zip(live, replayed).enumerated().first(where: { $0.element.0 != $0.element.1 }) {
            Issue.record("view event \(first.offset) differs: live \(first.element.0), replayed \(first.element.1)")
        }
    }
}
