/// The pointer state machine: a press highlights the item under it; moving off that item while pressed
/// removes the highlight and cancels; a release on the same item selects it (with Ctrl or Shift held at the
/// press: toggles it or selects a range, see `SelectionMode`) and moves the focus there, without its ring. Delegate calls come in
/// UIKit's order: `shouldHighlight`, `didHighlight` on press; `didUnhighlight`, `shouldSelect`,
/// `didDeselect` (of the previous selection), `didSelect` on release. Headers and footers are not selectable;
/// a click (press and release) on the load-more footer retries a failed load. The scroll bar takes its presses
/// first (see CollectionView+ScrollBar.swift).
extension CollectionView {
    /// The pointer went down at `point` (view coordinates) with `modifiers` held; they decide what the release
    /// does to the selection (see `SelectionMode`).
    public func pointerDown(at point: Point, modifiers: ModifierKeys = []) {
        if scrollBarPointerDown(at: point) { return }
        cancelPress()
        pressModifiers = modifiers
        let id = element(at: point)
        if id?.kind == .loadMoreFooter, case .failed = loadMoreState {
            isLoadMoreFooterPressed = true
            return
        }
        guard let id, id.kind == .cell, selectionMode != .none,
              delegate?.collectionView(self, shouldHighlightItemAt: id.indexPath) ?? true else { return }
        setHighlighted(id.indexPath)
    }

    /// The pointer moved to `point` with the button held: leaving the pressed item cancels the press.
    public func pointerMoved(to point: Point) {
        if scrollBarPointerMoved(to: point) { return }
        if isLoadMoreFooterPressed, element(at: point) != .loadMoreFooter { isLoadMoreFooterPressed = false }
        guard let pressed = highlightedItem, indexPathForItem(at: point) != pressed else { return }
        cancelPress()
    }

    /// The pointer went up at `point`: selects the pressed item if the pointer is still on it, or retries a
    /// failed load when the press and the release were on the load-more footer.
    public func pointerUp(at point: Point) {
        if scrollBarPointerUp(at: point) { return }
        if isLoadMoreFooterPressed {
            isLoadMoreFooterPressed = false
            if element(at: point) == .loadMoreFooter { retryLoadingMore() }
            return
        }
        guard let pressed = highlightedItem else { return }
        cancelPress()
        guard indexPathForItem(at: point) == pressed else { return }
        userSelect(pressed, modifiers: pressModifiers, focusVisible: false)
    }

    /// Ends a press without selecting: removes the highlight, if any.
    public func cancelPress() {
        isLoadMoreFooterPressed = false
        guard let pressed = highlightedItem else { return }
        highlightedItem = nil
        visibleCells[pressed]?.isHighlighted = false
        setNeedsDisplay(forItem: pressed)
        delegate?.collectionView(self, didUnhighlightItemAt: pressed)
    }

    private func setHighlighted(_ indexPath: ItemPath) {
        highlightedItem = indexPath
        visibleCells[indexPath]?.isHighlighted = true
        setNeedsDisplay(forItem: indexPath)
        delegate?.collectionView(self, didHighlightItemAt: indexPath)
    }
}
