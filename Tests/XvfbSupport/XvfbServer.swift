import Foundation

/// Why the X11 test support could not do something. Tests fail with it; they never skip.
public struct X11TestError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// A private Xvfb server on a free display number, stopped when released.
public final class XvfbServer {
    /// The display name, e.g. ":7".
    public let display: String
    private let process: Process
    /// What the server prints on stderr, quoted when it fails to start.
    private let standardError: StandardErrorFile
    /// The Xauthority file of a server that refuses clients, removed with the server.
    private var authorityFile: String?

    /// Starts `Xvfb -displayfd` with one screen of `width`×`height`×`depth` and waits until it accepts clients.
    /// `arguments` go to Xvfb after those (`["-extension", "MIT-SHM"]` starts it without MIT-SHM). A `launcher`
    /// runs Xvfb (`["unshare", "--map-root-user", "--ipc"]` runs it in an IPC namespace of its own, where it cannot
    /// attach a client's shared memory, as a server on another machine cannot); it must exec Xvfb, not fork it.
    /// With `refusingClients`, the server accepts only a cookie no client has: it refuses every client, as a
    /// display of another user does.
    /// - Throws: `X11TestError` when Xvfb is not installed, or exits before it reports its display number (the
    ///   error then quotes what Xvfb printed on stderr).
    public init(
        width: Int = 1280, height: Int = 1024, depth: Int = 24, refusingClients: Bool = false, arguments: [String] = [],
        launcher: [String] = []
    ) throws {
        guard let xvfb = findExecutable("Xvfb") else {
            throw X11TestError(
                "Xvfb is not installed: the X11 tests need it (apt-get install xvfb); run scripts/test.sh")
        }
        let launcherPath = try launcher.first.map { name in
            guard let path = findExecutable(name) else {
                throw X11TestError("\(name) is not installed: the X11 tests need it; run scripts/test.sh")
            }
            return path
        }
        let ready = Pipe()
        process = Process()
        process.executableURL = URL(fileURLWithPath: launcherPath ?? xvfb)
        // Xvfb picks a free display and writes its number to the -displayfd descriptor once it accepts clients;
        // descriptor 1 is the pipe.
        process.arguments =
            (launcherPath == nil ? [] : launcher.dropFirst() + [xvfb])
            + ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x\(depth)", "-nolisten", "tcp", "-noreset"]
            + arguments
        if refusingClients {
            let authority =
                NSTemporaryDirectory() + "waterfall-authority-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            try secretCookieAuthority().write(to: URL(fileURLWithPath: authority))
            process.arguments? += ["-auth", authority]
            authorityFile = authority
        }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = ready
        standardError = try StandardErrorFile()
        process.standardError = standardError.fileHandleForWriting
        try process.run()
        let number = displayNumber(reportedOn: ready)
        guard Int(number) != nil else {
            reap(process, within: 5)  // at end of file it is exiting: let it finish, to report how it ended
            throw X11TestError(
                "Xvfb \(process.endDescription) before it reported a display number (on stdout: '\(number)'); \(standardError.quoted)"
            )
        }
        display = ":" + number
    }

    deinit {
        stop()
        if let authorityFile { try? FileManager.default.removeItem(atPath: authorityFile) }
    }

    /// Whether the server is still running.
    public var isRunning: Bool { process.isRunning }

    /// Kills the server, as when an X server goes away under its clients.
    public func stop() {
        killAndReap(process)
    }
}

/// An Xauthority file of one MIT-MAGIC-COOKIE-1 entry for any host and display, with a random cookie. Each
/// field is a big-endian 16-bit length and its bytes; the family 0xFFFF is the wildcard.
private func secretCookieAuthority() -> Data {
    func field(_ bytes: [UInt8]) -> [UInt8] { [UInt8(bytes.count >> 8), UInt8(bytes.count & 0xFF)] + bytes }
    let cookie = (0..<16).map { _ in UInt8.random(in: 0...255) }
    return Data([0xFF, 0xFF] + field([]) + field([]) + field(Array("MIT-MAGIC-COOKIE-1".utf8)) + field(cookie))
}

/// The absolute path of `name` on `$PATH`, if it is there.
public func findExecutable(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// The first line an X server writes to its `-displayfd` pipe, trimmed: its display number once it accepts
/// clients, or whatever it wrote before the pipe closed (nothing when it exited first).
func displayNumber(reportedOn pipe: Pipe) -> String {
    var output = Data()
    while !output.contains(UInt8(ascii: "\n")) {
        let chunk = pipe.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        output.append(chunk)
    }
    return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
}

/// Waits until `process` ends by itself, at most `seconds` (a bound on a hang, not a measurement), then ends it
/// with `killAndReap(_:)` if it still runs. Returns whether it ended by itself.
@discardableResult
func reap(_ process: Process, within seconds: TimeInterval) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    // The interval between checks that the process ended; the deadline bounds a hang, then the process is ended.
    while process.isRunning && Date() < deadline { usleep(10_000) }
    let endedByItself = !process.isRunning
    killAndReap(process)
    return endedByItself
}

/// Ends `process` with SIGKILL and waits for it. Not SIGTERM: children of the test runner inherit its
/// blocked signal mask, and Xvfb then never sees a SIGTERM.
func killAndReap(_ process: Process) {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
}
