import ProgramSupport
import Waterfall
import WaterfallCards
import WaterfallX11

/// Ctrl+C: the selected cards' titles on the CLIPBOARD, and the
/// clipboard's requests in the log.
extension DemoController {
    /// The text Ctrl+C copies: the selected cards' titles in index order, one a line, joined by a newline with none
    /// after the last (a single card copies exactly its title, to paste into a one-line field); a line break inside a
    /// title becomes a space, so that each card stays one line. `nil` when no card is selected.
    func clipboardText(for view: CollectionView) -> (text: String, cards: Int)? {
        let paths = view.indexPathsForSelectedItems  // sorted: index order
        guard !paths.isEmpty else { return nil }
        let lines = paths.map { path in String(items[path].title.map { $0.isNewline ? " " : $0 }) }
        return (lines.joined(separator: "\n"), paths.count)
    }

    /// Handles the demo's clipboard keys: Ctrl+C (with or without Shift) copies the selection's titles. Returns whether
    /// `name` with `modifiers` was one.
    func handleClipboardKey(_ name: String, modifiers: ModifierKeys, in view: CollectionView) -> Bool {
        guard name == "c" || name == "C", modifiers.contains(.control) else { return false }
        copySelectedTitles(in: view)
        return true
    }

    /// Takes the CLIPBOARD with the selected cards' titles, at the time of the key that asked (the window's last user
    /// event), and logs a `copy` event: the `cards` and the text's UTF-8 `bytes`, and whether the window `owned` the
    /// clipboard with them (false with nothing selected, which leaves the clipboard as it was, or when the server
    /// refused the time).
    func copySelectedTitles(in view: CollectionView) {
        guard let window else { return }
        var owned = false
        let copied = clipboardText(for: view)
        if let copied, let time = window.lastUserEventTime {
            if let log { ClipboardEventLog(log: log).watch(window) }
            owned = window.clipboard.own(copied.text, at: time)
            if !owned { printError("copy: the X server did not give this window the CLIPBOARD") }
        }
        var fields: [(String, JSONValue)] = [
            ("cards", .int(copied?.cards ?? 0)), ("bytes", .int(copied?.text.utf8.count ?? 0)),
            ("owned", .bool(owned)),
        ]
        if owned, let time = window.clipboard.ownershipTime { fields.append(("time", .int(Int(time.milliseconds)))) }
        log?.log("copy", fields)
    }
}
