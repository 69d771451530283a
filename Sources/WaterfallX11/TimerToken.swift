/// Identifies a timer scheduled with `WaterfallWindow.schedule(after:_:)`, to cancel it.
public struct TimerToken: Hashable, Sendable {
    /// Scheduling order: a later timer has a larger id.
    let id: UInt64
}
