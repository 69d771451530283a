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
