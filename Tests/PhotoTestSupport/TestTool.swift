import Foundation

/// Runs the tests' command-line tools (ImageMagick, exiftool, cjxl, heif-enc, avifenc, ffmpeg, Pillow's Python): one
/// way to start them, read what they print and fail, never skip, when one is missing or fails.
public enum TestTool {
    /// What a tool printed: its standard output, and its standard error.
    public struct Output {
        public var output: String
        public var errors: String
    }

    /// Runs `arguments` (a tool found on PATH and its arguments, or an absolute path to one) to its end, its standard
    /// output and error read as it writes them (neither pipe fills up).
    /// - Throws: `GeneratedImagesError` naming the command, its status and its errors (with the hint to run
    ///   scripts/install-deps.sh) when it cannot start or ends with a status other than 0.
    @discardableResult
    public static func run(_ arguments: [String]) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Standard error on a thread of its own, while standard output is read here.
        let errorText = LockedText()
        let reader = Thread {
            errorText.set(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        }
        reader.start()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let stderr = errorText.wait()
        guard process.terminationStatus == 0 else {
            throw GeneratedImagesError(
                "\(arguments.joined(separator: " ")) failed (\(process.terminationStatus)): \(stderr)\(text); run scripts/install-deps.sh"
            )
        }
        return Output(output: text, errors: stderr)
    }

    /// Text set once by one thread and waited for by another.
    private final class LockedText: @unchecked Sendable {
        private let condition = NSCondition()
        private var text: String?

        func set(_ value: String) {
            condition.withLock {
                text = value
                condition.broadcast()
            }
        }

        func wait() -> String {
            condition.withLock {
                while text == nil { condition.wait() }
                return text ?? ""
            }
        }
    }
}
