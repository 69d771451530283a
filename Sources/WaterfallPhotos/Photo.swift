/// One image file the walk found: where it is, its size on disk and time, and its header, or why that could not be
/// read (the wall shows an error card for it).
public struct Photo: Hashable, Sendable {
    /// The file's path, as the walk reached it.
    public var path: String
    /// The file's name.
    public var name: String { path.split(separator: "/").last.map(String.init) ?? path }
    /// The file's size in bytes.
    public var fileSize: Int
    /// The file's modification time, in seconds since 1970.
    public var modified: Double
    /// The header, when it could be read.
    public var header: ImageHeader?
    /// Why the header could not be read (a truncated file, a bomb): the photo's error card says it.
    public var error: PhotoError?

    /// A photo at `path`, `fileSize` bytes, modified at `modified`, with its header or its error.
    public init(path: String, fileSize: Int, modified: Double, header: ImageHeader?, error: PhotoError? = nil) {
        self.path = path
        self.fileSize = fileSize
        self.modified = modified
        self.header = header
        self.error = error
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
    public var path: String
    /// The folder's name, as its section's header shows it.
    public var name: String { path == "/" ? "/" : path.split(separator: "/").last.map(String.init) ?? path }
    /// Its photos, in the walk's order.
    public var photos: [Photo]

    /// The folder at `path` with `photos`.
    public init(path: String, photos: [Photo]) {
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

    /// Whether `a` comes before `b` in this order.
    public func areInIncreasingOrder(_ a: Photo, _ b: Photo) -> Bool {
        switch self {
        case .time where a.modified != b.modified: return a.modified < b.modified
        case .size where a.fileSize != b.fileSize: return a.fileSize < b.fileSize
        default: return NaturalOrder.areInIncreasingOrder(a.name, b.name)
        }
    }
}
