import SystemPackage

/// Why the index could not be used, or what was done about it. Each names the index file and the reason; none stops
/// the program, which runs on without the index (or with a new one): the files and their sidecars are the truth.
public enum LibraryIndexError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The index could not be opened or created: its folder is read-only, the disk is full, another process holds it
    /// locked past the busy timeout.
    case unusable(FilePath, reason: String)
    /// The index was broken (not a database, cut short, corrupt) and was moved aside to `movedTo`; a new one is built.
    case setAside(FilePath, movedTo: FilePath, reason: String)
    /// A read or a write found the index broken (corrupt, cut short): `LibraryIndex.rebuilt(because:)` sets it aside.
    case broken(FilePath, reason: String)
    /// The index was written by a newer version, whose schema this one does not know; it is left as it is, unused.
    case newerSchema(FilePath)
    /// A write to the index failed (a full disk, a lock held too long): what it would have stored is read again from
    /// the files next time.
    case writeFailed(FilePath, reason: String)

    /// The index file the error is about.
    public var file: FilePath {
        switch self {
        case .unusable(let file, _), .setAside(let file, _, _), .broken(let file, _), .newerSchema(let file),
            .writeFailed(let file, _):
            return file
        }
    }

    public var description: String {
        switch self {
        case .unusable(let file, let reason): return "cannot use the library index \(file): \(reason)"
        case .setAside(let file, let movedTo, let reason):
            return "the library index \(file) was broken (\(reason)); moved to \(movedTo), building a new one"
        case .broken(let file, let reason): return "the library index \(file) is broken: \(reason)"
        case .newerSchema(let file): return "the library index \(file) is from a newer version; not using it"
        case .writeFailed(let file, let reason): return "cannot write to the library index \(file): \(reason)"
        }
    }
}
