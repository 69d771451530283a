/// A key the collection view understands, already translated from the platform's key codes.
public enum NavigationKey: Hashable, Sendable {
    case up, down, left, right
    case pageUp, pageDown
    case home, end
    /// Enter: retries a failed load of more items.
    case activate
    /// F5: refreshes from the data source.
    case refresh
}

extension CollectionView {
    /// Handles a navigation key. Arrows move the selection by geometry: up and down to the neighbouring item of
    /// the same column (across into the next section's nearest column at a section's end), left and right to the
    /// item of the neighbouring column whose vertical centre is nearest; with nothing selected, an arrow selects
    /// the first item in the viewport. The new selection is scrolled into view. Page Up/Down scroll by a
    /// viewport, Home and End to the ends; Enter retries a failed load; F5 refreshes.
    /// - Throws: `LayoutError` from a refresh's reload.
    public func handleKey(_ key: NavigationKey) throws {
        switch key {
        case .pageUp: scrollPages(-1)
        case .pageDown: scrollPages(1)
        case .home: setContentOffset(0)
        case .end: setContentOffset(scroll.maxOffset)
        case .up, .down, .left, .right: moveSelection(key)
        case .activate: retryLoadingMore()
        case .refresh: try refresh()
        }
    }

    private func moveSelection(_ key: NavigationKey) {
        cancelPress()
        guard let target = selectionTarget(for: key) else { return }
        if selectItem(target) { scrollItemToVisible(target) }
    }

    private func selectionTarget(for key: NavigationKey) -> ItemPath? {
        guard let current = selectedItem, let attributes = layout.layoutAttributesForItem(at: current),
              let columns = layout.columns(ofSection: current.section), let columnsTop = layout.columnsTop(ofSection: current.section)
        else { return indexPathsForItemsInViewport.first }
        let section = current.section
        func path(_ item: Int?) -> ItemPath? { item.map { ItemPath(item: $0, section: section) } }
        let midY = attributes.frame.midY - columnsTop
        switch key {
        case .up:
            return path(columns.neighbour(ofItem: current.item, inColumnBy: -1))
                ?? edgeItem(ofSectionFrom: section - 1, by: -1, nearestX: attributes.frame.midX)
        case .down:
            return path(columns.neighbour(ofItem: current.item, inColumnBy: 1))
                ?? edgeItem(ofSectionFrom: section + 1, by: 1, nearestX: attributes.frame.midX)
        case .left: return path(columns.item(inColumn: attributes.column - 1, nearestToY: midY))
        case .right: return path(columns.item(inColumn: attributes.column + 1, nearestToY: midY))
        default: return nil
        }
    }

    /// Going down (`step` 1) the top item, going up (`step` -1) the bottom item, of the first section with items
    /// from `section` on in that direction: in the column under `x` (or the nearest column that has items), or a
    /// banner when it is nearer the edge.
    private func edgeItem(ofSectionFrom section: Int, by step: Int, nearestX x: Double) -> ItemPath? {
        var section = section
        while let columns = layout.columns(ofSection: section) {
            if columns.numberOfItems > 0 {
                let edgeY = step > 0 ? -Double.greatestFiniteMagnitude : Double.greatestFiniteMagnitude
                let under = columns.column(nearestToX: x)
                let nearestFilled = (0..<columns.columnCount).sorted { abs($0 - under) < abs($1 - under) }
                    .lazy.compactMap { columns.item(inColumn: $0, nearestToY: edgeY) }.first
                let candidates = [nearestFilled,
                                  step > 0 ? columns.spanningItems.first.map(Int.init) : columns.spanningItems.last.map(Int.init)]
                let frames = candidates.compactMap { $0 }.compactMap { columns.layoutAttributesForItem(at: $0) }
                let best = step > 0 ? frames.min { $0.frame.minY < $1.frame.minY } : frames.max { $0.frame.maxY < $1.frame.maxY }
                return best.map { ItemPath(item: $0.index, section: section) }
            }
            section += step
        }
        return nil
    }
}
