import Foundation
import XvfbSupport

/// A private D-Bus session with its accessibility bus, as a desktop session has them for Orca: a session bus
/// (`dbus-daemon --session`), and at-spi-bus-launcher on it, which starts the accessibility bus (the registry,
/// at-spi2-registryd, starts on it when first asked) and publishes its address on the X root window. Everything it
/// started is killed when it is released. The tests fail, never skip, when a tool is missing
/// (`scripts/install-deps.sh` installs dbus, at-spi2-core and python3-pyatspi).
final class AccessibilityBus {
    /// The session bus's address, for `DBUS_SESSION_BUS_ADDRESS`.
    let sessionAddress: String
    private let daemon: Process
    private var launcher: Process?

    /// The bus launcher's program, where Debian installs it.
    static let launcherPath = "/usr/libexec/at-spi-bus-launcher"

    /// Starts the session bus; `startLauncher(display:)` starts its accessibility bus.
    init() throws {
        guard let daemonPath = findExecutable("dbus-daemon") else {
            throw X11TestError(
                "dbus-daemon is not installed: the accessibility tests need it; run scripts/install-deps.sh")
        }
        daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: daemonPath)
        daemon.arguments = ["--session", "--nofork", "--nopidfile", "--print-address=1"]
        let address = Pipe()
        daemon.standardOutput = address
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        var printed = Data()
        while !printed.contains(UInt8(ascii: "\n")) {
            let chunk = address.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed.append(chunk)
        }
        sessionAddress = String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !sessionAddress.isEmpty else {
            Self.kill(daemon)
            throw X11TestError("dbus-daemon --session printed no address")
        }
    }

    /// Starts at-spi-bus-launcher on the session bus for X display `display`, and waits until it owns its name
    /// (`org.a11y.Bus`) and gives the accessibility bus's address.
    func startLauncher(display: String) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.launcherPath) else {
            throw X11TestError(
                "\(Self.launcherPath) is not installed (at-spi2-core): the accessibility tests need it; run scripts/install-deps.sh"
            )
        }
        let launcher = Process()
        launcher.executableURL = URL(fileURLWithPath: Self.launcherPath)
        // --a11y=1: accessibility on, as a session with a screen reader running has it (GSettings'
        // toolkit-accessibility); --launch-immediately: the accessibility bus now, not at the first GetAddress.
        launcher.arguments = ["--launch-immediately", "--a11y=1"]
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = sessionAddress
        environment["DISPLAY"] = display
        environment.removeValue(forKey: "AT_SPI_BUS_ADDRESS")
        launcher.environment = environment
        launcher.standardOutput = FileHandle.nullDevice
        launcher.standardError = FileHandle.nullDevice
        try launcher.run()
        self.launcher = launcher
        try waitUntil("at-spi-bus-launcher on the session bus", limit: 30) {
            (try? call("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus.GetAddress"))?.contains("string \"unix:") == true
        }
    }

    deinit {
        if let launcher { Self.kill(launcher) }
        Self.kill(daemon)
    }

    /// The environment a program of the session runs with: its session bus, and no other accessibility bus.
    var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": sessionAddress, "AT_SPI_BUS_ADDRESS": ""] }

    /// Calls `method` of `object` at `destination` on the session bus with `dbus-send`, and returns its reply.
    func call(_ destination: String, _ object: String, _ method: String) throws -> String {
        guard let dbusSend = findExecutable("dbus-send") else {
            throw X11TestError(
                "dbus-send is not installed: the accessibility tests need it; run scripts/install-deps.sh")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: dbusSend)
        process.arguments = [
            "--bus=\(sessionAddress)", "--print-reply", "--reply-timeout=5000", "--dest=\(destination)", object, method,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let reply = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw X11TestError("dbus-send \(method) failed") }
        return reply
    }

    /// Kills `process` and every process it started, the deepest first (the launcher's accessibility bus and the
    /// registry that bus started), with SIGKILL: children of the test runner inherit its blocked signals, and a
    /// SIGTERM would never arrive.
    static func kill(_ process: Process) {
        guard process.isRunning else { return }
        for pid in descendants(of: process.processIdentifier).reversed() { Glibc.kill(pid, SIGKILL) }
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// The processes `pid` started and those they started, parents first, from /proc.
    static func descendants(of pid: Int32) -> [Int32] {
        var parents: [Int32: [Int32]] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let child = Int32(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { continue }
            // "pid (comm) state ppid ...": the name may hold spaces and parentheses, so split after its last ")".
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, let parent = Int32(fields[1]) { parents[parent, default: []].append(child) }
        }
        var found: [Int32] = []
        var queue = [pid]
        while let next = queue.first {
            queue.removeFirst()
            let children = parents[next] ?? []
            found += children
            queue += children
        }
        return found
    }
}

/// A program's lines on stdout as it prints them, from a thread of their own; killed when released.
final class PrintingProcess: @unchecked Sendable {
    private let process = Process()
    private let condition = NSCondition()
    private var printed: [String] = []
    private var closed = false
    private let name: String

    /// Starts `arguments` (a program on PATH and its arguments) with `environment`'s variables added.
    init(_ arguments: [String], environment extra: [String: String]) throws {
        name = arguments.first ?? "?"
        guard let path = name.hasPrefix("/") ? name : findExecutable(name),
            FileManager.default.isExecutableFile(atPath: path)
        else {
            throw X11TestError("\(name) is not installed: the accessibility tests need it; run scripts/install-deps.sh")
        }
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = Array(arguments.dropFirst())
        process.environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let reader = output.fileHandleForReading
        Thread.detachNewThread { [self] in
            var partial = Data()
            while case let data = reader.availableData, !data.isEmpty {
                partial.append(data)
                while let end = partial.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: partial[partial.startIndex..<end], as: UTF8.self)
                    partial.removeSubrange(partial.startIndex...end)
                    condition.withLock {
                        printed.append(line)
                        condition.broadcast()
                    }
                }
            }
            condition.withLock {
                closed = true
                condition.broadcast()
            }
        }
    }

    deinit { AccessibilityBus.kill(process) }

    /// The lines printed so far.
    var lines: [String] { condition.withLock { printed } }

    /// Waits until a line after the first `after` satisfies `matches`, and returns its index; fails after `limit`
    /// seconds (a bound on a hang) or when the program ends first.
    @discardableResult
    func waitForLine(
        after: Int = 0, limit: TimeInterval = 20, _ description: String, _ matches: (String) -> Bool
    ) throws -> Int {
        let deadline = Date().addingTimeInterval(limit)
        return try condition.withLock {
            while true {
                if let index = printed.indices.dropFirst(after).first(where: { matches(printed[$0]) }) { return index }
                if closed || !condition.wait(until: deadline) {
                    throw X11TestError(
                        "\(name) printed no line of \(description) within \(limit) s; it printed: \(printed)")
                }
            }
        }
    }
}

/// Debian's Python, which has pyatspi (python3-pyatspi), whatever `python3` is first on PATH.
let debianPython = "/usr/bin/python3"

/// Runs `scripts/atspi-read.py` (at `script`) with `arguments` in Debian's Python with `DISPLAY` and `environment`'s
/// variables added, and returns what it printed.
/// - Throws: `X11TestError` with what it printed on stderr when it fails (pyatspi missing: status 2).
func runAtspiReader(
    _ script: String, _ arguments: [String], display: String, environment: [String: String]
) throws
    -> String
{
    guard FileManager.default.isExecutableFile(atPath: debianPython) else {
        throw X11TestError(
            "\(debianPython) is not installed: the accessibility tests need it; run scripts/install-deps.sh")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: debianPython)
    process.arguments = [script] + arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment.merging(["DISPLAY": display]) { $1 })
    {
        $1
    }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Standard error is short (a line when it fails): read after standard output, which may be long.
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw X11TestError(
            "atspi-read.py \(arguments.joined(separator: " ")) failed (\(process.terminationStatus)): \(stderr)")
    }
    return text
}
