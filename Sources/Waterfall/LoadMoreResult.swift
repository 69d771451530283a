/// A delegate's answer to `collectionViewLoadMore(_:)`.
public enum LoadMoreResult: Hashable, Sendable {
    /// The data source now has more items (at the end of its last section, or in new sections after it);
    /// `hasMore` says whether there are still more to load.
    case loaded(hasMore: Bool)
    /// Loading failed; `message` says why, and is shown in the footer.
    case failed(String)
}
