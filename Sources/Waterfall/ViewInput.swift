/// One input a platform hands a collection view, as a value: a new viewport size, wheel notches, a touchpad's precise
/// scroll, a pointer press, move or release, a key, a command, an animation frame, the end of a pull. A platform translates its
/// events into these and
/// applies them with `CollectionView.apply(_:)`; the times in them are the platform's (the view never reads a
/// clock), so a recorded sequence of inputs, applied again to a view with the same data, ends in the same state.
public enum ViewInput: Hashable, Sendable {
    /// The viewport's new size: `setViewportSize(_:)`.
    case resize(Size)
    /// Wheel notches (positive is down) at `time` (seconds, monotonic): `scrollWheel(notches:at:)`.
    case wheel(notches: Int, time: Double)
    /// A touchpad's pixel-precise scroll by `notches` wheel steps (positive is down; fractional) at `time` (seconds,
    /// monotonic): `scrollPrecisely(notches:at:)`.
    case preciseScroll(notches: Double, time: Double)
    /// The platform's animation frame at `time`: `advanceAnimations(to:)`.
    case animationFrame(time: Double)
    /// The wheel rested after a pull past the top: `releasePull()`.
    case releasePull
    /// The pointer went down: `pointerDown(at:modifiers:)`.
    case pointerDown(Point, modifiers: ModifierKeys)
    /// The pointer moved with the button held: `pointerMoved(to:)`.
    case pointerMoved(Point)
    /// The pointer went up: `pointerUp(at:)`.
    case pointerUp(Point)
    /// A key the view moves the focus or scrolls with: `handleKey(_:modifiers:)`.
    case key(NavigationKey, modifiers: ModifierKeys)
    /// A command the user asked for (activate, select all, refresh): `perform(_:)`.
    case command(CollectionViewCommand)
}

extension CollectionView {
    /// Applies `input` through the method its case names.
    /// - Throws: `LayoutError` from a relayout (a resize) or a refresh (the command, a released pull).
    public func apply(_ input: ViewInput) throws {
        switch input {
        case .resize(let size): try setViewportSize(size)
        case .wheel(let notches, let time): scrollWheel(notches: notches, at: time)
        case .preciseScroll(let notches, let time): scrollPrecisely(notches: notches, at: time)
        case .animationFrame(let time): advanceAnimations(to: time)
        case .releasePull: try releasePull()
        case .pointerDown(let point, let modifiers): pointerDown(at: point, modifiers: modifiers)
        case .pointerMoved(let point): pointerMoved(to: point)
        case .pointerUp(let point): pointerUp(at: point)
        case .key(let key, let modifiers): handleKey(key, modifiers: modifiers)
        case .command(let command): try perform(command)
        }
    }
}
