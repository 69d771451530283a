import SystemPackage
import WaterfallIndex
import WaterfallPhotos

/// The folders on network file systems (NFS, SMB, FUSE, 9p...: `FileSystemKind`), whose changes made on another
/// machine inotify never sees: polled every `interval`, one `stat(2)` a folder, and a folder whose stamp changed
/// listed again, as the live folders take inotify's changes. A NAS's folders then stay live too, `interval` late.
final class FolderPoller {
    /// How often the network folders are polled.
    let interval: Duration
    /// The network folders, with their stamps as last seen.
    private(set) var stamps: [FilePath: FolderStamp] = [:]
    /// Whether each device seen is a network file system (one `statfs(2)` a device, not a folder).
    private var isNetworkDevice: [UInt64: Bool] = [:]
    private var lastPoll = ContinuousClock.now
    /// The folders that changed lately, with when: listed again at each poll for `settleTime` after, and at the next
    /// poll at least: a file still being written then changes no folder's mtime when it is done, and a network file
    /// system's client caches a name and its attributes for a while (FUSE 1 s by default, NFS some seconds), so a file
    /// removed may still answer a `stat` at the first look.
    private var settling: [FilePath: ContinuousClock.Instant] = [:]
    /// How long a changed folder is listed again at each poll.
    static let settleTime = Duration.seconds(3)
    /// The folders' stamps, taken apart from the thread that polls.
    private let patientStat: PatientStat
    /// The folder whose `stat` did not come back at the last poll (a mount that does not answer): the folders not
    /// polled then are polled again at the next.
    private(set) var notAnswering: FilePath?
    /// The last poll's folders and how long it took, until `takePoll()`.
    private var lastPollCost: (folders: Int, duration: Duration)?

    /// A poller of the folders noted, every `interval`, that waits at most `patience` for a folder to answer.
    init(interval: Duration, patience: Duration = .seconds(3)) {
        self.interval = interval
        patientStat = PatientStat(patience: patience)
    }

    /// Notes `folder` (its stamp now, before it is listed, unless given) when it is on a network file system.
    func note(_ folder: FilePath, stamp: FolderStamp? = nil) {
        guard let stamp = stamp ?? (try? FolderStamp.of(folder)) else { return }
        let isNetwork =
            isNetworkDevice[stamp.device]
            ?? {
                let kind = FileSystemKind.of(folder)?.isNetwork ?? false
                isNetworkDevice[stamp.device] = kind
                return kind
            }()
        if isNetwork { stamps[folder] = stamp }
    }

    /// How many seconds until the next poll is due; `nil` when no network folder is noted.
    var secondsUntilDue: Double? {
        guard !stamps.isEmpty else { return nil }
        return max(0, (interval - (ContinuousClock.now - lastPoll)) / .seconds(1))
    }

    /// When due, a stat of each network folder: the changes to look at as inotify's (every name of each folder whose
    /// stamp changed, or changed lately, given the photos `known` in it; the folders gone; with `recursive`,
    /// the folders new in a changed one). Empty when not due or nothing changed.
    func poll(recursive: Bool, known: (FilePath) -> [Photo]) -> FolderWatcher.Changes {
        var changes = FolderWatcher.Changes()
        guard secondsUntilDue == 0 else { return changes }
        let polled = ContinuousClock.now
        let lately = settling.filter { $0.value >= lastPoll || polled - $0.value < Self.settleTime }
        lastPoll = polled
        settling = lately
        let answers: [FilePath: FolderStamp?]
        (answers, notAnswering) = patientStat.stamps(of: Array(stamps.keys))
        defer { lastPollCost = (stamps.count, ContinuousClock.now - polled) }
        for (folder, stamp) in stamps {
            guard let answer = answers[folder] else { continue }  // not answering: polled again next time
            guard let now = answer else {
                changes.removedFolders.insert(folder)
                stamps[folder] = nil
                settling[folder] = nil
                continue
            }
            if now != stamp { settling[folder] = polled }
            guard now != stamp || lately[folder] != nil else { continue }
            stamps[folder] = now
            let listed = changes.relist(folder, known: known(folder))
            guard recursive else { continue }
            changes.newFolders.formUnion(listed.filter { stamps[$0] == nil && FileSystem.isFolder($0) })
        }
        return changes
    }

    /// The last poll's folders and how long it took (their stats and the listings of those that changed), once.
    func takePoll() -> (folders: Int, duration: Duration)? {
        defer { lastPollCost = nil }
        return lastPollCost
    }
}

extension FolderWatcher.Changes {
    /// Marks every name of `folder` to be looked at again: those listed now and those of the photos `known` in it.
    /// Returns the paths listed that are neither hidden nor one of `known` (the folders among them may be new).
    mutating func relist(_ folder: FilePath, known: [Photo]) -> [FilePath] {
        let listed = PhotoWalker.list(folder) ?? []
        // Told apart by their bytes: a component is made for each name listed, and for a known photo's only when it
        // is gone (a reconcile relists folders of thousands of photos).
        let knownNames = Set(known.map { $0.location.withNameBytes { Array($0) } })
        let listedNames = Set(listed)
        let gone = known.filter { !listedNames.contains($0.location.withNameBytes { Array($0) }) }
        let components = listed.compactMap { name in FilePath(bytes: name).lastComponent.map { (name, $0) } }
        names[folder, default: []].formUnion(components.map(\.1) + gone.compactMap(\.location.nameComponent))
        return components.filter { name, _ in !knownNames.contains(name) && name.first != UInt8(ascii: ".") }
            .map { folder.appending($0.1) }
    }

    /// These changes and `other`'s.
    mutating func merge(_ other: FolderWatcher.Changes) {
        names.merge(other.names) { $0.union($1) }
        newFolders.formUnion(other.newFolders)
        removedFolders.formUnion(other.removedFolders)
        overflowed = overflowed || other.overflowed
    }
}
