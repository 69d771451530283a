import Foundation
import Testing
import XvfbSupport

/// The real program in a private Xvfb, driven by xdotool, checked through its event log and screenshots.
@Suite(.serialized)
struct WindowTests {
    /// 1000 px wide with 4 columns, 12 px insets and spacing: cards' area 988 px beside the 12 px scroll bar,
    /// columns of exactly 232 px, whole-pixel frames.
    static let wallOptions = ["--width", "1000", "--height", "720", "--columns", "4"]

    @Test func windowMapsAndReportsReady() throws {
        let demo = try RunningDemo(Self.wallOptions)
        #expect(demo.window != 0)
        #expect(demo.ready.double("viewport", "x") == 0)
        #expect(demo.ready.double("viewport", "y") == 0)
        #expect(demo.cardsWidth == 988)  // 1000 minus the 12 px scroll bar
        #expect(demo.viewportHeight == 700)  // 720 minus the 20 px status bar
        #expect(demo.ready.int("columns") == 4)
        #expect(demo.ready.double("columnWidth") == 232)  // (1000 - 12 - 24 - 3 × 12) / 4
        #expect(demo.scrollBarWidth == 12)
        #expect(demo.ready.int("items") == 240)
        let properties = String(
            decoding: try runTool(
                "xprop", ["-id", String(demo.window), "WM_NAME", "_NET_WM_NAME", "WM_CLASS"],
                display: demo.xvfb.display), as: UTF8.self)
        #expect(properties.contains("WM_NAME(STRING) = \"Waterfall\""))
        #expect(properties.contains("_NET_WM_NAME(UTF8_STRING) = \"Waterfall\""))
        #expect(properties.contains("WM_CLASS(STRING) = \"waterfall-demo\", \"Waterfall\""))
    }

    @Test func wheelNotchesScrollByTheStep() throws {
        let demo = try RunningDemo(Self.wallOptions + ["--no-smooth"])  // every scroll lands on a whole step
        let start = demo.eventCount
        try demo.wheel(notches: 3)
        try demo.waitForFrame(after: start, offset: 3 * demo.wheelStep)
        let offsets = demo.events(named: "scroll", after: start).compactMap { $0.double("offset") }
        #expect(offsets.last == 3 * demo.wheelStep)
        #expect(offsets.allSatisfy { $0.truncatingRemainder(dividingBy: demo.wheelStep) == 0 })
        #expect(offsets == offsets.sorted())
    }

    @Test func wheelingUpAtTheTopPullsAndSpringsBackWithoutScrolling() throws {
        let demo = try RunningDemo(Self.wallOptions)
        let start = demo.eventCount
        try demo.wheel(notches: -1)  // half a step of pull: short of the 80 px threshold
        try demo.process.waitForEvent(after: start, "the pulled frame") {
            $0.name == "frame" && $0.double("pull") == 32
        }
        try demo.process.waitForEvent(after: start, "the sprung-back frame") {
            $0.name == "frame" && $0.double("pull") == 0
        }
        #expect(demo.events(named: "scroll", after: start).isEmpty)
        #expect(demo.events(named: "refresh", after: start).isEmpty)
        // A notch down then scrolls (smoothly) by a whole step: the pull never moved the offset.
        let back = demo.eventCount
        try demo.wheel(notches: 1)
        try demo.waitForFrame(after: back, offset: demo.wheelStep)
        let offsets = demo.events(named: "scroll", after: back).compactMap { $0.double("offset") }
        #expect(offsets.last == demo.wheelStep)
        #expect(offsets == offsets.sorted())
        #expect(offsets.allSatisfy { $0 > 0 && $0 <= demo.wheelStep && $0 == $0.rounded() })
    }

    @Test func pullingPastTheThresholdRefreshesAndF5Too() throws {
        let demo = try RunningDemo(Self.wallOptions)
        let start = demo.eventCount
        try demo.wheel(notches: -3)  // 96 px of pull: past the threshold
        try demo.process.waitForEvent(after: start, "the armed frame") { $0.name == "frame" && $0.double("pull") == 96 }
        let refresh = try demo.process.waitForEvent(after: start, "the refresh") { $0.name == "refresh" }
        try demo.process.waitForEvent(after: refresh.position, "the frame after it") {
            $0.name == "frame" && $0.double("pull") == 0
        }
        #expect(refresh.event.int("items") == 240)
        let keyed = demo.eventCount
        try demo.key("F5")
        try demo.process.waitForEvent(after: keyed, "the refresh from F5") { $0.name == "refresh" }
        demo.expectNoXErrors()
    }

    @Test func wheelClampsAtTheBottom() throws {
        let demo = try RunningDemo(["--items", "60", "--width", "600", "--height", "520", "--columns", "3"])
        let maxOffset = demo.maxOffset
        #expect(maxOffset > 0)
        #expect(
            maxOffset.truncatingRemainder(dividingBy: demo.wheelStep) != 0,
            "the test needs an end that is not a whole notch")
        let start = demo.eventCount
        try demo.wheel(notches: Int((maxOffset / demo.wheelStep).rounded(.up)) + 4)
        let atEnd = try demo.waitForFrame(after: start, offset: maxOffset)
        try demo.wheel(notches: -1)
        try demo.waitForFrame(after: atEnd, offset: maxOffset - demo.wheelStep)
        let offsets = demo.events(named: "scroll", after: start).compactMap { $0.double("offset") }
        #expect(offsets.max() == maxOffset)
        #expect(offsets.last == maxOffset - demo.wheelStep)
    }

    @Test func clickSelectsTheCardUnderThePointerAndDrawsItsBorder() throws {
        let demo = try RunningDemo(Self.wallOptions)
        let layout = try runLayoutCommand([
            "--width", String(Int(demo.cardsWidth)), "--columns", "4", "--height", String(Int(demo.viewportHeight)),
        ])
        let colors = try bundledCatalogColors()
        // The first card of the third column and the first of the second, both whole on screen.
        let target = try #require(layout.items.first { $0.column == 2 })
        let other = try #require(layout.items.first { $0.column == 1 })
        let targetEdge = (x: Int(target.x) + 1, y: Int(target.y) + 20)
        let otherEdge = (x: Int(other.x) + 1, y: Int(other.y) + 20)

        let before = try demo.screenshot()
        #expect(before.pixel(x: targetEdge.x, y: targetEdge.y) == colors[target.index])

        let start = demo.eventCount
        try demo.click(x: target.midX, y: target.midY)
        let selected = try demo.process.waitForEvent(after: start, "a select event") { $0.name == "select" }
        try demo.process.waitForEvent(after: selected.position, "the frame after the selection") { $0.name == "frame" }
        // The view's events (the pointer over the card also gives the window a hand cursor, a window event).
        let names = demo.process.events.dropFirst(start).filter { !["frame", "input", "cursor"].contains($0.name) }.map
        { "\($0.name) \($0.int("index") ?? -1)" }
        #expect(names == ["highlight \(target.index)", "unhighlight \(target.index)", "select \(target.index)"])

        let after = try demo.screenshot()
        let selectionBlue = RGB(0x0A64FF)
        #expect(after.pixel(x: targetEdge.x, y: targetEdge.y) == selectionBlue)
        #expect(after.pixel(x: Int(target.x) + 1, y: Int(target.y) + 1) == selectionBlue)
        #expect(after.pixel(x: Int(target.x + target.width) - 2, y: Int(target.midY)) == selectionBlue)
        #expect(after.pixel(x: Int(target.x) + 8, y: targetEdge.y) == colors[target.index])  // inside the border
        #expect(after.pixel(x: otherEdge.x, y: otherEdge.y) == colors[other.index])  // other cards unframed
        try? after.savePNG(window: demo.window, display: demo.xvfb.display, to: artifactPath("selected.png"))
        demo.expectNoXErrors()
    }

    @Test func pressDarkensTheCardUntilRelease() throws {
        let demo = try RunningDemo(Self.wallOptions)
        let layout = try runLayoutCommand([
            "--width", String(Int(demo.cardsWidth)), "--columns", "4", "--height", String(Int(demo.viewportHeight)),
        ])
        let colors = try bundledCatalogColors()
        let card = try #require(layout.items.first)
        let probe = (x: Int(card.x) + 10, y: Int(card.y) + 10)
        try demo.movePointer(x: card.midX, y: card.midY)
        let start = demo.eventCount
        try xdotool(["mousedown", "1"], display: demo.xvfb.display)
        let highlight = try demo.process.waitForEvent(after: start, "a highlight event") { $0.name == "highlight" }
        try demo.process.waitForEvent(after: highlight.position, "the pressed frame") { $0.name == "frame" }
        let pressed = try demo.screenshot().pixel(x: probe.x, y: probe.y)
        #expect(pressed != colors[card.index])
        #expect(
            pressed.map { Int($0.red) + Int($0.green) + Int($0.blue) } ?? 0
                < Int(colors[card.index].red) + Int(colors[card.index].green) + Int(colors[card.index].blue))
        try xdotool(["mouseup", "1"], display: demo.xvfb.display)
        let select = try demo.process.waitForEvent(after: highlight.position, "a select event") { $0.name == "select" }
        try demo.process.waitForEvent(after: select.position, "the frame after release") { $0.name == "frame" }
        #expect(try demo.screenshot().pixel(x: probe.x, y: probe.y) == colors[card.index])
    }

    @Test func dragOffTheCardCancelsTheSelection() throws {
        let demo = try RunningDemo(Self.wallOptions)
        let layout = try runLayoutCommand([
            "--width", String(Int(demo.cardsWidth)), "--columns", "4", "--height", String(Int(demo.viewportHeight)),
        ])
        let card = try #require(layout.items.first { $0.column == 0 })
        let neighbour = try #require(layout.items.first { $0.column == 1 })
        try demo.movePointer(x: card.midX, y: card.midY)
        let start = demo.eventCount
        try xdotool(["mousedown", "1"], display: demo.xvfb.display)
        try demo.movePointer(x: neighbour.midX, y: neighbour.midY)
        try xdotool(["mouseup", "1"], display: demo.xvfb.display)
        try demo.wheel(notches: 1)  // a marker: everything before it has been handled once its frame is logged
        try demo.waitForFrame(after: start, offset: demo.wheelStep)
        let names = demo.process.events.dropFirst(start).filter {
            ["highlight", "unhighlight", "select"].contains($0.name)
        }
        .map { "\($0.name) \($0.int("index") ?? -1)" }
        #expect(names == ["highlight \(card.index)", "unhighlight \(card.index)"])
    }

    @Test func resizingAcrossTheThresholdSwitchesTheColumnCount() throws {
        let demo = try RunningDemo(["--width", "1000", "--height", "700"])
        #expect(demo.ready.int("columns") == 5)  // landscape: wider than tall
        var start = demo.eventCount
        try demo.resize(width: 600, height: 900)
        let portrait = try demo.process.waitForEvent(after: start, "a layout event") { $0.name == "layout" }.event
        #expect(portrait.int("columns") == 3)
        #expect(portrait.double("viewport", "width") == 588)  // the cards' area: 600 less the scroll bar
        #expect(portrait.double("viewport", "height") == 880)
        #expect(portrait.double("columnWidth") == 180)  // (600 - 12 - 24 - 2 * 12) / 3
        start = demo.eventCount
        try demo.resize(width: 1000, height: 700)
        let landscape = try demo.process.waitForEvent(after: start, "a layout event") { $0.name == "layout" }.event
        #expect(landscape.int("columns") == 5)
        demo.expectNoXErrors()
    }

    @Test func anExplicitLandscapeWidthIsTheThresholdWithAHysteresisBand() throws {
        let demo = try RunningDemo(["--width", "799", "--height", "400", "--landscape-width", "800"])
        #expect(demo.ready.int("columns") == 3)  // wider than tall, but below the explicit width
        // A drag along the threshold: the count changes only 8 px past it (half the 16 px band), each way.
        var counts: [Int] = []
        for width in [808, 809, 792, 791] {
            let start = demo.eventCount
            try demo.resize(width: width, height: 400)
            counts.append(
                try demo.process.waitForEvent(after: start, "the layout at \(width)") { $0.name == "layout" }.event.int(
                    "columns") ?? -1)
        }
        #expect(counts == [3, 5, 5, 3])
    }

    @Test func arrowKeysMoveTheSelectionWithinAndAcrossColumns() throws {
        let demo = try RunningDemo(Self.wallOptions)
        let layout = try runLayoutCommand([
            "--width", String(Int(demo.cardsWidth)), "--columns", "4", "--height", String(Int(demo.viewportHeight)),
        ])
        let start = demo.eventCount
        try demo.key("Down")  // nothing selected: selects the first card in view
        try demo.key("Down")  // the next card of column 0
        try demo.key("Right")  // the nearest card of column 1
        let second = layout.items.filter { $0.column == 0 }[1]
        let nearest = try #require(
            layout.items.filter { $0.column == 1 }.min { abs($0.midY - second.midY) < abs($1.midY - second.midY) })
        try demo.process.waitForEvent(after: start, "the selection of card \(nearest.index)") {
            $0.name == "select" && $0.int("index") == nearest.index
        }
        let selected = demo.events(named: "select", after: start).compactMap { $0.int("index") }
        #expect(selected == [0, second.index, nearest.index])
    }

    @Test func windowManagerCloseExitsWithStatusZero() throws {
        let demo = try RunningDemo(Self.wallOptions)
        try sendDeleteWindow(to: demo.window, display: demo.xvfb.display)
        #expect(try demo.process.waitForExit() == 0)
        #expect(demo.process.events.last?["reason"] as? String == "wmDelete")
    }

    @Test func theQKeyExitsWithStatusZero() throws {
        let demo = try RunningDemo(Self.wallOptions)
        try demo.key("q")
        #expect(try demo.process.waitForExit() == 0)
        #expect(demo.process.events.last?["reason"] as? String == "key")
    }
}

/// A path under `artifacts/` at the package root for screenshots a person may look at after a run.
func artifactPath(_ name: String) -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    let folder = root.appendingPathComponent("artifacts")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent(name).path
}

@Suite(.serialized)
struct EmptyWindowTests {
    @Test func noItemsShowTheEmptyViewAndAClickSelectsNothing() throws {
        let demo = try RunningDemo(["--items", "0", "--width", "800", "--height", "620"])
        #expect(demo.ready.int("items") == 0)
        let shot = try demo.screenshot()
        let centre = (x: 400, y: 300)  // the viewport is 800 x 600
        #expect(shot.pixel(x: centre.x, y: centre.y - 20) == RGB(0xFFFFFF))  // the message panel (48 high)
        #expect(shot.pixel(x: 20, y: 20) == RGB(0xECEFF3))  // the background around it
        // The message is drawn in the title colour somewhere on the panel's middle line.
        let textPixels = (250..<550).filter {
            shot.pixel(x: $0, y: centre.y) == RGB(0x1F2328) || shot.pixel(x: $0, y: centre.y - 2) == RGB(0x1F2328)
        }
        #expect(!textPixels.isEmpty)

        let start = demo.eventCount
        try demo.click(x: Double(centre.x), y: Double(centre.y))
        try demo.syncWithAPull(after: start)
        #expect(demo.process.events.dropFirst(start).filter { ["highlight", "select"].contains($0.name) }.isEmpty)
        demo.expectNoXErrors()
    }
}

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
