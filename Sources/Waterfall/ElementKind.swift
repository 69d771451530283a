/// What a laid-out element is: an item's cell, or one of the supplementary views around the items.
public enum ElementKind: String, Hashable, Sendable, CaseIterable {
    /// An item's cell (a banner too: a cell that spans all columns).
    case cell
    /// A section's header, above its columns.
    case header
    /// A section's footer, below its tallest column.
    case footer
    /// The view below all sections that shows that more items are loading, or why loading them failed.
    case loadMoreFooter
}
