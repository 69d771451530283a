/// The items in a viewport, ordered by their frames' tops (then x), with where each top was on screen and each
/// height: after a change of the data, the width or the column count, the first of them that still exists is put
/// back at the same screen y, so the user keeps their place. An item cut by the viewport's top keeps the same
/// share of it above the top, so that a card that grew or shrank with the column width stays as much in view.
struct ViewportAnchor {
    /// The items, topmost first, their tops' screen y and their heights.
    var items: [(path: ItemPath, screenY: Double, height: Double)]

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
            let screenY = item.screenY < 0 && item.height > 0 ? (item.screenY * frame.height / item.height).rounded() : item.screenY
            return frame.minY - screenY + pullDistance
        }
        return nil
    }
}
