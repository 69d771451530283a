/// What a window keeps of its overlay (`WaterfallWindow.overlay`): the overlay, whether it is to be drawn again, and
/// the part of a touchpad's scroll over it not yet a whole notch.
struct OverlayState {
    /// What the window shows over its collection view, while set.
    var overlay: WindowOverlay?
    /// Whether the overlay is to be drawn again (`WaterfallWindow.setNeedsOverlayDisplay()`).
    var needsDisplay = false
    /// A touchpad's scroll over the overlay not yet a whole notch, in notches.
    private(set) var scrollRemainder = 0.0

    /// Adds a touchpad's scroll of `notches` (fractional) to what is left over, and takes the whole notches out: the
    /// overlay hears whole notches only, and the rest waits for the next scroll.
    mutating func takeWholeNotches(adding notches: Double) -> Int {
        scrollRemainder += notches
        let whole = scrollRemainder.rounded(.towardZero)
        scrollRemainder -= whole
        return Int(whole)
    }
}
