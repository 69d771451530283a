import Foundation

/// Runs `xdotool` against `display`: real input through the XTEST extension, as a person's mouse and keys.
/// - Throws: `X11TestError` when xdotool is missing or fails.
public func xdotool(_ arguments: [String], display: String) throws {
    _ = try runTool("xdotool", arguments, display: display)
}

/// Runs `tool` with `DISPLAY=display` and returns its standard output.
/// - Throws: `X11TestError` naming the tool when it is missing or exits non-zero.
public func runTool(_ tool: String, _ arguments: [String], display: String) throws -> Data {
    guard let path = findExecutable(tool) else {
        throw X11TestError("\(tool) is not installed: the X11 tests need it; run scripts/test.sh")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = display
    process.environment = environment
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw X11TestError("\(tool) \(arguments.joined(separator: " ")) failed with status \(process.terminationStatus): \(errorText)")
    }
    return data
}
