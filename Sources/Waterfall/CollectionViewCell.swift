/// A view that shows one item, recycled as it scrolls out and back in, as `UICollectionViewCell`.
/// Subclass it and override `draw(in:frame:)` and `prepareForReuse()`.
open class CollectionViewCell {
    /// The identifier of the reuse pool the cell belongs to.
    public let reuseIdentifier: String
    /// The cell's frame in content coordinates, set by the collection view.
    public internal(set) var frame: Rect = .zero
    /// Whether the pointer is pressed on the cell.
    public internal(set) var isHighlighted = false
    /// Whether the cell's item is selected.
    public internal(set) var isSelected = false
    /// Whether `draw(in:frame:)` covers every pixel of the frame with opaque colour, as `UIView.isOpaque` says: the
    /// collection view then fills its background only around the cell, and a frame that draws the whole window (a
    /// resize, an expose, a grid zoom) writes each pixel of the cell once. `false` by default.
    open var isOpaque: Bool { false }

    /// A cell of the reuse pool `reuseIdentifier`: make it in the factory given to `register(forCellWithReuseIdentifier:factory:)`.
    public init(reuseIdentifier: String) {
        self.reuseIdentifier = reuseIdentifier
    }

    /// Called when the cell leaves the screen and goes back to the reuse pool: drop item-specific state here.
    /// Subclasses call `super`.
    open func prepareForReuse() {
        isHighlighted = false
        isSelected = false
    }

    /// Draws the cell into `frame`, which is in the canvas's coordinates. The default draws nothing.
    open func draw(in canvas: Canvas, frame: Rect) {}
}
