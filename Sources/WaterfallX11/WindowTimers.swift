/// A window's timers: the queue its event loop runs (`WaterfallWindow.schedule(after:_:)`), the timers the window
/// keeps for itself, and the error one of their actions left for the turn to throw.
struct WindowTimers {
    /// How long the wheel must rest before a pull past the top is let go, in seconds.
    static let pullReleaseDelay = 0.3

    /// Every pending timer, the program's and the window's, in deadline order.
    var queue = TimerQueue()
    /// The timer that lets a pull past the top go once the wheel rests, while one waits.
    var pullRelease: TimerToken?
    /// The timer of the next animation frame, while the collection view animates.
    var animationFrame: TimerToken?
    /// The timer that applies a size reported sooner than a frame after the last (see WaterfallWindow+Resize.swift).
    var resize: TimerToken?
    /// When the last size was applied, on the queue's clock in nanoseconds.
    var lastResizeTime: UInt64?
    /// What runs once the next frame is presented (`performAfterNextFrame(_:)`).
    var afterNextFrame: [() -> Void] = []
    /// An error from a timer's action, thrown by the turn that ran it.
    var deferredError: Error?

    /// Returns the error a timer's action left, if any, and forgets it.
    mutating func takeDeferredError() -> Error? {
        defer { deferredError = nil }
        return deferredError
    }
}
