import Foundation

/// Where a helper program that keeps running (Xvfb, twm, `xdotool -`) writes its standard error: a temporary file,
/// removed from its folder at once and kept open, so the program never blocks on a full pipe however much it
/// prints, and a test's error can quote what it printed when the program exits or fails to start.
final class StandardErrorFile {
    /// The handle to give the program as its `standardError`.
    let fileHandleForWriting: FileHandle
    private let reader: FileHandle

    /// Creates the file and unlinks its name: only the two handles reach it, and it goes when they close.
    /// - Throws: `X11TestError` when the file cannot be created.
    init() throws {
        let path = NSTemporaryDirectory() + "waterfall-stderr-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw X11TestError("cannot create \(path) for a helper program's standard error")
        }
        defer { unlink(path) }
        fileHandleForWriting = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        reader = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
    }

    deinit {
        try? fileHandleForWriting.close()
        try? reader.close()
    }

    /// Everything the program wrote so far, without surrounding white space; only its last 4,000 characters when
    /// it wrote more (the reason a program gives for exiting comes last).
    var text: String {
        let data = (try? reader.seek(toOffset: 0)).flatMap { try? reader.readToEnd() } ?? Data()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.count > 4000 ? "..." + text.suffix(4000) : text
    }

    /// "it printed: <text>", or "it printed nothing on stderr": the end of an error message about the program.
    var quoted: String {
        let text = text
        return text.isEmpty ? "it printed nothing on stderr" : "it printed: \(text)"
    }
}

extension Process {
    /// How the process ended, for an error message: "exited with status 1" or "was killed by signal 11".
    /// Call it only after the process ended.
    var endDescription: String {
        terminationReason == .exit
            ? "exited with status \(terminationStatus)" : "was killed by signal \(terminationStatus)"
    }
}
