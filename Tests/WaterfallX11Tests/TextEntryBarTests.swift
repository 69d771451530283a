import Testing
@_spi(Testing) import Waterfall

@testable import WaterfallX11

/// The text entry's editing and drawing, without a server: whole characters, words, and exactly what is drawn.
struct TextEntryBarTests {
    static let background = Color(rgb: 0x1F2125)
    static let ink = Color(rgb: 0xF5F5F5)
    static let dim = Color(rgb: 0x80868B)

    func bar() -> TextEntryBar {
        TextEntryBar(
            backgroundColor: Self.background, textColor: Self.ink, placeholderColor: Self.dim, prompt: "Filter: ")
    }

    @Test func editsTakeWholeCharactersAndWords() {
        let entry = bar()
        #expect(entry.insert("ab\r\u{8}\u{7F} c"))  // control characters are never typed
        #expect(entry.text == "ab c")
        #expect(!entry.insert("\r"))
        #expect(entry.insert("e\u{301}👍🏽東"))  // a decomposed é, a toned thumb, a CJK character
        #expect(entry.deleteBackward() && entry.text == "ab ce\u{301}👍🏽")
        #expect(entry.deleteBackward() && entry.text == "ab ce\u{301}")  // the thumb and its tone at once
        #expect(entry.deleteBackward() && entry.text == "ab c")  // e and its accent at once
        #expect(entry.insert("d  "))
        #expect(entry.deleteWordBackward() && entry.text == "ab ")  // the spaces, then the word
        #expect(entry.deleteWordBackward() && entry.text == "")
        #expect(!entry.deleteWordBackward() && !entry.deleteBackward() && !entry.clear())
        #expect(entry.insert("kyoto") && entry.clear() && entry.text == "")
    }

    @Test func withoutAnInputMethodAKeysymTypesItsOwnCharacter() {
        #expect(KeyText.character(ofKeysym: 0x61) == "a")
        #expect(KeyText.character(ofKeysym: 0xE9) == "é")  // eacute
        #expect(KeyText.character(ofKeysym: 0x0100_6771) == "東")  // U6771
        #expect(KeyText.character(ofKeysym: 0x0101_F44D) == "👍")
        #expect(KeyText.character(ofKeysym: 0xFF08) == "")  // BackSpace
        #expect(KeyText.character(ofKeysym: 0xFE51) == "")  // dead_acute
        #expect(KeyText.character(ofKeysym: 0x7F) == "")  // Delete's character, not typed
        #expect(KeyText.character(ofKeysym: 0x0100_0008) == "")  // a control character as a Unicode keysym
        #expect(KeyText.character(ofKeysym: 0x0100_D800) == "")  // a surrogate: no character
    }

    @Test func theCaretMovesByCharacterAndEditsHappenAtIt() {
        let entry = bar()
        #expect(entry.insert("tokyo") && entry.caret == 5)
        #expect(entry.moveCaret(.home) && entry.caret == 0)
        #expect(!entry.moveCaret(.left) && !entry.deleteBackward())
        #expect(entry.insert("東") && entry.text == "東tokyo" && entry.caret == 1)
        #expect(entry.moveCaret(.right) && entry.moveCaret(.right) && entry.caret == 3)
        #expect(entry.deleteForward() && entry.text == "東toyo" && entry.caret == 3)
        #expect(entry.deleteBackward() && entry.text == "東tyo" && entry.caret == 2)
        #expect(entry.insert("a b") && entry.text == "東ta byo" && entry.caret == 5)
        #expect(entry.deleteWordBackward() && entry.text == "東ta yo" && entry.caret == 4)  // "b" only: the word before
        #expect(entry.moveCaret(.end) && !entry.moveCaret(.right) && !entry.deleteForward() && entry.caret == 6)
        entry.setText("kyoto")
        #expect(entry.caret == 5)
    }

    @Test func aLongTextShowsTheCaretAtTheRightEdgeOrItsBeginning() {
        let entry = bar()
        let canvas = RecordingCanvas()
        let frame = Rect(x: 0, y: 0, width: 200, height: 28)
        entry.setText(String(repeating: "a", count: 30) + "xyz")  // 198 wide, 139 available: 23 characters show
        _ = entry.moveCaret(.home)
        entry.draw(in: canvas, frame: frame)
        // The caret at the beginning: the text from its start (clipped by the bar), the caret after the prompt.
        #expect(canvas.commands.contains(.text(entry.text, Point(x: 54, y: 17), Self.ink)))
        #expect(canvas.commands.contains(.fill(Rect(x: 54, y: 7, width: 1, height: 13), Self.ink)))
        for _ in 0..<25 { _ = entry.moveCaret(.right) }
        canvas.reset()
        entry.draw(in: canvas, frame: frame)
        // 25 characters before the caret, 23 fit: the text from its third, the caret after 23 of them (54 + 138).
        #expect(
            canvas.commands.contains(.text(String(repeating: "a", count: 28) + "xyz", Point(x: 54, y: 17), Self.ink)))
        #expect(canvas.commands.contains(.fill(Rect(x: 192, y: 7, width: 1, height: 13), Self.ink)))
    }

    @Test func drawsThePromptThePlaceholderOrTheTextAndTheCaretOnlyWhenChanged() {
        let entry = bar()
        entry.placeholder = "name"
        let canvas = RecordingCanvas()  // 6 a character, lines 13 high, ascent 10
        let frame = Rect(x: 0, y: 0, width: 200, height: 28)
        entry.draw(in: canvas, frame: frame)
        // The line's top at (28 - 13) / 2 = 7.5, rounded down; the text starts after the 48-wide prompt.
        #expect(
            canvas.commands == [
                .clip(frame), .fill(frame, Self.background), .text("Filter: ", Point(x: 6, y: 17), Self.ink),
                .text("name", Point(x: 56, y: 17), Self.dim), .fill(Rect(x: 54, y: 7, width: 1, height: 13), Self.ink),
                .clip(nil),
            ])
        canvas.reset()
        entry.draw(in: canvas, frame: frame)
        #expect(canvas.commands.isEmpty)  // nothing changed
        _ = entry.insert("kyoto")
        entry.draw(in: canvas, frame: frame)
        #expect(
            canvas.commands == [
                .clip(frame), .fill(frame, Self.background), .text("Filter: ", Point(x: 6, y: 17), Self.ink),
                .text("kyoto", Point(x: 54, y: 17), Self.ink), .fill(Rect(x: 84, y: 7, width: 1, height: 13), Self.ink),
                .clip(nil),
            ])
        // Wider than the bar's 200 - 6 - 1 - 54 = 139: the end of the text shows, 23 characters (138).
        canvas.reset()
        entry.setText(String(repeating: "a", count: 30) + "xyz")
        entry.draw(in: canvas, frame: frame)
        #expect(
            canvas.commands.contains(.text(String(repeating: "a", count: 20) + "xyz", Point(x: 54, y: 17), Self.ink)))
        #expect(canvas.commands.contains(.fill(Rect(x: 192, y: 7, width: 1, height: 13), Self.ink)))
    }
}
