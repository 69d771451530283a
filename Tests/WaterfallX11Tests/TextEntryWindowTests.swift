import Foundation
import Glibc
import Testing
import Waterfall
import XvfbSupport

@_spi(Benchmarking) @testable import WaterfallX11

/// A window of 240 × 160 on a fresh Xvfb with a status bar and a text entry shown, its keys typed by xdotool through
/// the server (XTEST) with the pointer over the window (Xvfb's focus follows the pointer), and what the entry heard.
private final class EntryWindow {
    static let backgroundRGB: UInt32 = 0x1F2125
    static let inkRGB: UInt32 = 0xF5F5F5
    static let background = Color(rgb: backgroundRGB)
    static let ink = Color(rgb: inkRGB)
    static let prompt = "Filter: "

    let xvfb: XvfbServer
    let window: WaterfallWindow
    let entry = TextEntryBar(
        backgroundColor: EntryWindow.background, textColor: EntryWindow.ink,
        placeholderColor: Color(rgb: 0x80868B), prompt: EntryWindow.prompt)
    var changes: [String] = []
    var endings: [TextEntryBar.Ending] = []
    /// Keys that reached the program's `onKey` while the entry was shown (none should).
    var keysPastTheEntry: [String] = []

    init(scale: Double = 1) throws {
        xvfb = try XvfbServer()
        let display = try Display(name: xvfb.display)  // takes LC_CTYPE from the environment (LANG=C.UTF-8)
        // XIM composes in the locale's encoding, which must be UTF-8 here: a test process started without a UTF-8
        // locale in its environment is given one before the input method opens, as a user's session has.
        if !Self.localeIsUTF8 { #expect(setlocale(LC_CTYPE, "C.UTF-8") != nil) }
        #expect(Self.localeIsUTF8)
        window = try WaterfallWindow(
            display: display, collectionView: CollectionView(),
            configuration: .init(
                title: "Entry", size: Size(width: 240, height: 160), scale: scale,
                statusBar: .testBar()))
        window.onKey = { [unowned self] name, _ in keysPastTheEntry.append(name) }
        entry.onChange = { [unowned self] in changes.append($0) }
        entry.onEnd = { [unowned self] in endings.append($0) }
        try window.runUntilFirstFrame()
        window.textEntry = entry
        try turn(until: "the entry's first frame") { !window.needsDisplay }
        try xdotool(["mousemove", "--window", String(window.windowID), "120", "80"], display: xvfb.display)
    }

    /// Whether the process's character type is a UTF-8 one.
    static var localeIsUTF8: Bool {
        let name = setlocale(LC_CTYPE, nil).map { String(cString: $0).lowercased() } ?? ""
        return name.hasSuffix(".utf-8") || name.hasSuffix(".utf8")
    }

    /// Turns the loop until `condition` holds, failing after 30 s with `what` (as it is then) (a bound on a hang, not a measurement: a timer
    /// ends the loop's wait then).
    func turn(until what: @autoclosure () -> String, _ condition: () -> Bool) throws {
        var expired = false
        let guardTimer = window.schedule(after: 30) { expired = true }
        defer { window.cancel(guardTimer) }
        while !condition() {
            if expired { throw X11TestError("no \(what()) within 30 s") }
            _ = try window.turn()
        }
    }

    /// Sends `arguments` to xdotool, then turns until the entry's text is `expected`. xdotool reads the text of
    /// `type` in its locale's encoding: it runs in a UTF-8 one whatever the test process was given.
    func type(_ arguments: [String], until expected: String) throws {
        _ = try runTool("xdotool", arguments, display: xvfb.display, environment: ["LC_ALL": "C.UTF-8"])
        try turn(until: "text \"\(expected)\" (have \"\(entry.text)\")") { entry.text == expected }
    }

    /// Binds `keysyms` (by name) to keycodes that have none in the server's keymap (`xmodmap`), before xdotool starts:
    /// it then sends the keycode the keymap has. Left to bind a scratch keycode itself, xdotool unbinds it right after
    /// the key, usually before this client looks the keycode up, which would then mean nothing.
    func bindUnusedKeycodes(to keysyms: [String]) throws {
        let table = String(decoding: try runTool("xmodmap", ["-pke"], display: xvfb.display), as: UTF8.self)
        let unused = table.split(separator: "\n").compactMap { line -> Int? in
            let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)  // "keycode  93 ="
            guard parts.count == 2, parts[1].trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
            return Int(parts[0].split(separator: " ").last ?? "")
        }.filter { $0 > 8 }
        #expect(unused.count >= keysyms.count, "free keycodes in \(table)")
        for (code, keysym) in zip(unused.suffix(keysyms.count), keysyms) {
            _ = try runTool("xmodmap", ["-e", "keycode \(code) = \(keysym)"], display: xvfb.display)
        }
    }

    /// The ink of the entry's colour over its background in the screenshot, between the prompt (and `skipped`, a
    /// beginning of the text) and the caret: the typed text's pixels (points times the window's scale).
    func typedTextInk(after skipped: String = "") throws -> TextInk {
        let shot = try Screenshot.of(window: window.windowID, display: xvfb.display)
        let scale = window.scale
        let start = Int(((6 + window.canvas.textWidth(Self.prompt + skipped)) * scale).rounded(.up))
        let end = Int(
            ((6 + window.canvas.textWidth(Self.prompt) + window.canvas.textWidth(entry.text)) * scale).rounded(.down))
        return shot.textInk(
            xs: start..<end, ys: 0..<Int(entry.height * scale), ink: RGB(Self.inkRGB),
            background: RGB(Self.backgroundRGB))
    }
}

/// The text entry on a real X server, typed with real keys: ASCII, a dead key composed by the local input method,
/// CJK, editing by whole characters and words, and Escape; what is drawn after each change, a resize and an Expose.
@Suite(.serialized)
struct TextEntryWindowTests {
    @Test func keysTypeThroughTheInputMethodAndEditByWholeCharacters() throws {
        let harness = try EntryWindow()
        defer { withExtendedLifetime(harness.xvfb) {} }
        let window = harness.window
        #expect(window.textEntryState.inputContext != nil)  // an input method opened and made a context
        #expect(window.viewportFrame == Rect(x: 0, y: 28, width: 240, height: 112))
        #expect(window.collectionView.viewportSize == Size(width: 240, height: 112))

        try harness.type(["type", "ab cd"], until: "ab cd")
        #expect(harness.changes == ["a", "ab", "ab ", "ab c", "ab cd"])
        try harness.type(["key", "ctrl+w"], until: "ab ")
        // Control and Alt keys type nothing and go nowhere else; "z" after them shows they were read.
        try harness.type(["key", "ctrl+x", "alt+q", "z"], until: "ab z")
        try harness.type(["key", "ctrl+BackSpace"], until: "ab ")
        try harness.type(["type", "z"], until: "ab z")
        try harness.type(["key", "ctrl+u"], until: "")

        try harness.bindUnusedKeycodes(to: ["dead_acute", "U6771", "U4EAC"])
        try harness.type(["key", "dead_acute", "e"], until: "é")  // composed by the locale's Compose file
        try harness.type(["type", "東京"], until: "é東京")
        try harness.type(["key", "BackSpace"], until: "é東")  // three bytes, one character
        try harness.type(["key", "BackSpace"], until: "é")
        try harness.type(["key", "BackSpace"], until: "")  // "é" whole
        #expect(harness.changes.suffix(6) == ["é", "é東", "é東京", "é東", "é", ""])
        #expect(harness.keysPastTheEntry.isEmpty)

        // Escape clears and ends: the bar goes, the viewport is the window's again, and keys go to the program.
        try harness.type(["type", "x"], until: "x")
        try xdotool(["key", "Escape"], display: harness.xvfb.display)
        try harness.turn(until: "the end") { !harness.endings.isEmpty }
        #expect(harness.endings == [.cancelled])
        #expect(harness.entry.text == "")
        #expect(harness.changes.suffix(2) == ["x", ""])
        #expect(window.textEntry == nil)
        #expect(window.collectionView.viewportSize == Size(width: 240, height: 140))
        try xdotool(["key", "q"], display: harness.xvfb.display)
        try harness.turn(until: "q for the program") { harness.keysPastTheEntry == ["q"] }
    }

    @Test func theCaretKeysEditInsideTheTextAndReturnAcceptsKeepingIt() throws {
        let harness = try EntryWindow()
        defer { withExtendedLifetime(harness.xvfb) {} }
        try harness.type(["type", "kyoto"], until: "kyoto")
        // The caret keys: typed at the beginning, deleted before and after the caret.
        try harness.type(["key", "Home", "type", "Q"], until: "Qkyoto")
        try harness.type(["key", "End", "Left", "Left", "BackSpace"], until: "Qkyto")
        try harness.type(["key", "Delete"], until: "Qkyo")
        // A keypad key types its digit under Num Lock and moves the caret without it.
        try harness.type(["key", "Num_Lock", "KP_Left", "Num_Lock"], until: "Qky4o")
        try harness.type(["key", "KP_Home", "type", "N"], until: "NQky4o")
        try xdotool(["key", "Return"], display: harness.xvfb.display)
        try harness.turn(until: "the end") { !harness.endings.isEmpty }
        #expect(harness.endings == [.accepted])
        #expect(harness.entry.text == "NQky4o")
        #expect(harness.window.textEntry == nil)
        #expect(harness.window.viewportFrame.minY == 0)
        // Shown again, it has its text, drawn, and takes the keys again.
        harness.window.textEntry = harness.entry
        try harness.type(["type", "s"], until: "NsQky4o")  // at the caret, after the N
        try harness.turn(until: "the frame") { !harness.window.needsDisplay }
        let ink = try harness.typedTextInk()
        #expect(ink.isText(), "shown again: \(ink)")
        #expect(harness.keysPastTheEntry.isEmpty)
    }

    @Test func theTypedTextHasInkAfterTypingAResizeAndAnExpose() throws {
        let harness = try EntryWindow()
        defer { withExtendedLifetime(harness.xvfb) {} }
        let window = harness.window
        let display = harness.xvfb.display
        try harness.type(["type", "Osaka"], until: "Osaka")
        try harness.turn(until: "the typed text's frame") { !window.needsDisplay }
        let typed = try harness.typedTextInk()
        #expect(typed.isText(), "after typing: \(typed)")
        // CJK, from a fallback font: ink after the Latin text.
        try harness.bindUnusedKeycodes(to: ["U6771", "U4EAC"])
        try harness.type(["type", "東京"], until: "Osaka東京")
        try harness.turn(until: "the CJK text's frame") { !window.needsDisplay }
        let cjk = try harness.typedTextInk(after: "Osaka")
        #expect(cjk.isText(), "CJK: \(cjk)")

        try xdotool(["windowsize", String(window.windowID), "300", "200"], display: display)
        try harness.turn(until: "a frame at the new size") {
            window.windowSize == Size(width: 300, height: 200) && !window.needsDisplay
        }
        let resized = try harness.typedTextInk()
        #expect(resized.isText(), "after a resize: \(resized)")

        // Unmapped and mapped again, the window's pixels are gone (no backing store, no background) until the
        // Expose's frame draws them.
        try xdotool(["windowunmap", "--sync", String(window.windowID)], display: display)
        try xdotool(["windowmap", "--sync", String(window.windowID)], display: display)
        let lost = try harness.typedTextInk()
        #expect(!lost.isText(), "before the Expose's frame: \(lost)")
        let frames = window.framesPresented
        try harness.turn(until: "the Expose's frame") { window.framesPresented > frames && !window.needsDisplay }
        let exposed = try harness.typedTextInk()
        #expect(exposed.isText(), "after an Expose: \(exposed)")
    }

    @Test func atScaleTwoTheBarIsTwiceAsTallAndItsTextHasInk() throws {
        let harness = try EntryWindow(scale: 2)
        defer { withExtendedLifetime(harness.xvfb) {} }
        let window = harness.window
        #expect(window.windowSize == Size(width: 480, height: 320))  // 240 × 160 points at 2 px a point
        #expect(window.viewportFrame == Rect(x: 0, y: 28, width: 240, height: 112))
        try harness.type(["type", "Nara"], until: "Nara")
        try harness.turn(until: "the typed text's frame") { !window.needsDisplay }
        let ink = try harness.typedTextInk()
        #expect(ink.isText(), "at scale 2: \(ink)")
        // The bar ends at 56 px: the row below it is the view's background, not the bar's.
        let shot = try Screenshot.of(window: window.windowID, display: harness.xvfb.display)
        #expect(shot.pixel(x: 200, y: 55) == RGB(EntryWindow.backgroundRGB))
        #expect(shot.pixel(x: 200, y: 56) != RGB(EntryWindow.backgroundRGB))
    }
}
