/// Loading more items at the end: the settings and where a load stands (CollectionView+LoadMore.swift).
struct LoadMoreModel {
    /// Whether the view asks its delegate for more items when the viewport nears the end.
    var isEnabled = false
    /// How near the end, below the viewport's bottom, the view asks.
    var distance: Double = 400
    /// The height of the footer that shows a pending or failed load.
    var footerHeight: Double = 56
    /// Where loading more stands.
    var state: LoadMoreState = .idle
    /// While the delegate is being asked: an answer from inside the call asks again after it.
    var isAsking = false
    /// An answer came while asking: check again once the call returns.
    var needsCheck = false
    /// After an answer that added no item: the next scroll may ask again, not the answer itself.
    var isHeldUntilScroll = false
}
