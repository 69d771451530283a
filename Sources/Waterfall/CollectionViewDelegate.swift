/// Hears what the user does to a collection view and may refuse it, as `UICollectionViewDelegate`, and loads
/// more items or refreshes when asked. Every method has a default: allow, and do nothing.
public protocol CollectionViewDelegate: AnyObject {
    /// Whether pressing the item may highlight it (and so, on release, select it).
    func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: ItemPath) -> Bool
    /// The pointer went down on the item and it now shows pressed.
    func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: ItemPath)
    /// The press on the item ended (released, moved off, or cancelled by a scroll).
    func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: ItemPath)
    /// Whether the item may become selected.
    func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: ItemPath) -> Bool
    /// The item became selected.
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: ItemPath)
    /// Whether the user may deselect the item (Ctrl+click or Ctrl+Space on a selected item).
    func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: ItemPath) -> Bool
    /// The item is no longer selected (another was selected, the selection was cleared, or it left the data).
    func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: ItemPath)
    /// The user activated the focused item (Enter), as a double click opens a file.
    func collectionView(_ collectionView: CollectionView, didActivateItemAt indexPath: ItemPath)
    /// The pointer, pressed on the item, moved `CollectionView.dragThreshold` points or more: begin a drag of it (the
    /// item alone, or the selection when the item is in it, as file managers drag) and return `true`, and the press
    /// ends without selecting; `false` (the default) keeps the press, and leaving the item cancels it. Asked at each
    /// such move until it returns `true`.
    func collectionView(_ collectionView: CollectionView, beginDragFromItemAt indexPath: ItemPath) -> Bool
    /// The content offset changed.
    func collectionViewDidScroll(_ collectionView: CollectionView)
    /// The layout was recomputed (a reload, a new width or column count), grew (items loaded at the end) or was
    /// updated (once per batch of `insertItems(at:)`, `deleteItems(at:)`... or height invalidations).
    func collectionViewDidLayout(_ collectionView: CollectionView)
    /// The viewport came within `loadMoreDistance` of the end while `isLoadMoreEnabled`: start loading more items
    /// and answer with `finishLoadingMore(_:)`, on the view's thread. Asked once until answered.
    func collectionViewLoadMore(_ collectionView: CollectionView)
    /// The user asked for fresh data (a pull past the top, or `refresh()`): update the data source now; the view
    /// reloads right after, keeping the item at the top of the viewport in place.
    func collectionViewWillRefresh(_ collectionView: CollectionView)
    /// The label shown beside the scroll bar's thumb while the user drags it, for the content at `offset` (the
    /// content offset the drag reached): the title of the section there, say "March 2024", as a photo timeline's
    /// scrubber shows it; `nil` shows none. Asked on the view's thread whenever the view checks for drawing during
    /// a drag: answer quickly.
    func collectionView(_ collectionView: CollectionView, scrubberLabelAtContentOffset offset: Double) -> String?
}

extension CollectionViewDelegate {
    public func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: ItemPath) -> Bool {
        true
    }
    public func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: ItemPath) {}
    public func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: ItemPath) {}
    public func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: ItemPath) -> Bool {
        true
    }
    public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: ItemPath) {}
    public func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: ItemPath) -> Bool {
        true
    }
    public func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: ItemPath) {}
    public func collectionView(_ collectionView: CollectionView, didActivateItemAt indexPath: ItemPath) {}
    public func collectionView(_ collectionView: CollectionView, beginDragFromItemAt indexPath: ItemPath) -> Bool {
        false
    }
    public func collectionViewDidScroll(_ collectionView: CollectionView) {}
    public func collectionViewDidLayout(_ collectionView: CollectionView) {}
    public func collectionViewLoadMore(_ collectionView: CollectionView) {}
    public func collectionViewWillRefresh(_ collectionView: CollectionView) {}
    public func collectionView(_ collectionView: CollectionView, scrubberLabelAtContentOffset offset: Double) -> String?
    { nil }
}
