import Foundation
import Testing
import XvfbSupport

/// Follows a running demo's event log as it grows, reading each line once (a long run logs tens of thousands),
/// and keeps the last `frame` and `layout` events and the number of `refresh` events read.
final class LogFollower {
    private let process: DemoProcess
    private var nextLine = 0
    /// The last `frame` event read.
    private(set) var lastFrame: Event?
    /// The last `layout` event read.
    private(set) var lastLayout: Event?
    /// How many `refresh` events were read.
    private(set) var refreshes = 0

    init(_ process: DemoProcess) {
        self.process = process
    }

    /// Reads the log until an event satisfies `predicate` (asked after the event is counted) and returns it.
    /// Fails after `limit` seconds (a bound on a hang, not a measurement) or when the program exits.
    @discardableResult
    func waitFor(_ description: String, limit: TimeInterval = 30, where predicate: (Event) -> Bool) throws -> Event {
        let deadline = Date().addingTimeInterval(limit)
        while true {
            let lines = process.lines(from: nextLine)
            for (position, line) in lines.enumerated() {
                guard let event = Event(line: line) else { continue }
                switch event.name {
                case "frame": lastFrame = event
                case "layout": lastLayout = event
                case "refresh": refreshes += 1
                default: break
                }
                if predicate(event) {
                    nextLine += position + 1
                    return event
                }
            }
            nextLine += lines.count
            if !process.isRunning {
                throw X11TestError("waterfall-demo exited before \(description); stderr: \(process.standardError)")
            }
            if Date() > deadline {
                throw X11TestError("no \(description) within \(limit) s; last frame: \(lastFrame?.fields ?? [:])")
            }
            // Only the interval between checks of the condition above, which decides the outcome; the deadline bounds a hang.
            Thread.sleep(forTimeInterval: 0.002)
        }
    }

    /// Reads the log until a `frame` event at `offset`.
    @discardableResult
    func waitForFrame(offset: Double) throws -> Event {
        try waitFor("a frame at offset \(offset)") { $0.name == "frame" && $0.double("offset") == offset }
    }
}

/// Nothing leaks over a long run of the real program: 100 reloads (F5), 10,000 wheel notches through the whole
/// catalog and 1,000 resizes across the portrait/landscape threshold, sent by one `xdotool -` process, leave the
/// count of created cells and the resident memory where they were after a warm-up. About 8 s.
///
/// Why the counts are exact: with `--no-smooth`, each notch moves by a whole wheel step, so every frame's offset
/// is on one lattice per window size (steps down from the top, and steps up from the bottom), whatever notches
/// the program folds into one frame; resizes and reloads happen at the top, where the top card keeps offset 0.
/// The view recycles the cells that leave before it asks for those that enter, so the cells created are the
/// most on screen at once over the frames drawn. The warm-up draws every frame of that lattice at both sizes (a
/// notch at a time, each frame awaited), both resizes and a reload at each size; the long run then draws only
/// frames the warm-up drew, so a single extra cell means one was lost (not given back to the reuse pool).
@Suite(.serialized)
struct FlatnessTests {
    struct WindowSize {
        var width: Int
        var height: Int
        var columns: Int
    }

    static let landscape = WindowSize(width: 1000, height: 700, columns: 5)
    static let portrait = WindowSize(width: 640, height: 960, columns: 3)

    /// How much the resident memory may grow over the long run: malloc reuses freed blocks but may place them
    /// on a page not touched before. Measured first at 4 to 12 KiB over the run; on 2026-11-25 this machine gave 40
    /// to 88 KiB, for the code of d816121 (56, 64, 84, 88) and of issue 27 (40, 48, 64, 68) alike, so 64 KiB failed
    /// runs at random. The bound is 48 pages: still a quarter of one leaked 80-byte object per notch (10,000 notches,
    /// 780 KiB).
    static let residentGrowthToleranceKiB = 192

    @Test func reloadsWheelNotchesAndResizesLeaveCreatedCellsAndResidentMemoryFlat() throws {
        let demo = try RunningDemo([
            "--width", String(Self.landscape.width), "--height", String(Self.landscape.height), "--no-smooth",
        ])
        let pid = try #require(demo.process.processIdentifier)
        let input = try XdotoolSession(display: demo.xvfb.display)
        let log = LogFollower(demo.process)
        let step = demo.wheelStep
        var maxOffset = [Self.landscape.width: demo.maxOffset]

        /// Resizes the window as a window manager would; returns the layout for the new size.
        func resize(to size: WindowSize) throws -> Event {
            try input.send(["windowsize \(demo.window) \(size.width) \(size.height)"])
            return try log.waitFor("the layout at \(size.width) px") {
                $0.name == "layout" && $0.viewWidth == Double(size.width)
            }
        }
        /// `count` (odd) resizes between the two sizes, alternating from `target`, so that each changes the size.
        func resizeBurst(_ count: Int, endingAt target: WindowSize) -> [String] {
            (0..<count).map { index in
                let size =
                    index.isMultiple(of: 2)
                    ? target : (target.width == Self.landscape.width ? Self.portrait : Self.landscape)
                return "windowsize \(demo.window) \(size.width) \(size.height)"
            }
        }
        /// One notch down and one up at the top, each frame awaited: everything sent before has been handled.
        func sync() throws {
            try input.send(["click --delay 0 5"])
            try log.waitForFrame(offset: step)
            try input.send(["click --delay 0 4"])
            try log.waitForFrame(offset: 0)
        }
        /// How many notches take the view from the top to the bottom (the last one clamped).
        func notchesThroughCatalog(_ size: WindowSize) throws -> Int {
            Int((try #require(maxOffset[size.width]) / step).rounded(.up))
        }

        // Warm-up: every frame of the lattice at both sizes, a notch at a time; both resizes; a reload at each size.
        for size in [Self.landscape, Self.portrait] {
            if size.width != Self.landscape.width {
                let layout = try resize(to: size)
                #expect(layout.int("columns") == size.columns)
                maxOffset[size.width] =
                    try #require(layout.double("contentHeight")) - (try #require(layout.double("viewport", "height")))
            }
            let bottom = try #require(maxOffset[size.width])
            let notches = try notchesThroughCatalog(size)
            for notch in 1...notches {
                try input.send(["click --delay 0 5"])
                try log.waitForFrame(offset: min(bottom, Double(notch) * step))
            }
            for notch in 1...notches {
                try input.send(["click --delay 0 4"])
                try log.waitForFrame(offset: max(0, bottom - Double(notch) * step))
            }
            try input.send(["key F5"])
            try log.waitFor("the warm-up's reload") { $0.name == "refresh" }
        }
        // A burst of resizes back to landscape: libX11 keeps the queue entries that a burst of events needed.
        try input.send(resizeBurst(101, endingAt: Self.landscape))
        try sync()
        #expect(log.lastLayout?.int("columns") == Self.landscape.columns)
        let warmFrame = try #require(log.lastFrame)
        let created = try #require(warmFrame.int("created"))
        let warmReused = try #require(warmFrame.int("reused"))
        let residentAtStart = try residentKiB(of: pid)

        // The long run: ten rounds, each a burst of resizes that ends at the other size, ten reloads, then wheel
        // passes down to the bottom and back up until the notches reach their share of 10,000.
        var resizes = 0
        var notches = 0
        let refreshesBefore = log.refreshes
        var current = Self.landscape
        for round in 0..<10 {
            let target = current.width == Self.landscape.width ? Self.portrait : Self.landscape
            let count = round.isMultiple(of: 2) ? 101 : 99
            try input.send(resizeBurst(count, endingAt: target))
            resizes += count
            current = target
            try sync()
            notches += 2
            #expect(log.lastLayout?.int("columns") == target.columns)

            let reloadsBefore = log.refreshes
            try input.send(Array(repeating: "key F5", count: 10))
            try log.waitFor("ten reloads") { _ in log.refreshes == reloadsBefore + 10 }

            let pass = try notchesThroughCatalog(current)
            let bottom = try #require(maxOffset[current.width])
            while notches < (round + 1) * 1_000 {
                try input.send(["click --repeat \(pass) --delay 0 5"])
                try log.waitForFrame(offset: bottom)
                try input.send(["click --repeat \(pass) --delay 0 4"])
                try log.waitForFrame(offset: 0)
                notches += 2 * pass
            }
        }
        #expect(current.width == Self.landscape.width)
        try sync()
        let endFrame = try #require(log.lastFrame)
        let residentAtEnd = try residentKiB(of: pid)

        #expect(resizes == 1_000)
        #expect(log.refreshes - refreshesBefore == 100)
        #expect(notches >= 10_000)
        #expect(
            endFrame.int("created") == created,
            "cells created after the warm-up: \(created); at the end: \(endFrame.int("created") ?? -1)")
        // Each reload alone gives every cell on screen back to the pool and takes it again (ten or more at the top).
        #expect((endFrame.int("reused") ?? 0) - warmReused >= 1_000, "the long run recycles cells")
        #expect(
            residentAtEnd - residentAtStart <= Self.residentGrowthToleranceKiB,
            "resident memory grew from \(residentAtStart) KiB to \(residentAtEnd) KiB")
        demo.expectNoXErrors()
    }

    /// The process's resident set size (`VmRSS` in /proc/PID/status), in KiB.
    func residentKiB(of pid: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        return try #require(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
    }
}

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
        try input.send(["key --delay 0 Escape ctrl+a ctrl+End F12"])  // Ctrl+End: to the end, the selection kept
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
        // Escape, Control_L, a, Control_L, End, F12
        #expect(count("key") + count("command") + count("demoKey") == storm.keyPresses + 6)
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
