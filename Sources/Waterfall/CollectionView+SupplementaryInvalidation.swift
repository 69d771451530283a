/// Headers and footers asked again on their own, as UIKit's
/// `UICollectionViewLayoutInvalidationContext.invalidateSupplementaryElements(ofKind:at:)`: for a header or footer
/// whose text or height depends on more than its section's items (a total under the last section, a footer that
/// moves to the new last section), which an update of other sections would otherwise leave as it was.
extension CollectionView {
    /// Asks the data source again for the headers or the footers (`kind`) of `sections`: their heights
    /// (`heightOfSupplementaryElement(ofKind:inSection:width:)`) and their views
    /// (`collectionView(_:viewForSupplementaryElementOfKind:inSection:)`), without reloading the sections' items.
    ///
    /// The sections below a height that changed move up or down with their items, which are neither asked nor
    /// placed again; the items' cells stay, and so do the selection, the focus and the item at the top of the
    /// viewport (where it is on screen). A view that gets a height of 0 goes to the reuse pool; one that gets a
    /// height where it had none is asked for when it is in view. The viewport is drawn again.
    ///
    /// In `performBatchUpdates(_:)` the sections are indices after the update, as for height invalidations; a
    /// section inserted or reloaded in the batch, or whose items change, is asked again anyway.
    /// - Parameters:
    ///   - kind: `.header` or `.footer`.
    ///   - sections: the sections (after the update, in a batch) whose element of `kind` is asked again.
    /// - Throws: `UpdateError.notSupplementary` for another kind, `.sectionOutOfRange` for a section that does not
    ///   exist after the update, or what the batch's other operations throw; the view is then unchanged.
    /// - Complexity: O(sections) to move the sections below, plus the elements asked again; no item is asked.
    public func reloadSupplementaryElements(ofKind kind: ElementKind, inSections sections: [Int]) throws {
        try record(sections.map { UpdateOperation.reloadSupplementaryElement(kind, section: $0) })
    }
}
