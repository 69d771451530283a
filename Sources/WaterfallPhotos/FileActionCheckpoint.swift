import Synchronization

/// Named points between the steps of every file action, where a debug build's tests stop the program and SIGKILL it
/// to prove that no instant loses a file. The library only calls the handler; the program decides what to do (it
/// installs one from an environment variable). With no handler, a checkpoint costs a lock.
///
/// The names: "rewrite.temporary-written" (a rewrite's temporary file is whole and fsync'ed), "rewrite.renamed" (it
/// replaced the original; the folder is not yet fsync'ed), "trash.info-written" (the `.trashinfo` is whole; the file
/// is still in place), "trash.moved" (the file is in the Trash's `files/`), "restore.moved" (a restored file is back
/// in place; its `.trashinfo` is not yet removed).
public enum FileActionCheckpoint {
    /// After a rewrite's temporary file is written and fsync'ed.
    public static let rewriteTemporaryWritten = "rewrite.temporary-written"
    /// After the temporary file is renamed over the original, before the folder's fsync.
    public static let rewriteRenamed = "rewrite.renamed"
    /// After the `.trashinfo` is written and fsync'ed, before the file moves.
    public static let trashInfoWritten = "trash.info-written"
    /// After the file is renamed into the Trash's `files/`.
    public static let trashMoved = "trash.moved"
    /// After a restored file is renamed back, before its `.trashinfo` is removed.
    public static let restoreMoved = "restore.moved"

    private static let handler = Mutex<(@Sendable (String) -> Void)?>(nil)

    /// Calls `handler` with each checkpoint's name from now on (from the thread doing the action); `nil` stops.
    public static func setHandler(_ handler: (@Sendable (String) -> Void)?) {
        self.handler.withLock { $0 = handler }
    }

    /// Calls the handler with `name`, if there is one (outside the lock: the handler may take its time).
    static func reach(_ name: String) {
        handler.withLock { $0 }?(name)
    }
}
