/// The pointer state machine: a press highlights the item under it; moving off that item while pressed
/// removes the highlight and cancels; a release on the same item selects it. Delegate calls come in
/// UIKit's order: `shouldHighlight`, `didHighlight` on press; `didUnhighlight`, `shouldSelect`,
/// `didDeselect` (of the previous selection), `didSelect` on release. Headers and footers are not selectable;
/// a click (press and release) on the load-more footer retries a failed load.
extension CollectionView {
    /// The pointer went down at `point` (view coordinates).
    public func pointerDown(at point: Point) {
        cancelPress()
        let id = element(at: point)
        if id?.kind == .loadMoreFooter, case .failed = loadMoreState {
            isLoadMoreFooterPressed = true
            return
        }
        guard let id, id.kind == .cell,
              delegate?.collectionView(self, shouldHighlightItemAt: id.indexPath) ?? true else { return }
        setHighlighted(id.indexPath)
    }

    /// The pointer moved to `point` with the button held: leaving the pressed item cancels the press.
    public func pointerMoved(to point: Point) {
        if isLoadMoreFooterPressed, element(at: point) != .loadMoreFooter { isLoadMoreFooterPressed = false }
        guard let pressed = highlightedItem, indexPathForItem(at: point) != pressed else { return }
        cancelPress()
    }

    /// The pointer went up at `point`: selects the pressed item if the pointer is still on it, or retries a
    /// failed load when the press and the release were on the load-more footer.
    public func pointerUp(at point: Point) {
        if isLoadMoreFooterPressed {
            isLoadMoreFooterPressed = false
            if element(at: point) == .loadMoreFooter { retryLoadingMore() }
            return
        }
        guard let pressed = highlightedItem else { return }
        cancelPress()
        guard indexPathForItem(at: point) == pressed else { return }
        selectItem(pressed)
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

    /// Selects the item at `indexPath` as a user would (asking `shouldSelect`), deselecting the previous selection
    /// first. Selecting the selected item again changes nothing. Returns whether the item is now selected.
    @discardableResult
    public func selectItem(_ indexPath: ItemPath) -> Bool {
        guard layout.layoutAttributesForItem(at: indexPath) != nil else { return false }
        guard selectedItem != indexPath else { return true }
        guard delegate?.collectionView(self, shouldSelectItemAt: indexPath) ?? true else { return false }
        deselectItem()
        selectedItem = indexPath
        visibleCells[indexPath]?.isSelected = true
        setNeedsDisplay(forItem: indexPath)
        delegate?.collectionView(self, didSelectItemAt: indexPath)
        return true
    }

    /// Clears the selection, telling the delegate.
    public func deselectItem() {
        guard let previous = selectedItem else { return }
        selectedItem = nil
        visibleCells[previous]?.isSelected = false
        setNeedsDisplay(forItem: previous)
        delegate?.collectionView(self, didDeselectItemAt: previous)
    }

    private func setHighlighted(_ indexPath: ItemPath) {
        highlightedItem = indexPath
        visibleCells[indexPath]?.isHighlighted = true
        setNeedsDisplay(forItem: indexPath)
        delegate?.collectionView(self, didHighlightItemAt: indexPath)
    }
}
