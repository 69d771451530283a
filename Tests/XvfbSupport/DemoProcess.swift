import Foundation

/// A program of the package (`waterfall-demo` by default) running as a child process, its stdout (the demo's JSON
/// event log) collected line by line.
/// Its mutable state is guarded by `lock`, so the pipe handlers may run on any thread.
public final class DemoProcess: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private var stdoutLines: [String] = []
    private var partialLine = Data()
    private var stdoutData = Data()
    private var stderrData = Data()
    private var stdoutClosed = false
    /// The kernel id of the thread reading stdout (for `waitUntilOutputIsRead`).
    private var stdoutReader: Int32?
    private var stderrClosed = false
    private let stdout = Pipe()
    private let stderr = Pipe()
    /// The program's name, for the errors of the waits.
    private let name: String
    /// The folder of the program's own `XDG_CACHE_HOME`, `XDG_CONFIG_HOME` and `XDG_STATE_HOME`, each where the test
    /// gave none: no test reads or writes the user's caches (the shared thumbnail cache among them), configuration
    /// or remembered state. Removed when the process is.
    private let privateHome: URL

    /// Starts the built program `executable` (the demo by default) with `arguments`, `DISPLAY` set to `display` (unset when `nil`), in `directory`, with the
    /// variables of `environment` added to the test's environment (less a `DESKTOP_STARTUP_ID` the tests were
    /// launched with: the demo would end that launch). With a `launcher` (a program's path and its arguments, such
    /// as `setpriv` and its options), the launcher runs and starts the program.
    public init(
        executable: String = "waterfall-demo", arguments: [String], display: String?, directory: String? = nil,
        environment extra: [String: String] = [:], launcher: [String] = []
    ) throws {
        name = executable
        let program = try DemoProcess.executableURL(named: executable)
        if let path = launcher.first {
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = launcher.dropFirst() + [program.path] + arguments
        } else {
            process.executableURL = program
            process.arguments = arguments
        }
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "DESKTOP_STARTUP_ID")
        environment.merge(extra) { $1 }
        privateHome = FileManager.default.temporaryDirectory.appendingPathComponent("demo-home-\(UUID().uuidString)")
        for (variable, folder) in [
            ("XDG_CACHE_HOME", "cache"), ("XDG_CONFIG_HOME", "config"), ("XDG_STATE_HOME", "state"),
        ]
        where extra[variable] == nil {
            let path = privateHome.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
            environment[variable] = path.path
        }
        environment["DISPLAY"] = display
        if display == nil { environment.removeValue(forKey: "DISPLAY") }
        process.environment = environment
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // One thread per pipe, blocking in read until end of file: every byte is taken, and EOF is certain.
        // The threads keep this object alive until the child exits (killing Xvfb ends a windowed demo).
        let output = stdout.fileHandleForReading
        let errors = stderr.fileHandleForReading
        Thread.detachNewThread { [self] in
            let tid = try? currentThreadID()
            lock.withLock { stdoutReader = tid }
            while case let data = output.availableData, !data.isEmpty { receive(data) }
            lock.withLock { stdoutClosed = true }
        }
        Thread.detachNewThread { [self] in
            while case let data = errors.availableData, !data.isEmpty { lock.withLock { stderrData.append(data) } }
            lock.withLock { stderrClosed = true }
        }
    }

    deinit {
        killAndReap(process)
        try? FileManager.default.removeItem(at: privateHome)
    }

    /// The built program `name` (the demo by default) beside the test bundle, in the same build folder.
    public static func executableURL(named name: String = "waterfall-demo") throws -> URL {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        throw X11TestError("\(name) was not found beside the test binary \(testBinary.path); build it first")
    }

    private func receive(_ data: Data) {
        lock.withLock {
            stdoutData.append(data)
            partialLine.append(data)
            while let newline = partialLine.firstIndex(of: UInt8(ascii: "\n")) {
                stdoutLines.append(String(decoding: partialLine[partialLine.startIndex..<newline], as: UTF8.self))
                partialLine.removeSubrange(partialLine.startIndex...newline)
            }
        }
    }

    /// Waits until every byte the program wrote to stdout so far is in `lines`: its reader thread is blocked in `read`
    /// on the pipe, which it calls again only after taking what the last call returned, and which would not block
    /// with bytes in the pipe. For a program known to write nothing more (blocked itself), the lines are then
    /// complete. `limit` bounds a hang.
    public func waitUntilOutputIsRead(limit: TimeInterval = 20) throws {
        let fd = UInt64(stdout.fileHandleForReading.fileDescriptor)
        let deadline = Date().addingTimeInterval(limit)
        while true {
            let (reader, closed) = lock.withLock { (stdoutReader, stdoutClosed) }
            if closed { return }
            if let reader, try Self.isBlockedReading(fd, thread: reader) { return }
            if Date() > deadline { throw X11TestError("\(name)'s stdout was not all read within \(limit) s") }
            // Only the interval between checks of the condition above, which decides the outcome; the deadline bounds a hang.
            usleep(1_000)
        }
    }

    /// Whether thread `tid` of this process sleeps in `read` on descriptor `fd` (/proc/self/task/<tid>/syscall).
    private static func isBlockedReading(_ fd: UInt64, thread tid: Int32) throws -> Bool {
        #if arch(x86_64)
            let readCall = 0
        #elseif arch(arm64)
            let readCall = 63
        #else
            throw X11TestError("the read system call's number on this architecture is not known to DemoProcess")
        #endif
        let path = "/proc/self/task/\(tid)/syscall"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw X11TestError("cannot read \(path)")
        }
        let fields = text.split(whereSeparator: \.isWhitespace)
        guard fields.count >= 2, Int(fields[0]) == readCall else { return false }
        return UInt64(fields[1].dropFirst(2), radix: 16) == fd
    }

    /// Every complete stdout line so far.
    public var lines: [String] { lock.withLock { stdoutLines } }

    /// The complete stdout lines from line `start` (counted from 0) on: for following a long log as it grows
    /// without copying it all each time.
    public func lines(from start: Int) -> [String] {
        lock.withLock { start < stdoutLines.count ? Array(stdoutLines[start...]) : [] }
    }

    /// Everything written to stdout so far, byte for byte (`lines` decodes it as UTF-8).
    public var standardOutput: Data { lock.withLock { stdoutData } }

    /// Everything written to stderr so far.
    public var standardError: String { lock.withLock { String(decoding: stderrData, as: UTF8.self) } }

    /// The log's events so far, parsed.
    public var events: [Event] { lines.compactMap(Event.init(line:)) }

    /// Waits until an event after the first `after` events satisfies `predicate` and returns it with its
    /// position. Fails after `limit` seconds (a bound on a hang, not a measurement) or if the process exits.
    @discardableResult
    public func waitForEvent(
        after: Int = 0, limit: TimeInterval = 20, _ description: String,
        where predicate: (Event) -> Bool
    ) throws -> (event: Event, position: Int) {
        try poll(limit: limit, description) {
            let all = events
            guard all.count > after, let position = all[after...].firstIndex(where: predicate) else { return nil }
            return (all[position], position)
        }
    }

    /// Waits until the process printed a line that `matches` on stdout and returns it. Fails after `limit` seconds (a
    /// bound on a hang, not a measurement) or if the process exits.
    @discardableResult
    public func waitForLine(
        limit: TimeInterval = 20, _ description: String, matching matches: (String) -> Bool
    ) throws -> String {
        try poll(limit: limit, description) { lines.first(where: matches) }
    }

    /// Checks `found` until it finds something, the process has exited with all its output read, or `limit` seconds
    /// have passed.
    private func poll<Found>(limit: TimeInterval, _ description: String, _ found: () -> Found?) throws -> Found {
        let deadline = Date().addingTimeInterval(limit)
        while true {
            let exited = !process.isRunning && hasReadAllOutput(until: deadline)
            if let result = found() { return result }
            if exited {
                throw X11TestError(
                    "\(name) exited (status \(process.terminationStatus)) before \(description); stderr: \(standardError)"
                )
            }
            if Date() > deadline {
                throw X11TestError(
                    "no \(description) within \(limit) s; last lines: \(lines.suffix(5)); stderr: \(standardError)")
            }
            // Only the interval between checks of the condition above, which decides the outcome; the deadline bounds a hang.
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    /// Waits for the process to end (failing after `limit` seconds) and returns its exit status.
    /// - Throws: `X11TestError` when it does not end in time, or ends by a signal (a crash) instead of exiting.
    public func waitForExit(limit: TimeInterval = 20) throws -> Int32 {
        let deadline = Date().addingTimeInterval(limit)
        while process.isRunning {
            if Date() > deadline {
                killAndReap(process)
                throw X11TestError("\(name) did not exit within \(limit) s; stderr: \(standardError)")
            }
            // Only the interval between checks of the condition above, which decides the outcome; the deadline bounds a hang.
            Thread.sleep(forTimeInterval: 0.01)
        }
        guard hasReadAllOutput(until: deadline) else {
            throw X11TestError("\(name) exited but its stdout or stderr stayed open past \(limit) s")
        }
        guard process.terminationReason == .exit else {
            throw X11TestError("\(name) was killed by signal \(process.terminationStatus); stderr: \(standardError)")
        }
        return process.terminationStatus
    }

    /// After the process exited: waits until its stdout and stderr reached end of file, so every line it wrote is
    /// in `lines` and everything it printed on stderr in `standardError` (their reader threads may lag the exit).
    private func hasReadAllOutput(until deadline: Date) -> Bool {
        while !lock.withLock({ stdoutClosed && stderrClosed }) {
            if Date() > deadline { return false }
            // Only the interval between checks of the condition above, which decides the outcome; the deadline bounds a hang.
            Thread.sleep(forTimeInterval: 0.005)
        }
        return true
    }

    /// Whether the process is still running.
    public var isRunning: Bool { process.isRunning }

    /// The process id, while it runs.
    public var processIdentifier: Int32? { process.isRunning ? process.processIdentifier : nil }
}

/// One line of the demo's JSON log.
public struct Event: @unchecked Sendable {
    public let fields: [String: Any]

    /// Parses one log line; `nil` when it is not a JSON object.
    public init?(line: String) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            return nil
        }
        fields = object
    }

    public var name: String { fields["event"] as? String ?? "" }
    public subscript(key: String) -> Any? { fields[key] }
    public func int(_ key: String) -> Int? { (fields[key] as? NSNumber)?.intValue }
    public func double(_ key: String) -> Double? { (fields[key] as? NSNumber)?.doubleValue }
    public func string(_ key: String) -> String? { fields[key] as? String }
    /// An array of integers, such as an `update`'s `indices`.
    public func ints(_ key: String) -> [Int]? { (fields[key] as? [NSNumber])?.map(\.intValue) }
    /// `viewport.x` style access into a nested object.
    public func double(_ object: String, _ key: String) -> Double? {
        ((fields[object] as? [String: Any])?[key] as? NSNumber)?.doubleValue
    }
    /// `uploads.putImage` style access into a nested object.
    public func int(_ object: String, _ key: String) -> Int? {
        ((fields[object] as? [String: Any])?[key] as? NSNumber)?.intValue
    }
}
