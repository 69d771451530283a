/// Smooth scrolling: with `isSmoothScrollingEnabled`, a wheel notch animates the offset to its target over
/// `smoothScrollDuration` (ease-out, whole pixels each frame) instead of jumping. The view never reads a clock:
/// the platform passes the time of each notch and of each frame, in seconds on a monotonic clock, and keeps
/// calling `advanceAnimations(to:)` (once per display frame) while it returns true.
///
/// Notches during an animation extend its target: a new animation runs from where the old one is at the notch's
/// time to the old target plus the new notches. A press stops the animation where it is (so the press lands on
/// what is on screen); a key finishes it first (Page Down pages from the target); any explicit scroll
/// (`setContentOffset(_:)`, `scrollPages(_:)`, `scrollItemToVisible(_:)`, a reload) replaces it. Wheeling up when
/// the target is the top still pulls to refresh: the animation lands at the top at once and the notch pulls.
extension CollectionView {
    /// Whether `scrollWheel(notches:at:)` animates the offset to its target instead of jumping.
    public var isSmoothScrollingEnabled: Bool {
        get { smoothScrolling.isEnabled }
        set { smoothScrolling.isEnabled = newValue }
    }
    /// How long a smooth scroll takes, in seconds.
    public var smoothScrollDuration: Double {
        get { smoothScrolling.duration }
        set { smoothScrolling.duration = newValue }
    }
    /// The smooth scroll in progress, if any.
    public internal(set) var scrollAnimation: ScrollAnimation? {
        get { smoothScrolling.animation }
        set { smoothScrolling.animation = newValue }
    }
    /// The part of a pixel (or two, while pulling past the top) that precise scrolls moved beyond the whole
    /// pixels applied, carried into the next one.
    public internal(set) var preciseScrollRemainder: Double {
        get { smoothScrolling.preciseRemainder }
        set { smoothScrolling.preciseRemainder = newValue }
    }
}

extension CollectionView {
    /// Scrolls by `notches` wheel steps (positive is down) at `time` (seconds, monotonic): animated when
    /// `isSmoothScrollingEnabled`, else at once as `scrollWheel(notches:)`. A notch cancels a press.
    public func scrollWheel(notches: Int, at time: Double) {
        guard notches != 0 else { return }
        guard isSmoothScrollingEnabled else {
            scrollWheel(notches: notches)
            return
        }
        advanceAnimations(to: time)
        let target = scrollAnimation?.to ?? scroll.offset
        if allowsPullToRefresh, pullDistance > 0 || (notches < 0 && target <= 0) {
            scrollWheel(notches: notches)  // lands at the top, then pulls (or undoes a pull)
            return
        }
        cancelPress()
        let newTarget = min(max(0, target + Double(notches) * scroll.wheelStep), scroll.maxOffset)
        guard newTarget != scroll.offset else {
            scrollAnimation = nil
            return
        }
        scrollAnimation = ScrollAnimation(
            from: scroll.offset, to: newTarget, startTime: time, duration: smoothScrollDuration)
        advanceAnimations(to: time)
    }

    /// Whether a smooth scroll is in progress: the platform should call `advanceAnimations(to:)` at its next frame.
    public var isAnimatingScroll: Bool { scrollAnimation != nil }

    /// Moves a smooth scroll in progress to where it is at `time` (seconds, monotonic), updating the visible
    /// cells and telling the delegate as any scroll does; the animation ends exactly at its target. Returns
    /// whether it is still running (so the platform should ask for another frame).
    @discardableResult
    public func advanceAnimations(to time: Double) -> Bool {
        guard let animation = scrollAnimation else { return false }
        let offset = animation.offset(at: time)
        if animation.isFinished(at: time) { scrollAnimation = nil }
        applyScroll { $0.scroll(to: offset) }
        return scrollAnimation != nil
    }

    /// Ends a smooth scroll at once at its target.
    public func finishScrollAnimation() {
        guard let animation = scrollAnimation else { return }
        scrollAnimation = nil
        applyScroll { $0.scroll(to: animation.to) }
    }

    /// Ends a smooth scroll where it is now.
    public func stopScrollAnimation() {
        scrollAnimation = nil
    }
}
