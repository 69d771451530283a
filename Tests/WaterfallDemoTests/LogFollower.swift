import Foundation
import XvfbSupport

/// Follows a running demo's event log as it grows, reading each line once (a long run logs tens of thousands),
/// and keeps the last `frame` and `layout` events and the number of `refresh` events read.
final class LogFollower {
    private let process: DemoProcess
    private var nextLine = 0
    /// The last `frame` event read.
    private(set) var lastFrame: Event?
    /// The last `layout` event read.
    private(set) var lastLayout: Event?
    /// How many `refresh` events were read.
    private(set) var refreshes = 0

    init(_ process: DemoProcess) {
        self.process = process
    }

    /// Reads the log until an event satisfies `predicate` (asked after the event is counted) and returns it.
    /// Fails after `limit` seconds (a bound on a hang, not a measurement) or when the program exits.
    @discardableResult
    func waitFor(_ description: String, limit: TimeInterval = 30, where predicate: (Event) -> Bool) throws -> Event {
        let deadline = Date().addingTimeInterval(limit)
        while true {
            let lines = process.lines(from: nextLine)
            for (position, line) in lines.enumerated() {
                guard let event = Event(line: line) else { continue }
                switch event.name {
                case "frame": lastFrame = event
                case "layout": lastLayout = event
                case "refresh": refreshes += 1
                default: break
                }
                if predicate(event) {
                    nextLine += position + 1
                    return event
                }
            }
            nextLine += lines.count
            if !process.isRunning {
                throw X11TestError("waterfall-demo exited before \(description); stderr: \(process.standardError)")
            }
            if Date() > deadline {
                throw X11TestError("no \(description) within \(limit) s; last frame: \(lastFrame?.fields ?? [:])")
            }
            // Only the interval between checks of the condition above, which decides the outcome; the deadline bounds a hang.
            Thread.sleep(forTimeInterval: 0.002)
        }
    }

    /// Reads the log until a `frame` event at `offset`.
    @discardableResult
    func waitForFrame(offset: Double) throws -> Event {
        try waitFor("a frame at offset \(offset)") { $0.name == "frame" && $0.double("offset") == offset }
    }
}
