import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// Writes a file's new content so that a crash at any instant leaves the old or the new file whole, plus at most a
/// stray hidden temporary, never a truncated file: a temporary file in the same folder (".NAME.XXXXXX", created with
/// `O_EXCL`), written, fsync'ed, renamed over the original, then the folder fsync'ed.
///
/// What the new file keeps: the original's permission bits exactly (the umask does not apply); its owner and group
/// when the process may give them (root may; others keep the group when they belong to it); not its modification
/// time, which becomes the time of the rewrite, as exiftool does without `-P`, so that the shared thumbnail cache
/// and other viewers see the change. A symbolic link is followed: the file it names is rewritten and the link stays.
/// The new file is a new inode: hard links to the old one keep the old content.
public enum AtomicFile {
    /// Replaces the content of `file` with what `write` writes to the descriptor it is given (a new, empty file,
    /// positioned at its start).
    ///
    /// When `expecting` is given, `file` must still be that (size and modification time) before anything is written
    /// and again just before the rename. Checkpoints, which `checkpoint` hears: "rewrite.temporary-written",
    /// "rewrite.renamed".
    /// - Throws: `FileActionError` naming `file`: "the folder is read-only", "the disk is full", "it is gone", "it was
    ///   changed by another program since it was shown", or the error `write` threw (an `Errno` is translated). The
    ///   original is then untouched and the temporary removed.
    public static func replace(
        _ file: FilePath, expecting: FileIdentity?, checkpoint: FileActionCheckpoint.Handler? = nil,
        write: (FileDescriptor) throws -> Void
    ) throws(FileActionError) {
        let target = resolvingLink(file)
        let original: stat
        do throws(Errno) { original = try FileSystem.status(of: target) } catch {
            throw FileActionError(file: file, errno: error)
        }
        try FileIdentity.check(file, against: expecting)
        let temporary = try writeTemporary(
            for: file, beside: target, mode: original.st_mode & 0o7777,
            owner: (original.st_uid, original.st_gid), checkpoint: checkpoint, write: write)
        do throws(FileActionError) {
            try FileIdentity.check(file, against: expecting)
            do throws(Errno) { try FileSystem.rename(temporary, to: target) } catch {
                throw FileActionError(file: file, errno: error)
            }
        } catch {
            try? FileSystem.remove(temporary)
            throw error
        }
        finish(target, checkpoint: checkpoint)
    }

    /// Creates `file` anew with `contents` (a sidecar), through the same steps as `replace`: a new file's mode is
    /// 0666 less the umask, as any program's; replacing one keeps its mode and owner. Unless `replacing`, the rename
    /// refuses to replace an existing file (`renameat2` with `RENAME_NOREPLACE`), even one created meanwhile.
    /// `checkpoint` hears the checkpoints' names.
    /// - Throws: `FileActionError` naming `file`: "the name is taken" when it exists and not `replacing`, or what
    ///   `replace` throws.
    public static func create(
        _ file: FilePath, replacing: Bool, contents: [UInt8], checkpoint: FileActionCheckpoint.Handler? = nil
    ) throws(FileActionError) {
        let target = resolvingLink(file)
        let existing = try? FileSystem.status(of: target)
        if existing != nil && !replacing { throw FileActionError(file: file, reason: nameTakenReason) }
        let temporary = try writeTemporary(
            for: file, beside: target, mode: existing.map { $0.st_mode & 0o7777 },
            owner: existing.map { ($0.st_uid, $0.st_gid) }, checkpoint: checkpoint
        ) { descriptor in
            _ = try descriptor.writeAll(contents)
        }
        do throws(Errno) {
            if replacing {
                try FileSystem.rename(temporary, to: target)
            } else {
                try FileSystem.renameWithoutReplacing(temporary, to: target)
            }
        } catch {
            try? FileSystem.remove(temporary)
            throw error == .fileExists
                ? FileActionError(file: file, reason: nameTakenReason) : FileActionError(file: file, errno: error)
        }
        finish(target, checkpoint: checkpoint)
    }

    /// Why `create` refuses: a file of that name exists.
    public static let nameTakenReason = "the name is taken"

    /// The checkpoint after the rename, then the folder's fsync. The rename has happened, so the action is done and
    /// says so even if that fsync fails (its failure cannot undo the rename).
    private static func finish(_ target: FilePath, checkpoint: FileActionCheckpoint.Handler?) {
        checkpoint?(FileActionCheckpoint.rewriteRenamed)
        try? FileSystem.syncFolder(target.folder)
    }

    /// A new hidden temporary file beside `target`, holding what `write` wrote, fsync'ed and closed; its permission
    /// bits set to `mode` and its owner to `owner` when given. Reaches "rewrite.temporary-written".
    private static func writeTemporary(
        for file: FilePath, beside target: FilePath, mode: mode_t?, owner: (uid_t, gid_t)?,
        checkpoint: FileActionCheckpoint.Handler?, write: (FileDescriptor) throws -> Void
    ) throws(FileActionError) -> FilePath {
        // A mode to keep is set exactly once written; a new file's is 0666 less the umask, as open(2) makes it.
        let (temporary, descriptor) = try createTemporary(for: file, beside: target, mode: mode == nil ? 0o666 : 0o600)
        do throws(FileActionError) {
            do throws(Errno) {
                // The owner first: changing it clears the set-user-ID and set-group-ID bits, which the mode then sets.
                if let owner { FileSystem.keepOwner(descriptor, owner: owner.0, group: owner.1) }
                if let mode { try FileSystem.setMode(descriptor, mode) }
            } catch {
                throw FileActionError(file: file, errno: error)
            }
            do {
                try write(descriptor)
            } catch let error as FileActionError {
                throw error
            } catch let error as Errno {
                throw FileActionError(file: file, errno: error)
            } catch {
                throw FileActionError(file: file, reason: String(describing: error))
            }
            do throws(Errno) { try FileSystem.sync(descriptor) } catch {
                throw FileActionError(file: file, errno: error)
            }
        } catch {
            try? FileSystem.close(descriptor)
            try? FileSystem.remove(temporary)
            throw error
        }
        do throws(Errno) {
            try FileSystem.close(descriptor)
        } catch {
            try? FileSystem.remove(temporary)
            throw FileActionError(file: file, errno: error)
        }
        checkpoint?(FileActionCheckpoint.rewriteTemporaryWritten)
        return temporary
    }

    /// Creates ".NAME.XXXXXX" beside `target` (NAME its last part, XXXXXX random letters and digits) with `O_EXCL`,
    /// trying other letters while the name is taken.
    private static func createTemporary(
        for file: FilePath, beside target: FilePath,
        mode: mode_t
    ) throws(FileActionError) -> (FilePath, FileDescriptor) {
        let name = target.lastComponent?.bytes ?? []
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)
        var attempts = 0
        while true {
            let suffix = (0..<6).map { _ in letters[Int.random(in: 0..<letters.count)] }
            let temporary = target.folder.appending(bytes: [UInt8(ascii: ".")] + name + [UInt8(ascii: ".")] + suffix)
            do throws(Errno) {
                return (temporary, try FileSystem.createExclusively(temporary, mode: mode))
            } catch {
                attempts += 1
                guard error == .fileExists, attempts < 100 else { throw FileActionError(file: file, errno: error) }
            }
        }
    }

    /// The file `file` names: itself, or what it links to when it is a symbolic link (`realpath(3)`).
    private static func resolvingLink(_ file: FilePath) -> FilePath {
        guard let info = try? FileSystem.linkStatus(of: file), info.st_mode & S_IFMT == S_IFLNK,
            let resolved = file.withPlatformString({ realpath($0, nil) })
        else { return file }
        defer { free(resolved) }
        return FilePath(platformString: resolved)
    }
}
