import SystemPackage
import WaterfallIndex
import WaterfallPhotos

/// The walk thread's side of the library index. For a launch it reads the indexed folders under the roots, in the
/// walk's order, and finds what changed since they were stored (a stat of each folder); it stores each folder the
/// walk lists and each one the reconcile or the live folders read again. A fault is said once through `warn`, and the
/// walk goes on: without the index when it cannot be read, without storing when it cannot be written.
final class IndexKeeper {
    private var index: LibraryIndex?
    private let recursive: Bool
    private let warn: @Sendable (String) -> Void
    /// The writes, on a thread of their own, from the first: after it the keeper reads no more.
    private var writer: IndexWriter?
    /// The folders the walk listed and that are not stored yet, in its order, each with its stamp just before the
    /// listing and its photos so far: the walk lists a few folders ahead of the photos it hands on.
    private var listings: [(folder: FilePath, stamp: FolderStamp, photos: [Photo])] = []
    /// The folders stored since the last `finishWalk()`: a recursive walk marks them walked below when it ends.
    private var storedSinceFinish: [FilePath] = []
    /// The launch's reads ahead, until the last folder is taken.
    private var readingAhead: IndexReadAhead?
    /// Whether a read of a launch's folder failed: the folders after it are not read from the index either.
    private var launchReadFailed = false

    /// A keeper of `index` for a walk that goes into subfolders when `recursive`.
    init(_ index: LibraryIndex, recursive: Bool, warn: @escaping @Sendable (String) -> Void) {
        self.index = index
        self.recursive = recursive
        self.warn = warn
    }

    // MARK: A launch

    /// The folders the index holds for a walk of `roots` (a root's own folder, and when `recursive` the folders below
    /// it), in the walk's order, without their photos (`photos(in:order:)` reads them a folder at a time). Empty when
    /// the index holds none of them or cannot be read (said; a broken index is set aside and made anew).
    func indexedFolders(roots: [FilePath]) -> [IndexedFolder] {
        let held = read { (index) throws(LibraryIndexError) in try index.foldersWithoutPhotos(under: roots) } ?? []
        let folders = held.filter { recursive || roots.contains($0.path) }
        // Each folder's place made once, not at each comparison: a launch sorts hundreds while the window opens.
        let places = folders.map { PhotoWalker.place(of: $0.path, roots: roots) }
        return folders.indices.sorted { places[$0] < places[$1] }.map { folders[$0] }
    }

    /// Starts reading the photos of `folders` (a launch's, in the walk's order) on a thread of its own, a few folders
    /// ahead: `photos(in:order:)` then takes each of them, in this order.
    func readAhead(_ folders: [FilePath], order: PhotoOrder) {
        guard let index, !folders.isEmpty else { return }
        readingAhead = IndexReadAhead(index, folders: folders, order: order)
    }

    /// The photos the index holds of `folder`, in `order`; `nil` when the index cannot be read (said; a broken index
    /// is set aside and made anew), and for every folder of a launch after one that could not be read: the index
    /// that holds them is gone, and the reconcile lists them again.
    func photos(in folder: FilePath, order: PhotoOrder) -> [Photo]? {
        guard !launchReadFailed else { return nil }
        if let reads = readingAhead, let (readFolder, read) = reads.next() {
            precondition(readFolder == folder, "\(folder) taken where \(readFolder) was read ahead")
            if reads.isDone { readingAhead = nil }  // its thread ends
            switch read {
            case .success(let photos): return photos
            case .failure(let error):
                launchReadFailed = true
                fail(error)
                return nil
            }
        }
        let photos = read { (index) throws(LibraryIndexError) in try index.photos(in: folder) }
        if photos == nil { launchReadFailed = true }
        return photos.map(order.sorted)
    }

    /// What changed in `indexed` since it was stored, as the live folders take changes: every name of each folder
    /// whose stamp differs now (or whose subfolders a recursive walk has not walked), and the folders gone; `known`
    /// gives a folder's photos as shown. With the changed folders' stamps now, and the folders in them to walk as new
    /// (a recursive walk's: each one the index does not hold, and not hidden).
    func changes(
        since indexed: [IndexedFolder], known: (FilePath) -> [Photo]
    ) -> (changes: FolderWatcher.Changes, stamps: [FilePath: FolderStamp], newFolders: [FilePath]) {
        var changes = FolderWatcher.Changes()
        var stamps: [FilePath: FolderStamp] = [:]
        var newFolders: [FilePath] = []
        let indexedPaths = Set(indexed.map(\.path))
        for folder in indexed {
            guard let stamp = try? FolderStamp.of(folder.path) else {
                changes.removedFolders.insert(folder.path)
                continue
            }
            guard stamp != folder.stamp || (recursive && !folder.isWalkedBelow) else { continue }
            stamps[folder.path] = stamp
            let listed = changes.relist(folder.path, known: known(folder.path))
            guard recursive else { continue }
            newFolders += listed.filter { !indexedPaths.contains($0) && FileSystem.isFolder($0) }
        }
        return (changes, stamps, newFolders)
    }

    // MARK: Storing

    /// Notes that the walk is about to list `folder`.
    func willList(_ folder: FilePath) {
        guard let stamp = try? FolderStamp.of(folder) else { return }
        listings.append((folder, stamp, []))
    }

    /// Takes the photos of a batch of the walk: those of a folder listed (not loose files given alone). The folders
    /// listed before it are whole, and stored.
    func take(_ batch: PhotoBatch) {
        guard let position = listings.firstIndex(where: { $0.folder == batch.folder }) else { return }
        for listing in listings[..<position] { store(listing.folder, stamp: listing.stamp, photos: listing.photos) }
        listings.removeFirst(position)
        listings[0].photos += batch.photos
    }

    /// Stores the folders the walk listed and has not stored: the walk has ended.
    func storeListing() {
        let whole = listings
        listings = []
        for listing in whole { store(listing.folder, stamp: listing.stamp, photos: listing.photos) }
    }

    /// Stores `folder`, read when it had `stamp`, with `photos`: not walked below until `finishWalk()` says so, so
    /// that a walk killed before leaves the folder to be listed again, for the subfolders it had not reached.
    func store(_ folder: FilePath, stamp: FolderStamp, photos: [Photo]) {
        write { (index) throws(LibraryIndexError) in
            try index.store(IndexedFolder(path: folder, stamp: stamp, photos: photos.map { IndexedPhoto($0) }))
        }
        if recursive { storedSinceFinish.append(folder) }
    }

    /// Notes that the walk (or the reconcile, or a round of the live folders) has ended: with a recursive walk, every
    /// folder stored since has had its subfolders walked. Returns once every write is done: the index then holds
    /// what the walk found.
    func finishWalk() {
        storeListing()
        if !storedSinceFinish.isEmpty {
            let folders = storedSinceFinish
            storedSinceFinish = []
            write { (index) throws(LibraryIndexError) in try index.markWalkedBelow(folders) }
        }
        writer?.waitUntilWritten()
    }

    /// Packs the folders an earlier version stored without a snapshot (`LibraryIndex.packFoldersWithoutSnapshots`),
    /// a few at a time, after the writes handed over before (`finishWalk()` waits for them): the next launch reads
    /// them as fast as the others.
    func packFoldersWithoutSnapshots() {
        write { (index) throws(LibraryIndexError) in
            var last: Int64 = 0
            while let packed = try index.packFoldersWithoutSnapshots(after: last) { last = packed }
        }
    }

    /// Forgets `folders`, gone from disk.
    func forget(_ folders: [FilePath]) {
        guard !folders.isEmpty else { return }
        write { (index) throws(LibraryIndexError) in try index.removeFolders(folders) }
    }

    /// `body`'s result on the index, if there is one; `nil` when it cannot be read (said, and the index is not used
    /// again), or is broken (set aside and made anew).
    private func read<Result>(_ body: (LibraryIndex) throws(LibraryIndexError) -> Result) -> Result? {
        guard let index else { return nil }
        do throws(LibraryIndexError) {
            return try body(index)
        } catch {
            fail(error)
        }
        return nil
    }

    /// Says that a read failed with `error`, and sets a broken index aside to make it anew, or leaves one that
    /// cannot be read.
    private func fail(_ error: LibraryIndexError) {
        if case .broken(_, let reason) = error {
            rebuild(because: reason)
        } else {
            warn("\(error)")
            index = nil
        }
    }

    /// Hands `body` to the writer, if there is an index: it runs after the writes before it, on the writer's thread.
    private func write(_ body: @escaping IndexWriter.Write) {
        if writer == nil, let index {
            writer = IndexWriter(index, warn: warn)
            self.index = nil  // the writer's from now on
        }
        writer?.write(body)
    }

    /// Sets the broken index aside and goes on with a new one (said), or without one.
    private func rebuild(because reason: String) {
        guard let index else { return }
        self.index = Self.rebuilt(index, because: reason, warn: warn)
    }

    /// `index`, found broken for `reason`, set aside and made anew, which is said; `nil` when it cannot be made anew
    /// (said too).
    static func rebuilt(_ index: LibraryIndex, because reason: String, warn: (String) -> Void) -> LibraryIndex? {
        do throws(LibraryIndexError) {
            let (rebuilt, setAside) = try index.rebuilt(because: reason)
            warn("\(setAside)")
            return rebuilt
        } catch {
            warn("\(error)")
            return nil
        }
    }
}
