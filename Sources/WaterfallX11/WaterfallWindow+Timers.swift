extension WaterfallWindow {
    /// Runs `action` once on the event loop's thread, `seconds` from now on the monotonic clock: in the first
    /// turn after its deadline, before that turn's frame is drawn, so call `setNeedsDisplay()` in it to show
    /// what it changed. Call this on the loop's thread; from another thread, `wakeSignal.wake()` and schedule
    /// in `onWake`.
    /// - Parameter seconds: the delay; zero, negative or NaN mean "in the next turn".
    /// - Returns: a token for `cancel(_:)`.
    /// - Complexity: O(n) in the number of timers waiting.
    @discardableResult
    public func schedule(after seconds: Double, _ action: @escaping () -> Void) -> TimerToken {
        timers.schedule(after: seconds, action)
    }

    /// Cancels a timer that has not run yet; does nothing when it already ran or was cancelled.
    /// - Complexity: O(n) in the number of timers waiting.
    public func cancel(_ token: TimerToken) {
        timers.cancel(token)
    }

    /// Runs the timers that are due, in deadline order (ties in scheduling order). A timer an earlier action
    /// cancels does not run; timers the actions schedule wait for the next turn, even with a zero delay.
    func runExpiredTimers() {
        let pass = timers.expiry()
        while let action = timers.popExpired(in: pass) {
            action()
        }
    }
}
