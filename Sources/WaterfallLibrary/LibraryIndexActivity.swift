import SystemPackage

/// What the library did with its index, in order, and how its network folders answer: for a program's log, and a
/// test's wait.
public enum LibraryIndexActivity: Hashable, Sendable {
    /// The launch read `folders` folders and `photos` photos from the index, and showed them.
    case read(folders: Int, photos: Int)
    /// The reconcile began: a stat of each of `folders` folders.
    case reconcileStarted(folders: Int)
    /// The reconcile ended after `duration`: it read again `changedFolders` folders whose stamp changed, took away
    /// `goneFolders`, and walked `newFolders` new ones; `updatedFolders` of them changed the cards.
    case reconcileEnded(changedFolders: Int, goneFolders: Int, newFolders: Int, updatedFolders: Int, duration: Duration)
    /// A poll of the network folders waited in vain for `folder` (`FolderPoller`): its mount does not answer. The
    /// folders not polled are polled again at the next poll.
    case notAnswering(folder: FilePath)
    /// The network folders answer again.
    case answeringAgain
    /// A poll of the `folders` network folders took `duration` (a stat of each, a listing of each that changed).
    case polled(folders: Int, duration: Duration)
}
