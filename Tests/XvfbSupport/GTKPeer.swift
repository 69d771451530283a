import Foundation

/// A GTK 3 window of scripts/gtk-dnd-peer.py on a test's server: a real toolkit's side of drag and drop (XDND), a
/// target that takes `text/uri-list` or a source that offers it. Its JSON lines are read as they come.
public final class GTKPeer: @unchecked Sendable {  // its mutable state is behind `lock`
    /// Whether the window takes drops or is dragged from.
    public enum Role: String { case target, source }

    private let process = Process()
    private let lock = NSLock()
    private var lines: [[String: Any]] = []
    private var standardError = Data()
    /// Output after the last complete line.
    private var partialLine = Data()
    /// The GTK window's X id, once it said it is ready.
    public private(set) var window: UInt = 0

    /// Starts the peer on `display` at (`x`, `y`) on the root, `width` × `height`, offering `uris` as a source, and
    /// waits until its window is mapped.
    /// - Throws: `X11TestError` when python3-gi with GTK 3 is missing (the tests need it: scripts/install-deps.sh
    ///   installs it) or the window does not come within 30 s.
    public init(
        _ role: Role, display: String, x: Int, y: Int, width: Int, height: Int, uris: [String] = []
    ) throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/gtk-dnd-peer.py").path
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script, role.rawValue, String(x), String(y), String(width), String(height)] + uris
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        environment["NO_AT_BRIDGE"] = "1"  // no accessibility bus to look for
        environment["GDK_BACKEND"] = "x11"
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            lock.withLock {
                partialLine.append(data)
                while let end = partialLine.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = partialLine[partialLine.startIndex..<end]
                    partialLine = Data(partialLine[(end + 1)...])
                    if let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any] {
                        lines.append(object)
                    }
                }
            }
        }
        errors.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self else { return }
            lock.withLock { standardError.append(data) }
        }
        try process.run()
        let ready = try waitFor("ready", limit: 30)
        window = UInt((ready["window"] as? NSNumber)?.uint64Value ?? 0)
    }

    deinit {
        killAndReap(process)  // SIGKILL: a test's children may inherit a mask that blocks SIGTERM
    }

    /// The lines of `event` it printed so far.
    public func events(_ event: String) -> [[String: Any]] {
        lock.withLock { lines.filter { $0["event"] as? String == event } }
    }

    /// Waits until it prints a line of `event` (the first, or the first after `count` of them) and returns it.
    /// - Throws: `X11TestError` with what it printed on stderr when it exits first or `limit` seconds pass.
    @discardableResult
    public func waitFor(_ event: String, after count: Int = 0, limit: TimeInterval = 20) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(limit)
        while true {
            let found = events(event)
            if found.count > count { return found[count] }
            let said = lock.withLock { String(decoding: standardError, as: UTF8.self) }
            if !process.isRunning {
                throw X11TestError(
                    "the GTK peer exited (status \(process.terminationStatus)) before '\(event)': \(said)")
            }
            if Date() > deadline { throw X11TestError("the GTK peer printed no '\(event)' within \(limit) s: \(said)") }
            // Only the interval between checks of the condition above; the deadline bounds a hang.
            Thread.sleep(forTimeInterval: 0.01)
        }
    }
}
