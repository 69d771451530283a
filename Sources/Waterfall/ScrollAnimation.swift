/// An animated scroll from one offset to another: ease-out (cubic), so it moves fastest at the start, as a wheel
/// notch should feel, and settles on the target.
///
/// Times are seconds on any monotonic clock the caller chooses: the animation never reads a clock itself.
public struct ScrollAnimation: Hashable, Sendable {
    /// The offset at `startTime`.
    public let from: Double
    /// The offset at `startTime + duration` and after.
    public let to: Double
    /// When the animation starts.
    public let startTime: Double
    /// How long it runs; 0 or less jumps to `to`.
    public let duration: Double

    /// A scroll from offset `from` to `to` that starts at `startTime` and lasts `duration` seconds.
    public init(from: Double, to: Double, startTime: Double, duration: Double) {
        self.from = from
        self.to = to
        self.startTime = startTime
        self.duration = duration
    }

    /// When the animation reaches `to`.
    public var endTime: Double { startTime + max(0, duration) }

    /// How far along the animation is at `time`, from 0 (before or at the start) to 1 (at the end and after),
    /// eased out: `1 - (1 - t)³` for the elapsed fraction `t`.
    public func progress(at time: Double) -> Double {
        guard duration > 0, time < endTime else { return 1 }
        let t = max(0, (time - startTime) / duration)
        let rest = 1 - t
        return 1 - rest * rest * rest
    }

    /// The offset at `time`: `to` exactly from the end on; before it, the eased position rounded to a whole pixel
    /// (so that each frame scrolls by whole pixels and the drawing can move the pixels it already has).
    public func offset(at time: Double) -> Double {
        guard time < endTime else { return to }
        return (from + (to - from) * progress(at: time)).rounded()
    }

    /// Whether the animation has reached `to` at `time`.
    public func isFinished(at time: Double) -> Bool {
        time >= endTime
    }
}
