import SystemPackage

/// One image file the walk found: where it is, its size on disk and time, and its header, or why that could not be
/// read (the wall shows an error card for it).
public struct Photo: Hashable, Sendable {
    /// Where the file is: its folder, shared by the folder's photos, and its name.
    public let location: FileLocation
    /// The file's path, as the walk reached it: its bytes, whatever they are. Made when asked (`FileLocation.path`).
    public var path: FilePath { location.path }
    /// The file's name as people read it (each byte that is not UTF-8 shown as U+FFFD): decoded once, as sorting by
    /// name asks for it in every comparison.
    public var name: String { location.name }
    /// The file's size in bytes.
    public var fileSize: Int
    /// The file's modification time, in seconds since 1970.
    public var modified: Double
    /// The file's inode (`st_ino`) when the walk read it; 0 when not known. A file replaced by another of the same size
    /// and time has another: the live folders and the index's reconcile read it again.
    public var inode: UInt64 = 0
    /// The header, when it could be read.
    public var header: ImageHeader?
    /// Why the header could not be read (a truncated file, a bomb): the photo's error card says it.
    public var error: PhotoError?
    /// Its rating and reject, from its sidecar or its embedded XMP (`PhotoSidecar.marks(of:)`), as the walk read them.
    public var marks = PhotoMarks()
    /// Its keywords, each a path of parts joined by `/` ("places/sea/beach"), from its sidecar or its embedded XMP
    /// (`PhotoSidecar.keywords(of:)`), as the walk read them.
    public var keywords: [String] = []
    /// The perceptual hash of its picture (`PerceptualHash`), once a thumbnail of it was decoded; `nil` before.
    public var perceptualHash: PerceptualHash?

    /// A photo at `path`, `fileSize` bytes, modified at `modified`, with its header or its error.
    public init(path: FilePath, fileSize: Int, modified: Double, header: ImageHeader?, error: PhotoError? = nil) {
        location = FileLocation(path: path)
        self.fileSize = fileSize
        self.modified = modified
        self.header = header
        self.error = error
    }

    /// A photo at `location`, with its header or its error when they were read.
    public init(
        location: FileLocation, fileSize: Int, modified: Double, inode: UInt64, header: ImageHeader? = nil,
        error: PhotoError? = nil
    ) {
        self.location = location
        self.fileSize = fileSize
        self.modified = modified
        self.inode = inode
        self.header = header
        self.error = error
    }

    /// When the photo was taken: EXIF's DateTimeOriginal, else the file's modification time, in local time.
    public var taken: TakenTime {
        header?.exifDate?.takenTime ?? TakenTime(secondsSince1970: modified)
    }

    /// The picture's upright aspect, height ÷ width; 1 for a photo without a header.
    public var aspect: Double {
        guard let size = header?.orientedSize, size.width > 0 else { return 1 }
        return Double(size.height) / Double(size.width)
    }
}

/// The photos of one folder: a section of the wall.
public struct PhotoFolder: Hashable, Sendable {
    /// The folder's path.
    public var path: FilePath
    /// The folder's name, as its section's header shows it (each byte that is not UTF-8 shown as U+FFFD).
    public var name: String { path.displayName }
    /// Its photos, in the walk's order.
    public var photos: [Photo]

    /// The folder at `path` with `photos`.
    public init(path: FilePath, photos: [Photo]) {
        self.path = path
        self.photos = photos
    }
}

/// How the photos of a folder are ordered.
public enum PhotoOrder: String, Hashable, Sendable, CaseIterable {
    /// By file name, naturally (`img2` before `img10`).
    case name
    /// By modification time, oldest first; ties by name.
    case time
    /// By size on disk, smallest first; ties by name.
    case size
    /// By the date taken (`Photo.taken`), oldest first; ties by name. The walk orders by name, as it has not read the
    /// headers yet when it sorts: the wall orders each section by date once it has them.
    case taken

    /// Whether sorting by this order reads each file's size or time (`stat`) before its header.
    var needsFileStatus: Bool { self == .time || self == .size }

    /// Whether `a` comes before `b` in this order.
    public func areInIncreasingOrder(_ a: Photo, _ b: Photo) -> Bool {
        areInIncreasingOrder(a, b) { NaturalOrder.areInIncreasingOrder(a.name, b.name) }
    }

    /// `photos` in this order.
    /// - Complexity: O(n) comparisons in place when `photos` are in this order already (they are given back as they
    ///   are, as a launch from the index reads them), else O(n log n) comparisons (of names in place, when they are
    ///   ASCII: `NaturalOrder.sortedPositions(of:)`) and one copy of each photo.
    public func sorted(_ photos: [Photo]) -> [Photo] {
        // By name alone: by name, or by a date that the walk has not read yet.
        let isByName = self == .name || (self == .taken && photos.allSatisfy({ $0.header == nil }))
        let names = photos.map(\.name)
        if isByName ? NaturalOrder.areInOrder(names) : isInOrder(photos) { return photos }
        let byName = NaturalOrder.sortedPositions(of: names)
        if isByName { return byName.map { photos[$0] } }
        var rank = [Int](repeating: 0, count: photos.count)
        for (place, position) in byName.enumerated() { rank[position] = place }
        return photos.indices.sorted { i, j in
            self.areInIncreasingOrder(photos[i], photos[j]) { rank[i] < rank[j] }
        }.map { photos[$0] }
    }

    /// Whether `photos` are in this order, their names compared in place (`NaturalOrder.areInIncreasingOrder`).
    private func isInOrder(_ photos: [Photo]) -> Bool {
        photos.indices.dropFirst().allSatisfy { !areInIncreasingOrder(photos[$0], photos[$0 - 1]) }
    }

    /// Whether `a` comes before `b`, where `byName` tells whether `a`'s name comes before `b`'s.
    private func areInIncreasingOrder(_ a: Photo, _ b: Photo, byName: () -> Bool) -> Bool {
        switch self {
        case .time where a.modified != b.modified: return a.modified < b.modified
        case .size where a.fileSize != b.fileSize: return a.fileSize < b.fileSize
        case .taken where a.header != nil && b.header != nil && a.taken != b.taken: return a.taken < b.taken
        default: return byName()
        }
    }
}
