import Foundation
import Testing
import XvfbSupport

/// The desktop's scale: with `Xft.dpi: 192` in the X resources (as `xrdb` sets it), the window is twice as many
/// pixels and shows exactly what it shows at 96 dpi, doubled: the same layout in points, every card's picture at twice
/// its place and size, the status bar twice as tall.
@Suite(.serialized)
struct ScaleTests {
    static let options = ["--width", "600", "--height", "400", "--columns", "3"]

    @Test func aDesktopAt192DPIShowsTheLayoutAt96Doubled() throws {
        let single = try RunningDemo(Self.options)
        let double = try RunningDemo(Self.options, resources: "Xft.dpi: 192\n", screen: (1600, 1200))
        #expect(single.ready.double("scale") == 1)
        #expect(double.ready.double("scale") == 2)
        // The same layout, in points.
        for field in ["columns", "columnWidth", "contentHeight", "items", "sections", "wheelStep"] {
            #expect(double.ready.double(field) == single.ready.double(field), "\(field)")
        }
        #expect(double.ready.double("viewport", "width") == 588)
        #expect(double.ready.double("viewport", "height") == 380)
        #expect(double.ready.double("scrollBar", "width") == 12)

        let one = try single.screenshot()
        let two = try double.screenshot()
        #expect((one.width, one.height) == (600, 400))
        #expect((two.width, two.height) == (1200, 800))
        try? two.savePNG(window: double.window, display: double.xvfb.display, to: artifactPath("scale-2.png"))
        // Every pixel of every card's picture in view is where and what it is at 1×, doubled: the four pixels
        // (2x, 2y) ... (2x + 1, 2y + 1) at 2× are pixel (x, y) at 1×.
        let layout = try runLayoutCommand(["--width", "588", "--height", "380", "--columns", "3"])
        let colours = try bundledCatalogColors()
        var checked = 0
        for card in layout.items where card.kind == "cell" && card.y < 380 {
            for y in Int(card.y)..<min(380, Int(card.y + card.height)) {
                for x in stride(from: Int(card.x), to: Int(card.x + card.width), by: 7) {
                    // the picture, not its caption
                    guard one.pixel(x: x, y: y) == colours[card.index] else { continue }
                    for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                        #expect(
                            two.pixel(x: 2 * x + dx, y: 2 * y + dy) == colours[card.index],
                            "card \(card.index) at (\(x), \(y))")
                    }
                    checked += 1
                }
            }
        }
        #expect(checked > 5_000)
        // The status bar: 20 points, 40 pixels.
        let bar = RGB(0x2B2F36)
        #expect(one.pixel(x: 300, y: 380) == bar && one.pixel(x: 300, y: 379) != bar)
        #expect(two.pixel(x: 600, y: 760) == bar && two.pixel(x: 600, y: 759) != bar)
        single.expectNoXErrors()
        double.expectNoXErrors()
    }

    @Test func anExplicitScaleWinsOverTheDesktopsAndIsCheckedBeforeAWindowOpens() throws {
        let demo = try RunningDemo(Self.options + ["--scale", "1.5"], resources: "Xft.dpi: 192\n")
        #expect(demo.ready.double("scale") == 1.5)
        let shot = try demo.screenshot()
        #expect((shot.width, shot.height) == (900, 600))
        demo.expectNoXErrors()
        let refused = try DemoProcess(arguments: ["--scale", "9"], display: nil)
        #expect(try refused.waitForExit() == 64)
        #expect(
            refused.standardError.split(separator: "\n").first == "Error: --scale is 9.0; it must be from 0.25 to 8")
    }

    @Test func thePointerIsInPointsAtScale2ForClicksAndTheCursor() throws {
        let demo = try RunningDemo(Self.options + ["--scale", "2", "--no-smooth"], screen: (1600, 1200))
        let layout = try runLayoutCommand(["--width", "588", "--height", "380", "--columns", "3"])
        // A card of the last column: at its place in points it is the first column's, in pixels.
        let card = try #require(layout.items.first { $0.kind == "cell" && $0.column == 2 })
        let left = try #require(layout.items.first { $0.kind == "cell" && $0.column == 0 })
        var start = demo.eventCount
        try demo.movePointer(x: 2 * card.midX, y: 2 * card.midY)
        let hand = try demo.process.waitForEvent(after: start, "the hand over the card") { $0.name == "cursor" }.event
        #expect(hand.string("shape") == "pointingHand")
        // 3 points right of the first column: in the gap between the columns.
        start = demo.eventCount
        try demo.movePointer(x: 2 * (left.x + left.width) + 6, y: 2 * left.midY)
        let gap = try demo.process.waitForEvent(after: start, "the default over the gap") { $0.name == "cursor" }.event
        #expect(gap.string("shape") == "default")
        start = demo.eventCount
        try demo.click(x: 2 * card.midX, y: 2 * card.midY)
        let selected = try demo.process.waitForEvent(after: start, "the selection") { $0.name == "select" }.event
        #expect(selected.int("index") == card.index)
        let down = try #require(demo.events(named: "input", after: start).first { $0.string("kind") == "down" })
        // The pixel the pointer is on, in points: half pixels are points' halves.
        #expect(
            down.double("x") == Double(Int(2 * card.midX)) / 2 && down.double("y") == Double(Int(2 * card.midY)) / 2)
        demo.expectNoXErrors()
    }
}
