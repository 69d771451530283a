import Foundation
import Testing
import XvfbSupport

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
