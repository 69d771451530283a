import SystemPackage
import WaterfallPhotos

/// What a folder was on disk when its photos were read: its device, inode and modification time. A folder whose
/// stamp is the same now has the same entries (adding, removing or renaming a file in it changes its mtime), so the
/// reconcile reads again only the folders whose stamp changed.
public struct FolderStamp: Hashable, Sendable {
    /// The device the folder is on (`st_dev`).
    public var device: UInt64
    /// Its inode (`st_ino`): a folder replaced by another of the same name has another.
    public var inode: UInt64
    /// Its modification time in seconds since 1970, with its nanoseconds (`st_mtim`).
    public var modified: Double

    /// The stamp of a folder on `device` at `inode`, modified at `modified`.
    public init(device: UInt64, inode: UInt64, modified: Double) {
        self.device = device
        self.inode = inode
        self.modified = modified
    }

    /// A stamp no folder has (device and inode 0, modified before 1970): a folder given it is read again.
    public static let unknown = FolderStamp(device: 0, inode: 0, modified: -1)

    /// The stamp of the folder at `path` now (`stat(2)`, through symbolic links).
    /// - Throws: `Errno`: the folder is gone or cannot be reached.
    public static func of(_ path: FilePath) throws(Errno) -> FolderStamp {
        let info = try FileSystem.status(of: path)
        return FolderStamp(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino),
            modified: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1_000_000_000)
    }
}
