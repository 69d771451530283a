import Foundation
import Testing
import XvfbSupport

/// `waterfall-demo replay`: a log's inputs applied to the collection view alone, with no display (`$DISPLAY` unset),
/// to an exact state; and clear errors for logs it cannot replay.
struct ReplayCommandTests {
    /// Writes `lines` to a temporary file, runs `replay` on it, and returns the process once it exited.
    private func replay(_ lines: [String]) throws -> (process: DemoProcess, status: Int32, path: String) {
        let path = NSTemporaryDirectory() + "waterfall-replay-\(getpid())-\(UUID().uuidString).jsonl"
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let process = try DemoProcess(arguments: ["replay", path], display: nil)
        return (process, try process.waitForExit(), path)
    }

    private static let start =
        #"{"event":"start","arguments":["--log-events","--width","1000","--height","720","--no-smooth"],"#
        + #""viewport":{"width":988,"height":700},"scrollBar":{"x":988,"y":0,"width":12,"height":700}}"#

    @Test func aWrittenLogReplaysToAnExactStateWithoutADisplay() throws {
        // The window is 1000 × 720: a view of 1000 × 700, the cards in 988 px beside the 12 px scroll bar. Three
        // notches scroll to 192 at once.
        let landscape = try runLayoutCommand(["--width", "988", "--height", "700"])
        let point = (x: 100.0, y: 300.0)
        let card = try #require(
            landscape.items.first {
                $0.x <= point.x && point.x < $0.x + $0.width && $0.y <= point.y + 192
                    && point.y + 192 < $0.y + $0.height
            })
        let portrait = try runLayoutCommand(["--width", "588", "--height", "880"]).summary
        let run = try replay([
            #"{"event":"layout","columns":5}"#,  // the window's other events are not inputs: skipped
            Self.start,
            #"{"event":"input","kind":"wheel","notches":3,"time":12.5}"#,
            #"{"event":"frame","offset":192}"#,
            #"{"event":"input","kind":"down","x":100,"y":300,"modifiers":[]}"#,
            #"{"event":"input","kind":"up","x":100,"y":300}"#,
            #"{"event":"input","kind":"key","key":"tab","modifiers":[]}"#,
            #"{"event":"input","kind":"demoKey","key":"Control_L","modifiers":[]}"#,
            #"{"event":"input","kind":"key","key":"home","modifiers":["control"]}"#,
            #"{"event":"input","kind":"resize","width":600,"height":880}"#,
            #"{"event":"exit","reason":"key"}"#,
        ])
        #expect(run.status == 0, "\(run.process.standardError)")
        let events = run.process.events
        #expect(events.filter { $0.name == "select" }.compactMap { $0.int("index") } == [card.index, card.index + 1])
        let state = try #require(events.last)
        #expect(state.name == "state")
        #expect(state.double("offset") == 0)
        #expect(state.double("pull") == 0)
        // The resize input is the view's size: 588 px of cards and the bar.
        #expect(state.double("viewport", "width") == 588)
        #expect(state.double("viewport", "height") == 880)
        #expect(["x", "y", "width", "height"].map { state.double("scrollBar", $0) } == [588, 0, 12, 880])
        #expect(state.int("columns") == 3)
        #expect(state.double("columnWidth") == portrait.double("columnWidth"))
        #expect(state.double("contentHeight") == portrait.double("contentHeight"))
        #expect(state.int("items") == 240)
        #expect(state["selected"] as? [Int] == [card.index + 1])
        #expect(state.int("focused") == 0)  // Ctrl+Home: the focus to the first card, the selection kept
    }

    @Test func aTouchpadsPreciseScrollsReplayToTheirExactPixels() throws {
        // 0.15 + 0.3 notches of 64 px: 9.6 px (10 scrolled, 0.4 owed), then 19.2 more: 28.8 px in all, so 29.
        let run = try replay([
            Self.start,
            #"{"event":"input","kind":"preciseScroll","notches":0.15,"time":12.5}"#,
            #"{"event":"input","kind":"preciseScroll","notches":0.3,"time":12.51}"#,
            #"{"event":"input","kind":"wheel","notches":2,"time":12.6}"#,
        ])
        #expect(run.status == 0, "\(run.process.standardError)")
        let scrolls = run.process.events.filter { $0.name == "scroll" }.compactMap { $0.double("offset") }
        #expect(scrolls == [10, 29, 157])
        #expect(run.process.events.last?.double("offset") == 157)
    }

    @Test(arguments: [
        ([#"{"event":"ready"}"#], ": no start event; record the log with waterfall-demo --log-events"),
        ([start, #"{"event":"input","kind":"jump"}"#], ":2: the input kind \"jump\" is unknown"),
        ([start, #"{"event":"input","kind":"wheel","notches":1}"#], ":2: the wheel input has no \"time\""),
        (
            [start, #"{"event":"input","kind":"wheel","notches":1.5,"time":3}"#],
            ":2: the wheel input's \"notches\" is 1.5; expected a whole number"
        ),
        (
            [start, #"{"event":"input","kind":"preciseScroll","notches":0.25}"#],
            ":2: the preciseScroll input has no \"time\""
        ),
        (
            [start, #"{"event":"input","kind":"key","key":"q","modifiers":[]}"#],
            ":2: the key \"q\" is not a navigation key"
        ),
        (
            [start, #"{"event":"input","kind":"down","x":1,"y":2,"modifiers":["alt"]}"#],
            ":2: the modifier \"alt\" is unknown; expected shift or control"
        ),
        (
            [
                #"{"event":"start","arguments":["--load-more"],"viewport":{"width":88,"height":10},"scrollBar":{"x":88,"y":0,"width":12,"height":10}}"#
            ],
            ":1: a --load-more window cannot be replayed: its pages arrive at times the log does not hold"
        ),
        (
            [
                #"{"event":"start","arguments":["layout"],"viewport":{"width":88,"height":10},"scrollBar":{"x":88,"y":0,"width":12,"height":10}}"#
            ],
            ":1: the start event is not a window's (no window arguments, no viewport or no scrollBar)"
        ),
        (
            [#"{"event":"start","arguments":[],"viewport":{"width":88,"height":10}}"#],
            ":1: the start event is not a window's (no window arguments, no viewport or no scrollBar)"
        ),
    ])
    func aLogThatCannotBeReplayedIsRefusedNamingTheLine(lines: [String], message: String) throws {
        let run = try replay(lines)
        #expect(run.status == 2)
        #expect(run.process.standardError == "waterfall-demo: \(run.path)\(message)\n")
    }

    @Test func aMissingLogIsRefused() throws {
        let process = try DemoProcess(arguments: ["replay", "/nonexistent/storm.jsonl"], display: nil)
        #expect(try process.waitForExit() == 2)
        #expect(process.standardError == "waterfall-demo: /nonexistent/storm.jsonl: cannot be read\n")
    }
}
