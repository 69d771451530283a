import Foundation
import PhotoTestSupport
import Synchronization
import SystemPackage
import Testing
import WaterfallIndex
import WaterfallPhotos

@testable import WaterfallLibrary

/// A launch's reads of the index: a thread reads the folders' photos ahead of the walk's thread, which takes them in
/// the walk's order; a folder the index cannot give is left to the reconcile, and so is every folder after it.
struct IndexKeeperTests {
    let scratch = try! GeneratedImages()

    var indexFile: FilePath { FilePath(scratch.path("cache/waterfall/library.sqlite")) }

    /// Folder `number` of a library, with `count` photos stored against the natural order of their names.
    static func folder(_ number: Int, count: Int) -> IndexedFolder {
        let path = FilePath("/photos/\(2000 + number)")
        let photos = (1...count).reversed().map { photo in
            IndexedPhoto(
                Photo(
                    path: path.appending("IMG_\(photo).jpg"), fileSize: 1000 + photo, modified: 1_700_000_000,
                    header: ImageHeader(format: .jpeg, width: 400, height: 300)),
                inode: UInt64(number * 1000 + photo))
        }
        return IndexedFolder(
            path: path, stamp: FolderStamp(device: 1, inode: UInt64(number), modified: 1), photos: photos)
    }

    @Test func eachFolderReadAheadComesInTheWalksOrderWithItsPhotosSorted() throws {
        let (index, _) = try LibraryIndex.open(at: indexFile)
        let folders = (1...12).map { Self.folder($0, count: $0 * 3) }
        for folder in folders.reversed() { try index.store(folder) }
        let warnings = Mutex<[String]>([])
        let keeper = IndexKeeper(index, recursive: true) { warning in warnings.withLock { $0.append(warning) } }
        let held = keeper.indexedFolders(roots: [FilePath("/photos")])
        #expect(held.map(\.path) == folders.map(\.path))
        keeper.readAhead(held.map(\.path), order: .name)
        for folder in folders {
            let photos = try #require(keeper.photos(in: folder.path, order: .name))
            #expect(photos.map(\.name) == (1...folder.photos.count).map { "IMG_\($0).jpg" })
            #expect(photos == folder.photos.map(\.photo).reversed())
        }
        #expect(warnings.withLock { $0 } == [])
    }

    /// Two folders ahead at most: each comes once, in order, then none; after a failure, none either.
    @Test func aReadAheadGivesEachFolderOnceInOrderAndNothingAfterTheLastOrAFailure() throws {
        let (index, _) = try LibraryIndex.open(at: indexFile)
        let folders = (1...5).map { Self.folder($0, count: 3) }
        for folder in folders { try index.store(folder) }
        let reads = IndexReadAhead(index, folders: folders.map(\.path), order: .name, ahead: 2)
        for folder in folders {
            #expect(!reads.isDone)
            let (path, read) = try #require(reads.next())
            #expect(path == folder.path)
            #expect(try read.get() == folder.photos.map(\.photo).reversed())
        }
        #expect(reads.isDone)
        #expect(reads.next() == nil)

        let missing = IndexReadAhead(index, folders: [FilePath("/photos/2001"), FilePath("/elsewhere")], order: .name)
        #expect(try missing.next()?.read.get().count == 3)
        #expect(try missing.next()?.read.get() == [])  // a folder the index does not hold has no photos in it
        #expect(missing.next() == nil)
        try TestTool.run([
            "python3", "-c",
            "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute('DROP TABLE photo'); c.commit()",
            indexFile.string,
        ])
        let failing = IndexReadAhead(index, folders: folders.map(\.path), order: .name)
        guard case .failure = try #require(failing.next()).read else {
            Issue.record("a folder read from a photo table gone")
            return
        }
        #expect(failing.isDone)
        #expect(failing.next() == nil)
    }

    /// A photo table gone ("cannot use the library index") or pages of garbage ("was broken": set aside and made
    /// anew, empty): either way no folder of the launch comes from the index, and the fault is said once.
    @Test(arguments: [
        ("DROP TABLE photo", "cannot use the library index"),
        ("GARBAGE", "was broken"),
    ])
    func aFolderTheIndexCannotGiveLeavesItAndEveryLaterFolderToTheReconcile(
        fault: String, said expected: String
    )
        throws
    {
        let (index, _) = try LibraryIndex.open(at: indexFile)
        let folders = (1...6).map { Self.folder($0, count: 400) }
        for folder in folders { try index.store(folder) }
        let warnings = Mutex<[String]>([])
        let keeper = IndexKeeper(index, recursive: true) { warning in warnings.withLock { $0.append(warning) } }
        let held = keeper.indexedFolders(roots: [FilePath("/photos")])
        #expect(held.count == folders.count)
        // Garbage: every page but the first (the schema's), once the log is in the file.
        let fault =
            fault == "GARBAGE"
            ? "c.execute('PRAGMA wal_checkpoint(TRUNCATE)'); c.close(); f = open(sys.argv[1], 'r+b'); "
                + "size = f.seek(0, 2); f.seek(4096); f.write(b'\\xa5' * (size - 4096)); f.close()"
            : "c.execute('\(fault)'); c.commit()"
        try TestTool.run([
            "python3", "-c", "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); " + fault, indexFile.string,
        ])
        keeper.readAhead(held.map(\.path), order: .name)
        for folder in folders { #expect(keeper.photos(in: folder.path, order: .name) == nil) }
        let said = warnings.withLock { $0 }
        #expect(said.count == 1, "\(said)")
        #expect(said.first?.contains(expected) == true, "\(said)")
    }
}
