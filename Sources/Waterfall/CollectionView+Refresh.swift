/// Scrolling by the wheel, and pull to refresh: wheeling up while at the top pulls the content down (half a
/// wheel step per notch, up to twice `refreshThreshold`); the strip above it says "Pull to refresh", and
/// "Release to refresh" once the pull reaches the threshold. The platform calls `releasePull()` when the wheel
/// has rested (there is no button to let go of): a pull past the threshold refreshes, any pull springs back.
extension CollectionView {
    /// Whether wheeling up past the top pulls the content down to ask for a refresh.
    public var allowsPullToRefresh: Bool {
        get { pullToRefresh.isAllowed }
        set { pullToRefresh.isAllowed = newValue }
    }
    /// How far the content must be pulled for a release to refresh.
    public var refreshThreshold: Double {
        get { pullToRefresh.threshold }
        set { pullToRefresh.threshold = newValue }
    }
    /// How far the content is pulled down past the top.
    public internal(set) var pullDistance: Double {
        get { pullToRefresh.distance }
        set { pullToRefresh.distance = newValue }
    }
}

extension CollectionView {
    /// Scrolls by `notches` wheel steps (positive is down) at once, from the target of a smooth scroll in progress
    /// (see `scrollWheel(notches:at:)` for the animated form). A wheel notch during a press cancels the press.
    /// At the top, with `allowsPullToRefresh`, notches up pull the content down; while it is pulled, notches down
    /// only undo the pull (the next ones scroll).
    public func scrollWheel(notches: Int) {
        guard notches != 0 else { return }
        finishScrollAnimation()
        cancelPress()
        if allowsPullToRefresh, pullDistance > 0 || (notches < 0 && scroll.offset == 0) {
            setPullDistance(pullDistance - Double(notches) * scroll.wheelStep / 2)
            return
        }
        applyScroll { $0.scroll(wheelNotches: notches) }
    }

    /// Whether the content is pulled far enough that releasing it refreshes.
    public var isPullArmed: Bool { pullDistance >= refreshThreshold }

    /// Ends a pull: refreshes when it reached `refreshThreshold`, and lets the content spring back to the top.
    /// Does nothing when nothing is pulled.
    /// - Throws: `LayoutError` from the refresh's reload.
    public func releasePull() throws {
        guard pullDistance > 0 else { return }
        let armed = isPullArmed
        setPullDistance(0)
        if armed { try refresh() }
    }

    /// Reloads everything from the data source, as a pull past the top or F5 does: tells the delegate (which
    /// updates its data), reloads, and keeps the item that was at the top of the viewport at the same place on
    /// screen (the first of the viewport's items, by their tops, whose path still exists). A finished or failed
    /// load-more becomes idle, so the view may ask again.
    /// - Throws: `LayoutError` from the reload.
    public func refresh() throws {
        setPullDistance(0)  // F5 during a pull: refresh once, not again when the pull is let go
        let anchor = viewportAnchor()
        delegate?.collectionViewWillRefresh(self)
        if loadMoreState != .loading { setLoadMoreState(.idle) }
        try reloadData(keeping: anchor)
    }

    /// Sets the pull past the top, clamped to `0...2 × refreshThreshold`, with the refresh view's message.
    func setPullDistance(_ distance: Double) {
        let clamped = min(max(0, distance), 2 * refreshThreshold)
        guard clamped != pullDistance else { return }
        pullDistance = clamped
        refreshView.message = isPullArmed ? "Release to refresh" : "Pull to refresh"
        refreshView.progress = min(1, pullDistance / refreshThreshold)
        damage.needsFullDisplay = true
        updateVisibleCells()
    }
}
