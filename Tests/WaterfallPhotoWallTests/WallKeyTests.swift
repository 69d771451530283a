import Foundation
import Testing
import Waterfall
import WaterfallPhotoWall
import WaterfallPhotos

/// The wall's key bindings, in-process: keys rebound by action name do their new actions and the old keys nothing (a
/// key bound to nothing reaches the window's `onKey`, a program's action its `onAction`), a modifier alone does
/// nothing, and a chord bound to nothing falls back to the key without Shift, then without Control.
@Suite struct WallKeyTests {
    /// Six photos (400 × 300) on a wall of 800 × 600 (five columns), every picture drawn, and what reaches the
    /// program: the actions that are not the wall's, and the keys bound to nothing.
    static func wall() throws -> (harness: WallHarness, heard: Heard) {
        let harness = try WallHarness()
        for index in 0..<6 { try harness.photo("p\(index).png", width: 400, height: 300, colour: 0x808080) }
        try harness.open()
        try harness.waitForPictures()
        let heard = Heard()
        harness.wall.onAction = { heard.actions.append($0.name) }
        harness.window.onKey = { heard.keys.append(KeyChord($0, $1).description) }
        return (harness, heard)
    }

    final class Heard {
        var actions: [String] = []
        var keys: [String] = []
    }

    /// The `key` events after the first `after`: "chord action" ("-" for none).
    static func keys(_ harness: WallHarness, after: Int) -> [String] {
        harness.events("key", after: after).map { "\($0.string("chord") ?? "?") \($0.string("action") ?? "-")" }
    }

    @Test func reboundKeysDoTheirNewActionsAndTheOldKeysNothing() throws {
        let (harness, heard) = try Self.wall()
        let view = harness.wall.collectionView
        // A program's own action, then the bindings a config file gives by action name.
        var keys = harness.wall.keyBindings
        keys.add(.program("quit"), "Quit", in: .global, ["q"])
        let rebound = [
            keys.rebind(WallAction(name: "quit"), in: .global, to: [KeyChord("x")]),
            keys.rebind(WallAction(name: "grid-zoom-in"), in: .wall, to: [KeyChord("g")]),
            keys.rebind(WallAction(name: "next"), in: .lightbox, to: [KeyChord("n")]),
            keys.rebind(WallAction(name: "no-such-action"), in: .wall, to: [KeyChord("y")]),
        ]
        #expect(rebound == [true, true, true, false])
        // x was the reject's: it is the quit's now, and the reject has no key.
        #expect(keys.entries[.global]?.first { $0.action.name == "reject" }?.chords == [])
        harness.wall.keyBindings = keys

        var mark = harness.eventCount
        #expect(view.layout.columnCount == 5)
        try harness.window.press("q")  // quits no more: bound to nothing, it goes to the window's onKey
        try harness.window.press("g")
        #expect(view.layout.columnCount == 4)
        try harness.window.press("equal", .shift)  // the old zoom key: nothing
        #expect(view.layout.columnCount == 4)
        try harness.window.press("Right")
        try harness.window.press("x")
        #expect(
            Self.keys(harness, after: mark) == [
                "q -", "g grid-zoom-in", "Shift+equal -", "Right focus-right", "x quit",
            ])
        #expect(heard.actions == ["quit"] && heard.keys == ["q", "Shift+equal"])
        #expect(try harness.events("fileAction").isEmpty && harness.card(0).marks == PhotoMarks())

        // The lightbox: n for the next photo; Next, its old key, reaches the window.
        try harness.window.press("Return")
        let lightbox = try #require(harness.wall.lightbox)
        #expect(lightbox.index == 0)
        mark = harness.eventCount
        try harness.window.press("n")
        #expect(lightbox.index == 1)
        try harness.window.press("Next")
        #expect(lightbox.index == 1)
        #expect(Self.keys(harness, after: mark) == ["n next", "Next -"])
        #expect(heard.keys.last == "Next")
        try harness.window.press("Escape")
        #expect(harness.wall.lightbox == nil)
    }

    @Test func aModifierAloneDoesNothing() throws {
        let (harness, _) = try Self.wall()
        try harness.window.press("Right")
        let mark = harness.eventCount
        for name in [
            "Shift_L", "Shift_R", "Control_L", "Alt_L", "Super_L", "ISO_Level3_Shift", "Caps_Lock", "Num_Lock",
        ] {
            #expect(try !harness.wall.handleKey(name, modifiers: []), "\(name)")
            #expect(try !harness.wall.handleKey(name, modifiers: [.shift, .control]), "\(name) with modifiers")
        }
        #expect(harness.events(after: mark).filter { $0.name == "key" }.isEmpty)
        #expect(harness.selectedIndices == [0] && harness.wall.lightbox == nil)
    }

    @Test func aChordBoundToNothingFallsBackWithoutShiftThenWithoutControl() {
        let keys = PhotoWall.defaultKeyBindings
        func action(_ text: String, _ mode: KeyBindings.Mode = .wall) -> String? {
            keys.action(for: KeyChord(parsing: text)!, in: mode)?.name
        }
        #expect(action("Shift+equal") == "grid-zoom-in")  // "+" on a US keyboard
        #expect(action("Ctrl+Shift+equal") == "grid-zoom-in")
        #expect(action("Ctrl+equal") == "grid-zoom-in")
        #expect(action("Shift+equal", .lightbox) == "zoom-in")
        #expect(action("Shift+x") == "toggle-rejected")  // its own binding, before the fallback to x
        #expect(action("x") == "reject" && action("Shift+x", .lightbox) == "reject")
        #expect(action("Shift+Down") == "focus-down" && action("Ctrl+Down") == "focus-down")
        #expect(action("Shift+s") == "slideshow" && action("s", .lightbox) == "slideshow")  // global, from either mode
        #expect(action("Ctrl+space") == "toggle-selection" && action("Ctrl+space", .lightbox) == "animation-play")
        #expect(action("space") == "page-down" && action("space", .lightbox) == "next")
        #expect(action("Escape") == "deselect" && action("Escape", .lightbox) == "close")
        #expect(action("Alt+z") == nil && action("Alt+Right") == nil)  // Alt is never dropped
        #expect(action("F1") == nil)
    }

    /// The modifiers held reach the action: Shift+Right extends the selection, Ctrl+Right moves only the focus, and
    /// Ctrl+space toggles the focused card.
    @Test func theModifiersHeldReachTheAction() throws {
        let (harness, _) = try Self.wall()
        let view = harness.wall.collectionView
        try harness.window.press("Right")
        #expect(harness.selectedIndices == [0])
        try harness.window.press("Right", .shift)
        #expect(harness.selectedIndices == [0, 1])
        try harness.window.press("Right", .control)
        #expect(try harness.selectedIndices == [0, 1] && view.focusedItem == harness.path(2))
        try harness.window.press("space", .control)
        #expect(harness.selectedIndices == [0, 1, 2])
        try harness.window.press("a", .control)
        #expect(harness.selectedIndices == Array(0..<6))
        try harness.window.press("Escape")
        #expect(harness.selectedIndices.isEmpty)
    }
}
