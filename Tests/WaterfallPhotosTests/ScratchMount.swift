import Foundation
import PhotoTestSupport
import SystemPackage

/// A small tmpfs of its own, mounted on a new temporary folder and unmounted when released: a file system the tests
/// can fill up or make read-only, and a mount whose top directory holds a Trash of its own. Mounting needs root (the
/// tests run as root here); without it the test fails with the reason, it never skips.
final class ScratchMount {
    /// The mount point.
    let folder: String

    /// A tmpfs of `kilobytes` mounted on a new temporary folder.
    init(kilobytes: Int = 1024) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("waterfall-mount-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        do {
            try TestTool.run(["mount", "-t", "tmpfs", "-o", "size=\(kilobytes)k,mode=0755", "tmpfs", folder])
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw FileActionTestError("these tests mount a tmpfs and need root (CAP_SYS_ADMIN): \(error)")
        }
    }

    deinit {
        _ = try? TestTool.run(["umount", folder])
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The path of `name` under the mount point.
    func path(_ name: String) -> String { folder + "/" + name }

    /// The path of `name` under the mount point, as the library takes paths.
    func file(_ name: String) -> FilePath { FilePath(path(name)) }

    /// Remounts the file system read-only.
    func makeReadOnly() throws {
        try TestTool.run(["mount", "-o", "remount,ro", folder])
    }
}

/// Small file helpers shared by the file actions' tests.
enum Disk {
    /// The bytes of the file at `path`, `nil` when there is none.
    static func bytes(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { Array($0) }
    }

    /// Writes `text` to `path`, creating the folders above it.
    @discardableResult
    static func write(_ text: String, to path: String) throws -> String {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
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
        guard stat(path, &info) == 0 else { throw FileActionTestError("stat \(path): \(String(cString: strerror(errno)))") }
        return info
    }
}

/// Why a file action test could not set up its files.
struct FileActionTestError: Error, CustomStringConvertible {
    /// What went wrong.
    var description: String
    init(_ description: String) { self.description = description }
}
