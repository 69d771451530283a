import Foundation

/// A FUSE mount of a folder through bindfs, as a NAS's share is to this machine: what changes in the source (another
/// machine, to the mount) inotify at the mount point never sees. Unmounted when released. The tests fail, never skip,
/// without bindfs or FUSE (`scripts/install-deps.sh` installs bindfs).
public final class BindfsMount {
    /// The mount point.
    public let folder: String

    /// bindfs, run in the foreground (`-f`) for as long as the mount lives: a daemon would hold descriptors of the
    /// test process's that Foundation waits on.
    private let bindfs = Process()

    /// `source` mounted on `folder` (an empty folder, made when missing); returns once the mount is in place.
    public init(_ source: String, at folder: String) throws {
        self.folder = folder
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        bindfs.executableURL = URL(fileURLWithPath: "/usr/bin/bindfs")
        bindfs.arguments = ["-f", "--no-allow-other", source, folder]
        bindfs.standardInput = FileHandle.nullDevice
        bindfs.standardOutput = FileHandle.nullDevice
        bindfs.standardError = FileHandle.nullDevice
        do { try bindfs.run() } catch {
            throw GeneratedImagesError("bindfs cannot run (scripts/install-deps.sh installs it): \(error)")
        }
        // Waits on the condition itself: the mount listed in /proc/self/mounts, or bindfs gone.
        let entry = " " + URL(fileURLWithPath: folder).standardizedFileURL.path + " fuse"
        let deadline = Date().addingTimeInterval(20)
        while bindfs.isRunning && Date() < deadline {
            let mounts = (try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8)) ?? ""
            if mounts.contains(entry) { return }
            // Only the interval between checks of the condition above, which decides the outcome; the deadline
            // bounds a hang.
            usleep(10_000)
        }
        if bindfs.isRunning {
            bindfs.terminate()
            throw GeneratedImagesError("bindfs \(source) \(folder) did not mount within 20 s")
        }
        throw GeneratedImagesError("bindfs \(source) \(folder) ended with status \(bindfs.terminationStatus)")
    }

    /// Stops bindfs (SIGSTOP), as a NAS switched off: past FUSE's attribute cache (1 s), every `stat` at the mount
    /// waits until `resume()`.
    public func stopAnswering() {
        _ = bindfs.suspend()
    }

    /// Lets bindfs go on (SIGCONT): the mount answers again, and what waited gets its answer.
    public func resume() {
        _ = bindfs.resume()
    }

    deinit {
        _ = bindfs.resume()  // a stopped daemon would never let the mount go
        // Lazily: a wall still watching the mount keeps it busy, and a plain unmount would fail and leave bindfs
        // running; SIGTERM then ends bindfs whatever still holds the mount.
        _ = try? TestTool.run(["fusermount", "-u", "-z", folder])
        bindfs.terminate()
        bindfs.waitUntilExit()
    }
}
