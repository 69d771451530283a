import Foundation
import Testing
import XvfbSupport

/// The user's place across a resize that changes the column count, and the demo's editing keys, in the real
/// window driven by xdotool.
@Suite(.serialized)
struct LiveWindowTests {
    /// The cards (and banners) of a `layout` run for a cards' area `width` × `height`.
    func cards(width: Double, height: Double) throws -> [LaidOutItem] {
        try runLayoutCommand(["--width", String(Int(width)), "--height", String(Int(height))]).elements
            .filter { $0.kind == "cell" || $0.kind == "banner" }
    }

    /// The card at the top of the viewport at `offset`: of those that reach into it, the one whose top is highest
    /// (the leftmost on a tie).
    func topCard(_ cards: [LaidOutItem], offset: Double, height: Double) throws -> LaidOutItem {
        try #require(
            cards.filter { $0.y < offset + height && $0.y + $0.height > offset }.min { ($0.y, $0.x) < ($1.y, $1.x) })
    }

    @Test func aResizeThatChangesTheColumnCountKeepsTheTopCardInPlace() throws {
        let demo = try RunningDemo(["--width", "1000", "--height", "720", "--no-smooth"])
        #expect(demo.ready.int("columns") == 5)
        var start = demo.eventCount
        try demo.wheel(notches: 30)
        let offset = 30 * demo.wheelStep
        try demo.waitForFrame(after: start, offset: offset)
        let before = try topCard(
            try cards(width: demo.cardsWidth, height: demo.viewportHeight), offset: offset, height: demo.viewportHeight)

        start = demo.eventCount
        try demo.resize(width: 600, height: 900)
        let layout = try demo.process.waitForEvent(after: start, "the portrait layout") { $0.name == "layout" }
        #expect(layout.event.int("columns") == 3)
        let frame = try demo.process.waitForEvent(after: layout.position, "the frame after it") { $0.name == "frame" }
            .event
        let newOffset = try #require(frame.double("offset"))
        let height = try #require(layout.event.double("viewport", "height"))
        let portrait = try cards(width: try #require(layout.event.double("viewport", "width")), height: height)
        let after = try #require(portrait.first { $0.index == before.index })
        // The same card at the top: it was cut by the viewport's top, and the same share of it (of its new
        // height, to the whole pixel) is above the top now; it stays in view.
        #expect(before.y < offset)
        #expect(after.y - newOffset == ((before.y - offset) * after.height / before.height).rounded())
        #expect(after.y + after.height > newOffset)
        demo.expectNoXErrors()
    }

    @Test func deleteInsertAndRemeasureUpdateTheWall() throws {
        let demo = try RunningDemo(WindowTests.wallOptions)
        let colors = try bundledCatalogColors()
        let first = try #require(try cards(width: demo.cardsWidth, height: demo.viewportHeight).first)
        let probe = (x: Int(first.x) + 10, y: Int(first.y) + 10)
        var start = demo.eventCount
        try demo.click(x: first.midX, y: first.midY)
        try demo.process.waitForEvent(after: start, "the selection") { $0.name == "select" }

        start = demo.eventCount
        try demo.key("Delete")
        let deleted = try demo.process.waitForEvent(after: start, "the delete") { $0.name == "update" }.event
        #expect(deleted.string("kind") == "delete")
        #expect(deleted.int("items") == 239)
        let deselect = demo.events(named: "deselect", after: start).compactMap { $0.int("index") }
        #expect(deselect == [0])
        let layout = try demo.process.waitForEvent(after: start, "the layout after it") { $0.name == "layout" }
        try demo.process.waitForEvent(after: layout.position, "the frame after it") { $0.name == "frame" }
        // Card 1 is now the first card and takes the first place (the columns start level).
        #expect(try demo.screenshot().pixel(x: probe.x, y: probe.y) == colors[1])

        start = demo.eventCount
        try demo.key("Insert")  // nothing selected: at the start of the first section
        let inserted = try demo.process.waitForEvent(after: start, "the insert") { $0.name == "update" }.event
        #expect(inserted.string("kind") == "insert")
        #expect(inserted.int("items") == 240)
        let selected = try demo.process.waitForEvent(after: start, "the new card's selection") { $0.name == "select" }
            .event
        #expect(selected.int("index") == 0)

        start = demo.eventCount
        try demo.key("r")
        let remeasured = try demo.process.waitForEvent(after: start, "the remeasure") { $0.name == "update" }.event
        #expect(remeasured.string("kind") == "remeasure")
        #expect(remeasured.int("items") == 240)
        try demo.process.waitForEvent(after: start, "the layout after it") { $0.name == "layout" }
        #expect(demo.process.isRunning)
        demo.expectNoXErrors()
    }

    @Test func theFooterInViewCountsACardInsertedFarAboveIt() throws {
        let demo = try RunningDemo(WindowTests.wallOptions)
        let sections = try #require(
            try runLayoutCommand([
                "--width", String(Int(demo.cardsWidth)), "--height", String(Int(demo.viewportHeight)),
                "--columns", "4",
            ]).summary.int("sections"))
        var start = demo.eventCount
        try demo.key("End")
        try demo.process.waitForEvent(after: start, "the footer in view") {
            $0.name == "bar" && $0.string("kind") == "footer"
                && $0.string("title") == "End of the catalog: 240 cards in \(sections) sections"
        }
        start = demo.eventCount
        try demo.key("Insert")  // nothing selected: at the start of the first section, far above the footer
        let footer = try demo.process.waitForEvent(after: start, "the footer asked again") {
            $0.name == "bar" && $0.string("kind") == "footer"
        }
        #expect(footer.event.string("title") == "End of the catalog: 241 cards in \(sections) sections")
        #expect(footer.event.int("section") == sections - 1)
        demo.expectNoXErrors()
    }
}
