/// What the library did with its index, in order: for a program's log, and a test's wait.
public enum LibraryIndexActivity: Hashable, Sendable {
    /// The launch read `folders` folders and `photos` photos from the index, and showed them.
    case read(folders: Int, photos: Int)
    /// The reconcile began: a stat of each of `folders` folders.
    case reconcileStarted(folders: Int)
    /// The reconcile ended: it read again `changedFolders` folders whose stamp changed, took away `goneFolders`, and
    /// walked `newFolders` new ones; `updatedFolders` of them changed the cards.
    case reconcileEnded(changedFolders: Int, goneFolders: Int, newFolders: Int, updatedFolders: Int)
}
