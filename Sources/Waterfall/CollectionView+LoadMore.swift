extension CollectionView {
    /// Whether the view asks its delegate for more items when the viewport nears the end.
    public var isLoadMoreEnabled: Bool {
        get { loadMore.isEnabled }
        set {
            loadMore.isEnabled = newValue
            setLoadMoreState(loadMoreState)
            updateVisibleCells()
        }
    }
    /// How near the end, below the viewport's bottom, the view asks for more items.
    public var loadMoreDistance: Double {
        get { loadMore.distance }
        set { loadMore.distance = newValue }
    }
    /// The height of the footer that shows a pending or failed load below the last section.
    public var loadMoreFooterHeight: Double {
        get { loadMore.footerHeight }
        set {
            loadMore.footerHeight = newValue
            setLoadMoreState(loadMoreState)
        }
    }
    /// Where loading more stands.
    public internal(set) var loadMoreState: LoadMoreState {
        get { loadMore.state }
        set { loadMore.state = newValue }
    }
}

extension CollectionView {
    /// The footer texts used unless `loadMoreMessage` is set.
    public static func defaultLoadMoreMessage(_ state: LoadMoreState) -> String {
        switch state {
        case .idle, .loading: return "Loading more..."
        case .failed(let message): return "Could not load more: \(message). Click or press Enter to retry."
        case .finished: return ""
        }
    }

    /// Takes the delegate's answer to `collectionViewLoadMore(_:)`. New items are laid out alone: nothing
    /// already laid out moves, the scroll offset stays, and the view may ask again if the viewport is still near
    /// the end (an answer that added no item waits for the next scroll, so an empty page cannot loop). The answer
    /// may come from inside `collectionViewLoadMore(_:)`: the view then asks again only after that call returns.
    /// A failure shows its message in the footer, with a retry. Ignored when no load is pending.
    /// A load pending across a `refresh()` stays pending: its answer appends to whatever the data source has then.
    /// - Throws: `LayoutError` when the new items are invalid; the layout keeps the items it had, and the load
    ///   counts as failed with the error's description.
    public func finishLoadingMore(_ result: LoadMoreResult) throws {
        guard loadMoreState == .loading else { return }
        switch result {
        case .failed(let message):
            setLoadMoreState(.failed(message))
        case .loaded(let hasMore):
            let before = numberOfItems
            do {
                try withLayoutSource { try layout.appendItems(from: $0) }
            } catch let error as LayoutError {
                setLoadMoreState(.failed(error.description))
                afterLayoutChange()
                throw error
            }
            loadMore.isHeldUntilScroll = numberOfItems == before
            setLoadMoreState(hasMore ? .idle : .finished)
            afterLayoutChange()
        }
    }

    /// Asks the delegate again after a failed load (what a click on the footer or Enter does).
    public func retryLoadingMore() {
        guard case .failed = loadMoreState else { return }
        startLoadingMore()
    }

    /// Asks the delegate for more items when loading is enabled and idle and the viewport's bottom is within
    /// `loadMoreDistance` of the content's end.
    func loadMoreIfNearTheEnd() {
        guard isLoadMoreEnabled, loadMoreState == .idle, !loadMore.isHeldUntilScroll, layout.isValid, delegate != nil,
            drawnOffset + viewportSize.height >= layout.contentSize.height - loadMoreDistance
        else { return }
        guard !loadMore.isAsking else {
            loadMore.needsCheck = true  // answered from inside the delegate call: ask again once it returns
            return
        }
        startLoadingMore()
    }

    /// Asks the delegate, then again while its answers (given from inside the call) leave the end near.
    private func startLoadingMore() {
        loadMore.isAsking = true
        defer { loadMore.isAsking = false }
        repeat {
            loadMore.needsCheck = false
            setLoadMoreState(.loading)
            delegate?.collectionViewLoadMore(self)
        } while loadMore.needsCheck && loadMoreState == .idle
    }

    /// Whether the load-more footer takes space below the last section: whenever loading is enabled and more
    /// may come (so the end of the content always shows it), unless the loading view stands in for the still
    /// empty content; after a failure always, with its retry.
    var showsLoadMoreFooter: Bool {
        guard isLoadMoreEnabled else { return false }
        switch loadMoreState {
        case .idle, .loading: return !(numberOfItems == 0 && loadingView != nil)  // the loading view says it
        case .failed: return true
        case .finished: return false
        }
    }

    /// Gives the load-more footer its space in the layout, or none; returns whether that changed.
    @discardableResult
    func updateLoadMoreFooterSpace() -> Bool {
        let height = showsLoadMoreFooter ? loadMoreFooterHeight : 0
        guard layout.loadMoreFooterHeight != height else { return false }
        layout.loadMoreFooterHeight = height
        return true
    }

    /// Changes the state, the footer's text and its space in the layout.
    func setLoadMoreState(_ state: LoadMoreState) {
        loadMoreState = state
        loadMoreFooterView.message = loadMoreMessage(state)
        if updateLoadMoreFooterSpace() { updateScrollLimits() }
        damage.needsFullDisplay = true
    }
}
