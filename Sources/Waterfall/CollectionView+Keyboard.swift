extension CollectionView {
    /// Handles a key with `modifiers` held, as desktop lists do. Arrows move the focus by geometry: up and down
    /// to the neighbouring item of the same column (across into the next section's nearest column at a section's
    /// end), left and right to the item of the neighbouring column whose vertical centre is nearest; Tab and
    /// Shift+Tab to the next and previous item in index order. With nothing focused they go to the first item in
    /// the viewport. The focus then shows its ring and is scrolled into view; a plain move selects the item
    /// alone, Shift+arrow selects the range from the anchor (multiple mode), Ctrl moves the focus only.
    /// Home and End move the focus to the first and the last item (in index order) as the arrows do (Shift selects
    /// the range, Ctrl moves the focus only), as file managers' icon views do, and scroll to that end of the content.
    /// Page Up/Down (and Space) scroll by a viewport; Ctrl+Space toggles the focused
    /// item; Escape clears the selection. A smooth scroll in progress first jumps to its target. The commands a key
    /// may stand for (Enter, Ctrl+A, F5) go to `perform(_:)`.
    public func handleKey(_ key: NavigationKey, modifiers: ModifierKeys = []) {
        finishScrollAnimation()  // a key acts on where a smooth scroll was going
        switch key {
        case .pageUp: scrollPages(-1)
        case .pageDown: scrollPages(1)
        case .space where modifiers.contains(.control):
            if let focusedItem { userSelect(focusedItem, modifiers: .control, focusVisible: true) }
        case .space: scrollPages(1)
        case .home, .end: moveFocusToEnd(key, modifiers: modifiers)
        case .up, .down, .left, .right, .tab: moveFocus(key, modifiers: modifiers)
        case .cancel:
            cancelPress()
            deselectAllItems()
        }
    }

    /// Carries out `command`, as the user asked for it (a key, a menu): activates the focused item (or retries a
    /// failed load whose footer is in view), selects every item (in multiple selection mode), or refreshes. A smooth
    /// scroll in progress first jumps to its target.
    /// - Throws: `LayoutError` from a refresh's reload.
    public func perform(_ command: CollectionViewCommand) throws {
        finishScrollAnimation()  // a command acts on where a smooth scroll was going
        switch command {
        case .activate: activate()
        case .selectAll: userSelectAll()
        case .refresh: try refresh()
        }
    }

    private func moveFocus(_ key: NavigationKey, modifiers: ModifierKeys) {
        cancelPress()
        guard let target = focusTarget(for: key, backwards: modifiers.contains(.shift)) else { return }
        focus(target, modifiers: modifiers, extendsWithShift: key != .tab)
        scrollItemToVisible(target)
    }

    /// Home (to the first item and the top) or End (to the last item and the bottom).
    private func moveFocusToEnd(_ key: NavigationKey, modifiers: ModifierKeys) {
        cancelPress()
        let sections = (0..<layout.numberOfSections).filter { layout.numberOfItems(inSection: $0) > 0 }
        let target =
            key == .home
            ? sections.first.map { ItemPath(item: 0, section: $0) }
            : sections.last.map { ItemPath(item: layout.numberOfItems(inSection: $0) - 1, section: $0) }
        if let target { focus(target, modifiers: modifiers, extendsWithShift: true) }
        setContentOffset(key == .home ? 0 : scroll.maxOffset)
    }

    /// Moves the focus to `target` as a key with `modifiers` does: Ctrl (or no selection) moves it only, Shift selects
    /// the range from the anchor when `extendsWithShift`, else the item is selected alone.
    private func focus(_ target: ItemPath, modifiers: ModifierKeys, extendsWithShift: Bool) {
        if modifiers.contains(.control) || selectionMode == .none {
            setFocusedItem(target, visible: true)
        } else if modifiers.contains(.shift), extendsWithShift {
            userSelect(target, modifiers: .shift, focusVisible: true)
        } else {
            userSelect(target, modifiers: [], focusVisible: true)
        }
    }

    /// Enter: retries a failed load when its footer is in the viewport, else activates the focused item.
    private func activate() {
        if case .failed = loadMoreState, let footer = frame(of: .loadMoreFooter),
            footer.intersects(Rect(origin: .zero, size: viewportSize)) || focusedItem == nil
        {
            retryLoadingMore()
        } else if let focusedItem {
            delegate?.collectionView(self, didActivateItemAt: focusedItem)
        }
    }

    private func focusTarget(for key: NavigationKey, backwards: Bool) -> ItemPath? {
        guard let current = focusedItem ?? selectedItem, layout.layoutAttributesForItem(at: current) != nil else {
            return indexPathsForItemsInViewport.first
        }
        if key == .tab { return backwards ? itemPath(before: current) : itemPath(after: current) }
        return geometricNeighbour(of: current, for: key)
    }

    /// The next item in index order, skipping empty sections (`indexPath` is laid out, so its section exists).
    private func itemPath(after indexPath: ItemPath) -> ItemPath? {
        if indexPath.item + 1 < layout.numberOfItems(inSection: indexPath.section) {
            return ItemPath(item: indexPath.item + 1, section: indexPath.section)
        }
        let next = (indexPath.section + 1..<layout.numberOfSections).first { layout.numberOfItems(inSection: $0) > 0 }
        return next.map { ItemPath(item: 0, section: $0) }
    }

    /// The previous item in index order, skipping empty sections.
    private func itemPath(before indexPath: ItemPath) -> ItemPath? {
        if indexPath.item > 0 { return ItemPath(item: indexPath.item - 1, section: indexPath.section) }
        let previous = (0..<indexPath.section).reversed().first { layout.numberOfItems(inSection: $0) > 0 }
        return previous.map { ItemPath(item: layout.numberOfItems(inSection: $0) - 1, section: $0) }
    }

    /// The item next to `current` in the direction of an arrow `key`.
    private func geometricNeighbour(of current: ItemPath, for key: NavigationKey) -> ItemPath? {
        guard let attributes = layout.layoutAttributesForItem(at: current),
            let columns = layout.columns(ofSection: current.section),
            let columnsTop = layout.columnsTop(ofSection: current.section)
        else { return nil }
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
                let candidates = [
                    nearestFilled,
                    step > 0 ? columns.spanningItems.first.map(Int.init) : columns.spanningItems.last.map(Int.init),
                ]
                let frames = candidates.compactMap { $0 }.compactMap { columns.layoutAttributesForItem(at: $0) }
                let best =
                    step > 0
                    ? frames.min { $0.frame.minY < $1.frame.minY } : frames.max { $0.frame.maxY < $1.frame.maxY }
                return best.map { ItemPath(item: $0.index, section: section) }
            }
            section += step
        }
        return nil
    }
}
