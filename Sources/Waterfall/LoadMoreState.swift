/// Where a collection view's loading of more items stands.
public enum LoadMoreState: Hashable, Sendable {
    /// Nothing pending: the view asks for more when the viewport nears the end.
    case idle
    /// The delegate was asked and has not answered: the load-more footer says so.
    case loading
    /// The last load failed with this message: the footer shows it with a retry (a click on it, or Enter).
    case failed(String)
    /// The data source has no more items: the view stops asking.
    case finished
}
