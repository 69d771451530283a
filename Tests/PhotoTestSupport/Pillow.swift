import Foundation

/// Runs `script` in Debian's Python with Pillow (python3-pil, from scripts/install-deps.sh) and returns what it printed.
public func pillow(_ script: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = ["-c", script] + arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw PillowError(message: String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }
    return text
}

/// Pillow's error output: python3-pil is missing (scripts/install-deps.sh installs it), or the script failed.
public struct PillowError: Error {
    /// What Python printed on stderr.
    public var message: String
}
