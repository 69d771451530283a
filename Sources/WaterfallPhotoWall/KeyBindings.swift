import Waterfall
import WaterfallLibrary

/// Which keys do what: for each mode (the wall, the lightbox, and both), the actions in the order they
/// were added, each with a line that says what it does and the chords bound to it. A chord not bound in the mode
/// shown is looked up among the actions of both modes; a chord bound to nothing is then looked up without Shift, then
/// without Control, so that "equal" also takes Shift+equal (the "+" of a US keyboard) and Ctrl+equal, and "Down" takes
/// Shift+Down (which extends the selection: the action hears the modifiers held).
public struct KeyBindings: Sendable {
    /// Where a binding applies.
    public enum Mode: String, CaseIterable, Sendable {
        /// In the wall and in the lightbox.
        case global
        /// On the wall of cards.
        case wall
        /// In the lightbox.
        case lightbox
    }

    /// An action, what it does, and the chords bound to it.
    public struct Entry: Sendable, Equatable {
        /// The action: `.next`, `.gridZoom(steps: 1)`, `.program("quit")`.
        public var action: WallAction
        /// One line that says what it does.
        public var summary: String
        /// The chords bound to it, in the order given.
        public var chords: [KeyChord]
    }

    /// Each mode's actions, in the order they were added.
    public private(set) var entries: [Mode: [Entry]] = [:]
    /// Each mode's chords and the action each is bound to.
    private var table: [Mode: [KeyChord: WallAction]] = [:]

    /// No bindings.
    public init() {}

    /// Adds `action` to `mode` with what it does and its chords ("Ctrl+c", "F11"); a chord another action of the
    /// mode had is this one's now.
    /// - Precondition: each chord parses (`KeyChord(parsing:)`): the defaults are the program's own text.
    public mutating func add(_ action: WallAction, _ summary: String, in mode: Mode, _ chords: [String]) {
        entries[mode, default: []].append(Entry(action: action, summary: summary, chords: []))
        rebind(action, in: mode, to: chords.map { KeyChord(parsing: $0)! })
    }

    /// Binds `action` of `mode` to `chords` instead of its own, taking each from any other action of the mode;
    /// returns `false` (and changes nothing) when the mode has no such action.
    @discardableResult
    public mutating func rebind(_ action: WallAction, in mode: Mode, to chords: [KeyChord]) -> Bool {
        guard let index = entries[mode]?.firstIndex(where: { $0.action == action }) else { return false }
        for other in entries[mode]!.indices where other != index {
            entries[mode]![other].chords.removeAll { chords.contains($0) }
        }
        entries[mode]![index].chords = chords
        table[mode] = Dictionary(entries[mode]!.flatMap { entry in entry.chords.map { ($0, entry.action) } }) {
            first, _ in first
        }
        return true
    }

    /// Whether `mode` has `action`.
    public func has(_ action: WallAction, in mode: Mode) -> Bool {
        entries[mode]?.contains { $0.action == action } == true
    }

    /// The action `chord` does in `mode` (the wall or the lightbox), if any: see the type's rules.
    public func action(for chord: KeyChord, in mode: Mode) -> WallAction? {
        var candidates = [chord]
        for dropped: ModifierKeys in [.shift, .control, [.shift, .control]]
        where !chord.modifiers.isDisjoint(with: dropped) {
            candidates.append(KeyChord(chord.key, chord.modifiers.subtracting(dropped)))
        }
        for candidate in candidates {
            if let action = table[mode]?[candidate] ?? table[.global]?[candidate] { return action }
        }
        return nil
    }
}
