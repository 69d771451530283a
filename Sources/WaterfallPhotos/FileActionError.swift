import SystemPackage

/// Why a file action (trash, restore, a rewrite, a sidecar) failed, naming the file: "IMG_0001.jpg: the folder is
/// read-only", "…: the disk is full", "…: it was changed by another program since it was shown", "…: it is gone",
/// "…: the name is taken; not restored". An action that throws it has left every file as it was.
public struct FileActionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file the action was about.
    public var file: FilePath
    /// What went wrong, as people read it, without the file's name.
    public var reason: String

    /// The error `reason` about `file`.
    public init(file: FilePath, reason: String) {
        self.file = file
        self.reason = reason
    }

    /// The error about `file` that a system call's `errno` means: EROFS "the folder is read-only", EACCES and EPERM
    /// "permission denied", ENOSPC and EDQUOT "the disk is full", ENOENT "it is gone", any other its `strerror`.
    public init(file: FilePath, errno: Errno) {
        self.init(file: file, reason: Self.reason(for: errno))
    }

    /// "<the file's display name>: <reason>".
    public var description: String { "\(file.displayName): \(reason)" }

    /// The reason a file differs from what was shown (`FileIdentity`).
    public static let changedReason = "it was changed by another program since it was shown"
    /// The reason a restore refuses: a file of the original's name exists.
    public static let nameTakenReason = "the name is taken; not restored"
    /// The reason a restore cannot put a file back: the folder it came from no longer exists.
    public static let folderGoneReason = "its folder is gone"

    /// What `errno` means for a file action.
    static func reason(for errno: Errno) -> String {
        switch errno {
        case .readOnlyFileSystem: return "the folder is read-only"
        case .permissionDenied, .notPermitted: return "permission denied"
        case .noSpace, .diskQuotaExceeded: return "the disk is full"
        case .noSuchFileOrDirectory: return "it is gone"
        default:
            let text = errno.description
            return text.prefix(1).lowercased() + text.dropFirst()
        }
    }
}
