import Foundation
import PhotoTestSupport
import Synchronization
import SystemPackage
import Testing
import WaterfallIndex
import WaterfallPhotos

@testable import WaterfallLibrary

/// The index's writes on their own thread: all of them, in order, once the walk waits for them; a fault said once,
/// a broken index made anew and written on.
struct IndexWriterTests {
    let scratch = try! GeneratedImages()

    var indexFile: FilePath { FilePath(scratch.path("cache/waterfall/library.sqlite")) }

    @Test func everyWriteHandedOverIsDoneInOrderOnceItIsWaitedFor() throws {
        let (index, _) = try LibraryIndex.open(at: indexFile)
        let warnings = Mutex<[String]>([])
        let writer = IndexWriter(index, pending: 2) { warning in warnings.withLock { $0.append(warning) } }
        let folders = (1...30).map { IndexKeeperTests.folder($0, count: 5) }
        for folder in folders { writer.write { (index) throws(LibraryIndexError) in try index.store(folder) } }
        // The last write undoes the first's folder: they ran in the order they were handed over.
        writer.write { (index) throws(LibraryIndexError) in try index.removeFolders([folders[0].path]) }
        writer.waitUntilWritten()
        #expect(try index.folders(under: [FilePath("/photos")]) == Array(folders.dropFirst()))
        #expect(warnings.withLock { $0 } == [])
    }

    @Test func aBrokenIndexIsMadeAnewOnceAndTheWritesAfterItGoThere() throws {
        let (index, _) = try LibraryIndex.open(at: indexFile)
        for number in 1...6 { try index.store(IndexKeeperTests.folder(number, count: 400)) }
        try TestTool.run([
            "python3", "-c",
            "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute('PRAGMA wal_checkpoint(TRUNCATE)'); "
                + "c.close(); f = open(sys.argv[1], 'r+b'); size = f.seek(0, 2); f.seek(4096); "
                + "f.write(b'\\xa5' * (size - 4096)); f.close()",
            indexFile.string,
        ])
        let warnings = Mutex<[String]>([])
        let writer = IndexWriter(index) { warning in warnings.withLock { $0.append(warning) } }
        for number in 7...9 {
            let folder = IndexKeeperTests.folder(number, count: 2)
            writer.write { (index) throws(LibraryIndexError) in try index.store(folder) }
        }
        writer.waitUntilWritten()
        let said = warnings.withLock { $0 }
        #expect(said.count == 1 && said.first?.contains("was broken") == true, "\(said)")
        let (reopened, setAside) = try LibraryIndex.open(at: indexFile)
        #expect(setAside == nil)
        #expect(
            try reopened.folders(under: [FilePath("/photos")]).map(\.path)
                == [8, 9].map { FilePath("/photos/\(2000 + $0)") })
    }
}
