import SystemPackage

/// How one folder's photos changed, as a batch of collection-view updates: the indices deleted and reloaded are
/// those before the change, the indices inserted those after it (UIKit's batch semantics).
public struct FolderUpdate: Hashable, Sendable {
    /// The folder.
    public var folder: FilePath
    /// Its photos after the change, in the wall's order.
    public var photos: [Photo]
    /// The photos gone (deleted, moved away, no longer images), and those replaced by a file that sorts elsewhere.
    public var deleted: [Int]
    /// The photos new, and the replaced ones that sort elsewhere now.
    public var inserted: [Int]
    /// The photos replaced by a new file in the same place, or whose XMP sidecar was created, changed or deleted (their
    /// marks, and a non-JPEG's orientation, read again): their pictures are decoded again.
    public var reloaded: [Int]
    /// Whether the folder itself is gone: every photo it had is deleted.
    public var folderRemoved = false
}

/// The photos of the walked folders as the wall shows them, kept up to date from what a `FolderWatcher` reports:
/// each change becomes a `FolderUpdate` that puts a new photo in its sorted place, takes a gone one out and reloads a
/// replaced one. It looks at the files again (their size and time, then their header) rather than trusting the
/// events, so an event reported twice, or for a file already walked, changes nothing.
public struct LiveFolders {
    private let order: PhotoOrder
    /// Each folder's photos, in `order`.
    public private(set) var folders: [FilePath: [Photo]] = [:]

    /// How many photos the folders have.
    public var photoCount: Int { folders.values.reduce(0) { $0 + $1.count } }
    /// How many folders have photos.
    public var folderCount: Int { folders.values.count { !$0.isEmpty } }
    /// The worker process that reads the headers of changed videos (`ImageFormat.decodedInAWorker`), as the walk's;
    /// `nil` reads them in this process.
    public var decoderProcess: DecoderProcess? = DecoderProcess()

    /// No folders yet; their photos in `order`.
    public init(order: PhotoOrder) {
        self.order = order
    }

    /// Adds a batch of the walk (its photos come after those of its folder already added).
    public mutating func add(_ batch: PhotoBatch) {
        guard let held = folders[batch.folder], !held.isEmpty else {
            folders[batch.folder] = batch.photos  // the batch's own array, shared: a folder from the index comes whole
            return
        }
        folders[batch.folder, default: []] += batch.photos
    }

    /// Adds the batches of a walk of folders new since the first walk, and says each folder's new photos as an
    /// update that inserts them (after any it had), in the order the walk found the folders.
    public mutating func addWalked(_ batches: [PhotoBatch]) -> [FolderUpdate] {
        var updates: [FolderUpdate] = []
        for batch in batches {
            let old = folders[batch.folder] ?? []
            add(batch)
            let new = old.count..<(old.count + batch.photos.count)
            if updates.last?.folder == batch.folder {
                updates[updates.count - 1].photos = folders[batch.folder] ?? []
                updates[updates.count - 1].inserted += new
            } else {
                updates.append(
                    FolderUpdate(
                        folder: batch.folder, photos: folders[batch.folder] ?? [], deleted: [],
                        inserted: Array(new), reloaded: []))
            }
        }
        return updates
    }

    /// Looks again at the files `changes` names, and at every file of every folder when the kernel's queue overflowed,
    /// and says how the photos changed: one update per folder whose photos did, in the order of the folders' paths.
    public mutating func update(_ changes: FolderWatcher.Changes) -> [FolderUpdate] {
        var updates: [FolderUpdate] = []
        for folder in changes.removedFolders.sorted(by: { $0.bytes.lexicographicallyPrecedes($1.bytes) }) {
            if let update = removeFolder(folder) { updates.append(update) }
        }
        let rescanned = changes.overflowed ? Set(folders.keys).subtracting(changes.removedFolders) : []
        for folder in Set(changes.names.keys).union(rescanned).sorted(by: {
            $0.bytes.lexicographicallyPrecedes($1.bytes)
        }) {
            var names = changes.names[folder] ?? []
            if rescanned.contains(folder) {
                guard let listed = PhotoWalker.list(folder) else {
                    if let update = removeFolder(folder) { updates.append(update) }
                    continue
                }
                names.formUnion(listed.compactMap { FilePath(bytes: $0).lastComponent })
                names.formUnion((folders[folder] ?? []).compactMap(\.location.nameComponent))
            }
            if let update = look(at: names, in: folder) { updates.append(update) }
        }
        return updates
    }

    /// The update of a folder that is gone: all its photos leave.
    private mutating func removeFolder(_ folder: FilePath) -> FolderUpdate? {
        guard let old = folders.removeValue(forKey: folder), !old.isEmpty else { return nil }
        return FolderUpdate(
            folder: folder, photos: [], deleted: Array(old.indices), inserted: [], reloaded: [], folderRemoved: true)
    }

    /// The update of `folder` after looking at the files `names` again.
    private mutating func look(at names: Set<FilePath.Component>, in folder: FilePath) -> FolderUpdate? {
        let old = folders[folder] ?? []
        let known = Dictionary(uniqueKeysWithValues: old.map { ($0.location, $0) })
        var gone: Set<FileLocation> = []
        var replaced: [FileLocation: Photo] = [:]
        var added: [Photo] = []
        let marked = photos(markedBy: names, among: old)
        for name in names.union(marked) where !name.isHidden && !SidecarListing.isSidecar(name.bytes) {
            let path = folder.appending(name)
            let location = name.bytes.withUnsafeBytes { FileLocation(folder: folder, nameBytes: $0) }
            let before = known[location]
            guard let info = FileInfo(path: path), info.isRegularFile else {
                if before != nil { gone.insert(location) }
                continue
            }
            if let before, before.fileSize == info.size, before.modified == info.modified,
                before.inode == 0 || before.inode == info.inode, !marked.contains(name)
            {
                continue
            }
            let candidate = Photo(location: location, fileSize: info.size, modified: info.modified, inode: info.inode)
            switch PhotoWalker.read(candidate, worker: decoderProcess) {
            case .photo(let photo):
                if before != nil { replaced[location] = photo } else { added.append(photo) }
            case .notAnImage, .unreadable:
                if before != nil { gone.insert(location) }
            }
        }
        guard !gone.isEmpty || !replaced.isEmpty || !added.isEmpty else { return nil }
        return change(folder, from: old, gone: gone, replaced: replaced, added: added)
    }

    /// The names of the photos among `photos` whose sidecar is one of `names` (created, changed or deleted):
    /// `X.jpg` for `X.jpg.xmp`, and every `X.*` for `X.xmp`. Their marks (and a non-JPEG's orientation) are read again.
    private func photos(markedBy names: Set<FilePath.Component>, among photos: [Photo]) -> Set<FilePath.Component> {
        let sidecars = names.map(\.bytes).filter(SidecarListing.isSidecar)
        guard !sidecars.isEmpty else { return [] }
        let stems = Set(sidecars.map { Array($0.dropLast(4)) })
        var marked: Set<FilePath.Component> = []
        for photo in photos {
            guard let name = photo.location.nameComponent else { continue }
            let bytes = name.bytes
            let stem = bytes.lastIndex(of: UInt8(ascii: ".")).map { Array(bytes[..<$0]) }
            if stems.contains(bytes) || stem.map(stems.contains) == true { marked.insert(name) }
        }
        return marked
    }

    /// Applies the change to `folder`'s photos and says it as a batch of updates. A replaced photo stays in place
    /// (reloaded) when the photos left keep their order; otherwise (sorted by time or size, its time or size moved it)
    /// it is deleted and inserted again.
    private mutating func change(
        _ folder: FilePath, from old: [Photo], gone: Set<FileLocation>, replaced: [FileLocation: Photo],
        added: [Photo]
    ) -> FolderUpdate {
        var staying = old.filter { !gone.contains($0.location) }.map { replaced[$0.location] ?? $0 }
        var moved: Set<FileLocation> = []
        if !replaced.isEmpty, zip(staying, staying.dropFirst()).contains(where: { order.areInIncreasingOrder($1, $0) })
        {
            moved = Set(replaced.keys)
            staying.removeAll { moved.contains($0.location) }
        }
        let arriving = added + replaced.values.filter { moved.contains($0.location) }
        let new = merge(staying, arriving.sorted(by: order.areInIncreasingOrder))
        folders[folder] = new
        let arrivingFiles = Set(arriving.map(\.location))
        return FolderUpdate(
            folder: folder, photos: new,
            deleted: old.indices.filter { gone.contains(old[$0].location) || moved.contains(old[$0].location) },
            inserted: new.indices.filter { arrivingFiles.contains(new[$0].location) },
            reloaded: old.indices.filter { replaced[old[$0].location] != nil && !moved.contains(old[$0].location) })
    }

    /// `a` and `b`, each in order, merged in order (`a`'s photo first on a tie): the photos staying keep their order.
    private func merge(_ a: [Photo], _ b: [Photo]) -> [Photo] {
        var merged: [Photo] = []
        merged.reserveCapacity(a.count + b.count)
        var (i, j) = (0, 0)
        while i < a.count || j < b.count {
            if j == b.count || (i < a.count && !order.areInIncreasingOrder(b[j], a[i])) {
                merged.append(a[i])
                i += 1
            } else {
                merged.append(b[j])
                j += 1
            }
        }
        return merged
    }
}
