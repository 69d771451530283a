/// The items in a viewport, ordered by their frames' tops (then x), with where each top was on screen and each
/// height: after a change of the data, the width or the column count, the first of them that still exists is put
/// back at the same screen y, so the user keeps their place. An item cut by the viewport's top keeps the same
/// share of it above the top, so that a card that grew or shrank with the column width stays as much in view.
struct ViewportAnchor {
    /// The items, topmost first, their tops' screen y and their heights.
    var items: [(path: ItemPath, screenY: Double, height: Double)]
    /// A screen y whose point of the first item stays there, at the same share of the item's height (the pointer's,
    /// for a zoom); `nil` for the item's top, or the viewport's top for an item cut by it.
    var fixedY: Double?

    /// The same items at their paths after an update (`newPath` gives `nil` for an item that is gone).
    func remapped(_ newPath: (ItemPath) -> ItemPath?) -> ViewportAnchor {
        ViewportAnchor(items: items.compactMap { item in newPath(item.path).map { ($0, item.screenY, item.height) } })
    }
}

extension CollectionView {
    /// The items in the viewport (not the overscan), ordered by their tops then their left edges, with their
    /// tops' screen y; `nil` when there are none.
    /// - Complexity: O(columns × log n + k log k) for k items in the viewport.
    func viewportAnchor() -> ViewportAnchor? {
        guard layout.isValid else { return nil }
        var items: [(path: ItemPath, frame: Rect)] = []
        layout.forEachElement(in: visibleContentRect(overscan: 0)) { id in
            guard id.kind == .cell, let frame = layout.layoutAttributesForItem(at: id.indexPath)?.frame else { return }
            items.append((id.indexPath, frame))
        }
        guard !items.isEmpty else { return nil }
        items.sort { ($0.frame.minY, $0.frame.minX) < ($1.frame.minY, $1.frame.minX) }
        return ViewportAnchor(items: items.map { ($0.path, $0.frame.minY - drawnOffset, $0.frame.height) })
    }

    /// The offset that puts the first of `anchor`'s items that is laid out back at its screen y (when its top was
    /// above the viewport's, with the same share of its new height above it, to the whole pixel), before the
    /// scroll model clamps it; `nil` when none is.
    func anchoredOffset(_ anchor: ViewportAnchor) -> Double? {
        for item in anchor.items {
            guard let frame = layout.layoutAttributesForItem(at: item.path)?.frame else { continue }
            // The point kept: the given y on the first item, else the viewport's top on an item cut by it.
            let keptY = (item.path == anchor.items.first?.path ? anchor.fixedY : nil) ?? 0
            let screenY =
                keptY > item.screenY && item.height > 0
                ? (keptY - (keptY - item.screenY) * frame.height / item.height).rounded() : item.screenY
            return frame.minY - screenY + pullDistance
        }
        return nil
    }
}

extension CollectionView {
    /// Changes the column policy now (a grid zoom), relaying out at once so that no frame shows the old columns: the
    /// point of the item at `point` (in view coordinates) stays at the point's height, at the same share of the
    /// item's height, as a zoom under the pointer keeps it (the item's column may change with the count); without an
    /// item there, the focused item's centre stays where it is when it is in view; else the first item in view keeps
    /// its place, as after a resize. Returns the item kept at the point's height, if one was.
    /// - Throws: `LayoutError` from the relayout.
    @discardableResult
    public func setColumnPolicy(_ policy: ColumnPolicy, keepingPointAt point: Point? = nil) throws -> ItemPath? {
        let pinned =
            point.flatMap { point in indexPathForItem(at: point).map { ($0, point.y) } }
            ?? focusedItem.flatMap { focused in
                viewportAnchor()?.items.first { $0.path == focused }.map { (focused, $0.screenY + $0.height / 2) }
            }
        try setColumnPolicy(policy, pinning: pinned)
        return pinned?.0
    }

    /// Changes the column policy now, keeping the point of `item` that is at screen height `y` there (at the same
    /// share of its height): the next step of a zoom that began on the item, wherever its column went.
    /// - Throws: `LayoutError` from the relayout.
    public func setColumnPolicy(_ policy: ColumnPolicy, keepingItem item: ItemPath, atY y: Double) throws {
        try setColumnPolicy(policy, pinning: (item, y))
    }

    private func setColumnPolicy(_ policy: ColumnPolicy, pinning pinned: (path: ItemPath, y: Double)?) throws {
        var anchor = viewportAnchor()
        if let pinned, let frame = layout.layoutAttributesForItem(at: pinned.path)?.frame {
            var kept = anchor ?? ViewportAnchor(items: [])
            kept.items.insert((pinned.path, frame.minY - drawnOffset, frame.height), at: 0)
            kept.fixedY = pinned.y
            anchor = kept
        }
        columnPolicy = policy
        layout.columnCount = columnCount(for: viewportSize)
        try relayout(keeping: anchor)
    }
}
