/// How many items the user may select, as `UICollectionView`'s `allowsSelection` and
/// `allowsMultipleSelection`.
public enum SelectionMode: Hashable, Sendable {
    /// Nothing can be selected; clicks and keys only move the focus.
    case none
    /// At most one item is selected; selecting another deselects it.
    case single
    /// Any number of items: Ctrl+click toggles one, Shift+click selects a range, Ctrl+A selects all.
    case multiple
}

/// The modifier keys held during a click or a key press.
public struct ModifierKeys: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Shift: extends the selection as a range from its anchor.
    public static let shift = ModifierKeys(rawValue: 1 << 0)
    /// Control: toggles one item, or moves the focus without selecting.
    public static let control = ModifierKeys(rawValue: 1 << 1)
}

/// Where `scrollToItem(at:position:)` puts the item in the viewport, as
/// `UICollectionView.ScrollPosition`.
public enum ScrollPosition: Hashable, Sendable {
    /// The item's top at the viewport's top (less the row spacing).
    case top
    /// The item's vertical centre at the viewport's centre.
    case center
    /// The item's bottom at the viewport's bottom (plus the row spacing).
    case bottom
    /// The least scroll that shows the whole item; none when it is already visible.
    case nearest
}
