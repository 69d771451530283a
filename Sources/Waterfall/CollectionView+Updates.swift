/// Changes of the data, as UICollectionView's: the data source already reflects the new state when they are
/// called, and the view lays out only what changed, keeps the cells of surviving items, moves the selection and
/// the press with their items, and keeps the item at the top of the viewport where it was on screen.
///
/// A call outside `performBatchUpdates(_:)` is a batch of one. In a batch, as in UIKit:
/// - deletes, reloads and move sources (of items and sections) name indices before the update; inserts and move
///   destinations name indices after it; the surviving items (and sections) keep their order and fill the
///   positions left free;
/// - a reloaded item keeps its place and selection, and gets a new cell; a reloaded section is laid out afresh,
///   its items all new;
/// - height invalidations, and headers and footers reloaded on their own, name items and sections after the
///   update and are applied after the structural changes;
/// - afterwards each section must have as many items as the data source reports (and there must be as many
///   sections), else the update is refused with `UpdateError.itemCountMismatch` (or `.sectionCountMismatch`).
///
/// A refused update leaves the layout, the visible cells, the selection and the offset exactly as they were.
/// Before the view has a layout (no viewport size yet) an update changes nothing: the first layout reads the data.
extension CollectionView {
    /// Inserts items at `indexPaths` (paths after the update).
    /// - Throws: `UpdateError` (see the extension's notes); the view is then unchanged.
    public func insertItems(at indexPaths: [ItemPath]) throws {
        try record(indexPaths.map(UpdateOperation.insertItem))
    }

    /// Deletes the items at `indexPaths` (paths before the update). Their cells go to the reuse pool; a deleted
    /// selected item is deselected (`didDeselect`), a deleted pressed item's press is cancelled.
    /// - Throws: `UpdateError`; the view is then unchanged.
    public func deleteItems(at indexPaths: [ItemPath]) throws {
        try record(indexPaths.map(UpdateOperation.deleteItem))
    }

    /// Moves the item at `indexPath` (before the update) to `newIndexPath` (after it), in its section or to
    /// another. It keeps its cell, selection and stored height (asked again only when its width changes).
    /// - Throws: `UpdateError`; the view is then unchanged.
    public func moveItem(at indexPath: ItemPath, to newIndexPath: ItemPath) throws {
        try record([.moveItem(from: indexPath, to: newIndexPath)])
    }

    /// Asks the items at `indexPaths` (before the update) again: their heights, whether they span all columns,
    /// and new cells. They keep their places and selection.
    /// - Throws: `UpdateError`; the view is then unchanged.
    public func reloadItems(at indexPaths: [ItemPath]) throws {
        try record(indexPaths.map(UpdateOperation.reloadItem))
    }

    /// Inserts sections at `sections` (indices after the update), laid out from the data source.
    /// - Throws: `UpdateError`; the view is then unchanged.
    public func insertSections(_ sections: [Int]) throws {
        try record(sections.map(UpdateOperation.insertSection))
    }

    /// Deletes the sections at `sections` (indices before the update) with their items.
    /// - Throws: `UpdateError`; the view is then unchanged.
    public func deleteSections(_ sections: [Int]) throws {
        try record(sections.map(UpdateOperation.deleteSection))
    }

    /// Moves the section at `section` (before the update) to `newSection` (after it), with its items, which keep
    /// their cells and selection.
    /// - Throws: `UpdateError`; the view is then unchanged.
    public func moveSection(_ section: Int, toSection newSection: Int) throws {
        try record([.moveSection(from: section, to: newSection)])
    }

    /// Lays the sections at `sections` (indices before the update) out afresh: style, items, header and footer.
    /// Their items count as new (their cells are asked again; a selection in them is dropped).
    /// - Throws: `UpdateError`; the view is then unchanged.
    public func reloadSections(_ sections: [Int]) throws {
        try record(sections.map(UpdateOperation.reloadSection))
    }

    /// Asks the heights of the items at `indexPaths` again (paths after the update, in a batch), as after their
    /// images loaded. With `keepingColumns` (the default) every item stays in its column and only what is below
    /// a changed item in its column moves (and what is below a banner after it); without it, the items from the
    /// first changed one on are placed again by the placement policy. Cells are kept, not asked again.
    /// - Throws: `UpdateError`; the view is then unchanged.
    public func invalidateHeights(ofItemsAt indexPaths: [ItemPath], keepingColumns: Bool = true) throws {
        try record(indexPaths.map { UpdateOperation.invalidateHeight($0, keepingColumn: keepingColumns) })
    }

    /// Asks the height of the item at `indexPath` again; see `invalidateHeights(ofItemsAt:keepingColumns:)`.
    /// - Throws: `UpdateError`; the view is then unchanged.
    public func invalidateHeight(ofItemAt indexPath: ItemPath, keepingColumn: Bool = true) throws {
        try invalidateHeights(ofItemsAt: [indexPath], keepingColumns: keepingColumn)
    }

    /// Runs `updates`, which call the update methods above, and applies their changes together, with UIKit's
    /// batch semantics (see the extension's notes): one layout pass, one `collectionViewDidLayout`. A batch
    /// inside `updates` joins this one.
    /// - Throws: what `updates` throws (nothing is applied then), or `UpdateError`; the view is then unchanged.
    public func performBatchUpdates(_ updates: () throws -> Void) throws {
        guard pendingUpdates == nil else { return try updates() }
        pendingUpdates = []
        let operations: [UpdateOperation]
        do {
            try updates()
            operations = pendingUpdates ?? []
            pendingUpdates = nil  // before applying: a delegate call made while applying starts a batch of its own
        } catch {
            pendingUpdates = nil
            throw error
        }
        try applyUpdates(operations)
    }

    /// Records `operations` in the batch in progress, or applies them as a batch of their own.
    func record(_ operations: [UpdateOperation]) throws {
        try performBatchUpdates { pendingUpdates?.append(contentsOf: operations) }
    }

    /// Lays out `operations`' changes, then moves the views and the selection to the items' new paths, recycles
    /// what is gone, and scrolls to keep the viewport's top item in place. A deleted focused item passes the
    /// focus (and its ring) to the item that takes its place in index order, or to the one before it at the end,
    /// as a file manager does, so the keyboard goes on from there.
    private func applyUpdates(_ operations: [UpdateOperation]) throws {
        guard layout.isValid else { return }
        let anchor = viewportAnchor()
        let oldCounts = (0..<layout.numberOfSections).map(layout.numberOfItems(inSection:))
        let plan = try withLayoutSource { try layout.performUpdates(operations, source: $0) }
        let focusHeir = focusedItem.flatMap {
            plan.newPath(for: $0) == nil ? heir(of: $0, oldCounts: oldCounts, plan.newPath(for:)) : nil
        }
        let focusWasVisible = isFocusVisible
        for path in plan.reloadedItems { recycleCell(at: path) }
        remapSupplementaryViews(plan)
        remapItemPaths(plan.newPath(for:))
        if let focusHeir { setFocusedItem(focusHeir, visible: focusWasVisible) }
        damage.needsFullDisplay = true
        afterLayoutChange(keeping: anchor?.remapped(plan.newPath(for:)))
    }

    /// Moves everything the view keeps by item path to the items' paths after an update: `newPath` gives an old
    /// path's new one, or `nil` for an item that is gone. The visible cells are re-keyed (a gone item's cell goes
    /// to the reuse pool), the press follows its item (a gone item's press is cancelled, `didUnhighlight` with
    /// its old path) and so do the selection (a gone selected item is deselected, `didDeselect` with its old
    /// path), the focus and the range anchor (a gone one is cleared). Every path-keyed piece of state belongs here, so that one function keeps them all in step.
    func remapItemPaths(_ newPath: (ItemPath) -> ItemPath?) {
        var cells: [ItemPath: CollectionViewCell] = [:]
        cells.reserveCapacity(visibleCells.count)
        for (path, cell) in visibleCells {
            if let moved = newPath(path) { cells[moved] = cell } else { reusePool.enqueue(cell) }
        }
        visibleCells = cells
        if case .cell(let pressed, let modifiers, let start) = press {
            press = newPath(pressed).map { .cell($0, modifiers: modifiers, at: start) } ?? .none
            if press == .none { delegate?.collectionView(self, didUnhighlightItemAt: pressed) }
        }
        var kept = Set<ItemPath>()
        var gone: [ItemPath] = []
        kept.reserveCapacity(selectedItems.count)
        for path in selectedItems {
            if let moved = newPath(path) { kept.insert(moved) } else { gone.append(path) }
        }
        selectedItems = kept
        for path in gone.sorted() { delegate?.collectionView(self, didDeselectItemAt: path) }
        focusedItem = focusedItem.flatMap(newPath)
        if focusedItem == nil { isFocusVisible = false }
        selectionAnchor = selectionAnchor.flatMap(newPath)
    }

    /// The new path of the first item after `gone` (in the old index order, across sections) that survives the
    /// update, else of the last surviving item before it; `nil` when no item survives.
    /// - Complexity: O(the items deleted next to `gone`, and the sections between).
    private func heir(of gone: ItemPath, oldCounts: [Int], _ newPath: (ItemPath) -> ItemPath?) -> ItemPath? {
        for section in gone.section..<oldCounts.count {
            let start = section == gone.section ? gone.item + 1 : 0
            for item in start..<max(start, oldCounts[section]) {
                if let path = newPath(ItemPath(item: item, section: section)) { return path }
            }
        }
        for section in stride(from: gone.section, through: 0, by: -1) {
            let end = section == gone.section ? gone.item : oldCounts[section]
            for item in stride(from: end - 1, through: 0, by: -1) {
                if let path = newPath(ItemPath(item: item, section: section)) { return path }
            }
        }
        return nil
    }

    /// Re-keys the visible headers and footers of sections that only moved; those of sections that are gone or
    /// changed, and those reloaded on their own, go to the reuse pool, so that the data source is asked for them
    /// again (a header that shows its section's item count is drawn anew).
    private func remapSupplementaryViews(_ plan: UpdatePlan) {
        var views: [ElementID: CollectionViewCell] = [:]
        for (id, view) in visibleSupplementaryViews {
            if let section = plan.newSection(ofOld: id.indexPath.section),
                !plan.isSupplementaryElementAskedAgain(id.kind, inSection: section)
            {
                views[ElementID(kind: id.kind, indexPath: ItemPath(item: 0, section: section))] = view
            } else {
                reusePool.enqueue(view)
            }
        }
        visibleSupplementaryViews = views
    }
}
