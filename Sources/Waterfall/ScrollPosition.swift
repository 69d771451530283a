/// Where `scrollToItem(at:position:)` puts the item in the viewport, as
/// `UICollectionView.ScrollPosition`.
public enum ScrollPosition: Hashable, Sendable {
    /// The item's top at the viewport's top (less the row spacing).
    case top
    /// The item's vertical centre at the viewport's centre.
    case center
    /// The item's bottom at the viewport's bottom (plus the row spacing).
    case bottom
    /// The least scroll that shows the whole item; none when it is already visible.
    case nearest
}
