import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// Watches folders with inotify for the changes a photo wall shows: a file created, written and closed, moved in or
/// out, deleted or touched, a folder created or moved in, and the folder itself removed or moved away. A burst of
/// changes (a camera import) is read as one: `waitForChanges(quiet:longest:)` gathers events until none came for
/// `quiet` seconds, or `longest` passed.
///
/// One thread uses a watcher: the one that adds the watches and waits.
public final class FolderWatcher {
    /// What changed in the watched folders since the last wait.
    public struct Changes: Equatable, Sendable {
        /// The names in each folder that may have changed: created (a link, or a file still being written), written,
        /// moved in or out, deleted, touched.
        public var names: [FilePath: Set<FilePath.Component>] = [:]
        /// The folders created in a watched folder or moved into one: a recursive walk walks them.
        public var newFolders: Set<FilePath> = []
        /// The folders removed or moved away: their photos are gone.
        public var removedFolders: Set<FilePath> = []
        /// The kernel's queue overflowed: any folder may have changed; look at each again.
        public var overflowed = false

        /// No change yet.
        public init() {}

        /// Whether nothing changed.
        public var isEmpty: Bool { names.isEmpty && newFolders.isEmpty && removedFolders.isEmpty && !overflowed }
    }

    /// Why a folder cannot be watched.
    public struct WatchError: Error, CustomStringConvertible {
        /// The folder.
        public var folder: FilePath
        /// The system's reason.
        public var reason: String
        /// "cannot watch /photos: No space left on device (raise fs.inotify.max_user_watches)".
        public var description: String { "cannot watch \(folder.string): \(reason)" }
    }

    private let descriptor: Int32
    /// The folder of each watch.
    private var folders: [Int32: FilePath] = [:]

    /// What a watch asks the kernel for.
    private static let mask = UInt32(
        IN_CREATE | IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_ATTRIB
            | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)

    /// A watcher with no watches yet.
    /// - Throws: `WatchError` when inotify cannot be had (too many instances).
    public init() throws {
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { throw WatchError(folder: FilePath(), reason: String(cString: strerror(errno))) }
    }

    deinit { close(descriptor) }

    /// The folders watched.
    public var watchedFolders: Set<FilePath> { Set(folders.values) }

    /// Watches `folder`.
    /// - Throws: `WatchError` when it cannot be watched (gone, or the user's watches are used up).
    public func watch(_ folder: FilePath) throws {
        let watch = folder.withPlatformString { inotify_add_watch(descriptor, $0, Self.mask) }
        guard watch >= 0 else {
            let code = errno
            var reason = String(cString: strerror(code))
            if code == ENOSPC { reason += " (raise fs.inotify.max_user_watches)" }
            throw WatchError(folder: folder, reason: reason)
        }
        folders[watch] = folder
    }

    /// Waits up to `timeout` seconds for a first change, then gathers changes until none came for `quiet` seconds or
    /// `longest` seconds passed since the first; empty when none came.
    public func waitForChanges(timeout: Double, quiet: Double = 0.1, longest: Double = 1) -> Changes {
        var changes = Changes()
        guard waitReadable(timeout) else { return changes }
        let start = Self.now()
        repeat {
            readEvents(into: &changes)
        } while Self.now() - start < longest && waitReadable(min(quiet, max(0, longest - (Self.now() - start))))
        return changes
    }

    /// Whether events are ready within `seconds`.
    private func waitReadable(_ seconds: Double) -> Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, Int32((seconds * 1000).rounded(.up))) > 0
    }

    /// Reads the events ready now into `changes`.
    private func readEvents(into changes: inout Changes) {
        let bufferSize = 64 * 1024
        var buffer = [UInt8](repeating: 0, count: bufferSize)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, bufferSize) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            buffer.withUnsafeBytes { bytes in
                var offset = 0
                let headerSize = MemoryLayout<inotify_event>.size
                while offset + headerSize <= count {
                    let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let nameBytes = bytes[(offset + headerSize)..<(offset + headerSize + Int(event.len))].prefix {
                        $0 != 0
                    }
                    note(
                        event, name: nameBytes.isEmpty ? nil : FilePath(bytes: nameBytes).lastComponent, into: &changes)
                    offset += headerSize + Int(event.len)
                }
            }
        }
    }

    private func note(_ event: inotify_event, name: FilePath.Component?, into changes: inout Changes) {
        if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
            changes.overflowed = true
            return
        }
        guard let folder = folders[event.wd] else { return }
        if event.mask & UInt32(IN_IGNORED) != 0 {
            folders[event.wd] = nil  // the watch is gone with its folder
        } else if event.mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
            changes.removedFolders.insert(folder)
            changes.names[folder] = nil
            inotify_rm_watch(descriptor, event.wd)
        } else if let name, event.mask & UInt32(IN_ISDIR) == 0 {
            changes.names[folder, default: []].insert(name)
        } else if let name, event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
            changes.newFolders.insert(folder.appending(name))
        }
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
