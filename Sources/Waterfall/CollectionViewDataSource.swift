/// Supplies a collection view's items, as `UICollectionViewDataSource` plus PSCollectionView's height question.
public protocol CollectionViewDataSource: AnyObject {
    /// How many items there are.
    func numberOfItems(in collectionView: CollectionView) -> Int
    /// A cell configured for item `index`; get it from `collectionView.dequeueReusableCell(withReuseIdentifier:)`.
    func collectionView(_ collectionView: CollectionView, cellForItemAt index: Int) -> CollectionViewCell
    /// Item `index`'s height when it is `columnWidth` wide (the full width inside the insets for an item that
    /// spans all columns); `nil` (the default) makes it square.
    func collectionView(_ collectionView: CollectionView, heightForItemAt index: Int, columnWidth: Double) -> Double?
    /// Whether item `index` spans all columns (a banner), as a full-span item of Android's staggered grid.
    /// `false` by default.
    func collectionView(_ collectionView: CollectionView, itemSpansAllColumnsAt index: Int) -> Bool
    /// Whether the data source is still loading its first items: the view then shows its `loadingView`
    /// instead of its `emptyView`. `false` by default; call `reloadData()` when it changes.
    func collectionViewIsLoading(_ collectionView: CollectionView) -> Bool
}

extension CollectionViewDataSource {
    public func collectionView(_ collectionView: CollectionView, heightForItemAt index: Int, columnWidth: Double) -> Double? {
        nil
    }

    public func collectionView(_ collectionView: CollectionView, itemSpansAllColumnsAt index: Int) -> Bool {
        false
    }

    public func collectionViewIsLoading(_ collectionView: CollectionView) -> Bool {
        false
    }
}

/// Hears what the user does to a collection view and may refuse it, as `UICollectionViewDelegate`.
/// Every method has a default: allow, and do nothing.
public protocol CollectionViewDelegate: AnyObject {
    /// Whether pressing item `index` may highlight it (and so, on release, select it).
    func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt index: Int) -> Bool
    func collectionView(_ collectionView: CollectionView, didHighlightItemAt index: Int)
    func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt index: Int)
    /// Whether item `index` may become selected.
    func collectionView(_ collectionView: CollectionView, shouldSelectItemAt index: Int) -> Bool
    func collectionView(_ collectionView: CollectionView, didSelectItemAt index: Int)
    func collectionView(_ collectionView: CollectionView, didDeselectItemAt index: Int)
    /// The content offset changed.
    func collectionViewDidScroll(_ collectionView: CollectionView)
    /// The layout was recomputed (a reload, a new width or a new column count).
    func collectionViewDidLayout(_ collectionView: CollectionView)
}

extension CollectionViewDelegate {
    public func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt index: Int) -> Bool { true }
    public func collectionView(_ collectionView: CollectionView, didHighlightItemAt index: Int) {}
    public func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt index: Int) {}
    public func collectionView(_ collectionView: CollectionView, shouldSelectItemAt index: Int) -> Bool { true }
    public func collectionView(_ collectionView: CollectionView, didSelectItemAt index: Int) {}
    public func collectionView(_ collectionView: CollectionView, didDeselectItemAt index: Int) {}
    public func collectionViewDidScroll(_ collectionView: CollectionView) {}
    public func collectionViewDidLayout(_ collectionView: CollectionView) {}
}
