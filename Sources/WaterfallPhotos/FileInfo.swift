import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// What `stat` says of a path (following symbolic links).
struct FileInfo {
    var device: UInt64
    var inode: UInt64
    var size: Int
    var modified: Double
    var isDirectory: Bool
    var isRegularFile: Bool

    /// `stat(path)`, `nil` when it fails (a dangling link, no permission).
    init?(path: FilePath) {
        var info = stat()
        guard path.withPlatformString({ stat($0, &info) }) == 0 else { return nil }
        self.init(info)
    }

    /// `fstatat(folder, name)`: the file `name` in the open folder `folder`, one name looked up instead of a whole
    /// path; `nil` when it fails.
    init?(name: UnsafePointer<CChar>, inFolder folder: Int32) {
        var info = stat()
        guard fstatat(folder, name, &info, 0) == 0 else { return nil }
        self.init(info)
    }

    /// The size, when the system knows it: `nil` for 0, which a pipe or a special file says.
    var knownSize: Int? { size > 0 ? size : nil }

    /// `fstat(descriptor)`: the open file's status, no name looked up; `nil` when it fails.
    init?(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        self.init(info)
    }

    private init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int(info.st_size)
        modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
        isDirectory = info.st_mode & S_IFMT == S_IFDIR
        isRegularFile = info.st_mode & S_IFMT == S_IFREG
    }
}
