import Waterfall

/// A one-line text field along the top of a `WaterfallWindow`, above its collection view, while it is the window's
/// `textEntry`: a photo wall's filter ("Filter: tokyo"), for example. It takes every key while shown; the text
/// comes through the display's X input method, so dead keys, Compose and ibus or fcitx input work (see
/// `WaterfallWindow.textEntry`). The program decides its colours, prompt and what the text does (`onChange`,
/// `onEnd`).
///
/// Keys: a character types it at the caret; BackSpace deletes the character before the caret (a whole grapheme: "é"
/// or "👍🏽" at once) and Delete the one after it; Ctrl+BackSpace and Ctrl+W the word before it; Ctrl+U all; Left,
/// Right, Home and End move the caret; Tab takes the completion shown (`completion`); Return accepts (the bar goes,
/// the text stays); Escape cancels (the text is cleared and the bar goes). Other keys with Control or Alt type nothing.
///
/// A program may show a completion of the text (drawn after it in the placeholder's colour) and a message at the
/// bar's right end ("column 8: no field “raitng”").
///
/// Drawn whole, and only when it changed (an edit, new colours) or the window lost its pixels.
public final class TextEntryBar {
    /// How the user ended the entry.
    public enum Ending: Equatable, Sendable {
        /// Return: the bar went, keeping its text.
        case accepted
        /// Escape: the text was cleared and the bar went.
        case cancelled
    }

    /// The bar's height in points.
    public let height: Double
    /// The background colour.
    public var backgroundColor: Color { didSet { needsFill = true } }
    /// The colour of the prompt, the text and the caret.
    public var textColor: Color { didSet { needsFill = true } }
    /// The colour of the placeholder, shown while the text is empty.
    public var placeholderColor: Color { didSet { needsFill = true } }
    /// What stands before the text ("Filter: ").
    public var prompt: String { didSet { needsFill = true } }
    /// What shows in place of the text while it is empty ("name or date"); empty by default.
    public var placeholder = "" { didSet { needsFill = true } }
    /// The space between the bar's edges and its content, in points.
    public var textInset: Double = 6 { didSet { needsFill = true } }
    /// A message drawn at the bar's right end in `messageColor` (what is wrong with the text); `nil` for none.
    public var message: String? { didSet { if message != oldValue { needsFill = true } } }
    /// The colour of `message`.
    public var messageColor = Color(rgb: 0xB00020) { didSet { needsFill = true } }
    /// What the text would become with Tab: a completion that starts with the text (its case and accents aside),
    /// whose rest is drawn after the caret in the placeholder's colour; `nil` for none. Set it in `onChange`.
    public var completion: String? { didSet { if completion != oldValue { needsFill = true } } }
    /// What was typed.
    public private(set) var text = ""
    /// Where the caret is: the number of characters (grapheme clusters) before it.
    private(set) var caret = 0
    /// Called with the text after each edit the user makes (typing, deleting, and the clearing of Escape), on the
    /// window's thread, before the turn's frame.
    public var onChange: ((String) -> Void)?
    /// Called when the user ends the entry, after the bar left the window, on the window's thread.
    public var onEnd: ((Ending) -> Void)?

    /// Whether the next `draw` must draw the bar (it changed, or the window lost its pixels).
    private(set) var needsFill = true

    /// A bar `height` points tall showing `prompt` and the text in `textColor` on `backgroundColor`, and the
    /// placeholder in `placeholderColor` while the text is empty.
    public init(height: Double = 28, backgroundColor: Color, textColor: Color, placeholderColor: Color, prompt: String)
    {
        self.height = height.isFinite ? max(0, height) : 0
        self.backgroundColor = backgroundColor
        self.textColor = textColor
        self.placeholderColor = placeholderColor
        self.prompt = prompt
    }

    /// Replaces the text, as a program restores a filter it kept; `onChange` is not called (the program knows).
    /// The caret goes to its end.
    public func setText(_ newText: String) {
        guard newText != text || caret != newText.count else { return }
        text = newText
        caret = newText.count
        needsFill = true
    }

    /// Makes the next `draw` draw the bar: after the window's pixels were lost or resized.
    func setNeedsFill() {
        needsFill = true
    }

    // MARK: Editing (each returns whether the text changed)

    /// The text before the caret, and after it.
    private var beforeCaret: Substring { text.prefix(caret) }
    private var afterCaret: Substring { text.dropFirst(caret) }

    /// Types `typed` at the caret, without its control characters (a Return's "\r", a BackSpace's "\u{8}").
    func insert(_ typed: String) -> Bool {
        let printable = String(
            String.UnicodeScalarView(typed.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }))
        guard !printable.isEmpty else { return false }
        return edit(before: beforeCaret + printable, after: afterCaret)
    }

    /// Deletes the character before the caret: a whole grapheme cluster, however many bytes and scalars it has.
    func deleteBackward() -> Bool {
        edit(before: beforeCaret.dropLast(), after: afterCaret)
    }

    /// Deletes the character after the caret.
    func deleteForward() -> Bool {
        edit(before: beforeCaret, after: afterCaret.dropFirst())
    }

    /// Deletes the word before the caret and the spaces between it and the caret, as Ctrl+W does in a shell.
    func deleteWordBackward() -> Bool {
        let withoutSpaces = beforeCaret.reversed().drop { $0.isWhitespace }
        return edit(before: String(withoutSpaces.drop { !$0.isWhitespace }.reversed()), after: afterCaret)
    }

    /// Takes the completion shown as the text (Tab), the caret at its end; returns whether the text changed.
    func acceptCompletion() -> Bool {
        guard let completion, completion != text else { return false }
        self.completion = nil
        return edit(before: completion, after: "")
    }

    /// Deletes all the text.
    func clear() -> Bool {
        edit(before: "", after: "")
    }

    /// Where a caret key moves the caret.
    enum CaretMove {
        case left, right, home, end
    }

    /// Moves the caret by a character or to an end; returns whether it moved.
    func moveCaret(_ move: CaretMove) -> Bool {
        let moved: Int
        switch move {
        case .left: moved = max(0, caret - 1)
        case .right: moved = min(text.count, caret + 1)
        case .home: moved = 0
        case .end: moved = text.count
        }
        guard moved != caret else { return false }
        caret = moved
        needsFill = true
        return true
    }

    /// Makes the text `before` + `after`, with the caret between them; returns whether the text changed.
    private func edit<Before: StringProtocol, After: StringProtocol>(before: Before, after: After) -> Bool {
        let newText = String(before) + String(after)
        guard newText != text else { return false }
        text = newText
        // Counted in the joined text: a combining mark typed after "e" joins its character.
        caret = max(0, newText.count - after.count)
        needsFill = true
        return true
    }

    // MARK: Drawing

    /// Draws the whole bar into `frame` (window points) when it needs it: the background, the prompt, the text or the
    /// placeholder, and the caret; clipped to the bar. Text wider than the bar is shown from the character that puts
    /// the caret at the right edge when the caret would be past it, else from its beginning.
    func draw(in canvas: Canvas, frame bar: Rect) {
        guard needsFill else { return }
        needsFill = false
        canvas.setClip(bar)
        canvas.fill(bar, color: backgroundColor)
        let lineTop = bar.minY + ((bar.height - canvas.lineHeight) / 2).rounded(.down)
        let baseline = lineTop + canvas.ascent
        let promptShown = canvas.truncate(prompt, toWidth: bar.width - 2 * textInset)
        canvas.drawText(promptShown, at: Point(x: bar.minX + textInset, y: baseline), color: textColor)
        let start = bar.minX + textInset + canvas.textWidth(promptShown)
        let caretWidth = 1.0
        var end = bar.maxX - textInset
        if let message, !message.isEmpty {
            // The message at the right end, given at most half the bar.
            let shownMessage = canvas.truncate(message, toWidth: max(0, (bar.width - start) / 2))
            let messageX = end - canvas.textWidth(shownMessage)
            canvas.drawText(shownMessage, at: Point(x: messageX, y: baseline), color: messageColor)
            end = messageX - textInset * 2
        }
        let available = max(0, end - caretWidth - start)
        var caretX = start
        if text.isEmpty {
            let shown = canvas.truncate(placeholder, toWidth: available)
            canvas.drawText(shown, at: Point(x: start + caretWidth + 1, y: baseline), color: placeholderColor)
        } else {
            let before = String(beforeCaret)
            let visibleBefore = Self.tail(of: before, fittingWidth: available, measuring: canvas)
            let shown = text.dropFirst(before.count - visibleBefore.count)
            canvas.drawText(String(shown), at: Point(x: start, y: baseline), color: textColor)
            caretX = start + canvas.textWidth(visibleBefore)
            if let completion, completion.count > text.count, caret == text.count {
                let rest = canvas.truncate(String(completion.dropFirst(text.count)), toWidth: max(0, end - caretX))
                canvas.drawText(rest, at: Point(x: caretX + caretWidth, y: baseline), color: placeholderColor)
            }
        }
        canvas.fill(Rect(x: caretX, y: lineTop, width: caretWidth, height: canvas.lineHeight), color: textColor)
        canvas.setClip(nil)
    }

    /// The end of `text` that fits in `width`: the whole text when it fits, else its last characters (what is being
    /// typed stays in sight).
    static func tail(of text: String, fittingWidth width: Double, measuring measure: TextMeasuring) -> String {
        var shown = Substring(text)
        while !shown.isEmpty, measure.textWidth(String(shown)) > width { shown = shown.dropFirst() }
        return String(shown)
    }
}
