extension WaterfallWindow {
    /// Applies the size the last ConfigureNotify reported, at most once per `animationFrameInterval` (a display
    /// frame): the first size after a rest applies at once, so a single resize is never late; a size reported
    /// sooner waits for a timer at the end of the interval, which applies the last size reported by then. A burst
    /// of resizes (a window manager's drag, a script) so costs at most one relayout per display frame, and always
    /// ends with the last size.
    func applyFoldedSize(_ batch: inout EventBatch) throws {
        guard let size = batch.size else { return }
        let now = timers.queue.now()
        if let last = timers.lastResizeTime, now < last &+ resizeInterval {
            if timers.resize == nil {
                timers.resize = schedule(after: Double(last &+ resizeInterval - now) / 1e9) { [unowned self] in
                    timers.resize = nil
                    deferringError { try applyFoldedSize(&self.batch) }
                }
            }
            return
        }
        batch.size = nil
        guard size != windowSize else { return }
        timers.lastResizeTime = now
        try resize(to: size)
    }

    /// The least time between two applied sizes, in nanoseconds: `animationFrameInterval`, at most a second.
    private var resizeInterval: UInt64 {
        let seconds = animationFrameInterval.isFinite ? min(1, max(0, animationFrameInterval)) : 0
        return UInt64(seconds * 1e9)
    }
}
