import Waterfall

/// What a window keeps of its text entry: the bar while it is shown, and the window's input context (made at the
/// first entry, kept for the window's life, focused while an entry is shown).
struct TextEntryState {
    var bar: TextEntryBar?
    var inputContext: InputContext?
    var triedInputContext = false
}

extension WaterfallWindow {
    /// The one-line text field shown along the top of the window while set: the collection view's viewport moves
    /// down by its height (as the status bar makes room at the bottom), and every key press goes to it first, before
    /// `keyInterceptor`, the overlay and the view. Setting it shows it and takes the keyboard; `nil` hides it and
    /// gives the keys back. The user hides it too, with Return or Escape (`TextEntryBar.onEnd`).
    ///
    /// The text comes through the display's X input method (`XOpenIM` once per display: the server IM that
    /// `XMODIFIERS` names, such as ibus or fcitx, else libX11's local one, which composes dead keys and Compose
    /// sequences from the locale's Compose file), with an input context on the window focused while the entry is
    /// shown; the event loop offers every event to the method first (`XFilterEvent`). The process's `LC_CTYPE` must
    /// name the user's encoding: `Display` sets it from the environment when it is still "C".
    public var textEntry: TextEntryBar? {
        get { textEntryState.bar }
        set {
            let oldValue = textEntryState.bar
            guard newValue !== oldValue else { return }
            textEntryState.bar = newValue
            if newValue != nil { makeInputContextOnce() }
            textEntryState.inputContext?.setFocused(newValue != nil)
            setNeedsFullFrame()
            overlayState.needsDisplay = true
            deferringError { try send(.resize(viewportFrame.size)) }  // the viewport moved and changed height
        }
    }

    /// The text entry's part of the window, in points (zero height when none is shown).
    var textEntryFrame: Rect {
        Rect(
            x: 0, y: 0, width: windowSize.width / scale, height: min(textEntry?.height ?? 0, windowSize.height / scale))
    }

    /// Makes the window's input context at the first entry; without an input method, keys are read without one.
    private func makeInputContextOnce() {
        guard !textEntryState.triedInputContext else { return }
        textEntryState.triedInputContext = true
        guard let method = display.openInputMethodOnce() else { return }
        textEntryState.inputContext = InputContext(
            display: display, method: method, window: window.id, windowEvents: window.eventMask)
    }

    /// Handles a key press while `entry` is shown: an edit, Return, Escape, or the text the key typed (`typed`,
    /// from the input method). Keys are told by their Latin keysym under any layout, as shortcuts are (Ctrl+W is the
    /// same key on a Russian layout); a key with Control or Alt types nothing.
    func handleTextEntryKey(_ entry: TextEntryBar, keycode: UInt32, state: UInt32, typed: String) {
        let modifiers = ModifierKeys(xState: state)
        let keysym = display.shortcutKeys.keysym(keycode: keycode, state: state, on: display)
        let changed: Bool
        if modifiers.contains(.control) {
            switch keysym {
            case Keysym.u: changed = entry.clear()
            case Keysym.w, Keysym.backSpace: changed = entry.deleteWordBackward()
            default: changed = false
            }
        } else if modifiers.contains(.alt) {
            changed = false
        } else {
            switch keysym {
            case Keysym.backSpace: changed = entry.deleteBackward()
            case Keysym.tab: changed = entry.acceptCompletion()
            case Keysym.returnKey, Keysym.keypadEnter:
                endTextEntry(entry, .accepted)
                return
            case Keysym.escape:
                if entry.clear() { entry.onChange?(entry.text) }
                endTextEntry(entry, .cancelled)
                return
            default:
                // What the key typed first: a keypad key under Num Lock types its digit rather than moving the caret.
                changed = entry.insert(typed) || Self.applyEditingKey(keysym, to: entry)
            }
        }
        if changed { entry.onChange?(entry.text) }
    }

    /// Applies a key that types nothing: Delete deletes after the caret; the arrows, Home and End move it. Returns
    /// whether the text changed (a caret move only redraws the bar).
    private static func applyEditingKey(_ keysym: KeySym, to entry: TextEntryBar) -> Bool {
        switch keysym {
        case Keysym.delete, Keysym.keypadDelete: return entry.deleteForward()
        case Keysym.left, Keysym.keypadLeft: _ = entry.moveCaret(.left)
        case Keysym.right, Keysym.keypadRight: _ = entry.moveCaret(.right)
        case Keysym.home, Keysym.keypadHome: _ = entry.moveCaret(.home)
        case Keysym.end, Keysym.keypadEnd: _ = entry.moveCaret(.end)
        default: break
        }
        return false
    }

    /// Hides the entry and tells its program how it ended.
    private func endTextEntry(_ entry: TextEntryBar, _ ending: TextEntryBar.Ending) {
        textEntry = nil
        entry.onEnd?(ending)
    }

    /// Draws the entry, when one is shown and it changed, along the window's top.
    func drawTextEntry() {
        textEntry?.draw(in: canvas, frame: textEntryFrame)
    }
}
