import Foundation
import Testing
import XvfbSupport

/// The log's `viewport` is the cards' area (no status bar, no scroll bar inside it) and its `scrollBar` the bar
/// beside it, in every event that carries them: a script that hands `viewport.width` and `viewport.height` to the
/// `layout` subcommand gets exactly the frames the window shows.
@Suite(.serialized)
struct ViewportContractTests {
    static let background = RGB(0xECEFF3)
    static let caption = RGB(0xFFFFFF)

    @Test func theViewportLaidOutByTheLayoutSubcommandIsWhatTheWindowShows() throws {
        let demo = try RunningDemo(WindowTests.wallOptions)  // 1000 × 720, 4 columns
        let start = try #require(demo.process.events.first { $0.name == "start" })
        let firstLayout = try #require(demo.process.events.first { $0.name == "layout" })
        for event in [demo.ready, firstLayout] {
            #expect(Self.fields(of: event, "viewport") == ["height", "width", "x", "y"], "\(event.name)")
            #expect(Self.rect(event, "viewport") == [0, 0, 988, 700], "\(event.name)")
            #expect(Self.rect(event, "scrollBar") == [988, 0, 12, 700], "\(event.name)")
            #expect(event["scrollBarWidth"] == nil, "\(event.name)")
        }
        #expect(Self.fields(of: start, "viewport") == ["height", "width"])
        #expect(Self.size(start, "viewport") == [988, 700])
        #expect(Self.rect(start, "scrollBar") == [988, 0, 12, 700])

        let wide = try Self.layoutOfViewport(in: demo.ready)
        #expect(wide.summary.double("columnWidth") == 232)  // (988 - 24 - 3 × 12) / 4
        Self.expectSummary(wide.summary, equalTo: demo.ready)
        #expect(try Self.expectCardsShown(wide.items, in: demo.screenshot(), cardsHeight: 700) == (7, 6))

        // Narrower: the view gets the window's 600 px (the resize input), the cards 588 of them beside the bar.
        let before = demo.eventCount
        try demo.resize(width: 600, height: 900)
        let resized = try demo.process.waitForEvent(after: before, "the layout at 600 px") { $0.name == "layout" }
        try demo.process.waitForEvent(after: resized.position, "the frame after it") { $0.name == "frame" }
        let resize = try #require(demo.events(named: "input", after: before).first { $0.string("kind") == "resize" })
        #expect([resize.double("width"), resize.double("height")] == [600, 880])
        #expect(Self.rect(resized.event, "viewport") == [0, 0, 588, 880])
        #expect(Self.rect(resized.event, "scrollBar") == [588, 0, 12, 880])
        let narrow = try Self.layoutOfViewport(in: resized.event)
        #expect(narrow.summary.double("columnWidth") == 132)  // (588 - 24 - 3 × 12) / 4
        Self.expectSummary(narrow.summary, equalTo: resized.event)
        #expect(try Self.expectCardsShown(narrow.items, in: demo.screenshot(), cardsHeight: 880) == (12, 8))

        try demo.key("q")
        #expect(try demo.process.waitForExit() == 0)
        let exit = try #require(demo.process.events.last { $0.name == "exit" })
        #expect(Self.fields(of: exit, "viewport") == ["height", "width"])
        #expect(Self.size(exit, "viewport") == [588, 880])
        #expect(Self.rect(exit, "scrollBar") == [588, 0, 12, 880])

        // The replay rebuilds the view's 1000 px from the start event's cards' area and bar: its first layout is the
        // window's, to the character; and it ends as the window did.
        let replayed = try Self.replay(demo.process.lines)
        let isLayout = { (line: String) in line.hasPrefix(#"{"event":"layout","#) }
        #expect(replayed.first(where: isLayout) == demo.process.lines.first(where: isLayout))
        let state = try #require(replayed.last.flatMap(Event.init(line:)))
        #expect(state.name == "state")
        #expect(Self.size(state, "viewport") == Self.size(exit, "viewport"))
        #expect(Self.rect(state, "scrollBar") == Self.rect(exit, "scrollBar"))
        #expect(state.double("contentHeight") == exit.double("contentHeight"))
        demo.expectNoXErrors()
    }

    /// What the `layout` subcommand prints for the 4 columns of `WindowTests.wallOptions` in `event`'s viewport.
    static func layoutOfViewport(
        in event: Event
    ) throws -> (items: [LaidOutItem], summary: Event, elements: [LaidOutItem]) {
        let width = try #require(event.double("viewport", "width"))
        let height = try #require(event.double("viewport", "height"))
        return try runLayoutCommand(["--width", width.plain, "--height", height.plain, "--columns", "4"])
    }

    /// `event[object]`'s keys, sorted.
    static func fields(of event: Event, _ object: String) -> [String] {
        ((event[object] as? [String: Any])?.keys).map { $0.sorted() } ?? []
    }

    /// `event[object]`'s x, y, width and height.
    static func rect(_ event: Event, _ object: String) -> [Double?] {
        ["x", "y", "width", "height"].map { event.double(object, $0) }
    }

    /// `event[object]`'s width and height.
    static func size(_ event: Event, _ object: String) -> [Double?] {
        ["width", "height"].map { event.double(object, $0) }
    }

    /// The `layout` subcommand's summary line has the window's layout.
    static func expectSummary(_ summary: Event, equalTo event: Event, sourceLocation: SourceLocation = #_sourceLocation)
    {
        for key in ["columns", "columnWidth", "contentHeight", "sections", "items"] {
            #expect(summary.double(key) == event.double(key), "\(key)", sourceLocation: sourceLocation)
        }
    }

    /// Checks the window's pixels at the edges of every card that reaches into the cards' area at offset 0: its
    /// picture's colour at its top corners and the background just left and right of them; for a card wholly in
    /// the area, also its caption's white at its bottom corners and the background just below. Returns how many
    /// cards reach into the area and how many of them are whole.
    static func expectCardsShown(
        _ cards: [LaidOutItem], in shot: Screenshot, cardsHeight: Double,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (reaching: Int, whole: Int) {
        let colors = try bundledCatalogColors()
        let reaching = cards.filter { $0.y < cardsHeight }
        var whole = 0
        for card in reaching {
            let left = Int(card.x)
            let right = Int(card.x + card.width) - 1
            let top = Int(card.y)
            let bottom = Int(card.y + card.height) - 1
            var probes: [(x: Int, y: Int, color: RGB, what: String)] = [
                (left, top, colors[card.index], "top left"), (right, top, colors[card.index], "top right"),
                (left - 1, top, background, "left of it"), (right + 1, top, background, "right of it"),
            ]
            if card.y + card.height < cardsHeight {
                whole += 1
                probes += [
                    (left, bottom, caption, "bottom left"), (right, bottom, caption, "bottom right"),
                    (left, bottom + 1, background, "below it"),
                ]
            }
            for probe in probes {
                #expect(
                    shot.pixel(x: probe.x, y: probe.y) == probe.color,
                    "card \(card.index) \(probe.what) at (\(probe.x), \(probe.y))",
                    sourceLocation: sourceLocation)
            }
        }
        return (reaching.count, whole)
    }

    /// What `waterfall-demo replay` prints for the log `lines`.
    static func replay(_ lines: [String]) throws -> [String] {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("viewport-\(getpid()).jsonl")
        try (lines.joined(separator: "\n") + "\n").write(to: log, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: log) }
        let replay = try DemoProcess(arguments: ["replay", log.path], display: nil)
        #expect(try replay.waitForExit() == 0, "\(replay.standardError)")
        return replay.lines
    }
}

extension Double {
    /// The number as an argument: "988" for 988.0.
    fileprivate var plain: String { self == rounded() ? String(Int(self)) : String(self) }
}
