/// The modifier keys held during a click or a key press.
public struct ModifierKeys: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Shift: extends the selection as a range from its anchor.
    public static let shift = ModifierKeys(rawValue: 1 << 0)
    /// Control: toggles one item, or moves the focus without selecting.
    public static let control = ModifierKeys(rawValue: 1 << 1)
    /// Alt (X's Mod1): no meaning to the view; a program may bind keys with it.
    public static let alt = ModifierKeys(rawValue: 1 << 2)
}
