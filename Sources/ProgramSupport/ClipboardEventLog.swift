import WaterfallCards
import WaterfallX11

/// The clipboard's events in the log: `clipboardRequest` (the `target`, the `bytes` answered and whether they go by
/// `incr`), `clipboardRefused` (the `target`), `clipboardTransfer` (an INCR transfer's `target`, the `bytes` sent and
/// its `end`: completed, requestorDestroyed, timedOut or replaced) and `clipboardLost`.
package struct ClipboardEventLog {
    /// Where the lines go.
    package let log: EventLog

    /// Events written to `log`.
    package init(log: EventLog) { self.log = log }

    /// Logs `event`.
    package func record(_ event: SelectionOwner.Event) {
        switch event {
        case .answered(let target, let bytes, let incremental):
            log.log(
                "clipboardRequest", [("target", .string(target)), ("bytes", .int(bytes)), ("incr", .bool(incremental))])
        case .refused(let target):
            log.log("clipboardRefused", [("target", .string(target))])
        case .transferEnded(let target, let bytesSent, let end):
            log.log(
                "clipboardTransfer",
                [("target", .string(target)), ("bytes", .int(bytesSent)), ("end", .string(end.rawValue))])
        case .lost:
            log.log("clipboardLost")
        }
    }

    /// Logs `window`'s clipboard events from now on (unless something else hears them already).
    package func watch(_ window: WaterfallWindow) {
        guard window.clipboard.onEvent == nil else { return }
        window.clipboard.onEvent = record
    }
}
