/// Named points between the steps of every file action, where a debug build's tests stop the program and SIGKILL it
/// to prove that no instant loses a file. Each action takes a `Handler` (its `checkpoint:` argument, none by
/// default) and calls it with the name of each point it reaches; the program decides what to do there (the
/// `waterfall` program makes one from an environment variable and gives it to the wall's configuration).
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

    /// Hears the name of each checkpoint an action reaches, on the thread doing the action, which waits for it to
    /// return (it may take its time: a test's stop holds the action there).
    public typealias Handler = @Sendable (String) -> Void
}
