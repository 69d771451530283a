/// What the pointer's button is pressed on, from the press to its release or cancellation: the state of the view's
/// pointer state machine (CollectionView+Pointer.swift and CollectionView+ScrollBar.swift).
enum Press: Equatable {
    /// Nothing: the button is up, or the press was cancelled or began where nothing takes presses.
    case none
    /// A cell, highlighted, with the modifier keys held at the press (they decide what the release selects) and
    /// where the press was (a move `CollectionView.dragThreshold` from there may begin a drag).
    case cell(ItemPath, modifiers: ModifierKeys, at: Point)
    /// The load-more footer of a failed load: a release on it retries.
    case loadMoreFooter
    /// The scroll bar: its thumb, dragged from `grab` points below the thumb's top, or (`nil`) its track.
    case scrollBar(grab: Double?)

    /// The highlighted item, while a cell is pressed.
    var item: ItemPath? {
        if case .cell(let item, _, _) = self { return item }
        return nil
    }

    /// The broken invariants of the press: a pressed item must be laid out (`isLaidOut`). `itemCount` is the
    /// number of items laid out, for the message.
    func invariantViolations(isLaidOut: (ItemPath) -> Bool, itemCount: Int) -> [String] {
        guard let item, !isLaidOut(item) else { return [] }
        return ["item \(item) is pressed but is not laid out (\(itemCount) items)"]
    }
}
