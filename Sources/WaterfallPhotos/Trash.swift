import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// A file moved to the Trash: where it was, where it is now, and its `.trashinfo`, which is all `Trash.restore`
/// needs to put it back.
public struct TrashedFile: Hashable, Sendable {
    /// The absolute path the file had, and gets back when restored.
    public var original: FilePath
    /// The file in the Trash's `files/`.
    public var trashed: FilePath
    /// Its `.trashinfo` in the Trash's `info/`.
    public var info: FilePath

    /// The file trashed from `original` to `trashed`, described by `info`.
    public init(original: FilePath, trashed: FilePath, info: FilePath) {
        self.original = original
        self.trashed = trashed
        self.info = info
    }
}

/// The desktop's Trash, as the freedesktop.org Trash specification 1.0 lays it out and GNOME's and KDE's file
/// managers and trash-cli use it: a file moves only by renaming (never copied across disks) into the home Trash,
/// `$XDG_DATA_HOME/Trash`, when it is on the same file system, else into its mount's `$topdir/.Trash/$uid` (when
/// `.Trash` is a real folder with the sticky bit) or `$topdir/.Trash-$uid`.
///
/// Every step is ordered so that a crash at any instant leaves the file in place or wholly in the Trash with its
/// `.trashinfo`: the `.trashinfo` is created first (`O_EXCL`) and fsync'ed, then the file is renamed into `files/`.
public struct Trash: Sendable {
    /// The home Trash, for the files on its file system: `$XDG_DATA_HOME/Trash` (`XDGDirectories.trash`).
    public let home: FilePath
    /// The user whose Trash folders on other mounts are used (`$topdir/.Trash-$uid`).
    public let userID: uid_t
    /// The time a file is deleted at, in seconds since 1970 (the tests set it).
    var now: @Sendable () -> time_t = { time(nil) }

    /// The Trash of the user running the process, its home Trash at `home`: `XDGDirectories.trash` for the user's
    /// (`$XDG_DATA_HOME/Trash`), which the program resolves from its environment.
    public init(home: FilePath) {
        self.home = home.lexicallyNormalized()
        userID = getuid()
    }

    /// The Trash of the user running the process whose folders are `directories`: its home Trash is theirs
    /// (`XDGDirectories.trash`).
    public init(directories: XDGDirectories) {
        self.init(home: FilePath(directories.trash))
    }

    /// Moves `file` into the Trash, under its own name or the first free of "NAME.2", "NAME.3"...: its `.trashinfo`
    /// is created with `O_EXCL`, written and fsync'ed (checkpoint "trash.info-written"), then the file is renamed
    /// into `files/` (checkpoint "trash.moved") and both folders are fsync'ed. A symbolic link is trashed itself.
    ///
    /// When `expecting` is given, the file must still be that (size and modification time). `checkpoint` hears the
    /// checkpoints' names.
    /// - Throws: `FileActionError` naming `file` ("the folder is read-only", "it is gone", "it was changed by another
    ///   program since it was shown"...); the file is then where it was and no `.trashinfo` is left.
    public func moveToTrash(
        _ file: FilePath, expecting: FileIdentity? = nil, checkpoint: FileActionCheckpoint.Handler? = nil
    ) throws(FileActionError) -> TrashedFile {
        let original = SharedThumbnailCache.absolute(file)
        guard let name = original.lastComponent?.bytes else {
            throw FileActionError(file: file, reason: "it is not a file")
        }
        let status: stat
        do throws(Errno) { status = try FileSystem.linkStatus(of: original) } catch {
            throw FileActionError(file: file, errno: error)
        }
        try FileIdentity.check(file, against: expecting)
        let realFolder = Self.resolved(original.folder)
        let folder = try trashFolder(for: file, in: realFolder, device: status.st_dev)
        let infoText = TrashInfo.text(
            path: folder.path(of: realFolder.appending(bytes: name), original: original), deleted: now())
        var number = 1
        while true {
            let trashedName = number == 1 ? name : name + Array(".\(number)".utf8)
            number += 1
            let trashed = TrashedFile(
                original: original, trashed: folder.files.appending(bytes: trashedName),
                info: folder.info.appending(bytes: trashedName + Array(".trashinfo".utf8)))
            if FileSystem.exists(trashed.trashed) { continue }
            guard try writeInfo(infoText, at: trashed.info, for: file) else { continue }
            checkpoint?(FileActionCheckpoint.trashInfoWritten)
            do throws(FileActionError) {
                try FileIdentity.check(file, against: expecting)
                do throws(Errno) {
                    try FileSystem.renameWithoutReplacing(original, to: trashed.trashed)
                } catch {
                    if error == .fileExists {
                        try? FileSystem.remove(trashed.info)
                        continue
                    }
                    let reason = error == .improperLink ? Self.otherDiskReason : FileActionError.reason(for: error)
                    throw FileActionError(file: file, reason: reason)
                }
            } catch {
                try? FileSystem.remove(trashed.info)
                try? FileSystem.syncFolder(folder.info)
                throw error
            }
            checkpoint?(FileActionCheckpoint.trashMoved)
            for changed in [folder.files, folder.info, original.folder] { try? FileSystem.syncFolder(changed) }
            return trashed
        }
    }

    /// Puts `trashed` back where it was, by a rename that never replaces a file (`renameat2` with `RENAME_NOREPLACE`;
    /// checkpoint "restore.moved", which `checkpoint` hears), then removes its `.trashinfo`.
    /// - Throws: `FileActionError` naming the original: "the name is taken; not restored" when a file of its name is
    ///   there now (both files stay as they are), "its folder is gone", "it is no longer in the Trash".
    public func restore(
        _ trashed: TrashedFile, checkpoint: FileActionCheckpoint.Handler? = nil
    ) throws(FileActionError) {
        let original = trashed.original
        guard (try? FileSystem.status(of: original.folder)) != nil else {
            throw FileActionError(file: original, reason: FileActionError.folderGoneReason)
        }
        do throws(Errno) {
            try FileSystem.renameWithoutReplacing(trashed.trashed, to: original)
        } catch {
            switch error {
            case .fileExists: throw FileActionError(file: original, reason: FileActionError.nameTakenReason)
            case .noSuchFileOrDirectory: throw FileActionError(file: original, reason: "it is no longer in the Trash")
            case .improperLink: throw FileActionError(file: original, reason: Self.otherDiskReason)
            default: throw FileActionError(file: original, errno: error)
            }
        }
        checkpoint?(FileActionCheckpoint.restoreMoved)
        try? FileSystem.syncFolder(original.folder)
        try? FileSystem.remove(trashed.info)
        try? FileSystem.syncFolder(trashed.info.folder)
    }

    /// Why a file cannot move between its folder and its Trash: they are on different file systems, and a file is
    /// only ever renamed, never copied.
    static let otherDiskReason = "its Trash is on another disk"

    /// Creates the `.trashinfo` at `path` with `O_EXCL` and writes, fsyncs and closes `text` in it. Returns `false`
    /// when the name is taken (the caller tries the next one).
    private func writeInfo(_ text: [UInt8], at path: FilePath, for file: FilePath) throws(FileActionError) -> Bool {
        let descriptor: FileDescriptor
        do throws(Errno) {
            descriptor = try FileSystem.createExclusively(path, mode: 0o600)
        } catch {
            if error == .fileExists { return false }
            throw FileActionError(file: file, errno: error)
        }
        do throws(Errno) {
            do { _ = try descriptor.writeAll(text) } catch { throw error as? Errno ?? .ioError }
            try FileSystem.sync(descriptor)
            try FileSystem.close(descriptor)
        } catch {
            try? FileSystem.close(descriptor)
            try? FileSystem.remove(path)
            throw FileActionError(file: file, errno: error)
        }
        return true
    }

    /// `folder` with its symbolic links resolved (`realpath(3)`), so that its mount is found by its real place;
    /// itself when it cannot be resolved.
    static func resolved(_ folder: FilePath) -> FilePath {
        guard let real = folder.withPlatformString({ realpath($0, nil) }) else { return folder }
        defer { free(real) }
        return FilePath(platformString: real)
    }
}
