/// The pointer state machine: a press highlights the item under it; moving off that item while pressed
/// removes the highlight and cancels; a release on the same item selects it (with Ctrl or Shift held at the
/// press: toggles it or selects a range, see `SelectionMode`) and moves the focus there, without its ring. Delegate calls come in
/// UIKit's order: `shouldHighlight`, `didHighlight` on press; `didUnhighlight`, `shouldSelect`,
/// `didDeselect` (of the previous selection), `didSelect` on release. Headers and footers are not selectable;
/// a click (press and release) on the load-more footer retries a failed load. The scroll bar takes its presses
/// first (see CollectionView+ScrollBar.swift). A press on an item that moves `dragThreshold` points or more offers the
/// delegate a drag of it (`collectionView(_:beginDragFromItemAt:)`); when the delegate takes it, the press ends there.
extension CollectionView {
    /// The item the pointer is pressed on, highlighted, if any.
    public var highlightedItem: ItemPath? { press.item }

    /// The pointer went down at `point` (view coordinates) with `modifiers` held; they decide what the release
    /// does to the selection (see `SelectionMode`).
    public func pointerDown(at point: Point, modifiers: ModifierKeys = []) {
        if scrollBarPointerDown(at: point) { return }
        cancelPress()
        let id = element(at: point)
        if id?.kind == .loadMoreFooter, case .failed = loadMoreState {
            press = .loadMoreFooter
            return
        }
        guard let id, id.kind == .cell, selectionMode != .none,
            delegate?.collectionView(self, shouldHighlightItemAt: id.indexPath) ?? true
        else { return }
        setHighlighted(id.indexPath, modifiers: modifiers, at: point)
    }

    /// The pointer moved to `point` with the button held. `dragThreshold` points or more from a press on an item, the
    /// delegate may begin a drag of it (asked at each such move until it does): the press ends without selecting.
    /// Else leaving the pressed item (or the footer) cancels the press.
    public func pointerMoved(to point: Point) {
        if scrollBarPointerMoved(to: point) { return }
        switch press {
        case .loadMoreFooter where element(at: point) != .loadMoreFooter: press = .none
        case .cell(let pressed, _, let start):
            let moved = (point.x - start.x) * (point.x - start.x) + (point.y - start.y) * (point.y - start.y)
            if moved >= dragThreshold * dragThreshold,
                delegate?.collectionView(self, beginDragFromItemAt: pressed) == true
            {
                cancelPress()
            } else if indexPathForItem(at: point) != pressed {
                cancelPress()
            }
        default: break
        }
    }

    /// The pointer went up at `point`: selects the pressed item if the pointer is still on it, or retries a
    /// failed load when the press and the release were on the load-more footer.
    public func pointerUp(at point: Point) {
        if scrollBarPointerUp(at: point) { return }
        switch press {
        case .loadMoreFooter:
            press = .none
            if element(at: point) == .loadMoreFooter { retryLoadingMore() }
        case .cell(let pressed, let modifiers, _):
            cancelPress()
            guard indexPathForItem(at: point) == pressed else { return }
            userSelect(pressed, modifiers: modifiers, focusVisible: false)
        case .none, .scrollBar:
            break
        }
    }

    /// Ends a press on a cell or on the load-more footer without selecting: removes the highlight, if any. A drag of
    /// the scroll bar goes on.
    public func cancelPress() {
        switch press {
        case .loadMoreFooter:
            press = .none
        case .cell(let pressed, _, _):
            press = .none
            visibleCells[pressed]?.isHighlighted = false
            setNeedsDisplay(forItem: pressed)
            delegate?.collectionView(self, didUnhighlightItemAt: pressed)
        case .none, .scrollBar:
            break
        }
    }

    private func setHighlighted(_ indexPath: ItemPath, modifiers: ModifierKeys, at point: Point) {
        press = .cell(indexPath, modifiers: modifiers, at: point)
        visibleCells[indexPath]?.isHighlighted = true
        setNeedsDisplay(forItem: indexPath)
        delegate?.collectionView(self, didHighlightItemAt: indexPath)
    }
}
