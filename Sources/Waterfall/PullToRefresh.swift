/// Pulling the content down past the top to refresh (CollectionView+Refresh.swift).
struct PullToRefresh {
    /// Whether wheeling up past the top pulls.
    var isAllowed = false
    /// How far the content must be pulled for a release to refresh.
    var threshold: Double = 80
    /// How far the content is pulled down past the top now.
    var distance: Double = 0
}
