import Foundation

/// Runs `xdotool` against `display`: real input through the XTEST extension, as a person's mouse and keys.
/// - Throws: `X11TestError` when xdotool is missing or fails.
public func xdotool(_ arguments: [String], display: String) throws {
    _ = try runTool("xdotool", arguments, display: display)
}

/// Runs one `xdotool -` process that reads `script` (one xdotool command a line) from its standard input: many
/// inputs sent fast, without a process each.
/// - Throws: `X11TestError` when xdotool is missing or fails.
public func xdotool(script: String, display: String) throws {
    _ = try runTool("xdotool", ["-"], display: display, input: Data(script.utf8))
}

/// Runs `tool` with `DISPLAY=display` and the variables of `environment` (and `input` on its standard input) and
/// returns its standard output.
/// - Throws: `X11TestError` naming the tool when it is missing or ends with a failure, quoting what it printed on
///   stderr.
public func runTool(
    _ tool: String, _ arguments: [String], display: String, input: Data? = nil,
    environment extra: [String: String] = [:]
) throws -> Data {
    guard let path = findExecutable(tool) else {
        throw X11TestError("\(tool) is not installed: the X11 tests need it; run scripts/test.sh")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = display
    environment.merge(extra) { $1 }
    process.environment = environment
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    let standardInput = Pipe()
    process.standardInput = input == nil ? FileHandle.nullDevice : standardInput
    try process.run()
    if let input {
        // Written from another thread, so a long script cannot fill the pipe while this one waits on the output.
        let writer = standardInput.fileHandleForWriting
        Thread.detachNewThread {
            writer.write(input)
            try? writer.close()
        }
    }
    // stderr is read on its own thread, so that neither pipe can fill while this one waits on the other.
    let errorReader = PipeReader(errors.fileHandleForReading)
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let errorText = String(decoding: errorReader.waitForEnd(), as: UTF8.self).trimmingCharacters(
        in: .whitespacesAndNewlines)
    process.waitUntilExit()
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
        let printed = errorText.isEmpty ? "it printed nothing on stderr" : "it printed: \(errorText)"
        throw X11TestError("\(tool) \(arguments.joined(separator: " ")) \(process.endDescription); \(printed)")
    }
    return data
}

/// Reads a pipe to its end on a thread of its own.
private final class PipeReader: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    /// Everything the pipe held, once its writer closed it.
    func waitForEnd() -> Data {
        done.wait()
        return data
    }
}
