import Foundation

/// One `xdotool -` process that reads commands from its standard input a line at a time and sends them as real
/// input through the XTEST extension: thousands of wheel notches, keys and resizes without a process each, and
/// each batch sent as soon as it is written (xdotool runs a line when it arrives).
public final class XdotoolSession {
    private let process = Process()
    private let input = Pipe()
    /// What xdotool prints on stderr (a file, so that warnings over a long session cannot fill a pipe).
    private let standardError: StandardErrorFile

    /// Starts `xdotool -` against `display`.
    /// - Throws: `X11TestError` when xdotool is not installed.
    public init(display: String) throws {
        guard let path = findExecutable("xdotool") else {
            throw X11TestError("xdotool is not installed: the X11 tests need it; run scripts/test.sh")
        }
        // A write to a pipe whose reader has gone must fail with EPIPE, not kill the test runner.
        signal(SIGPIPE, SIG_IGN)
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-"]
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        process.environment = environment
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        standardError = try StandardErrorFile()
        process.standardError = standardError.fileHandleForWriting
        try process.run()
    }

    deinit {
        try? input.fileHandleForWriting.close()
        killAndReap(process)
    }

    /// Sends `commands`, one xdotool command a line (`click --repeat 100 --delay 0 5`, `key F5`,
    /// `windowsize 4194305 640 960`), in one write.
    /// - Throws: `X11TestError` when xdotool has exited (a command it could not run ends it).
    public func send(_ commands: [String]) throws {
        guard process.isRunning else { throw exitedError() }
        do {
            try input.fileHandleForWriting.write(contentsOf: Data(commands.map { $0 + "\n" }.joined().utf8))
        } catch {
            throw exitedError()
        }
    }

    /// Ends the session: closes xdotool's input and waits until it has run every command and exited (failing
    /// after `limit` seconds, a bound on a hang, not a measurement).
    /// - Throws: `X11TestError` quoting what xdotool printed on stderr when it ends with a failure (an X error
    ///   such as a `windowsize` of a window that does not exist ends it with status 1).
    public func finish(limit: TimeInterval = 120) throws {
        try? input.fileHandleForWriting.close()
        guard reap(process, within: limit) else {
            throw X11TestError("xdotool did not finish its commands within \(limit) s; \(standardError.quoted)")
        }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else { throw exitedError() }
    }

    private func exitedError() -> X11TestError {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        return X11TestError("xdotool \(process.endDescription); \(standardError.quoted)")
    }
}
