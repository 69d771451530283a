import WaterfallCards
import WaterfallX11

/// A drag's progress from the window in the log, as `drag` events by `state`: `target` (the `window` under the
/// pointer that takes drops, 0 for none), `status` (whether it `accepts` the drop there) and `ended` (its `outcome`:
/// dropped, failed, refused, cancelled or timedOut). The wall logs the drag's start with its files.
package struct DragEventLog {
    /// Where the lines go.
    package let log: EventLog

    /// Events written to `log`.
    package init(log: EventLog) { self.log = log }

    /// Logs `event`.
    package func record(_ event: DragEvent) {
        switch event {
        case .started:
            break  // the wall's own `drag` event names the files
        case .target(let window):
            log.log("drag", [("state", .string("target")), ("window", .int(Int(window ?? 0)))])
        case .status(let accepts):
            log.log("drag", [("state", .string("status")), ("accepts", .bool(accepts))])
        case .ended(let outcome):
            log.log("drag", [("state", .string("ended")), ("outcome", .string(outcome.rawValue))])
        }
    }

    /// Logs `window`'s drags from now on.
    package func watch(_ window: WaterfallWindow) {
        window.onDragEvent = record
    }
}
