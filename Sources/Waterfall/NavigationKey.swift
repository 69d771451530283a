/// A key the collection view moves the focus or scrolls with, already translated from the platform's key codes. The
/// keys that stand for a command (Enter, Ctrl+A, F5) are `CollectionViewCommand`s.
public enum NavigationKey: Hashable, Sendable, CaseIterable {
    /// Arrows: move the focus by geometry.
    case up, down, left, right
    /// Tab (Shift+Tab backwards): moves the focus in index order.
    case tab
    /// Page Up, Page Down: scroll by a viewport.
    case pageUp, pageDown
    /// Home, End: scroll to the top, to the bottom.
    case home, end
    /// Space: pages down; Ctrl+Space toggles the focused item's selection.
    case space
    /// Escape: clears the selection (and ends a press).
    case cancel
}
