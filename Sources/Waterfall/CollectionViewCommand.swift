/// Something the user asks the collection view to do, whatever key or menu asked: `CollectionView.perform(_:)`.
public enum CollectionViewCommand: String, Hashable, Sendable, CaseIterable {
    /// Activates the focused item (Enter, a double click), or retries a failed load of more items shown in the
    /// viewport.
    case activate
    /// Selects every item, in multiple selection mode (Ctrl+A).
    case selectAll
    /// Refreshes from the data source (F5).
    case refresh
}
