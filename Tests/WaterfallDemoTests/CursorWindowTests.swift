import Foundation
import Testing
import XvfbSupport

/// The pointer's shape in the real window: a hand over cards and a failed page's retry footer, busy while the first
/// page loads, the default elsewhere; read from the demo's `cursor` events (logged when the window defines a new
/// cursor, after syncing with the server) and from the server itself through XFixes, which names the theme's cursor
/// on screen ("hand2", "watch").
@Suite(.serialized)
struct CursorWindowTests {
    /// Moves the pointer to (`x`, `y`) in the window and returns the next `cursor` event's shape.
    private func shape(afterMovingTo x: Double, _ y: Double, in demo: RunningDemo) throws -> String? {
        let start = demo.eventCount
        try demo.movePointer(x: x, y: y)
        return try demo.process.waitForEvent(after: start, "a cursor event") { $0.name == "cursor" }.event.string(
            "shape")
    }

    @Test func aHandOverCardsTheDefaultBetweenThemAndHoveringIsNoInput() throws {
        let demo = try RunningDemo(WindowTests.wallOptions + ["--no-smooth"])
        let display = demo.xvfb.display
        let layout = try runLayoutCommand([
            "--width", String(Int(demo.cardsWidth)), "--columns", "4",
            "--height", String(Int(demo.viewportHeight)),
        ])
        let first = try #require(layout.items.first { $0.kind == "cell" && $0.column == 0 })
        let neighbour = try #require(layout.items.first { $0.kind == "cell" && $0.column == 1 })
        #expect(first.height > 64)
        // The root window's cursor, outside the window (1000 × 720 at the top-left of a 1280 × 1024 screen).
        try xdotool(["mousemove", "1200", "1000"], display: display)
        let rootCursor = try CursorImage.current(display: display)

        #expect(try shape(afterMovingTo: first.midX, first.midY, in: demo) == "pointingHand")
        let hand = try CursorImage.current(display: display)
        #expect(hand.name == "hand2")
        // From one card to another the shape stays: the next cursor event is the gap's, between the columns.
        let start = demo.eventCount
        try demo.movePointer(x: neighbour.midX, y: neighbour.midY)
        try demo.movePointer(x: first.x + first.width + 6, y: first.midY)
        let next = try demo.process.waitForEvent(after: start, "the gap's cursor") { $0.name == "cursor" }
        #expect(next.event.string("shape") == "default")
        #expect(demo.events(named: "cursor", after: start).count == 1)
        // The default is no cursor of the window's own: the root's shows, as outside the window.
        #expect(try CursorImage.current(display: display) == rootCursor)

        // The content moving under a still pointer changes the shape: 6 px above the first card's bottom, a notch
        // (64 px, --no-smooth) puts the gap below that card under the pointer.
        let pointer = (x: first.midX, y: first.y + first.height - 58)
        #expect(try shape(afterMovingTo: pointer.x, pointer.y, in: demo) == "pointingHand")
        let beforeWheel = demo.eventCount
        try demo.wheel(notches: 1)
        let scrolled = try demo.process.waitForEvent(after: beforeWheel, "the cursor after the scroll") {
            $0.name == "cursor"
        }
        #expect(scrolled.event.string("shape") == "default")
        #expect(demo.events(named: "scroll", after: beforeWheel).last?.double("offset") == 64)

        // Hovering reached the view as nothing: no pointer input was logged (replay would repeat it), no highlight.
        let inputs = demo.process.events.filter { $0.name == "input" }
        #expect(inputs.filter { ["down", "move", "up"].contains($0.string("kind")) }.isEmpty)
        #expect(demo.events(named: "highlight", after: 0).isEmpty)
        demo.expectNoXErrors()
    }
}

extension CursorWindowTests {
    @Test func busyWhileTheFirstPageLoadsAndAHandOnAFailedPagesRetry() throws {
        // Each page arrives when the test sends SIGUSR1; the second request fails.
        let demo = try RunningDemo([
            "--load-more", "--page-size", "60", "--pages-on-signal", "--fail-every", "2",
            "--width", "900", "--height", "720", "--columns", "4",
        ])
        let display = demo.xvfb.display
        let pid = try #require(demo.process.processIdentifier)
        #expect(demo.ready.int("items") == 0)
        // The pointer is in the window (RunningDemo parked it in the top-left inset) while the loading view shows.
        let busy = try demo.process.waitForEvent("the busy cursor") { $0.name == "cursor" }
        #expect(busy.event.string("shape") == "busy")
        #expect(demo.events(named: "cursor", after: 0).count == 1)
        // The theme's watch is animated, and XFixes names only its first frame: compared with the root's cursor instead
        // (outside the 900 × 720 window), the one the window shows without a cursor of its own.
        let watch = try CursorImage.current(display: display)
        try xdotool(["mousemove", "1200", "1000"], display: display)
        let rootCursor = try CursorImage.current(display: display)
        #expect(watch.name != rootCursor.name || watch.serial != rootCursor.serial)
        #expect(watch.width != rootCursor.width || watch.height != rootCursor.height)
        try demo.movePointer(x: 2, y: 2)  // back to the inset: still busy, nothing new to log

        // The first page arrives: the still pointer is over the inset, the default.
        kill(pid, SIGUSR1)
        let loaded = try demo.process.waitForEvent(after: busy.position, "the first page") { $0.name == "loaded" }
        let arrived = try demo.process.waitForEvent(after: loaded.position, "the cursor after it") {
            $0.name == "cursor"
        }
        #expect(arrived.event.string("shape") == "default")

        // At the end, the pending second page's footer takes the viewport's bottom 56 rows: not clickable.
        let end = demo.eventCount
        try demo.key("End")
        let asked = try demo.process.waitForEvent(after: end, "the request for page 2") { $0.name == "loadMore" }
        try demo.process.waitForEvent(after: asked.position, "the frame with the footer") { $0.name == "frame" }
        let footer = (x: 450.0, y: demo.viewportHeight - 28)
        try demo.movePointer(x: footer.x, y: footer.y)
        // It fails: the footer now retries on a click, and the still pointer over it becomes a hand.
        kill(pid, SIGUSR1)
        let failed = try demo.process.waitForEvent(after: asked.position, "the failed page") { $0.name == "loadFailed" }
        // Nothing between: moving onto the loading footer kept the default.
        #expect(demo.process.events[(arrived.position + 1)..<failed.position].filter { $0.name == "cursor" }.isEmpty)
        let retry = try demo.process.waitForEvent(after: failed.position, "the retry's hand") { $0.name == "cursor" }
        #expect(retry.event.string("shape") == "pointingHand")
        #expect(try CursorImage.current(display: display).name == "hand2")
        // A click retries: loading again, the footer is not clickable, the default.
        let click = demo.eventCount
        try xdotool(["click", "1"], display: display)
        let retried = try demo.process.waitForEvent(after: click, "the retry") { $0.name == "loadMore" }
        #expect(retried.event.int("page") == 2)
        let loading = try demo.process.waitForEvent(after: click, "the cursor of the pending retry") {
            $0.name == "cursor"
        }
        #expect(loading.event.string("shape") == "default")
        #expect(demo.process.events.filter { $0.name == "input" && $0.string("kind") == "move" }.isEmpty)
        demo.expectNoXErrors()
    }
}
