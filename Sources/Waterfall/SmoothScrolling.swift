/// How wheel notches and a touchpad's precise scrolls move the offset (CollectionView+SmoothScrolling.swift and
/// CollectionView+PreciseScrolling.swift).
struct SmoothScrolling {
    /// Whether a wheel notch animates the offset to its target instead of jumping.
    var isEnabled = true
    /// How long a smooth scroll takes, in seconds.
    var duration: Double = 0.1
    /// The smooth scroll in progress, if any.
    var animation: ScrollAnimation?
    /// The part of a pixel that precise scrolls moved beyond the whole pixels applied, carried into the next one.
    var preciseRemainder: Double = 0
}
