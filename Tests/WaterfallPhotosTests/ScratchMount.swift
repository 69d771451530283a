import Foundation
import PhotoTestSupport

/// Small file helpers shared by the file actions' tests.
enum Disk {
    /// The bytes of the file at `path`, `nil` when there is none.
    static func bytes(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { Array($0) }
    }

    /// Writes `text` to `path`, creating the folders above it.
    @discardableResult
    static func write(_ text: String, to path: String) throws -> String {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The names in the folder at `path`, sorted; empty when there is no folder.
    static func names(_ path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    /// `stat(2)` of `path`.
    static func status(_ path: String) throws -> stat {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw FileActionTestError("stat \(path): \(String(cString: strerror(errno)))")
        }
        return info
    }
}

/// Why a file action test could not set up its files.
struct FileActionTestError: Error, CustomStringConvertible {
    /// What went wrong.
    var description: String
    init(_ description: String) { self.description = description }
}
