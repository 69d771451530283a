import Foundation

/// What one `xclip -o` run did: its exit status and what it printed.
public struct XclipOutput: Sendable {
    public let status: Int32
    /// Its standard output, byte for byte.
    public let data: Data
    /// Its standard error.
    public let errors: String

    /// The output as UTF-8.
    public var text: String { String(decoding: data, as: UTF8.self) }
}

/// The path of `tool`, or an error that says the clipboard tests need it: they fail, never skip, without it.
private func clipboardTool(_ tool: String, package: String) throws -> String {
    guard let path = findExecutable(tool) else {
        throw X11TestError(
            "\(tool) is not installed: the clipboard tests need it (apt-get install \(package)); run scripts/install-deps.sh"
        )
    }
    return path
}

/// `timeout -s KILL <limit> xclip <arguments>`: xclip never outlives `limit` seconds, so an owner that never answers
/// fails the test instead of hanging it.
private func xclipProcess(_ arguments: [String], display: String, limit: Int) throws -> Process {
    let xclip = try clipboardTool("xclip", package: "xclip")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try clipboardTool("timeout", package: "coreutils"))
    process.arguments = ["-s", "KILL", String(limit), xclip] + arguments
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = display
    process.environment = environment
    return process
}

/// Reads the CLIPBOARD of `display` as `xclip -o -selection clipboard [-t target]` prints it, under `timeout`.
/// Without a target, xclip asks for UTF8_STRING (and for STRING when that is refused).
/// - Throws: `X11TestError` when xclip or timeout is missing, or when xclip did not finish within `limit` seconds.
public func readClipboard(target: String? = nil, display: String, limit: Int = 60) throws -> XclipOutput {
    let arguments = ["-o", "-selection", "clipboard"] + (target.map { ["-t", $0] } ?? [])
    let process = try xclipProcess(arguments, display: display, limit: limit)
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // Both pipes are read to their end on threads of their own, so that neither can fill while the other is read.
    let readers = [output, errors].map { pipe in
        let reader = DataReader()
        Thread.detachNewThread { reader.finish(with: pipe.fileHandleForReading.readDataToEndOfFile()) }
        return reader
    }
    let data = readers[0].waitForEnd()
    let errorText = String(decoding: readers[1].waitForEnd(), as: UTF8.self)
    process.waitUntilExit()
    if process.terminationReason == .exit, process.terminationStatus == 128 + SIGKILL {
        throw X11TestError(
            "xclip \(arguments.joined(separator: " ")) did not finish within \(limit) s (timeout killed it); it printed: \(errorText)"
        )
    }
    return XclipOutput(status: process.terminationStatus, data: data, errors: errorText)
}

/// `xclip -i -selection clipboard -quiet` holding `text` on the CLIPBOARD in the foreground, as another program that
/// copies something: it takes the selection as it starts and serves it until another client takes it back or the
/// server goes away, under `timeout` (`limit` seconds at most).
public final class XclipOwner {
    private let process: Process

    /// Starts xclip with `text` on its standard input.
    /// - Throws: `X11TestError` when xclip or timeout is missing.
    public init(text: String, display: String, limit: Int = 120) throws {
        process = try xclipProcess(["-i", "-selection", "clipboard", "-quiet"], display: display, limit: limit)
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
    }

    /// Whether xclip (under timeout) still runs.
    public var isRunning: Bool { process.isRunning }

    deinit {
        // timeout runs in a process group of its own with xclip: both end.
        if process.isRunning { kill(-process.processIdentifier, SIGKILL) }
        killAndReap(process)
    }
}

/// The data a reader thread read, handed over once.
private final class DataReader: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    func finish(with data: Data) {
        self.data = data
        done.signal()
    }

    func waitForEnd() -> Data {
        done.wait()
        return data
    }
}
