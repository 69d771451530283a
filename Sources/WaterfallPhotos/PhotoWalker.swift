import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a walk found so far, for the status bar and the `scanned` event.
public struct ScanCounts: Hashable, Sendable {
    /// The photos found (error cards included).
    public var found = 0
    /// The files that are not images, left out.
    public var skipped = 0
    /// The files left out by kind (`SkippedKind`, told by their first bytes): their counts add up to `skipped`.
    public var skippedKinds: [SkippedKind: Int] = [:]
    /// The folders and files that could not be read.
    public var unreadable = 0
    /// The folders reached a second time through a symbolic link, not walked again.
    public var loops = 0
    /// The folders whose photos were found.
    public var folders = 0
    /// The folders a recursive walk has found and not walked yet (those inside them not counted until they are
    /// listed): what the status bar says is left of a first walk.
    public var foldersLeft = 0

    /// No counts yet.
    public init() {}

    /// Adds the counts of another walk (one of a folder new since).
    public mutating func add(_ other: ScanCounts) {
        found += other.found
        skipped += other.skipped
        skippedKinds.merge(other.skippedKinds, uniquingKeysWith: +)
        unreadable += other.unreadable
        loops += other.loops
        folders += other.folders
    }

    /// Counts a file left out, of `kind`.
    public mutating func addSkipped(_ kind: SkippedKind) {
        skipped += 1
        skippedKinds[kind, default: 0] += 1
    }

    /// The kinds left out, the most first (ties in `SkippedKind`'s order), with their counts.
    public var skippedKindsByCount: [(kind: SkippedKind, count: Int)] {
        skippedKinds.map { (kind: $0.key, count: $0.value) }.sorted {
            $0.count != $1.count ? $0.count > $1.count : $0.kind < $1.kind
        }
    }
}

/// A batch of photos of one folder, as the walk hands them on: a folder's photos come in order, in one batch or
/// several, before the next folder's.
public struct PhotoBatch: Sendable {
    /// The folder the photos are in.
    public var folder: FilePath
    /// Whether this is the folder's first batch: its section starts here.
    public var startsFolder: Bool
    /// The photos, in the walk's order.
    public var photos: [Photo]
    /// The counts after this batch.
    public var counts: ScanCounts

    /// A batch of `photos` of `folder`, its first when `startsFolder`, with the `counts` after it.
    public init(folder: FilePath, startsFolder: Bool, photos: [Photo], counts: ScanCounts) {
        self.folder = folder
        self.startsFolder = startsFolder
        self.photos = photos
        self.counts = counts
    }
}

/// Finds the photos of files and folders: each folder (and, with `recursive`, each folder below it) is a section,
/// its photos in `order`. Images are told by their magic bytes and their headers read (`PhotoFile.readHeader(path:)`:
/// a file's first 4 KB, more only where the header lies further); files that are not images are skipped (counted
/// by kind, `SkippedKind`, their first bytes read again: they are few), folders
/// that cannot be read are counted, and a folder is never walked twice, so symbolic link loops end. Hidden files and
/// folders (named with a leading dot) are left out, as file managers do, and so are XMP sidecars (named `.xmp`): they
/// are read with their photos (`Photo.marks`), and listing them spares the photos without one a failed `open`.
///
/// A folder's names are listed and sorted first (its regular files are not stat'ed then, unless the order needs their
/// sizes or times: each is opened anyway, and its status read from the open file); then the headers are read in that
/// order, a batch at a time on the `readerThreads`, while the walk lists the next folders, and handed on in batches in
/// the walk's order, so a folder of 100,000 files shows its first photos long before its last.
/// `walk(_:)` runs on the caller's thread, and `emit` is called there: run it on a thread of its own.
public final class PhotoWalker {
    private let paths: [FilePath]
    private let recursive: Bool
    private let order: PhotoOrder
    private let batchSize: Int
    /// The folders walked, by device and inode.
    private var visited: Set<[UInt64]> = []
    private var counts = ScanCounts()
    /// Called with each folder just before its names are listed (once per folder): where a watch on it starts, so
    /// that no change after the listing is missed.
    public var willList: ((FilePath) -> Void)?
    /// The worker process that reads the headers of `ImageFormat.decodedInAWorker` (videos) for the walk, started at
    /// the first such file and kept for the others; `nil` reads them in this process. Each of the walk's
    /// `readerThreads` has one like it.
    public var decoderProcess: DecoderProcess? = DecoderProcess()
    /// The threads that open the files and read their headers, a chunk of `batchSize` files each at a time, while the
    /// walk's thread lists the folders and hands the photos on in order (none: the walk's thread reads them). Set it
    /// before the first walk.
    public var readerThreads = PhotoWalker.defaultReaderThreads
    /// Two threads: the opens of a local disk take one core each, and those of a network folder wait on it in turn.
    public static let defaultReaderThreads = 2
    /// The chunks given to each reader thread and not yet handed on, at most: enough for the readers to read on while
    /// the walk's thread lists and sorts the next folder of thousands of files.
    static let chunksAhead = 32
    /// The readers, made at the first walk, on its thread.
    private var readers: HeaderReaders?
    /// The walk's listings of folders so far: each folder's chunks carry the number of its listing.
    private var listings = 0
    /// The listing whose first batch was handed on last.
    private var startedListing: Int?
    /// The folders left (`ScanCounts.foldersLeft`) when each chunk under way was given, by its number: its batch
    /// says them.
    private var foldersLeftAtChunk: [Int: Int] = [:]

    /// A walk of `paths` (files and folders), into subfolders when `recursive`, each folder's photos in `order`,
    /// handed on `batchSize` at a time.
    public init(paths: [String], recursive: Bool = false, order: PhotoOrder = .name, batchSize: Int = 256) {
        self.paths = paths.map { FilePath($0) }
        self.recursive = recursive
        self.order = order
        self.batchSize = max(1, batchSize)
    }

    /// Walks everything, calling `emit` with each batch in order. Returns the final counts.
    @discardableResult
    public func walk(_ emit: (PhotoBatch) -> Void) -> ScanCounts {
        var looseFiles: [File] = []
        func flushLooseFiles() {
            guard !looseFiles.isEmpty else { return }
            var byFolder: [(FilePath, [File])] = []
            for file in looseFiles {
                let folder = file.location.folder
                if byFolder.last?.0 == folder {
                    byFolder[byFolder.count - 1].1.append(file)
                } else {
                    byFolder.append((folder, [file]))
                }
            }
            for (folder, files) in byFolder { readPhotos(files, in: folder, emit: emit) }
            looseFiles = []
        }
        for path in paths {
            guard let info = FileInfo(path: path) else {
                counts.unreadable += 1
                continue
            }
            if info.isDirectory {
                flushLooseFiles()
                walkFolder(path, info: info, emit: emit)
            } else {
                looseFiles.append(File(location: FileLocation(path: path), info: info))
            }
        }
        flushLooseFiles()
        handOn(upTo: 0, emit)
        return counts
    }

    /// Walks `folder`, one created or moved in under a folder of this recursive walk after the walk, as `walk(_:)`
    /// walks a folder: `willList` is called before each folder is listed, and its subfolders are walked too. A folder
    /// counts as walked before when it is one of `shown` (the folders watched now), so a link back to one ends there,
    /// while a folder moved away and back is walked again. Returns the counts of this walk alone.
    public func walk(newFolder folder: FilePath, shown: Set<FilePath>, _ emit: (PhotoBatch) -> Void) -> ScanCounts {
        visited = Set(shown.compactMap { FileInfo(path: $0).map { [$0.device, $0.inode] } })
        counts = ScanCounts()
        if let info = FileInfo(path: folder), info.isDirectory { walkFolder(folder, info: info, emit: emit) }
        handOn(upTo: 0, emit)
        return counts
    }

    /// Every folder's photos at once: `walk(_:)` gathered.
    public func walkAll() -> (folders: [PhotoFolder], counts: ScanCounts) {
        var folders: [PhotoFolder] = []
        let counts = walk { batch in
            if batch.startsFolder { folders.append(PhotoFolder(path: batch.folder, photos: [])) }
            folders[folders.count - 1].photos += batch.photos
        }
        return (folders, counts)
    }

    private func walkFolder(_ path: FilePath, info: FileInfo, emit: (PhotoBatch) -> Void) {
        guard visited.insert([info.device, info.inode]).inserted else {
            counts.loops += 1
            return
        }
        willList?(path)
        // Each name but a hidden one or a sidecar stat'ed in the open folder, but a regular file when the order needs
        // no status: its read learns it from the open file.
        let statsFiles = order.needsFileStatus
        let entries = FolderEntries.entries(in: path) { name, isRegularFile in
            !FilePath.Component.isHidden(name) && !SidecarListing.isSidecar(name) && (statsFiles || !isRegularFile)
        }
        guard let entries else {
            counts.unreadable += 1
            return
        }
        var files: [File] = []
        var folders: [File] = []
        let sidecars = SidecarListing(names: Set(entries.map(\.name).filter(SidecarListing.isSidecar)))
        for entry in entries where !FilePath.Component.isHidden(entry.name) && !SidecarListing.isSidecar(entry.name) {
            // Each child in the folder's path, shared: its own path is made by its reader, on another thread.
            let location = entry.name.withUnsafeBytes { FileLocation(folder: path, nameBytes: $0) }
            if entry.info == nil, entry.isRegularFile, !statsFiles {
                files.append(File(location: location, info: nil))
                continue
            }
            guard let info = entry.info else {
                counts.unreadable += 1
                continue
            }
            let file = File(location: location, info: info)
            if info.isDirectory { folders.append(file) } else if info.isRegularFile { files.append(file) }
        }
        if recursive { counts.foldersLeft += folders.count }
        readPhotos(files, in: path, sidecars: sidecars, emit: emit)
        guard recursive else { return }
        let subfolders = folders.map { (key: NaturalOrder.Key($0.name), folder: $0) }.sorted { $0.key < $1.key }
        for (_, folder) in subfolders {
            counts.foldersLeft -= 1
            if let info = folder.info { walkFolder(folder.location.path, info: info, emit: emit) }
        }
    }

    /// Sorts `files` (each in `folder`) in the walk's order and gives them to the readers, `batchSize` at a time;
    /// hands on the photos of the chunks read meanwhile (`handOn(upTo:_:)`). `sidecars` are the folder's sidecars,
    /// when it was listed (loose files' folders are not).
    private func readPhotos(
        _ files: [File], in folder: FilePath, sidecars: SidecarListing = .unknown,
        emit: (PhotoBatch) -> Void
    ) {
        let candidates = order.sorted(
            files.map {
                Photo(
                    location: $0.location, fileSize: $0.info?.size ?? 0, modified: $0.info?.modified ?? 0,
                    inode: $0.info?.inode ?? 0)
            })
        guard !candidates.isEmpty else { return }
        let readers = readers ?? HeaderReaders(threads: readerThreads, decoder: decoderProcess)
        self.readers = readers
        // Each file opened by its name in the open folder: one name looked up, not the folder's whole path again.
        let openFolder = HeaderReaders.OpenFolder(folder)
        listings += 1
        for start in stride(from: 0, to: candidates.count, by: batchSize) {
            handOn(upTo: Self.chunksAhead * max(1, readerThreads) - 1, emit)
            let chunk = Array(candidates[start..<min(candidates.count, start + batchSize)])
            let number = readers.read(
                chunk, folderPath: folder, folderSerial: listings, folder: openFolder, sidecars: sidecars)
            foldersLeftAtChunk[number] = counts.foldersLeft
        }
    }

    /// Hands on the photos of the chunks read, in the order given, until at most `underWay` are left: waits for
    /// each. A folder's first batch with a photo starts its section.
    private func handOn(upTo underWay: Int, _ emit: (PhotoBatch) -> Void) {
        guard let readers else { return }
        while readers.chunksUnderWay > underWay, let (chunk, outcomes) = readers.next() {
            let foldersLeft = counts.foldersLeft
            counts.foldersLeft = foldersLeftAtChunk.removeValue(forKey: chunk.number) ?? foldersLeft
            defer { counts.foldersLeft = foldersLeft }
            var photos: [Photo] = []
            photos.reserveCapacity(outcomes.count)
            for outcome in outcomes {
                switch outcome {
                case .notAnImage(let kind): counts.addSkipped(kind)
                case .unreadable: counts.unreadable += 1
                case .photo(let photo):
                    counts.found += 1
                    photos.append(photo)
                }
            }
            guard !photos.isEmpty else { continue }
            let startsFolder = startedListing != chunk.folderSerial
            if startsFolder {
                counts.folders += 1
                startedListing = chunk.folderSerial
            }
            emit(PhotoBatch(folder: chunk.folderPath, startsFolder: startsFolder, photos: photos, counts: counts))
        }
    }

    /// What reading a file's header made of it.
    enum FileOutcome {
        /// A photo: with its header, or with the error its card shows (an image the wall cannot show).
        case photo(Photo)
        /// Not an image (or empty): left out, of the kind its first bytes tell.
        case notAnImage(SkippedKind)
        /// Gone or unreadable: counted, left out.
        case unreadable
    }

    /// `photo` (its path, size and time known) with its header and marks read (through `worker` for the formats it
    /// reads; its sidecars looked for where `sidecars` may have them), or why it is left out. `folder`: an open
    /// descriptor of the photo's folder, to open it by its name.
    static func read(
        _ photo: Photo, inFolder folder: Int32? = nil, worker: DecoderProcess?, sidecars: SidecarListing = .unknown
    ) -> FileOutcome {
        var photo = photo
        let path = photo.path
        do {
            // The file's status from the open file: its size, time and inode as read (a listing may not have them).
            (photo.header, photo.marks, photo.keywords) = try PhotoFile.withOpenFile(path, inFolder: folder) {
                descriptor, info in
                if let info {
                    (photo.fileSize, photo.modified, photo.inode) = (info.size, info.modified, info.inode)
                }
                return try PhotoFile.readHeaderAndMarks(
                    of: descriptor, path: path, size: info?.knownSize, worker: worker, listing: sidecars)
            }
        } catch PhotoError.empty {
            return .notAnImage(.other)
        } catch PhotoError.notAnImage {
            let start = (try? PhotoFile.readStart(of: path, count: SkippedKind.bytesRead)) ?? []
            return .notAnImage(SkippedKind(magic: start, fileName: photo.name))
        } catch PhotoError.unreadable, PhotoError.vanished {
            return .unreadable
        } catch {
            photo.error = error as? PhotoError  // an image the wall cannot show: its error card says why
        }
        // A file named as a TIFF-based camera RAW (NEF, ARW...) that libraw does not open is counted as a skipped RAW,
        // not shown as libtiff reads its first page (a small preview or undeveloped sensor data); a plain TIFF named
        // `.nef` is one. A RAW told by its content (CR2, ORF, RW2, RAF, CR3, DNG) that libraw refuses is a photo whose
        // card says "unsupported RAW camera".
        if photo.error == .unsupportedRAWCamera, RAWHeader.isNamedAsRAW(photo.name) {
            return .notAnImage(.raw)
        }
        return .photo(photo)
    }

    /// A file or folder found: where it is (its name as people read it too), and what `stat` says of it (`nil` for a
    /// regular file not stat'ed: its read learns it).
    private struct File {
        var location: FileLocation
        var info: FileInfo?
        var name: String { location.name }
    }

    /// Why the root at `path` cannot be walked: the system's reason it is not there, or, for a folder, why it cannot
    /// be listed; `nil` when it can (a file given alone is read later, as a photo).
    public static func problem(withRoot path: FilePath) -> Errno? {
        let info: stat
        do throws(Errno) { info = try FileSystem.status(of: path) } catch { return error }
        guard info.st_mode & S_IFMT == S_IFDIR else { return nil }
        return FolderEntries.problem(listing: path)
    }

    /// The names in the folder at `path`, as the system has them; `nil` when it cannot be read.
    package static func list(_ path: FilePath) -> [[UInt8]]? { FolderEntries.names(in: path) }
}

extension PhotoWalker {
    /// Whether a walk of `roots` hands on the photos of folder `a` before those of folder `b`, so that a folder found
    /// later (made or moved in, or empty until now) takes its section's place among the others, as a walk afresh
    /// would place it: the folders found under an earlier root first (a folder under several roots is under the
    /// first, which walks it), then, level by level below the root, the folders' names in natural order
    /// (`NaturalOrder`, with which the walk sorts each folder's subfolders), a folder before the folders inside it.
    /// The folder of loose files given as roots comes where its first file does. Neither comes before itself.
    public static func walksBefore(_ a: FilePath, _ b: FilePath, roots: [FilePath]) -> Bool {
        place(of: a, roots: roots) < place(of: b, roots: roots)
    }

    /// Where a walk of `roots` finds `folder`: the index of the root it is found under (`roots.count` when none),
    /// and its folders' names below that root, as people read them (each byte that is not UTF-8 as U+FFFD). Made once
    /// for a folder compared with many (`walksBefore` makes both each time).
    public static func place(of folder: FilePath, roots: [FilePath]) -> WalkPlace {
        for (index, root) in roots.enumerated() where folder.starts(with: root) {
            var below = folder
            _ = below.removePrefix(root)
            return WalkPlace(root: index, names: below.components.map { String(decoding: $0) })
        }
        if let index = roots.firstIndex(where: { $0.removingLastComponent() == folder }) {
            return WalkPlace(root: index, names: [])
        }
        return WalkPlace(root: roots.count, names: folder.components.map { String(decoding: $0) })
    }

    /// Where a walk finds a folder (`place(of:roots:)`), in the walk's order: by root, then level by level by the
    /// folders' names in natural order, a folder before the folders inside it.
    public struct WalkPlace: Comparable, Sendable {
        let root: Int
        let names: [String]

        public static func < (a: WalkPlace, b: WalkPlace) -> Bool {
            if a.root != b.root { return a.root < b.root }
            for (left, right) in zip(a.names, b.names) where left != right {
                return NaturalOrder.areInIncreasingOrder(left, right)
            }
            return a.names.count < b.names.count
        }
    }
}
