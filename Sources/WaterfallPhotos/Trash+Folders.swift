import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// Which Trash folder a file goes to, as the Trash specification chooses it.
extension Trash {
    /// A Trash folder: its `files/` and `info/`, and for a Trash on another mount the top directory its `.trashinfo`
    /// paths are relative to.
    struct Folder {
        /// The folder holding `files/` and `info/`.
        var root: FilePath
        /// The mount's top directory, for a Trash other than the home Trash.
        var topDirectory: FilePath?
        /// Where trashed files go.
        var files: FilePath { root.appending("files") }
        /// Where their `.trashinfo` files go.
        var info: FilePath { root.appending("info") }

        /// The `Path=` of a file whose real path is `real` and given path `original`: `original` in the home Trash
        /// (as the user named it), `real` relative to the top directory in a Trash on another mount (as the
        /// specification allows and trash-cli and GIO write it), so that the disk can be mounted elsewhere.
        func path(of real: FilePath, original: FilePath) -> [UInt8] {
            guard let topDirectory else { return original.bytes }
            var relative = real
            _ = relative.removePrefix(topDirectory)
            return relative.bytes
        }
    }

    /// The Trash folder for a file in `folder` (its real path) on `device`, created as needed (mode 0700): the home
    /// Trash on the home Trash's device; else the mount's `$topdir/.Trash/$uid` when `$topdir/.Trash` is a folder
    /// (not a symbolic link) with the sticky bit, otherwise `$topdir/.Trash-$uid`.
    /// - Throws: `FileActionError` naming `file` when no Trash folder can be made on its disk.
    func trashFolder(for file: FilePath, in folder: FilePath, device: dev_t) throws(FileActionError) -> Folder {
        if device == Self.device(ofNearest: home) {
            try makeTrash(home, creatingParents: true, for: file)
            return Folder(root: home)
        }
        let top = Self.topDirectory(of: folder, device: device)
        let shared = top.appending(".Trash")
        if let info = try? FileSystem.linkStatus(of: shared), info.st_mode & S_IFMT == S_IFDIR,
            info.st_mode & S_ISVTX != 0
        {
            let own = shared.appending(String(userID))
            if (try? makeTrash(own, creatingParents: false, for: file)) != nil {
                return Folder(root: own, topDirectory: top)
            }
        }
        let own = top.appending(".Trash-\(userID)")
        try makeTrash(own, creatingParents: false, for: file)
        return Folder(root: own, topDirectory: top)
    }

    /// Creates the Trash folder `root` and its `files/` and `info/` (mode 0700) where missing, and the folders above
    /// it when `creatingParents`; checks that `root` is a real folder of this user.
    private func makeTrash(_ root: FilePath, creatingParents: Bool, for file: FilePath) throws(FileActionError) {
        let status: stat
        do throws(Errno) {
            if creatingParents {
                var path = FilePath("/")  // the home Trash is absolute
                for component in root.components.dropLast() {
                    path.append(component)
                    try FileSystem.makeFolder(path, mode: 0o700)
                }
            }
            try FileSystem.makeFolder(root, mode: 0o700)
            status = try FileSystem.linkStatus(of: root)
        } catch {
            throw FileActionError(file: file, errno: error)
        }
        guard status.st_mode & S_IFMT == S_IFDIR, status.st_uid == userID else {
            throw FileActionError(file: file, reason: "its Trash \(root) is not a folder of this user")
        }
        do throws(Errno) {
            try FileSystem.makeFolder(root.appending("files"), mode: 0o700)
            try FileSystem.makeFolder(root.appending("info"), mode: 0o700)
        } catch {
            throw FileActionError(file: file, errno: error)
        }
    }

    /// The device of `path`, or of the nearest folder above it that exists.
    static func device(ofNearest path: FilePath) -> dev_t? {
        var path = path
        while true {
            if let info = try? FileSystem.status(of: path) { return info.st_dev }
            guard !path.isEmpty, path != FilePath("/") else { return nil }
            path.removeLastComponent()
        }
    }

    /// The top directory of the mount holding `folder` (a real, absolute path) on `device`: the highest folder above
    /// it still on that device.
    static func topDirectory(of folder: FilePath, device: dev_t) -> FilePath {
        var top = folder
        while top != FilePath("/") {
            let parent = top.removingLastComponent()
            guard let info = try? FileSystem.status(of: parent), info.st_dev == device else { break }
            top = parent
        }
        return top
    }
}
