extension WaterfallWindow {
    /// Runs `action` once on the event loop's thread, `seconds` from now on the monotonic clock: in the first
    /// turn after its deadline, before that turn's frame is drawn: what it changes in the collection view is drawn in
    /// that frame. Call this on the loop's thread; from another thread, `wakeSignal.wake()` and schedule in `onWake`.
    /// - Parameters:
    ///   - seconds: the delay; zero, negative or NaN mean "in the next turn".
    ///   - action: what to run, on the loop's thread.
    /// - Returns: a token for `cancel(_:)`.
    /// - Complexity: O(n) in the number of timers waiting.
    @discardableResult
    public func schedule(after seconds: Double, _ action: @escaping () -> Void) -> TimerToken {
        timers.queue.schedule(after: seconds, action)
    }

    /// Cancels a timer that has not run yet; does nothing when it already ran or was cancelled.
    /// - Complexity: O(n) in the number of timers waiting.
    public func cancel(_ token: TimerToken) {
        timers.queue.cancel(token)
    }

    /// Runs the timers that are due, in deadline order (ties in scheduling order). A timer an earlier action
    /// cancels does not run; timers the actions schedule wait for the next turn, even with a zero delay.
    func runExpiredTimers() {
        let pass = timers.queue.expiry()
        while let action = timers.queue.popExpired(in: pass) {
            action()
        }
    }
}

extension WaterfallWindow {
    /// The time on the timers' clock (`CLOCK_MONOTONIC`), in seconds: the time the collection view's animations
    /// are given.
    var animationTime: Double {
        Double(timers.queue.now()) / 1e9
    }

    /// While the collection view animates a scroll, makes sure a timer will draw its next frame
    /// `animationFrameInterval` from now; each frame schedules the next until the animation ends, so an idle
    /// window has no timer and sleeps in `poll` without a timeout.
    func scheduleAnimationFrame() {
        guard timers.animationFrame == nil, collectionView.isAnimatingScroll else { return }
        timers.animationFrame = schedule(after: animationFrameInterval) { [unowned self] in
            timers.animationFrame = nil
            deferringError { try send(.animationFrame(time: animationTime)) }
            scheduleAnimationFrame()
        }
    }
}
