/// Supplies a collection view's sections and items, as `UICollectionViewDataSource` plus PSCollectionView's
/// height question and CHTCollectionViewWaterfallLayout's per-section settings.
public protocol CollectionViewDataSource: AnyObject {
    /// How many sections there are; 1 by default.
    func numberOfSections(in collectionView: CollectionView) -> Int
    /// How many items `section` has.
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
    /// A cell configured for the item at `indexPath`; get it from `collectionView.dequeueReusableCell(withReuseIdentifier:)`.
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: ItemPath) -> CollectionViewCell
    /// The item's height when it is `columnWidth` wide (the section's full width inside its insets for an item
    /// that spans all columns); `nil` (the default) makes it square.
    func collectionView(_ collectionView: CollectionView, heightForItemAt indexPath: ItemPath, columnWidth: Double) -> Double?
    /// Whether the item spans all its section's columns (a banner), as a full-span item of Android's staggered
    /// grid. `false` by default.
    func collectionView(_ collectionView: CollectionView, itemSpansAllColumnsAt indexPath: ItemPath) -> Bool
    /// What `section` changes from the layout's column count, insets, spacing and placement; nothing by default.
    func collectionView(_ collectionView: CollectionView, styleForSection section: Int) -> SectionStyle
    /// The height of `section`'s header or footer when it is `width` wide (the section's width inside its insets);
    /// 0 (the default) for none.
    func collectionView(_ collectionView: CollectionView, heightForSupplementaryElementOfKind kind: ElementKind,
                        inSection section: Int, width: Double) -> Double
    /// The view of `section`'s header or footer, from `collectionView.dequeueReusableCell(withReuseIdentifier:)`
    /// (supplementary views are recycled with the cells). Asked only for a header or footer with a height above 0.
    func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: ElementKind,
                        inSection section: Int) -> CollectionViewCell?
    /// Whether the data source is still loading its first items: the view then shows its `loadingView`
    /// instead of its `emptyView`. `false` by default; call `reloadData()` when it changes.
    func collectionViewIsLoading(_ collectionView: CollectionView) -> Bool
    /// The items of `range` in `section` that span all columns, in increasing order. By default each is asked with
    /// `collectionView(_:itemSpansAllColumnsAt:)`; a data source of many items answers at once.
    func collectionView(_ collectionView: CollectionView, itemsSpanningAllColumnsIn range: Range<Int>, inSection section: Int) -> [Int]
    /// Writes the heights of `section`'s items of `range`, none of them spanning all columns, when they are
    /// `columnWidth` wide into `heights` (item `range.lowerBound + k` at `k`; `columnWidth` for a square one). By
    /// default each is asked with `collectionView(_:heightForItemAt:columnWidth:)`; a data source of many items
    /// writes them in one loop, so that laying out a million items makes no million calls.
    func collectionView(_ collectionView: CollectionView, heightsForItemsIn range: Range<Int>, inSection section: Int,
                        columnWidth: Double, into heights: UnsafeMutableBufferPointer<Double>)
}

extension CollectionViewDataSource {
    public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }

    public func collectionView(_ collectionView: CollectionView, heightForItemAt indexPath: ItemPath, columnWidth: Double) -> Double? {
        nil
    }

    public func collectionView(_ collectionView: CollectionView, itemSpansAllColumnsAt indexPath: ItemPath) -> Bool { false }

    public func collectionView(_ collectionView: CollectionView, styleForSection section: Int) -> SectionStyle { SectionStyle() }

    public func collectionView(_ collectionView: CollectionView, heightForSupplementaryElementOfKind kind: ElementKind,
                               inSection section: Int, width: Double) -> Double { 0 }

    public func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: ElementKind,
                               inSection section: Int) -> CollectionViewCell? { nil }

    public func collectionViewIsLoading(_ collectionView: CollectionView) -> Bool { false }

    public func collectionView(_ collectionView: CollectionView, itemsSpanningAllColumnsIn range: Range<Int>, inSection section: Int) -> [Int] {
        range.filter { self.collectionView(collectionView, itemSpansAllColumnsAt: ItemPath(item: $0, section: section)) }
    }

    public func collectionView(_ collectionView: CollectionView, heightsForItemsIn range: Range<Int>, inSection section: Int,
                               columnWidth: Double, into heights: UnsafeMutableBufferPointer<Double>) {
        for item in range {
            let path = ItemPath(item: item, section: section)
            heights[item - range.lowerBound] = self.collectionView(collectionView, heightForItemAt: path, columnWidth: columnWidth) ?? columnWidth
        }
    }
}

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
}

extension CollectionViewDelegate {
    public func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: ItemPath) -> Bool { true }
    public func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: ItemPath) {}
    public func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: ItemPath) {}
    public func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: ItemPath) -> Bool { true }
    public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: ItemPath) {}
    public func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: ItemPath) -> Bool { true }
    public func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: ItemPath) {}
    public func collectionView(_ collectionView: CollectionView, didActivateItemAt indexPath: ItemPath) {}
    public func collectionViewDidScroll(_ collectionView: CollectionView) {}
    public func collectionViewDidLayout(_ collectionView: CollectionView) {}
    public func collectionViewLoadMore(_ collectionView: CollectionView) {}
    public func collectionViewWillRefresh(_ collectionView: CollectionView) {}
}

/// Answers a collection view's data source questions for its layout. It lives for one layout pass, so it holds the
/// view strongly (an `unowned` reference paid an atomic retain and release on each of a million questions).
struct DataSourceLayoutSource: CollectionLayoutSource {
    let view: CollectionView
    let dataSource: CollectionViewDataSource?

    var numberOfSections: Int { dataSource?.numberOfSections(in: view) ?? 0 }

    func numberOfItems(inSection section: Int) -> Int {
        dataSource?.collectionView(view, numberOfItemsInSection: section) ?? 0
    }

    func style(ofSection section: Int) -> SectionStyle {
        dataSource?.collectionView(view, styleForSection: section) ?? SectionStyle()
    }

    func heightOfItem(at indexPath: ItemPath, width: Double) -> Double? {
        dataSource?.collectionView(view, heightForItemAt: indexPath, columnWidth: width)
    }

    func itemSpansAllColumns(at indexPath: ItemPath) -> Bool {
        dataSource?.collectionView(view, itemSpansAllColumnsAt: indexPath) ?? false
    }

    func heightOfSupplementaryElement(ofKind kind: ElementKind, inSection section: Int, width: Double) -> Double {
        dataSource?.collectionView(view, heightForSupplementaryElementOfKind: kind, inSection: section, width: width) ?? 0
    }

    func itemsSpanningAllColumns(inSection section: Int, range: Range<Int>) -> [Int] {
        dataSource?.collectionView(view, itemsSpanningAllColumnsIn: range, inSection: section) ?? []
    }

    func heightsOfItems(inSection section: Int, range: Range<Int>, width: Double, into heights: UnsafeMutableBufferPointer<Double>) {
        guard let dataSource else { return heights.initialize(repeating: width) }
        dataSource.collectionView(view, heightsForItemsIn: range, inSection: section, columnWidth: width, into: heights)
    }
}
