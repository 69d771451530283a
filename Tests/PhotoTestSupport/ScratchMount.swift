import Foundation
import SystemPackage

/// A small tmpfs of its own, mounted on a new temporary folder and unmounted when released: a file system the tests
/// can fill up or make read-only, and a mount whose top directory holds a Trash of its own. Mounting needs root (the
/// tests run as root here); without it the test fails with the reason, it never skips.
public final class ScratchMount {
    /// The mount point.
    public let folder: String

    /// A tmpfs of `kilobytes` mounted on a new temporary folder.
    public init(kilobytes: Int = 1024) throws {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("waterfall-mount-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        do {
            try TestTool.run(["mount", "-t", "tmpfs", "-o", "size=\(kilobytes)k,mode=0755", "tmpfs", folder])
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw GeneratedImagesError("these tests mount a tmpfs and need root (CAP_SYS_ADMIN): \(error)")
        }
    }

    deinit {
        _ = try? TestTool.run(["umount", folder])
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The path of `name` under the mount point.
    public func path(_ name: String) -> String { folder + "/" + name }

    /// The path of `name` under the mount point, as the library takes paths.
    public func file(_ name: String) -> FilePath { FilePath(path(name)) }

    /// Remounts the file system read-only.
    public func makeReadOnly() throws {
        try TestTool.run(["mount", "-o", "remount,ro", folder])
    }
}
