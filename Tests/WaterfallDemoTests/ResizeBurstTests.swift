import Foundation
import Testing
import XvfbSupport

/// A burst of 1,000 resizes, as a window manager sends them during a drag, costs the program a handful of
/// relayouts, and it ends laid out, and drawn, for the last size.
@Suite(.serialized)
struct ResizeBurstTests {
    @Test func aThousandResizesMakeAHandfulOfRelayoutsAndEndWithTheLayoutOfTheLastSize() throws {
        let demo = try RunningDemo(["--width", "1000", "--height", "720"])
        #expect(demo.ready.int("columns") == 5)
        let start = demo.eventCount
        // Alternately portrait and landscape, each size a little different, then a size seen nowhere before.
        let burst = (0..<999).map { $0.isMultiple(of: 2) ? (width: 640 + $0 % 50, height: 960) : (width: 1100 - $0 % 50, height: 650) }
            + [(width: 1013, height: 741)]
        try resizeWindow(demo.window, through: burst, display: demo.xvfb.display)
        let last = try demo.process.waitForEvent(after: start, "the last size") {
            $0.name == "input" && $0.string("kind") == "resize" && $0.double("width") == 1013 && $0.double("height") == 721
        }
        let frame = try demo.process.waitForEvent(after: last.position, "the frame after it") { $0.name == "frame" }.event

        // A bound on the count, not a time: applied at most once per display frame, the burst takes a few.
        let resizes = demo.process.events.dropFirst(start).filter { $0.name == "input" && $0.string("kind") == "resize" }
        let layouts = demo.events(named: "layout", after: start)
        #expect((1...50).contains(resizes.count), "\(resizes.count) sizes applied")
        #expect((1...50).contains(layouts.count), "\(layouts.count) relayouts")
        print("resize burst: 1000 resizes, \(resizes.count) applied, \(layouts.count) relayouts")

        // The last layout is the one for the last size: the `layout` subcommand's for its cards' area.
        let layout = try #require(layouts.last)
        let expected = try runLayoutCommand(["--width", "1001", "--height", "721"])
        #expect(layout.double("viewport", "width") == 1013)
        #expect(layout.double("viewport", "height") == 721)
        #expect(layout.int("columns") == 5)
        #expect(layout.double("columnWidth") == expected.summary.double("columnWidth"))
        #expect(layout.double("contentHeight") == expected.summary.double("contentHeight"))
        #expect(frame.double("offset") == 0)
        // And it is what the window shows: the cards at the top have their colours where the layout puts them.
        let shot = try demo.screenshot()
        #expect((shot.width, shot.height) == (1013, 741))
        let colors = try bundledCatalogColors()
        let top = expected.items.filter { $0.y + 10 < 721 }
        #expect(top.count == 8)  // seven cards and a banner
        for card in top {
            #expect(shot.pixel(x: Int(card.x) + 10, y: Int(card.y) + 10) == colors[card.index], "card \(card.index)")
        }
        #expect(demo.process.isRunning)
        demo.expectNoXErrors()
    }
}
