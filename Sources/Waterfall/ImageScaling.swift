/// How `Canvas.drawImage(_:in:scaling:)` puts a picture in its rect.
public enum ImageScaling: Hashable, Sendable {
    /// Pixel for pixel, at most the rect's size: a picture made at the size it is drawn (a card's thumbnail).
    case unscaled
    /// Scaled to fill the rect, each pixel blended with its neighbours (bilinear): a picture standing in, enlarged
    /// or reduced, until one made at the size drawn arrives.
    case smooth
    /// Scaled to fill the rect, each of its pixels a block of the same colour with hard edges (nearest neighbour):
    /// pixels magnified to be looked at, as viewers show them beyond 1:1.
    case nearest
}
