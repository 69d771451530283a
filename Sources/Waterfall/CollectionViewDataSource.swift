/// Supplies a collection view's sections, items and views, as `UICollectionViewDataSource` with PSCollectionView's
/// height question and CHTCollectionViewWaterfallLayout's per-section settings.
///
/// The layout's questions (how many sections and items, how tall each item is at its column's width, which items
/// span all columns, each section's style, its header's and footer's heights) are those of `CollectionLayoutSource`,
/// which the layout asks the data source directly; a data source answers what it knows and leaves the rest to their
/// defaults (one section, square items, no banners, no headers or footers). The views come from the questions here.
public protocol CollectionViewDataSource: AnyObject, CollectionLayoutSource {
    /// A cell configured for the item at `indexPath`; get it from `collectionView.dequeueReusableCell(withReuseIdentifier:)`.
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: ItemPath) -> CollectionViewCell
    /// The view of `section`'s header or footer, from `collectionView.dequeueReusableCell(withReuseIdentifier:)`
    /// (supplementary views are recycled with the cells). Asked only for a header or footer with a height above 0;
    /// `nil` by default.
    func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: ElementKind,
        inSection section: Int
    ) -> CollectionViewCell?
    /// Whether the data source is still loading its first items: the view then shows its `loadingView`
    /// instead of its `emptyView`. `false` by default; call `reloadData()` when it changes.
    func collectionViewIsLoading(_ collectionView: CollectionView) -> Bool
}

extension CollectionViewDataSource {
    /// No header or footer view.
    public func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: ElementKind,
        inSection section: Int
    ) -> CollectionViewCell? { nil }

    /// Not loading.
    public func collectionViewIsLoading(_ collectionView: CollectionView) -> Bool { false }
}

/// The layout source of a view without a data source: nothing to lay out.
struct EmptyLayoutSource: CollectionLayoutSource {
    var numberOfSections: Int { 0 }
    func numberOfItems(inSection section: Int) -> Int { 0 }
}
