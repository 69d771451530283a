import Foundation
import GRDB
import SystemPackage
import WaterfallPhotos

extension LibraryIndex {
    /// Every folder the index holds that is one of `roots` or below one, with its photos in the order they were
    /// stored; in no particular order of folders (the library orders them as the walk does).
    /// - Throws: `LibraryIndexError.broken` for a corrupt index, `.unusable` when it cannot be read.
    public func folders(under roots: [FilePath]) throws(LibraryIndexError) -> [IndexedFolder] {
        try reading { db in
            try Self.folders(under: roots, in: db).map { folder in
                var folder = folder
                folder.photos = try Self.photos(in: folder.path, in: db).map { IndexedPhoto($0) }
                return folder
            }
        }
    }

    /// Every folder the index holds that is one of `roots` or below one, without its photos (`photos` is empty): a
    /// launch reads those a folder at a time (`photos(in:)`), so that the index's copy of a library is never in
    /// memory whole beside the library's own. In no particular order.
    /// - Throws: as `folders(under:)`.
    public func foldersWithoutPhotos(under roots: [FilePath]) throws(LibraryIndexError) -> [IndexedFolder] {
        try reading { db in try Self.folders(under: roots, in: db) }
    }

    /// The photos of the folder at `folder` (each with the inode its file had), in the order they were stored; none
    /// when the index does not hold it.
    /// - Throws: as `folders(under:)`.
    public func photos(in folder: FilePath) throws(LibraryIndexError) -> [Photo] {
        try reading { db in try Self.photos(in: folder, in: db) }
    }

    /// The folders of `db` that are one of `roots` or below one, without their photos.
    private static func folders(under roots: [FilePath], in db: Database) throws -> [IndexedFolder] {
        try Row.fetchAll(db, sql: "SELECT path, device, inode, modified, below FROM folder").compactMap { row in
            let path = FilePath(bytes: (row[0] as Data))
            guard roots.contains(where: { path.starts(with: $0) }) else { return nil }
            let stamp = FolderStamp(
                device: UInt64(bitPattern: row[1]), inode: UInt64(bitPattern: row[2]), modified: row[3])
            return IndexedFolder(path: path, stamp: stamp, photos: [], isWalkedBelow: row[4])
        }
    }

    /// The photos `db` holds of the folder at `folder`, in the order they were stored: from its snapshot and its
    /// marked rows when it has one, else from its rows.
    private static func photos(in folder: FilePath, in db: Database) throws -> [Photo] {
        let select = try db.makeStatement(sql: "SELECT id, firstPhoto, photoCount, snapshot FROM folder WHERE path = ?")
        let found = try Row.fetchCursor(select, arguments: [Data(folder.bytes)])
        guard try found.next() != nil else { return [] }
        let stored = StatementColumns(select)
        let id = Int64(stored.int(0))
        if !stored.isNull(1), !stored.isNull(2), var photos = snapshot(stored, column: 3, folder: folder),
            photos.count == stored.int(2)
        {
            try readMarks(of: &photos, folder: id, firstPhoto: Int64(stored.int(1)), db)
            try readKeywords(of: &photos, firstPhoto: Int64(stored.int(1)), db)
            try readHashes(of: &photos, folder: id, firstPhoto: Int64(stored.int(1)), db)
            return photos
        }
        // A folder stored before snapshots were kept. Its rows are stored in one transaction, so their ids are one
        // run: `firstPhoto` and `photoCount`, or for a folder stored before they were kept, its least and greatest ids.
        let run: (first: Int64, count: Int)
        if !stored.isNull(1), !stored.isNull(2) {
            run = (Int64(stored.int(1)), stored.int(2))
        } else if let ends = try Row.fetchOne(
            db, sql: "SELECT min(id), max(id) FROM photo WHERE folder = ?", arguments: [id]),
            let first = ends[0] as Int64?, let last = ends[1] as Int64?
        {
            run = (first, Int(last - first) + 1)
        } else {
            return []
        }
        return try photos(inRun: run, folder: id, path: folder, db)
    }

    /// The photos of the snapshot in `column` of `columns`, in `folder`; `nil` for NULL or bytes that are not a
    /// snapshot.
    private static func snapshot(_ columns: StatementColumns, column: Int32, folder: FilePath) -> [Photo]? {
        guard !columns.isNull(column) else { return nil }
        return columns.withBytes(column) { FolderSnapshot.decode($0, folder: folder) }
    }

    /// The photos of the rows of folder `id`, at `path`, over the run of ids `run`, in the table's own order.
    /// `+folder` keeps SQLite off the (folder, name) index, which would look up each row and sort them by id.
    private static func photos(
        inRun run: (first: Int64, count: Int), folder id: Int64, path: FilePath, _ db: Database
    ) throws -> [Photo] {
        guard run.count > 0 else { return [] }
        let select = try db.makeStatement(
            sql: "SELECT \(photoColumns) FROM photo WHERE id BETWEEN ? AND ? AND +folder = ? ORDER BY id")
        let rows = try Row.fetchCursor(select, arguments: [run.first, run.first + Int64(run.count) - 1, id])
        let columns = StatementColumns(select)
        var photos: [Photo] = []
        photos.reserveCapacity(run.count)
        while try rows.next() != nil { photos.append(photo(columns, folder: path)) }
        try readKeywords(of: &photos, firstPhoto: run.first, db)
        return photos
    }

    /// Sets the perceptual hashes of `photos`, folder `id`'s from the photo of id `firstPhoto` on, from its rows that
    /// have one, through the index of hashed photos.
    private static func readHashes(of photos: inout [Photo], folder id: Int64, firstPhoto: Int64, _ db: Database) throws
    {
        let select = try db.makeStatement(sql: "SELECT id, hash FROM photo WHERE folder = ? AND hash IS NOT NULL")
        let rows = try Row.fetchCursor(select, arguments: [id])
        let columns = StatementColumns(select)
        while try rows.next() != nil {
            let place = Int64(columns.int(0)) - firstPhoto
            guard place >= 0, place < Int64(photos.count) else { continue }
            photos[Int(place)].perceptualHash = PerceptualHash(bitPattern: Int64(columns.int(1)))
        }
    }

    /// Sets the keywords of `photos`, a folder's from the photo of id `firstPhoto` on, from the keyword table.
    private static func readKeywords(of photos: inout [Photo], firstPhoto: Int64, _ db: Database) throws {
        guard !photos.isEmpty else { return }
        let select = try db.makeStatement(
            sql: "SELECT photo, path FROM keyword WHERE photo BETWEEN ? AND ? ORDER BY photo, rowid")
        let rows = try Row.fetchCursor(select, arguments: [firstPhoto, firstPhoto + Int64(photos.count) - 1])
        while let row = try rows.next() {
            let place = (row[0] as Int64) - firstPhoto
            photos[Int(place)].keywords.append(row[1])
        }
    }

    /// Sets the marks of `photos`, folder `id`'s from its snapshot (the photo of id `firstPhoto` first), from its
    /// rows that have one, through the index of marked photos.
    private static func readMarks(of photos: inout [Photo], folder id: Int64, firstPhoto: Int64, _ db: Database) throws
    {
        let select = try db.makeStatement(
            sql: "SELECT id, rating, rejected FROM photo WHERE folder = ? AND (rating != 0 OR rejected != 0)")
        let rows = try Row.fetchCursor(select, arguments: [id])
        let columns = StatementColumns(select)
        while try rows.next() != nil {
            let place = Int64(columns.int(0)) - firstPhoto
            guard place >= 0, place < Int64(photos.count) else { continue }
            photos[Int(place)].marks = PhotoMarks(rating: columns.int(1), isRejected: columns.int(2) != 0)
        }
    }

    /// Packs the photos of each folder stored before snapshots were kept (an index made by an earlier version) into
    /// its snapshot (`FolderSnapshot`), so that the next launch reads it as one value: at most `limit` folders whose
    /// id comes after `folder`, in one transaction. Returns the last folder's id, from which to go on; `nil` once
    /// there are no more. A folder whose rows are not one run of ids (which `store(_:)` never leaves) is left as it is.
    /// - Throws: as `store(_:)`.
    public func packFoldersWithoutSnapshots(
        after folder: Int64 = 0, limit: Int = 32
    ) throws(LibraryIndexError)
        -> Int64?
    {
        var last: Int64?
        try writing { db in
            let folders = try Row.fetchAll(
                db,
                sql: """
                    SELECT id, path FROM folder
                    WHERE (snapshot IS NULL OR substr(snapshot, 1, 1) = X'01') AND id > ? ORDER BY id LIMIT ?
                    """,
                arguments: [folder, limit])
            for row in folders {
                let id: Int64 = row[0]
                last = id
                guard
                    let ends = try Row.fetchOne(
                        db, sql: "SELECT min(id), max(id), count(*) FROM photo WHERE folder = ?", arguments: [id])
                else { continue }
                let first = ends[0] as Int64? ?? 0
                let count: Int = ends[2]
                guard count == 0 || (ends[1] as Int64? ?? 0) - first + 1 == Int64(count) else { continue }
                let path = FilePath(bytes: (row[1] as Data))
                let photos = try Self.photos(inRun: (first, count), folder: id, path: path, db)
                try db.execute(
                    sql: "UPDATE folder SET firstPhoto = ?, photoCount = ?, snapshot = ? WHERE id = ?",
                    arguments: [first, count, Data(FolderSnapshot.encode(photos.map { IndexedPhoto($0) })), id])
            }
        }
        return last
    }

    /// Stores `folder` and its photos in place of what the index held of it, in one transaction.
    /// - Throws: `LibraryIndexError.writeFailed` (a full disk, a lock held past the busy timeout), `.broken`.
    public func store(_ folder: IndexedFolder) throws(LibraryIndexError) {
        try writing { db in
            try db.execute(
                sql: """
                    INSERT INTO folder (path, device, inode, modified, below) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (path) DO UPDATE SET device = excluded.device, inode = excluded.inode,
                        modified = excluded.modified, below = excluded.below
                    """,
                arguments: [
                    Data(folder.path.bytes), Int64(bitPattern: folder.stamp.device),
                    Int64(bitPattern: folder.stamp.inode), folder.stamp.modified, folder.isWalkedBelow,
                ])
            let id = try Int64.fetchOne(
                db, sql: "SELECT id FROM folder WHERE path = ?", arguments: [Data(folder.path.bytes)])
            let kept = try Self.keptFacts(inFolder: id, db)
            try db.execute(sql: "DELETE FROM photo WHERE folder = ?", arguments: [id])
            // A statement of this transaction's own, not the connection's cache: a cached statement keeps its last
            // arguments for as long as the connection lives (LeakSanitizer reported the last path bound so).
            let insert = try db.makeStatement(sql: Self.insertPhoto)
            let bindings = StatementBindings(insert)
            let insertKeyword = try db.makeStatement(sql: "INSERT INTO keyword (photo, path) VALUES (?, ?)")
            var firstPhoto: Int64?
            for photo in folder.photos {
                let held = kept.facts(of: photo)
                Self.bind(
                    photo, folder: id, shot: photo.photo.header?.shot ?? held?.shot, hash: held?.hash, to: bindings)
                try bindings.execute()
                let photoID = db.lastInsertedRowID
                if firstPhoto == nil { firstPhoto = photoID }
                for keyword in photo.photo.keywords { try insertKeyword.execute(arguments: [photoID, keyword]) }
            }
            try db.execute(
                sql: "UPDATE folder SET firstPhoto = ?, photoCount = ?, snapshot = ? WHERE id = ?",
                arguments: [firstPhoto ?? 0, folder.photos.count, Data(FolderSnapshot.encode(folder.photos)), id])
        }
    }

    /// Notes that the subfolders of the folders at `paths` were all walked, each stored as a folder of its own: a
    /// recursive walk notes it when it ends, so that one killed before leaves its folders to be listed again.
    /// - Throws: as `store(_:)`.
    public func markWalkedBelow(_ paths: [FilePath]) throws(LibraryIndexError) {
        try writing { db in
            let mark = try db.makeStatement(sql: "UPDATE folder SET below = 1 WHERE path = ?")
            for path in paths { try mark.execute(arguments: [Data(path.bytes)]) }
        }
    }

    /// Forgets the folders at `paths` and their photos (gone from disk, or no longer walked).
    /// - Throws: as `store(_:)`.
    public func removeFolders(_ paths: [FilePath]) throws(LibraryIndexError) {
        try writing { db in
            for path in paths {
                try db.execute(sql: "DELETE FROM folder WHERE path = ?", arguments: [Data(path.bytes)])
            }
        }
    }

    /// Notes the perceptual hash of each photo of `hashes` (by its path) that the index holds, in one transaction.
    /// - Throws: as `store(_:)`.
    public func setHashes(_ hashes: [(file: FilePath, hash: PerceptualHash)]) throws(LibraryIndexError) {
        guard !hashes.isEmpty else { return }
        try writing { db in
            let update = try db.makeStatement(
                sql: "UPDATE photo SET hash = ? WHERE name = ? AND folder = (SELECT id FROM folder WHERE path = ?)")
            for (file, hash) in hashes {
                guard let name = file.lastComponent else { continue }
                try update.execute(
                    arguments: [hash.bitPattern, Data(name.bytes), Data(file.removingLastComponent().bytes)])
            }
        }
    }

    /// Notes `marks` on the photo at `path`, as its sidecar now says (the sidecar is written first, and stays the
    /// truth). A photo the index does not hold is left out.
    /// - Throws: as `store(_:)`.
    public func setMarks(_ marks: PhotoMarks, of path: FilePath) throws(LibraryIndexError) {
        guard let name = path.lastComponent else { return }
        try writing { db in
            try db.execute(
                sql: """
                    UPDATE photo SET rating = ?, rejected = ?
                    WHERE name = ? AND folder = (SELECT id FROM folder WHERE path = ?)
                    """,
                arguments: [
                    marks.rating, marks.isRejected, Data(name.bytes),
                    Data(path.removingLastComponent().bytes),
                ])
        }
    }

    /// The camera, lens and exposure, and the perceptual hash, the index holds of the photos of folder `id` that have
    /// them. A launch from a snapshot of version 1 (`FolderSnapshot`) does not read the shots back, and the wall's
    /// photos may not have the hashes of the thumbnails decoded since: a folder stored again keeps them from here for
    /// each file that is the same (its name, size, time and inode), whose EXIF and picture are then the same.
    private static func keptFacts(inFolder id: Int64?, _ db: Database) throws -> KeptFacts {
        var kept = KeptFacts()
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT name, size, modified, inode, camera, lens, exposure, hash FROM photo
                WHERE folder = ? AND (camera IS NOT NULL OR lens IS NOT NULL OR exposure IS NOT NULL
                    OR hash IS NOT NULL)
                """, arguments: [id])
        while let row = try rows.next() {
            let shot = ShotDetails(camera: row[4], lens: row[5], exposure: row[6])
            let hash = (row[7] as Int64?).map(PerceptualHash.init(bitPattern:))
            kept.byName[row[0]] = (size: row[1], modified: row[2], inode: row[3], shot: shot, hash: hash)
        }
        return kept
    }

    /// The camera, lens and exposure, and the hash, the index held of a folder's files, by name.
    private struct KeptFacts {
        var byName: [Data: (size: Int, modified: Double, inode: Int64, shot: ShotDetails?, hash: PerceptualHash?)] =
            [:]

        /// Those of `indexed`, when the index held the same file (the same size, time and inode).
        func facts(of indexed: IndexedPhoto) -> (shot: ShotDetails?, hash: PerceptualHash?)? {
            guard !byName.isEmpty,
                let held = byName[indexed.photo.location.withNameBytes { Data($0) }],
                held.size == indexed.photo.fileSize, held.modified == indexed.photo.modified,
                held.inode == Int64(bitPattern: indexed.inode)
            else { return nil }
            return (held.shot, held.hash)
        }
    }

    /// The photo columns, in the order `photo(_:folder:)` reads them and `bind(_:folder:shot:to:)` binds them. A
    /// launch reads them only for a folder without a snapshot (`FolderSnapshot`), which holds them all but the marks.
    static let photoColumns =
        "name, size, modified, inode, format, width, height, orientation, taken, duration, rating, rejected, error, "
        + "camera, lens, exposure, hash"
    /// The statement that inserts a photo: its folder's id, then `photoColumns`.
    static let insertPhoto =
        "INSERT INTO photo (folder, \(photoColumns)) VALUES (?"
        + String(repeating: ", ?", count: photoColumns.split(separator: ",").count) + ")"

    /// The photo of a row of `photoColumns`, in `folder`. A header or an error that no longer reads (a format or an
    /// error of another version) leaves the photo to be read again.
    static func photo(_ columns: StatementColumns, folder: FilePath) -> Photo {
        let location = columns.withBytes(0) { FileLocation(folder: folder, nameBytes: $0) }
        var header: ImageHeader?
        if let format = columns.text(4).flatMap(ImageFormat.init(rawValue:)) {
            header = ImageHeader(
                format: format, width: columns.int(5), height: columns.int(6),
                orientation: ExifOrientation(rawValue: columns.int(7)) ?? .up,
                exifDate: columns.isNull(8) ? nil : columns.withBytes(8, ExifDateText.init(bytes:)),
                duration: columns.isNull(9) ? nil : columns.double(9))
            header?.shot = ShotDetails(camera: columns.text(13), lens: columns.text(14), exposure: columns.text(15))
        }
        var error: PhotoError?
        if header == nil && !columns.isNull(12) { error = columns.withBytes(12) { PhotoError(encoded: [UInt8]($0)) } }
        var photo = Photo(
            location: location, fileSize: columns.int(1), modified: columns.double(2),
            inode: UInt64(bitPattern: Int64(columns.int(3))), header: header, error: error)
        photo.marks = PhotoMarks(rating: columns.int(10), isRejected: columns.int(11) != 0)
        if !columns.isNull(16) { photo.perceptualHash = PerceptualHash(bitPattern: Int64(columns.int(16))) }
        return photo
    }

    /// Binds the folder's id, then the values of `photoColumns` for `indexed` (its camera, lens and exposure those of
    /// `shot`, its perceptual hash its own or else `hash`), to the parameters of `bindings` (an insert of
    /// `insertPhoto`). An error that is not the file's own (a
    /// timeout, a crash) is not kept: the photo is read again next time.
    static func bind(
        _ indexed: IndexedPhoto, folder: Int64?, shot: ShotDetails?, hash: PerceptualHash? = nil,
        to bindings: StatementBindings
    ) {
        let photo = indexed.photo
        let header = photo.header
        bindings.bind(folder.map(Int.init), at: 1)
        photo.location.withNameBytes { bindings.bind(bytes: $0, at: 2) }
        bindings.bind(photo.fileSize, at: 3)
        bindings.bind(photo.modified, at: 4)
        bindings.bind(Int(Int64(bitPattern: indexed.inode)), at: 5)
        bindings.bind(header?.format.rawValue, at: 6)
        bindings.bind(header?.width, at: 7)
        bindings.bind(header?.height, at: 8)
        bindings.bind(header?.orientation.rawValue, at: 9)
        bindings.bind(header?.dateTaken, at: 10)
        bindings.bind(header?.duration, at: 11)
        bindings.bind(photo.marks.rating, at: 12)
        bindings.bind(photo.marks.isRejected ? 1 : 0, at: 13)
        if let error = photo.error, error.isTheFilesOwn {
            error.encoded.withUnsafeBytes { bindings.bind(bytes: $0, at: 14) }
        } else {
            bindings.bindNull(at: 14)
        }
        bindings.bind(shot?.camera, at: 15)
        bindings.bind(shot?.lens, at: 16)
        bindings.bind(shot?.exposure, at: 17)
        bindings.bind((photo.perceptualHash ?? hash).map { Int($0.bitPattern) }, at: 18)
    }

    /// `body`'s result on a reader connection; its errors as `LibraryIndexError`.
    func reading<Result>(_ body: (Database) throws -> Result) throws(LibraryIndexError) -> Result {
        do {
            return try database.read(body)
        } catch {
            throw Self.isBroken(error)
                ? .broken(file, reason: Self.reason(error)) : .unusable(file, reason: Self.reason(error))
        }
    }

    /// `body` run in one write transaction; its errors as `LibraryIndexError`.
    func writing(_ body: (Database) throws -> Void) throws(LibraryIndexError) {
        do {
            try database.write(body)
        } catch {
            throw Self.isBroken(error)
                ? .broken(file, reason: Self.reason(error)) : .writeFailed(file, reason: Self.reason(error))
        }
    }
}
