import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// What a file was on disk when it was shown: its size and modification time. An action given one refuses to touch
/// a file that differs now ("it was changed by another program since it was shown").
public struct FileIdentity: Hashable, Sendable {
    /// The size in bytes.
    public var size: Int
    /// The modification time in seconds since 1970, with its nanoseconds (`st_mtim`).
    public var modified: Double

    /// The identity of a file of `size` bytes modified at `modified`.
    public init(size: Int, modified: Double) {
        self.size = size
        self.modified = modified
    }

    /// The identity of `file` now (`stat(2)`, through symbolic links).
    /// - Throws: `FileActionError` naming `file` and why it cannot be read ("it is gone").
    public static func of(_ file: FilePath) throws(FileActionError) -> FileIdentity {
        do throws(Errno) {
            return FileIdentity(try FileSystem.status(of: file))
        } catch {
            throw FileActionError(file: file, errno: error)
        }
    }

    /// The identity in `status`.
    init(_ status: stat) {
        self.init(
            size: Int(status.st_size),
            modified: Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1_000_000_000)
    }

    /// Throws unless `file` is still what `expected` says (when there is an expectation).
    static func check(_ file: FilePath, against expected: FileIdentity?) throws(FileActionError) {
        guard let expected else { return }
        guard try of(file) == expected else { throw FileActionError(file: file, reason: FileActionError.changedReason) }
    }
}
