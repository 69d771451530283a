import Foundation
import Waterfall
import WaterfallLibrary

/// A key with the modifiers held, as a binding names it: "q", "Ctrl+c", "Shift+Tab", "Alt+Return", "Ctrl+WheelUp".
/// The key is its X keysym name as the window reports it: the first level of the key under any layout ("equal" for
/// the key that gives "+" with Shift on a US keyboard, "KP_Add" for the keypad's), or "WheelUp" and "WheelDown" for
/// a wheel notch with Control or Alt held.
public struct KeyChord: Hashable, Sendable, CustomStringConvertible {
    /// The keysym name.
    public var key: String
    /// The modifiers held.
    public var modifiers: ModifierKeys

    /// `key` with `modifiers`.
    public init(_ key: String, _ modifiers: ModifierKeys = []) {
        self.key = key
        self.modifiers = modifiers
    }

    /// The modifiers by the names a binding writes them with (case aside): Ctrl (or Control), Shift, Alt.
    static let modifierNames: [(name: String, modifier: ModifierKeys)] = [
        ("Ctrl", .control), ("Shift", .shift), ("Alt", .alt),
    ]

    /// Parses "Ctrl+Shift+x": modifiers, then the key, joined by "+" (the key "plus" is named so); `nil` when a
    /// modifier is unknown or the key is missing.
    public init?(parsing text: String) {
        var parts = text.split(separator: "+", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard let key = parts.popLast(), !key.isEmpty else { return nil }
        var modifiers: ModifierKeys = []
        for part in parts {
            let name = part.lowercased() == "control" ? "ctrl" : part.lowercased()
            guard let modifier = Self.modifierNames.first(where: { $0.name.lowercased() == name })?.modifier else {
                return nil
            }
            modifiers.insert(modifier)
        }
        self.init(key, modifiers)
    }

    /// "Ctrl+Shift+x": the form `init(parsing:)` reads.
    public var description: String {
        (Self.modifierNames.filter { modifiers.contains($0.modifier) }.map(\.name) + [key]).joined(separator: "+")
    }
}
