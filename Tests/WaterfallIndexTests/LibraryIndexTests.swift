import Foundation
import PhotoTestSupport
import SystemPackage
import Testing
import WaterfallPhotos

@testable import WaterfallIndex

/// The library index in-process: what is stored reads back the same, and every fault (garbage, a file cut short, a
/// newer schema, a read-only or full disk, another process's lock) gives its named error and leaves a usable index or
/// none, never a crash.
struct LibraryIndexTests {
    let scratch = try! GeneratedImages()

    var indexFile: FilePath { FilePath(scratch.path("cache/waterfall/library.sqlite")) }

    /// A folder of photos in `path`: a JPEG with marks and a date (and a camera and an exposure, `withShot`), a video, a truncated file, one whose read timed
    /// out, and a name that is not UTF-8.
    func folder(_ path: String, modified: Double = 1_700_000_000, withShot: Bool = false) -> IndexedFolder {
        func photo(_ name: [UInt8], header: ImageHeader?, error: PhotoError? = nil) -> Photo {
            Photo(
                path: FilePath(bytes: Array(path.utf8) + [UInt8(ascii: "/")] + name), fileSize: 1000 + name.count,
                modified: modified, header: header, error: error)
        }
        var shot = ImageHeader(
            format: .jpeg, width: 4000, height: 3000, orientation: .right, dateTaken: "2023:07:14 10:00:00")
        if withShot {
            shot.shot = ShotDetails(camera: "FUJIFILM X-T4", lens: nil, exposure: "1/250 s · f/2.8 · ISO 400")
        }
        var rated = photo(Array("IMG_0001.jpg".utf8), header: shot)
        rated.marks = PhotoMarks(rating: 4)
        rated.keywords = ["places/sea/beach", "dog"]
        var rejected = photo(
            Array("clip.mp4".utf8), header: ImageHeader(format: .video, width: 1920, height: 1080, duration: 12.5))
        rejected.marks = PhotoMarks(isRejected: true)
        var cut = photo(Array("cut.png".utf8), header: nil, error: .truncated(.png))
        cut.keywords = ["zebra", "Été/août"]
        return IndexedFolder(
            path: FilePath(path), stamp: FolderStamp(device: 2049, inode: 77, modified: modified),
            photos: [
                IndexedPhoto(rated, inode: 101), IndexedPhoto(rejected, inode: 102),
                IndexedPhoto(cut, inode: 103),
                IndexedPhoto(
                    photo(
                        [0x66, 0xFF, 0x2E, 0x6A, 0x70, 0x67], header: ImageHeader(format: .jpeg, width: 1, height: 2)),
                    inode: 104),
            ])
    }

    @Test func aStoredFolderReadsBackAsItWasStored() throws {
        let (index, setAside) = try LibraryIndex.open(at: indexFile)
        #expect(setAside == nil)
        let stored = folder("/photos/2023/07")
        try index.store(stored)
        try index.store(folder("/elsewhere/x"))
        #expect(try index.folders(under: [FilePath("/photos")]) == [stored])
        #expect(
            try Set(index.folders(under: [FilePath("/")]).map(\.path)) == [
                FilePath("/photos/2023/07"), FilePath("/elsewhere/x"),
            ])
    }

    @Test func aLaunchReadsTheFoldersFirstThenEachOnesPhotosAlone() throws {
        let (index, _) = try LibraryIndex.open(at: indexFile)
        let july = folder("/photos/2023/07")
        let august = folder("/photos/2023/08", modified: 1_800_000_000)
        try index.store(july)
        try index.store(august)
        try index.store(folder("/elsewhere/x"))
        let folders = try index.foldersWithoutPhotos(under: [FilePath("/photos")]).sorted {
            $0.path.string < $1.path.string
        }
        #expect(folders.map(\.path) == [july.path, august.path])
        #expect(folders.map(\.stamp) == [july.stamp, august.stamp])
        #expect(folders.allSatisfy { $0.photos.isEmpty })
        #expect(try index.photos(in: august.path) == august.photos.map(\.photo))
        #expect(try index.photos(in: FilePath("/photos/2023")) == [])
    }

    /// The index file's answer to `sql`, as Python's sqlite3 prints it.
    func query(_ sql: String) throws -> String {
        try TestTool.run([
            "python3", "-c",
            "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); print(c.execute(sys.argv[2]).fetchall())",
            indexFile.string, sql,
        ]).output
    }

    /// Runs `sql` (statements separated by semicolons) on the index file, as another program.
    func change(_ sql: String) throws {
        try TestTool.run([
            "python3", "-c",
            "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.executescript(sys.argv[2]); c.commit()",
            indexFile.string, sql,
        ])
    }

    /// A folder stored by the first schema, which kept no run of photo ids and no snapshot, reads back through its
    /// photos' ids once the index is migrated; it keeps its run and snapshot when stored again or packed.
    @Test func aFolderStoredBeforeRunsAndSnapshotsWereKeptReadsBackTheSameAndIsPacked() throws {
        let june = folder("/photos/2023/06")
        let july = folder("/photos/2023/07")
        do {
            let (index, _) = try LibraryIndex.open(at: indexFile)
            try index.store(june)
            try index.store(july)
            try index.setMarks(PhotoMarks(rating: 1), of: FilePath("/photos/2023/06/clip.mp4"))
        }
        // Back to the first schema, as an index written before v2 is.
        try change(
            """
            DROP INDEX photo_marked; ALTER TABLE folder DROP COLUMN snapshot;
            ALTER TABLE folder DROP COLUMN firstPhoto; ALTER TABLE folder DROP COLUMN photoCount;
            DELETE FROM grdb_migrations WHERE identifier LIKE 'v2:%' OR identifier LIKE 'v3:%'
            """)
        var marked = june.photos.map(\.photo)
        marked[1].marks = PhotoMarks(rating: 1)
        let (index, setAside) = try LibraryIndex.open(at: indexFile)
        #expect(setAside == nil)
        #expect(try index.photos(in: july.path) == july.photos.map(\.photo))
        #expect(try index.photos(in: june.path) == marked)
        try index.store(july)
        #expect(try query("SELECT photoCount, snapshot IS NULL FROM folder ORDER BY path") == "[(None, 1), (4, 0)]\n")
        let juneID = try query("SELECT id FROM folder WHERE path = CAST('/photos/2023/06' AS BLOB)")
        #expect(try index.packFoldersWithoutSnapshots(limit: 1).map { "[(\($0),)]\n" } == juneID)
        #expect(try index.packFoldersWithoutSnapshots(after: 0) == nil)
        #expect(try query("SELECT photoCount, snapshot IS NULL FROM folder ORDER BY path") == "[(4, 0), (4, 0)]\n")
        #expect(try index.photos(in: july.path) == july.photos.map(\.photo))
        #expect(try index.photos(in: june.path) == marked)
    }

    /// A launch reads a folder's photos from its snapshot, and their marks from the rows, where they change alone.
    @Test func aLaunchReadsTheSnapshotAndTheMarksOfTheRows() throws {
        let (index, _) = try LibraryIndex.open(at: indexFile)
        let stored = folder("/photos")
        try index.store(stored)
        try index.setMarks(PhotoMarks(rating: 5), of: FilePath("/photos/cut.png"))
        try index.setMarks(PhotoMarks(), of: FilePath("/photos/IMG_0001.jpg"))
        // Another program changes a row's size, which a launch does not read: the snapshot's is read.
        try change("UPDATE photo SET size = 7")
        var expected = stored.photos.map(\.photo)
        expected[0].marks = PhotoMarks()
        expected[2].marks = PhotoMarks(rating: 5)
        #expect(try index.photos(in: stored.path) == expected)
        #expect(
            try query("EXPLAIN QUERY PLAN SELECT id FROM photo WHERE folder = 1 AND (rating != 0 OR rejected != 0)")
                .contains("USING INDEX photo_marked"))
    }

    /// A snapshot that is not one (garbage, cut short) or does not match its folder's run leaves the launch to read
    /// the rows.
    @Test(arguments: [
        "snapshot = X'00'", "snapshot = substr(snapshot, 1, length(snapshot) - 1)", "photoCount = 3",
        "snapshot = zeroblob(300)", "snapshot = X'01' || zeroblob(40)",
    ])
    func aSnapshotThatIsNoneOfItsFolderIsLeftForTheRows(damage: String) throws {
        let (index, _) = try LibraryIndex.open(at: indexFile)
        let stored = folder("/photos")
        try index.store(stored)
        try change("UPDATE folder SET \(damage)")
        let photos = try index.photos(in: stored.path)
        #expect(photos.prefix(3) == stored.photos.prefix(3).map(\.photo)[...])
    }

    /// The camera, lens and exposure the walk read are kept in the rows and read back from the snapshot; a folder
    /// stored again keeps them; a file read again without them loses them. A folder whose snapshot is of version 1
    /// (which had no shots) keeps each same file's from its rows when stored again, and is packed anew.
    @Test func aPhotosCameraIsKeptAcrossStoresOfItsFolderUntilItsFileChanges() throws {
        let (index, _) = try LibraryIndex.open(at: indexFile)
        try index.store(folder("/photos", withShot: true))
        func cameras() throws -> String {
            try TestTool.run([
                "python3", "-c",
                "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
                    + "print(c.execute('SELECT group_concat(ifnull(camera, \\'-\\') || \\'/\\' || "
                    + "ifnull(exposure, \\'-\\'), \\'|\\') FROM photo ORDER BY id').fetchone()[0])",
                indexFile.string,
            ]).output
        }
        let stored = "FUJIFILM X-T4/1/250 s · f/2.8 · ISO 400|-/-|-/-|-/-\n"
        #expect(try cameras() == stored)
        var read = try #require(try index.folders(under: [FilePath("/photos")]).first)
        #expect(read == folder("/photos", withShot: true))
        #expect(read.photos[0].photo.header?.shot?.iso == 400)
        // The rows alone, as an index without snapshots has them, read the same.
        try change("UPDATE folder SET snapshot = NULL")
        #expect(try index.folders(under: [FilePath("/photos")]).first == read)
        // A version 1 snapshot has no shots: the folder stored again from its photos keeps its rows' shot.
        try index.store(read)
        let version1 = FolderSnapshot.encode(read.photos, layout: 1).map { String(format: "%02X", $0) }.joined()
        try change("UPDATE folder SET snapshot = X'\(version1)'")
        #expect(try index.photos(in: FilePath("/photos")).first?.header?.shot == nil)
        var withoutShots = read
        withoutShots.photos[0].photo.header?.shot = nil
        try index.store(withoutShots)
        #expect(try cameras() == stored)
        // The file changed and was read again without an EXIF camera: it has none.
        read.photos[0].photo.fileSize += 1
        read.photos[0].photo.header?.shot = nil
        try index.store(read)
        #expect(try cameras() == "-/-|-/-|-/-|-/-\n")
    }

    @Test func anErrorThatIsNotTheFilesOwnIsNotKeptSoThePhotoIsReadAgain() throws {
        let (index, _) = try LibraryIndex.open(at: indexFile)
        var stored = folder("/photos")
        stored.photos[2].photo.error = .timedOut(.video, seconds: 10)
        try index.store(stored)
        let read = try #require(try index.folders(under: [FilePath("/photos")]).first)
        #expect(read.photos[2].photo.error == nil && read.photos[2].photo.header == nil)
    }

    @Test func storingAFolderAgainReplacesItsPhotosAndRemovingItForgetsThem() throws {
        let (index, _) = try LibraryIndex.open(at: indexFile)
        try index.store(folder("/photos"))
        var again = folder("/photos", modified: 1_800_000_000)
        again.photos.removeFirst(2)
        try index.store(again)
        #expect(try index.folders(under: [FilePath("/photos")]) == [again])
        try index.removeFolders([FilePath("/photos")])
        #expect(try index.folders(under: [FilePath("/photos")]) == [])
    }

    /// Keywords read back in their XMP's order, from a snapshot's folder and from its rows; a folder stored again or
    /// forgotten takes its photos' keywords with it.
    @Test func keywordsReadBackInTheirOrderAndGoWithTheirPhotos() throws {
        let (index, _) = try LibraryIndex.open(at: indexFile)
        let stored = folder("/photos")
        try index.store(stored)
        #expect(
            try index.photos(in: stored.path).map(\.keywords) == [
                ["places/sea/beach", "dog"], [], ["zebra", "Été/août"], [],
            ])
        try change("UPDATE folder SET snapshot = NULL")
        #expect(
            try index.photos(in: stored.path).map(\.keywords) == [
                ["places/sea/beach", "dog"], [], ["zebra", "Été/août"], [],
            ])
        var again = stored
        again.photos[0].photo.keywords = ["cat"]
        again.photos[2].photo.keywords = []
        try index.store(again)
        #expect(try query("SELECT path FROM keyword") == "[('cat',)]\n")
        try index.removeFolders([stored.path])
        #expect(try query("SELECT count(*) FROM keyword") == "[(0,)]\n")
        #expect(
            try query("EXPLAIN QUERY PLAN SELECT photo FROM keyword WHERE path = 'dog'").contains(
                "USING INDEX keyword_path"))
    }

    /// Perceptual hashes are noted on their own, read back from the snapshot's folder and from the rows, kept when the
    /// folder is stored again from photos without them (the same files), and lost with a file that changed.
    @Test func hashesAreNotedReadBackAndKeptForTheSameFiles() throws {
        let (index, _) = try LibraryIndex.open(at: indexFile)
        let stored = folder("/photos")
        try index.store(stored)
        let hashes = [
            (FilePath("/photos/IMG_0001.jpg"), PerceptualHash(bits: 0xF0F0_0000_0000_0001)),
            (FilePath("/photos/clip.mp4"), PerceptualHash(bits: 0)), (FilePath("/elsewhere/x.jpg"), .init(bits: 7)),
        ]
        try index.setHashes(hashes)
        let expected: [PerceptualHash?] = [
            PerceptualHash(bits: 0xF0F0_0000_0000_0001), PerceptualHash(bits: 0), nil, nil,
        ]
        #expect(try index.photos(in: stored.path).map(\.perceptualHash) == expected)
        try change("UPDATE folder SET snapshot = NULL")
        #expect(try index.photos(in: stored.path).map(\.perceptualHash) == expected)
        var again = stored
        try index.store(again)  // the wall's photos, without the hashes noted since: kept
        #expect(try index.photos(in: stored.path).map(\.perceptualHash) == expected)
        again.photos[0].photo.fileSize += 1
        try index.store(again)
        #expect(try index.photos(in: stored.path).map(\.perceptualHash) == [nil, PerceptualHash(bits: 0), nil, nil])
        #expect(
            try query("EXPLAIN QUERY PLAN SELECT id, hash FROM photo WHERE folder = 1 AND hash IS NOT NULL")
                .contains("USING INDEX photo_hashed"))
    }

    @Test func marksAreNotedOnTheStoredPhoto() throws {
        let (index, _) = try LibraryIndex.open(at: indexFile)
        try index.store(folder("/photos"))
        try index.setMarks(PhotoMarks(rating: 2, isRejected: true), of: FilePath("/photos/IMG_0001.jpg"))
        let read = try #require(try index.folders(under: [FilePath("/photos")]).first)
        #expect(read.photos[0].photo.marks == PhotoMarks(rating: 2, isRejected: true))
    }

    @Test func anIndexKeepsWhatWasStoredWhenOpenedAgain() throws {
        do {
            let (index, _) = try LibraryIndex.open(at: indexFile)
            try index.store(folder("/photos"))
        }
        let (index, setAside) = try LibraryIndex.open(at: indexFile)
        #expect(setAside == nil)
        #expect(try index.folders(under: [FilePath("/photos")]) == [folder("/photos")])
    }

    @Test func garbageBytesAreSetAsideAndANewIndexIsMade() throws {
        try FileManager.default.createDirectory(
            atPath: indexFile.removingLastComponent().string, withIntermediateDirectories: true)
        let garbage = Array("this is no database, but a note someone left".utf8) + [UInt8](repeating: 0x5A, count: 5000)
        try Data(garbage).write(to: URL(fileURLWithPath: indexFile.string))
        let (index, setAside) = try LibraryIndex.open(at: indexFile)
        #expect(
            setAside
                == .setAside(
                    indexFile, movedTo: FilePath(indexFile.string + ".broken"), reason: "not an SQLite database"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: indexFile.string + ".broken")) == Data(garbage))
        try index.store(folder("/photos"))
        #expect(try index.folders(under: [FilePath("/photos")]).count == 1)
    }

    @Test func anIndexCutShortIsSetAsideAndANewIndexIsMade() throws {
        do {
            let (index, _) = try LibraryIndex.open(at: indexFile)
            for month in 1...40 { try index.store(folder("/photos/\(month)")) }
        }
        let whole = try Data(contentsOf: URL(fileURLWithPath: indexFile.string))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: indexFile.string))
        let (index, setAside) = try LibraryIndex.open(at: indexFile)
        guard case .setAside(_, _, let reason) = setAside else {
            Issue.record("not set aside: \(String(describing: setAside))")
            return
        }
        #expect(reason == "cut short: \(whole.count / 2) of its \(whole.count) bytes")
        #expect(try index.folders(under: [FilePath("/")]) == [])
        #expect(setAside?.description.hasPrefix("the library index \(indexFile) was broken (cut short") == true)
    }

    @Test func anIndexFromANewerSchemaIsLeftAsItIs() throws {
        do {
            let (index, _) = try LibraryIndex.open(at: indexFile)
            try index.store(folder("/photos"))
        }
        try TestTool.run([
            "python3", "-c",
            "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
                + "c.execute(\"INSERT INTO grdb_migrations VALUES ('v9: from the future')\"); c.commit()",
            indexFile.string,
        ])
        #expect(throws: LibraryIndexError.newerSchema(indexFile)) { try LibraryIndex.open(at: indexFile) }
        // Nothing was migrated, moved or removed: the newer version finds its index whole.
        let left = try TestTool.run([
            "python3", "-c",
            "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
                + "print(c.execute('SELECT group_concat(identifier, \\'|\\') FROM grdb_migrations').fetchone()[0], "
                + "c.execute('SELECT count(*) FROM photo').fetchone()[0])",
            indexFile.string,
        ])
        #expect(
            left.output
                == "v1: folders and photos|v2: each folder's run of photo ids|v3: each folder's photos in one blob|v4: keywords|"
                + "v5: perceptual hashes|"
                + "v9: from the future 4\n")
        #expect(
            LibraryIndexError.newerSchema(indexFile).description
                == "the library index \(indexFile) is from a newer version; not using it")
    }

    @Test func aReadOnlyCacheFolderIsNamedWithItsReason() throws {
        let mount = try ScratchMount()
        try mount.makeReadOnly()
        let file = mount.file("waterfall/library.sqlite")
        let error = #expect(throws: LibraryIndexError.self) { try LibraryIndex.open(at: file) }
        #expect(error == .unusable(file, reason: "its folder cannot be made: Read-only file system"))
    }

    @Test func aFullDiskFailsTheWriteWithItsReasonAndKeepsWhatWasStored() throws {
        let mount = try ScratchMount(kilobytes: 256)
        let file = mount.file("library.sqlite")
        let (index, _) = try LibraryIndex.open(at: file)
        try index.store(folder("/photos"))
        var huge = folder("/huge")
        huge.photos = (0..<5_000).map { number in
            IndexedPhoto(Photo(path: FilePath("/h/\(number).jpg"), fileSize: number, modified: 0, header: nil))
        }
        let error = #expect(throws: LibraryIndexError.self) { try index.store(huge) }
        #expect(error == .writeFailed(file, reason: "database or disk is full"))
        #expect(try index.folders(under: [FilePath("/")]) == [folder("/photos")])
    }

    @Test func anIndexLockedByAnotherProcessFailsTheWriteAfterTheBusyTimeout() throws {
        let (index, _) = try LibraryIndex.open(at: indexFile, busyTimeout: 0.1)
        try index.store(folder("/photos"))
        // Another process holds the write lock until its standard input closes.
        let locker = Process()
        locker.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        locker.arguments = [
            "-c",
            "import sqlite3, sys; c = sqlite3.connect(sys.argv[1], isolation_level=None); "
                + "c.execute('BEGIN IMMEDIATE'); print('locked', flush=True); sys.stdin.read()",
            indexFile.string,
        ]
        let input = Pipe()
        let output = Pipe()
        locker.standardInput = input
        locker.standardOutput = output
        try locker.run()
        defer {
            try? input.fileHandleForWriting.close()
            locker.waitUntilExit()
        }
        #expect(String(decoding: output.fileHandleForReading.readData(ofLength: 7), as: UTF8.self) == "locked\n")
        let error = #expect(throws: LibraryIndexError.self) { try index.store(folder("/more")) }
        #expect(error == .writeFailed(indexFile, reason: "database is locked"))
        // Readers do not wait for the writer (WAL).
        #expect(try index.folders(under: [FilePath("/")]) == [folder("/photos")])
    }
}
