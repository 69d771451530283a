/// The pointer state machine: a press highlights the item under it; moving off that item while pressed
/// removes the highlight and cancels; a release on the same item selects it. Delegate calls come in
/// UIKit's order: `shouldHighlight`, `didHighlight` on press; `didUnhighlight`, `shouldSelect`,
/// `didDeselect` (of the previous selection), `didSelect` on release.
extension CollectionView {
    /// The pointer went down at `point` (view coordinates).
    public func pointerDown(at point: Point) {
        cancelPress()
        guard let index = indexOfItem(at: point),
              delegate?.collectionView(self, shouldHighlightItemAt: index) ?? true else { return }
        setHighlighted(index)
    }

    /// The pointer moved to `point` with the button held: leaving the pressed item cancels the press.
    public func pointerMoved(to point: Point) {
        guard let pressed = highlightedItem, indexOfItem(at: point) != pressed else { return }
        cancelPress()
    }

    /// The pointer went up at `point`: selects the pressed item if the pointer is still on it.
    public func pointerUp(at point: Point) {
        guard let pressed = highlightedItem else { return }
        cancelPress()
        guard indexOfItem(at: point) == pressed else { return }
        selectItem(pressed)
    }

    /// Ends a press without selecting: removes the highlight, if any.
    public func cancelPress() {
        guard let pressed = highlightedItem else { return }
        highlightedItem = nil
        visibleCells[pressed]?.isHighlighted = false
        setNeedsDisplay(forItem: pressed)
        delegate?.collectionView(self, didUnhighlightItemAt: pressed)
    }

    /// Selects item `index` as a user would (asking `shouldSelect`), deselecting the previous selection first.
    /// Selecting the selected item again changes nothing. Returns whether `index` is now selected.
    @discardableResult
    public func selectItem(_ index: Int) -> Bool {
        guard index >= 0, index < numberOfItems else { return false }
        guard selectedItem != index else { return true }
        guard delegate?.collectionView(self, shouldSelectItemAt: index) ?? true else { return false }
        deselectItem()
        selectedItem = index
        visibleCells[index]?.isSelected = true
        setNeedsDisplay(forItem: index)
        delegate?.collectionView(self, didSelectItemAt: index)
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

    private func setHighlighted(_ index: Int) {
        highlightedItem = index
        visibleCells[index]?.isHighlighted = true
        setNeedsDisplay(forItem: index)
        delegate?.collectionView(self, didHighlightItemAt: index)
    }
}
