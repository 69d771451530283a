import Foundation
import Testing
import XvfbSupport

/// Selecting many cards in the real window with xdotool's pointer and keyboard, checked in the event log and
/// in screenshots.
@Suite(.serialized)
struct SelectionWindowTests {
    static let selectionBlue = RGB(0x0A64FF)
    static let focusRing = RGB(0xE8590C)

    func layout(_ demo: RunningDemo) throws -> (items: [LaidOutItem], summary: Event, elements: [LaidOutItem]) {
        try runLayoutCommand([
            "--width", String(Int(demo.cardsWidth)), "--columns", "4", "--height", String(Int(demo.viewportHeight)),
        ])
    }

    /// The `select` and `deselect` events after the first `after`, as "select 12".
    func selectionEvents(_ demo: RunningDemo, after: Int) -> [String] {
        demo.process.events.dropFirst(after).filter { ["select", "deselect", "activate"].contains($0.name) }
            .map { "\($0.name) \($0.int("index") ?? -1)" }
    }

    /// Presses a key, then a wheel notch down and back up as a marker: once the marker's frame at offset 0 is
    /// logged, everything the key did has been handled.
    func pressAndSettle(_ demo: RunningDemo, _ keys: [String]) throws {
        let start = demo.eventCount
        for key in keys { try demo.key(key) }
        try demo.wheel(notches: 1)
        let down = try demo.waitForFrame(after: start, offset: demo.wheelStep)
        try demo.wheel(notches: -1)
        try demo.waitForFrame(after: down, offset: 0)
    }

    @Test func ctrlClickSelectsTwoCardsAndBothBordersShow() throws {
        let demo = try RunningDemo(WindowTests.wallOptions)
        let cards = try layout(demo).items
        let first = try #require(cards.first { $0.kind == "cell" && $0.column == 0 })
        let second = try #require(cards.first { $0.kind == "cell" && $0.column == 2 })
        let start = demo.eventCount
        try demo.click(x: first.midX, y: first.midY)
        try xdotool(["keydown", "Control_L"], display: demo.xvfb.display)
        try demo.click(x: second.midX, y: second.midY)
        try xdotool(["keyup", "Control_L"], display: demo.xvfb.display)
        let selected = try demo.process.waitForEvent(after: start, "the second selection") {
            $0.name == "select" && $0.int("index") == second.index
        }
        try demo.process.waitForEvent(after: selected.position, "the frame after it") { $0.name == "frame" }
        #expect(selectionEvents(demo, after: start) == ["select \(first.index)", "select \(second.index)"])

        let shot = try demo.screenshot()
        for card in [first, second] {
            #expect(
                shot.pixel(x: Int(card.x) + 1, y: Int(card.midY)) == Self.selectionBlue,
                "left border of card \(card.index)")
            #expect(shot.pixel(x: Int(card.x + card.width) - 2, y: Int(card.midY)) == Self.selectionBlue)
        }
        try? shot.savePNG(window: demo.window, display: demo.xvfb.display, to: artifactPath("two-selected.png"))
        demo.expectNoXErrors()
    }

    @Test func shiftClickSelectsARangeAndEscapeClearsIt() throws {
        let demo = try RunningDemo(WindowTests.wallOptions)
        let cards = try layout(demo).items.filter { $0.kind == "cell" }
        let anchor = cards[1]
        let end = cards[4]
        let start = demo.eventCount
        try demo.click(x: anchor.midX, y: anchor.midY)
        try xdotool(["keydown", "Shift_L"], display: demo.xvfb.display)
        try demo.click(x: end.midX, y: end.midY)
        try xdotool(["keyup", "Shift_L"], display: demo.xvfb.display)
        try pressAndSettle(demo, ["Escape"])
        let range = (anchor.index...end.index).map { "select \($0)" }
        let cleared = (anchor.index...end.index).map { "deselect \($0)" }
        #expect(selectionEvents(demo, after: start) == ["select \(anchor.index)"] + range.dropFirst() + cleared)
        #expect(demo.process.isRunning)  // Escape clears; it does not quit
    }

    @Test func tabMovesTheFocusWithItsRingAndEnterActivates() throws {
        let demo = try RunningDemo(WindowTests.wallOptions)
        let cards = try layout(demo).items.filter { $0.kind == "cell" }
        let start = demo.eventCount
        try pressAndSettle(demo, ["Tab", "Tab", "Return"])
        #expect(selectionEvents(demo, after: start) == ["select 0", "deselect 0", "select 1", "activate 1"])
        let focused = cards[1]
        let shot = try demo.screenshot()
        // The ring: 2 px wide, 2 to 4 px outside the card, in the spacing; the card's own border is inside it.
        #expect(shot.pixel(x: Int(focused.x) - 3, y: Int(focused.midY)) == Self.focusRing)
        #expect(shot.pixel(x: Int(focused.x) + 1, y: Int(focused.midY)) == Self.selectionBlue)
        #expect(shot.pixel(x: Int(cards[0].x) - 3, y: Int(cards[0].midY)) == RGB(0xECEFF3))  // no ring on the old one
        try? shot.savePNG(window: demo.window, display: demo.xvfb.display, to: artifactPath("focus-ring.png"))
    }

    @Test func selectAtStartSelectsTheCardAndScrollsItIntoView() throws {
        let index = 150
        let demo = try RunningDemo(WindowTests.wallOptions + ["--select", String(index)])
        let card = try #require(
            try layout(demo).elements.first { $0.kind != "header" && $0.kind != "footer" && $0.index == index })
        let selects = demo.process.events.filter { $0.name == "select" }.compactMap { $0.int("index") }
        #expect(selects == [index])
        // Centred: the card with its 12 px margins in the middle of the 700 px viewport.
        let offset = ((card.y - 12 + card.y + card.height + 12 - 700) / 2).rounded(.down)
        let frames = demo.process.events.filter { $0.name == "frame" }
        #expect(frames.first?.double("offset") == offset)
        let shot = try demo.screenshot()
        #expect(shot.pixel(x: Int(card.x) + 1, y: Int(card.midY - offset)) == Self.selectionBlue)
    }

    @Test func aSelectBeyondTheCardsIsRefusedBeforeAWindowOpens() throws {
        let xvfb = try XvfbServer()
        let process = try DemoProcess(arguments: ["--select", "240"], display: xvfb.display)
        #expect(try process.waitForExit() == 2)
        #expect(
            process.standardError.contains(
                "--select is 240; the window starts with 240 cards, so it must be from 0 to 239"))
    }
}

/// Shortcuts under a layout of another script: with `setxkbmap ru` (Russian alone, no Latin layout in the keymap),
/// the physical keys a US keyboard calls A, C, R and Q still select all and copy (with Ctrl), re-measure and quit.
@Suite(.serialized)
struct KeyboardLayoutWindowTests {
    @Test func underARussianLayoutCtrlACtrlCTheDemosKeysAndQWorkOnTheirKeys() throws {
        let demo = try RunningDemo(WindowTests.wallOptions)
        let display = demo.xvfb.display
        _ = try runTool("setxkbmap", ["ru"], display: display)  // while the program runs, as a user switches
        // Pressed by keycode: `xdotool key ctrl+a` would find no `a` in the Russian map and bind one to a spare key.
        let keyA = try keycode(ofKeyNamed: "AC01", display: display)
        let keyR = try keycode(ofKeyNamed: "AD04", display: display)
        let keyQ = try keycode(ofKeyNamed: "AD01", display: display)
        let keyC = try keycode(ofKeyNamed: "AB03", display: display)
        try demo.key("Shift_L")  // the server takes the new map for the core keyboard at the next key
        #expect(try firstLevelKeysyms(ofKeycode: keyA, display: display) == ["Cyrillic_ef"])
        #expect(try firstLevelKeysyms(ofKeycode: keyR, display: display) == ["Cyrillic_ka"])
        #expect(try firstLevelKeysyms(ofKeycode: keyQ, display: display) == ["Cyrillic_shorti"])

        let selectAll = demo.eventCount
        try xdotool(["key", "ctrl+\(keyA)"], display: display)
        // The key after Ctrl's own press (a demoKey Control_L).
        let key = try demo.process.waitForEvent(after: selectAll, "Ctrl+Ф") {
            $0.name == "input" && $0.string("key") != "Control_L"
        }
        #expect(key.event.string("kind") == "command")
        #expect(key.event.string("command") == "selectAll")
        try demo.process.waitForEvent(after: key.position, "the frame after it") { $0.name == "frame" }
        #expect(demo.events(named: "select", after: selectAll).count == 240)

        // Ctrl+С copies as Ctrl+C does.
        let copy = demo.eventCount
        try xdotool(["key", "ctrl+\(keyC)"], display: display)
        let copied = try demo.process.waitForEvent(after: copy, "the copy") { $0.name == "copy" }.event
        #expect(copied.int("cards") == 240)
        #expect(copied["owned"] as? Bool == true)

        let remeasure = demo.eventCount
        try xdotool(["key", String(keyR)], display: display)
        let update = try demo.process.waitForEvent(after: remeasure, "the remeasure") { $0.name == "update" }
        #expect(update.event.string("kind") == "remeasure")
        #expect(demo.events(named: "input", after: remeasure).compactMap { $0.string("key") } == ["r"])

        try xdotool(["key", String(keyQ)], display: display)
        #expect(try demo.process.waitForExit() == 0)
        #expect(demo.process.events.last?.name == "exit")
        #expect(demo.process.events.last?.string("reason") == "key")
        #expect(demo.process.events.last.map { ($0["selected"] as? [Any])?.count } == 240)
        demo.expectNoXErrors()
    }
}
