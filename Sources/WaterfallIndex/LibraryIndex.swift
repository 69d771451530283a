import Foundation
import GRDB
import SystemPackage
import WaterfallPhotos

/// The library index: what the walk learnt of each folder and photo, kept in SQLite (through GRDB) so that a launch
/// shows the whole library before it opens a photo, and a reconcile reads again only what changed.
///
/// It is a cache. The files and their XMP sidecars stay the truth, and every mark is still written to the sidecars:
/// deleting the index loses nothing. Every fault leaves the program running: a broken index is moved aside and built
/// anew (`open(at:)`), a newer one is left alone, a failed write is read again from the files next time.
///
/// The database is in WAL mode with a busy timeout: two programs may read and write one index at once, readers never
/// wait, and a writer waits for the other's transaction up to `busyTimeout`. A program holds a pool of connections
/// (GRDB's `DatabasePool`): one writes, and the others read at once on other threads (a launch reads two folders at a
/// time), each with a page cache of 1 MB. Each write is one transaction, so a crash at any instant leaves the index as
/// it was before or after it.
public final class LibraryIndex: Sendable {
    /// The index file.
    public let file: FilePath
    /// How long its writes wait for another process's.
    public let busyTimeout: TimeInterval
    let database: DatabasePool

    /// How long a write waits by default for another process's transaction before it fails.
    public static let busyTimeout: TimeInterval = 5

    private init(file: FilePath, busyTimeout: TimeInterval) throws {
        self.file = file
        self.busyTimeout = busyTimeout
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.prepareDatabase { db in
            // The pool puts the index in WAL mode: another process's readers never wait for our writes, nor ours for
            // theirs. WAL's own durability: a crash loses at most the last transactions, never the database. A page
            // cache of 1 MB: the index is read through once at a launch, and written a folder at a time.
            try db.execute(sql: "PRAGMA synchronous = NORMAL; PRAGMA cache_size = -1024")
        }
        database = try DatabasePool(path: file.string, configuration: configuration)
        let migrator = Self.migrator
        if try database.read({ try migrator.hasBeenSuperseded($0) }) { throw NewerSchema() }
        try migrator.migrate(database)
    }

    /// A schema with migrations this version does not know.
    private struct NewerSchema: Error {}

    /// The index at `file`, its folder made when missing, whose writes wait up to `busyTimeout` seconds for another
    /// process's; a broken one (not a database, cut short, corrupt) is moved to `file` + `.broken` and a new one made
    /// in its place, which `setAside` tells.
    /// - Throws: `LibraryIndexError.newerSchema`, or `.unusable` (a read-only folder, a full disk, a lock held past
    ///   the busy timeout).
    public static func open(
        at file: FilePath, busyTimeout: TimeInterval = busyTimeout
    ) throws(LibraryIndexError) -> (index: LibraryIndex, setAside: LibraryIndexError?) {
        do throws(Errno) {
            try makeFolders(file.removingLastComponent())
        } catch {
            throw .unusable(file, reason: "its folder cannot be made: \(error)")
        }
        if !hasWrittenAhead(file), let problem = SQLiteFileCheck.problem(at: file) {
            return try setAside(file, reason: problem, busyTimeout: busyTimeout)
        }
        do {
            return (try LibraryIndex(file: file, busyTimeout: busyTimeout), nil)
        } catch let error as DatabaseError where isBroken(error) {
            return try setAside(file, reason: reason(error), busyTimeout: busyTimeout)
        } catch is NewerSchema {
            throw .newerSchema(file)
        } catch {
            throw .unusable(file, reason: Self.reason(error))
        }
    }

    /// This index, found broken in use (a read or a write said it is corrupt), closed, moved aside and made anew, as
    /// `open(at:)` does with one it finds broken.
    /// - Throws: as `open(at:)`.
    public func rebuilt(because reason: String) throws(LibraryIndexError) -> (LibraryIndex, LibraryIndexError) {
        try? database.close()
        let (index, setAside) = try Self.setAside(file, reason: reason, busyTimeout: busyTimeout)
        return (index, setAside ?? .setAside(file, movedTo: Self.brokenFile(file), reason: reason))
    }

    /// Whether `error` says the database file is broken: not a database, or corrupt.
    public static func isBroken(_ error: any Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        return error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB
    }

    /// Where a broken index at `file` is moved.
    static func brokenFile(_ file: FilePath) -> FilePath { FilePath(file.string + ".broken") }

    /// Makes the folder at `path` and those above it that are missing, as `mkdir -p` does.
    private static func makeFolders(_ path: FilePath) throws(Errno) {
        guard !path.isEmpty, path != path.removingLastComponent() else { return }
        do throws(Errno) {
            try FileSystem.makeFolder(path, mode: 0o755)
        } catch .noSuchFileOrDirectory {
            try makeFolders(path.removingLastComponent())
            try FileSystem.makeFolder(path, mode: 0o755)
        }
    }

    /// Whether SQLite's write-ahead log of `file` holds pages: the file alone is then not the whole database, and its
    /// header's page count may be ahead of it.
    private static func hasWrittenAhead(_ file: FilePath) -> Bool {
        let size = (try? FileManager.default.attributesOfItem(atPath: file.string + "-wal"))?[.size] as? Int
        return (size ?? 0) > 0
    }

    /// Moves the broken index at `file` (and its log and shared memory) aside and makes a new one in its place.
    private static func setAside(
        _ file: FilePath, reason: String, busyTimeout: TimeInterval
    ) throws(LibraryIndexError) -> (index: LibraryIndex, setAside: LibraryIndexError?) {
        let movedTo = brokenFile(file)
        for suffix in ["", "-wal", "-shm"] {
            do throws(Errno) {
                try? FileSystem.remove(FilePath(movedTo.string + suffix))
                try FileSystem.rename(FilePath(file.string + suffix), to: FilePath(movedTo.string + suffix))
            } catch .noSuchFileOrDirectory {
            } catch {
                throw .unusable(file, reason: "it is broken (\(reason)) and cannot be moved aside: \(error)")
            }
        }
        do {
            return (
                try LibraryIndex(file: file, busyTimeout: busyTimeout),
                .setAside(file, movedTo: movedTo, reason: reason)
            )
        } catch {
            throw .unusable(file, reason: Self.reason(error))
        }
    }

    /// An error's reason in a few words: SQLite's message for a database error ("database is locked", "database or
    /// disk is full"), else the error's description.
    static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return "\(error)"
    }
}
