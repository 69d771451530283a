import CSpawn
import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// The file actions' one boundary to the C library: each call throws the `Errno` its C call set, and names that call.
package enum FileSystem {
    /// The `errno` of the C call that just failed.
    static var lastError: Errno { Errno(rawValue: errno) }

    /// `stat(2)` of `path`, through symbolic links.
    package static func status(of path: FilePath) throws(Errno) -> stat {
        var info = stat()
        guard path.withPlatformString({ stat($0, &info) }) == 0 else { throw lastError }
        return info
    }

    /// `lstat(2)` of `path`: a symbolic link itself, not what it points to.
    static func linkStatus(of path: FilePath) throws(Errno) -> stat {
        var info = stat()
        guard path.withPlatformString({ lstat($0, &info) }) == 0 else { throw lastError }
        return info
    }

    /// Whether something (a file, a folder, a dangling link) is at `path` (`lstat(2)`).
    static func exists(_ path: FilePath) -> Bool { (try? linkStatus(of: path)) != nil }

    /// Whether `path` is a folder (through symbolic links).
    package static func isFolder(_ path: FilePath) -> Bool {
        guard let status = try? status(of: path) else { return false }
        return status.st_mode & S_IFMT == S_IFDIR
    }

    /// `rename(2)`: `from` replaces whatever is at `to`.
    package static func rename(_ from: FilePath, to: FilePath) throws(Errno) {
        let result = from.withPlatformString { source in to.withPlatformString { Glibc.rename(source, $0) } }
        guard result == 0 else { throw lastError }
    }

    /// `renameat2(2)` with `RENAME_NOREPLACE`: fails with `.fileExists` rather than replace anything at `to`.
    static func renameWithoutReplacing(_ from: FilePath, to: FilePath) throws(Errno) {
        let result = from.withPlatformString { source in
            to.withPlatformString { waterfall_rename_noreplace(source, $0) }
        }
        guard result == 0 else { throw lastError }
    }

    /// `unlink(2)`.
    package static func remove(_ path: FilePath) throws(Errno) {
        guard path.withPlatformString({ unlink($0) }) == 0 else { throw lastError }
    }

    /// `mkdir(2)` with `mode` (less the umask); an existing folder is not an error.
    package static func makeFolder(_ path: FilePath, mode: mode_t) throws(Errno) {
        guard path.withPlatformString({ mkdir($0, mode) }) == 0 || errno == EEXIST else { throw lastError }
    }

    /// `open(2)` of a new file at `path` for writing, with `O_CREAT | O_EXCL | O_CLOEXEC` and `mode` (less the umask).
    static func createExclusively(_ path: FilePath, mode: mode_t) throws(Errno) -> FileDescriptor {
        do {
            return try FileDescriptor.open(
                path, .writeOnly, options: [.create, .exclusiveCreate, .closeOnExec],
                permissions: FilePermissions(rawValue: mode))
        } catch let error as Errno {
            throw error
        } catch {
            throw .ioError
        }
    }

    /// The first `limit` bytes of the file at `path` (`open(2)` and `read(2)`).
    static func contents(of path: FilePath, limit: Int) throws(Errno) -> [UInt8] {
        do {
            let descriptor = try FileDescriptor.open(path, .readOnly, options: [.closeOnExec])
            defer { try? descriptor.close() }
            var bytes = [UInt8](repeating: 0, count: limit)
            var count = 0
            while count < limit {
                let read = try bytes.withUnsafeMutableBytes { buffer in
                    try descriptor.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[count...]))
                }
                if read == 0 { break }
                count += read
            }
            return Array(bytes.prefix(count))
        } catch let error as Errno {
            throw error
        } catch {
            throw .ioError
        }
    }

    /// `fsync(2)` of `descriptor`.
    static func sync(_ descriptor: FileDescriptor) throws(Errno) {
        guard fsync(descriptor.rawValue) == 0 else { throw lastError }
    }

    /// `fsync(2)` of the folder `path` (opened `O_RDONLY | O_DIRECTORY`), so that the names renamed in or out of it
    /// survive a crash.
    static func syncFolder(_ path: FilePath) throws(Errno) {
        let descriptor = path.withPlatformString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw lastError }
        defer { Glibc.close(descriptor) }
        guard fsync(descriptor) == 0 else { throw lastError }
    }

    /// `close(2)`, which on some file systems is where a write's error shows.
    static func close(_ descriptor: FileDescriptor) throws(Errno) {
        guard Glibc.close(descriptor.rawValue) == 0 else { throw lastError }
    }

    /// `fchmod(2)` to exactly `mode` (the umask does not apply).
    static func setMode(_ descriptor: FileDescriptor, _ mode: mode_t) throws(Errno) {
        guard fchmod(descriptor.rawValue, mode) == 0 else { throw lastError }
    }

    /// `fchown(2)` to `owner` and `group`; when the owner cannot be given away (not root), the group alone; when
    /// neither, nothing: keeping the owner is done when possible.
    static func keepOwner(_ descriptor: FileDescriptor, owner: uid_t, group: gid_t) {
        if fchown(descriptor.rawValue, owner, group) != 0 { _ = fchown(descriptor.rawValue, uid_t.max, group) }
    }
}

extension FilePath {
    /// The folder holding this path's last part: `.` for a bare name.
    var folder: FilePath {
        let folder = removingLastComponent()
        return folder.isEmpty ? FilePath(".") : folder
    }

    /// This folder's entry named by the bytes `name` (any bytes but `/` and NUL).
    func appending(bytes name: [UInt8]) -> FilePath {
        let folder = bytes
        return FilePath(bytes: folder.last == UInt8(ascii: "/") ? folder + name : folder + [UInt8(ascii: "/")] + name)
    }
}
