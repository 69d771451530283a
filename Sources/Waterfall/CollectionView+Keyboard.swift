/// A key the collection view understands, already translated from the platform's key codes.
public enum NavigationKey: Hashable, Sendable {
    case up, down, left, right
    case pageUp, pageDown
    case home, end
}

extension CollectionView {
    /// Handles a navigation key. Arrows move the selection by geometry: up and down to the neighbouring item of
    /// the same column, left and right to the item of the neighbouring column whose vertical centre is nearest;
    /// with nothing selected, an arrow selects the first item in the viewport. The new selection is scrolled
    /// into view. Page Up/Down scroll by a viewport, Home and End to the ends.
    public func handleKey(_ key: NavigationKey) {
        switch key {
        case .pageUp: scrollPages(-1)
        case .pageDown: scrollPages(1)
        case .home: setContentOffset(0)
        case .end: setContentOffset(scroll.maxOffset)
        case .up, .down, .left, .right: moveSelection(key)
        }
    }

    private func moveSelection(_ key: NavigationKey) {
        cancelPress()
        guard let target = selectionTarget(for: key) else { return }
        if selectItem(target) { scrollItemToVisible(target) }
    }

    private func selectionTarget(for key: NavigationKey) -> Int? {
        guard let current = selectedItem, let attributes = layout.layoutAttributesForItem(at: current) else {
            return indicesOfItemsInViewport.first
        }
        switch key {
        case .up: return layout.neighbour(ofItem: current, inColumnBy: -1)
        case .down: return layout.neighbour(ofItem: current, inColumnBy: 1)
        case .left: return layout.item(inColumn: attributes.column - 1, nearestToY: attributes.frame.midY)
        case .right: return layout.item(inColumn: attributes.column + 1, nearestToY: attributes.frame.midY)
        default: return nil
        }
    }
}
