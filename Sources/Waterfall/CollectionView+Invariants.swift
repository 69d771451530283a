/// The view's invariants, as UIKit asserts its own after updates in debug builds: the layout's (no two frames
/// overlap within a column), every view in existence is for an element laid out and reaches into the viewport
/// plus the overscan, views in existence plus pooled views are the views created, and the selection, the focus,
/// the anchor and the press name only items that exist. In debug builds the view checks them after every layout
/// change and the platform after every frame (`checkInvariantsInDebugBuilds()`); tests call `checkInvariants()`.
extension CollectionView {
    /// Every broken invariant, one line each naming the item or element; empty when all hold.
    /// - Complexity: O(n + k + s) for n items laid out, k views in existence and s items selected.
    public func invariantViolations() -> [String] {
        invariantViolations(checkingLayout: true)
    }

    /// The view's broken invariants, and the layout's when `checkingLayout`.
    func invariantViolations(checkingLayout: Bool) -> [String] {
        var problems = checkingLayout ? layout.invariantViolations() : []
        let area = visibleContentRect(overscan: overscan)
        for (indexPath, cell) in visibleCells.sorted(by: { $0.key < $1.key }) {
            guard let frame = layout.layoutAttributesForItem(at: indexPath)?.frame else {
                problems.append("a cell is visible for item \(indexPath), which is not laid out")
                continue
            }
            if cell.frame != frame {
                problems.append(
                    "the cell of item \(indexPath) is at \(cell.frame.summary), its item at \(frame.summary)")
            }
            if !cell.frame.intersects(area) {
                problems.append(
                    "the cell of item \(indexPath) at \(cell.frame.summary) is visible outside the viewport and overscan \(area.summary)"
                )
            }
            if cell.isSelected != selectedItems.contains(indexPath) {
                problems.append(
                    "the cell of item \(indexPath) shows isSelected \(cell.isSelected), its item's selection is \(!cell.isSelected)"
                )
            }
            if cell.isHighlighted != (indexPath == highlightedItem) {
                problems.append(
                    "the cell of item \(indexPath) shows isHighlighted \(cell.isHighlighted) against the press")
            }
        }
        for (id, view) in visibleSupplementaryViews.sorted(by: { $0.key.description < $1.key.description }) {
            guard let frame = layout.layoutAttributes(for: id)?.frame else {
                problems.append("a view is visible for \(id), which is not laid out")
                continue
            }
            if view.frame != frame {
                problems.append("the view of \(id) is at \(view.frame.summary), its element at \(frame.summary)")
            }
            if !view.frame.intersects(area) {
                problems.append(
                    "\(id) at \(view.frame.summary) is visible outside the viewport and overscan \(area.summary)")
            }
        }
        let live = visibleCells.count + visibleSupplementaryViews.count
        if live + reusePool.count != reusePool.created {
            problems.append(
                "\(visibleCells.count) visible cells + \(visibleSupplementaryViews.count) visible headers and footers + "
                    + "\(reusePool.count) pooled views = \(live + reusePool.count), but \(reusePool.created) were created"
            )
        }
        let isLaidOut = { (indexPath: ItemPath) in self.layout.layoutAttributesForItem(at: indexPath) != nil }
        problems += selection.invariantViolations(isLaidOut: isLaidOut, itemCount: numberOfItems)
        problems += press.invariantViolations(isLaidOut: isLaidOut, itemCount: numberOfItems)
        return problems
    }

    /// Traps with every broken invariant when any is broken. For tests.
    public func checkInvariants() {
        let problems = invariantViolations()
        precondition(problems.isEmpty, "CollectionView invariants broken:\n" + problems.joined(separator: "\n"))
    }

    /// In a debug build, `checkInvariants()`: an assertion naming every broken invariant. Does nothing in a release
    /// build. Platforms call it after every frame and the view after every layout change. The layout's own
    /// invariants are checked only when its frames changed since the last call (they cannot break otherwise), so
    /// a frame costs O(k + s) for k views in existence and s items selected, not O(n) in the items.
    public func checkInvariantsInDebugBuilds() {
        assert(
            {
                let problems = invariantViolations(checkingLayout: checkedLayoutRevision != layout.revision)
                checkedLayoutRevision = layout.revision
                precondition(problems.isEmpty, "CollectionView invariants broken:\n" + problems.joined(separator: "\n"))
                return true
            }())
    }
}

extension Rect {
    /// "(x, y) w×h", for the invariants' messages.
    fileprivate var summary: String { "(\(minX), \(minY)) \(width)×\(height)" }
}
