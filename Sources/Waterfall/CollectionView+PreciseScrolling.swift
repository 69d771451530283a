/// Precise scrolling: a touchpad's two-finger scroll, in fractional wheel notches (each a `scroll.wheelStep` of
/// pixels, as the wheel's), applied at once: no glide, since the fingers already move smoothly, and a glide in
/// progress stops where it is. The offset and the pull stay on whole pixels (a frame moves the pixels it already
/// has), and the fraction left is carried into the next scroll (`preciseScrollRemainder`), so the steps of a swipe
/// add up to exactly its total.
///
/// At the top, with `allowsPullToRefresh`, a scroll up pulls the content down as wheel notches do (half a pixel of
/// pull per pixel), from the pixel where the content reaches the top; while it is pulled, a scroll down first
/// undoes the pull and then scrolls with what is left. The platform lets the pull go (`releasePull()`) when the
/// fingers have rested, as it does for the wheel.
extension CollectionView {
    /// Scrolls by `notches` wheel steps (positive is down; fractional) at once, at `time` (seconds, monotonic): a
    /// smooth scroll in progress stops where it is at `time`, and the scroll goes on from there. Cancels a press.
    public func scrollPrecisely(notches: Double, at time: Double) {
        guard notches != 0, notches.isFinite else { return }
        let total = notches * scroll.wheelStep + preciseScrollRemainder
        guard total.isFinite else { return }
        var pixels = total.rounded()
        preciseScrollRemainder = total - pixels
        cancelPress()
        var offset = scroll.offset
        if let animation = scrollAnimation {
            offset = animation.offset(at: time)
            scrollAnimation = nil
        }
        if allowsPullToRefresh { pixels = pull(by: pixels, at: offset) }
        applyScroll { $0.scroll(to: offset + pixels) }
    }

    /// Moves the pull for a precise scroll of `pixels` (whole) from `offset`, and returns the pixels left to
    /// scroll: a scroll down while pulled undoes the pull first (two pixels per pixel of pull; an odd pixel left
    /// while still pulled waits in the remainder); a scroll up beyond the top pulls with what goes beyond (half a
    /// pixel per pixel, the odd one waiting in the remainder).
    private func pull(by pixels: Double, at offset: Double) -> Double {
        if pullDistance > 0, pixels > 0 {
            let undone = min(pullDistance, (pixels / 2).rounded(.down))
            setPullDistance(pullDistance - undone)
            let left = pixels - 2 * undone
            guard pullDistance == 0 else {
                preciseScrollRemainder += left
                return 0
            }
            return left
        }
        guard pixels < 0, offset + pixels < 0 else { return pixels }
        let beyond = offset + pixels
        let pulled = (-beyond / 2).rounded(.down)
        setPullDistance(pullDistance + pulled)
        preciseScrollRemainder += beyond + 2 * pulled
        return -offset
    }
}
