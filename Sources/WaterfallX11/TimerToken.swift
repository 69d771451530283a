/// Identifies a timer scheduled with `WaterfallWindow.schedule(after:_:)`, to cancel it.
public struct TimerToken: Hashable, Sendable {
    /// Scheduling order: a later timer has a larger id.
    let id: UInt64

    /// Timer `id` of a window: a window gives each timer it schedules a larger id than the last.
    public init(id: UInt64) { self.id = id }
}
