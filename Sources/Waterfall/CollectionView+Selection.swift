/// The selection and the keyboard focus. The selection is a set of items (`selectedItems`); the focus is the one
/// item the keyboard acts on, ringed when the keyboard moved it there. Every change of the selection is told to
/// the delegate (`didSelect`, `didDeselect`, in index order, deselections first); what the user does (clicks,
/// keys) is asked first (`shouldSelect`, `shouldDeselect`), what the program does is not.
extension CollectionView {
    /// How many items may be selected; `.single` by default. Leaving `.multiple` keeps only `selectedItem`;
    /// `.none` deselects everything.
    public var selectionMode: SelectionMode {
        get { selection.mode }
        set {
            selection.mode = newValue
            switch newValue {
            case .none: changeSelection(to: [])
            case .single: changeSelection(to: selectedItem.map { [$0] } ?? [])
            case .multiple: break
            }
        }
    }
    /// The selected items (see `indexPathsForSelectedItems` for them in order).
    public internal(set) var selectedItems: Set<ItemPath> {
        get { selection.selected }
        set { selection.selected = newValue }
    }
    /// The item the keyboard acts on: arrows move from it, Enter activates it. Clicks move it too.
    public internal(set) var focusedItem: ItemPath? {
        get { selection.focused }
        set { selection.focused = newValue }
    }
    /// Whether the focus ring shows: after the keyboard moved the focus, not after a click.
    public internal(set) var isFocusVisible: Bool {
        get { selection.isFocusVisible }
        set { selection.isFocusVisible = newValue }
    }
    /// Where a Shift+click or Shift+arrow range starts: the item last clicked or selected without Shift.
    public internal(set) var selectionAnchor: ItemPath? {
        get { selection.anchor }
        set { selection.anchor = newValue }
    }
}

extension CollectionView {
    /// The selected items, in index order.
    public var indexPathsForSelectedItems: [ItemPath] { selectedItems.sorted() }

    /// The selected item: the only one in single mode; with several, the focused item when it is selected, else
    /// the first in index order.
    public var selectedItem: ItemPath? {
        if selectedItems.count <= 1 { return selectedItems.first }
        if let focusedItem, selectedItems.contains(focusedItem) { return focusedItem }
        return selectedItems.min()
    }

    /// Selects the item at `indexPath` (adding it to the selection in multiple mode, replacing it in single mode),
    /// moves the focus and the range anchor there and scrolls it to `scrollPosition` (not at all when `nil`).
    /// The delegate hears the change but is not asked. Returns whether the item is now selected: `false` when it
    /// does not exist or the mode is `.none`.
    @discardableResult
    public func selectItem(at indexPath: ItemPath, scrollPosition: ScrollPosition? = nil) -> Bool {
        guard layout.layoutAttributesForItem(at: indexPath) != nil, selectionMode != .none else { return false }
        let target = selectionMode == .single ? [indexPath] : selectedItems.union([indexPath])
        changeSelection(to: target)
        selectionAnchor = indexPath
        setFocusedItem(indexPath, visible: isFocusVisible)
        if let scrollPosition { scrollToItem(at: indexPath, position: scrollPosition) }
        return true
    }

    /// Moves the keyboard focus and the range anchor to the item at `indexPath`, its ring shown, and scrolls the least
    /// amount that shows it; the selection stays as it is. Returns whether the item exists.
    @discardableResult
    public func focusItem(at indexPath: ItemPath) -> Bool {
        guard layout.layoutAttributesForItem(at: indexPath) != nil else { return false }
        selectionAnchor = indexPath
        setFocusedItem(indexPath, visible: true)
        scrollItemToVisible(indexPath)
        return true
    }

    /// Deselects the item at `indexPath`, telling the delegate; nothing when it is not selected.
    public func deselectItem(at indexPath: ItemPath) {
        changeSelection(to: selectedItems.subtracting([indexPath]))
    }

    /// Deselects every item, telling the delegate of each.
    public func deselectAllItems() {
        changeSelection(to: [])
    }

    /// Selects every item, in multiple mode; the delegate hears of each newly selected item.
    /// - Complexity: O(n log n) for n items.
    public func selectAllItems() {
        guard selectionMode == .multiple else { return }
        changeSelection(to: Set(allItemPaths()))
    }

    /// Scrolls so that the item at `indexPath` sits at `position` in the viewport, keeping the row spacing
    /// as a margin above it (`.top`) or below it (`.bottom`); ends a smooth scroll where it is. Nothing when there
    /// is no such item.
    public func scrollToItem(at indexPath: ItemPath, position: ScrollPosition) {
        stopScrollAnimation()
        guard let frame = layout.layoutAttributesForItem(at: indexPath)?.frame else { return }
        let margin = layout.columns(ofSection: indexPath.section)?.rowSpacing ?? 0
        applyScroll { $0.scroll(toShow: frame.minY - margin, frame.maxY + margin, at: position) }
    }

    /// Scrolls the least amount that shows all of the item at `indexPath`.
    public func scrollItemToVisible(_ indexPath: ItemPath) {
        scrollToItem(at: indexPath, position: .nearest)
    }

    // MARK: - What the user does

    /// A click on `indexPath` with `modifiers`, or a key that moves there without Shift or Control: in single
    /// mode selects it alone (Ctrl toggles it); in multiple mode Ctrl toggles it, Shift selects the range in
    /// index order from the anchor (Ctrl+Shift adds the range), and a plain click selects it alone. The
    /// delegate is asked for each item that would become selected (a refused clicked item changes nothing) and
    /// for an item Ctrl deselects. Moves the focus there. Returns whether the selection changed.
    @discardableResult
    func userSelect(_ indexPath: ItemPath, modifiers: ModifierKeys, focusVisible: Bool) -> Bool {
        setFocusedItem(indexPath, visible: focusVisible)
        switch selectionMode {
        case .none:
            return false
        case .single:
            if modifiers.contains(.control), selectedItems.contains(indexPath) { return userDeselect(indexPath) }
            selectionAnchor = indexPath
            return userChangeSelection(to: [indexPath], required: indexPath)
        case .multiple:
            if modifiers.contains(.shift) {
                let range = Set(itemPaths(between: selectionAnchor ?? indexPath, and: indexPath))
                return userChangeSelection(
                    to: modifiers.contains(.control) ? selectedItems.union(range) : range, required: nil)
            }
            selectionAnchor = indexPath
            if modifiers.contains(.control) {
                if selectedItems.contains(indexPath) { return userDeselect(indexPath) }
                return userChangeSelection(to: selectedItems.union([indexPath]), required: indexPath)
            }
            return userChangeSelection(to: [indexPath], required: indexPath)
        }
    }

    /// Ctrl+A: selects every item the delegate allows, in multiple mode.
    func userSelectAll() {
        guard selectionMode == .multiple else { return }
        userChangeSelection(to: Set(allItemPaths()), required: nil)
    }

    private func userDeselect(_ indexPath: ItemPath) -> Bool {
        guard delegate?.collectionView(self, shouldDeselectItemAt: indexPath) ?? true else { return false }
        return changeSelection(to: selectedItems.subtracting([indexPath]))
    }

    /// Changes the selection to `target`, less the items the delegate refuses to select; when it refuses
    /// `required`, nothing changes.
    @discardableResult
    private func userChangeSelection(to target: Set<ItemPath>, required: ItemPath?) -> Bool {
        var target = target
        for indexPath in target.subtracting(selectedItems).sorted()
        where !(delegate?.collectionView(self, shouldSelectItemAt: indexPath) ?? true) {
            if indexPath == required { return false }
            target.remove(indexPath)
        }
        return changeSelection(to: target)
    }

    /// Makes `target` the selection: deselects what leaves it, then selects what joins it, each in index order,
    /// updating the cells and telling the delegate. Returns whether anything changed.
    @discardableResult
    func changeSelection(to target: Set<ItemPath>) -> Bool {
        let removed = selectedItems.subtracting(target).sorted()
        let added = target.subtracting(selectedItems).sorted()
        for indexPath in removed {
            selectedItems.remove(indexPath)
            visibleCells[indexPath]?.isSelected = false
            setNeedsDisplay(forItem: indexPath)
            delegate?.collectionView(self, didDeselectItemAt: indexPath)
        }
        for indexPath in added {
            selectedItems.insert(indexPath)
            visibleCells[indexPath]?.isSelected = true
            setNeedsDisplay(forItem: indexPath)
            delegate?.collectionView(self, didSelectItemAt: indexPath)
        }
        return !removed.isEmpty || !added.isEmpty
    }

    /// Moves the keyboard focus (and its ring, when `visible`), marking the old and new rings for drawing.
    func setFocusedItem(_ indexPath: ItemPath?, visible: Bool) {
        guard indexPath != focusedItem || visible != isFocusVisible else { return }
        if isFocusVisible, let focusedItem { setNeedsDisplay(forFocusRingOf: focusedItem) }
        focusedItem = indexPath
        isFocusVisible = visible
        if visible, let indexPath { setNeedsDisplay(forFocusRingOf: indexPath) }
    }

    /// Every item from `a` to `b` (either may come first), in index order across sections.
    private func itemPaths(between a: ItemPath, and b: ItemPath) -> [ItemPath] {
        let (first, last) = a <= b ? (a, b) : (b, a)
        var paths: [ItemPath] = []
        for section in first.section...last.section {
            let start = section == first.section ? first.item : 0
            let end = section == last.section ? last.item + 1 : layout.numberOfItems(inSection: section)
            guard start < end else { continue }
            paths.append(contentsOf: (start..<end).lazy.map { ItemPath(item: $0, section: section) })
        }
        return paths
    }

    private func allItemPaths() -> [ItemPath] {
        (0..<layout.numberOfSections).flatMap { section in
            (0..<layout.numberOfItems(inSection: section)).lazy.map { ItemPath(item: $0, section: section) }
        }
    }

    /// Drops from the selection, the focus and the anchor the items that are no longer laid out (telling the
    /// delegate of each deselection).
    func dropVanishedSelection() {
        let exists = { (indexPath: ItemPath) in self.layout.layoutAttributesForItem(at: indexPath) != nil }
        changeSelection(to: selectedItems.filter(exists))
        if let focusedItem, !exists(focusedItem) { setFocusedItem(nil, visible: false) }
        if let selectionAnchor, !exists(selectionAnchor) { self.selectionAnchor = nil }
    }
}
