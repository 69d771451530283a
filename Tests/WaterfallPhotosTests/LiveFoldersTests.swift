import Foundation
import PhotoTestSupport
import SystemPackage
import Testing

@testable import WaterfallPhotos

/// The live folders: what a change of files becomes in batch-update indices, the watcher's events from real file
/// operations, and a burst gathered into one wait.
struct LiveFoldersTests {
    /// A folder with PNG headers of `sizes` bytes padded (the size order is the list's), walked into `LiveFolders`.
    private func walked(_ names: [String: Int], order: PhotoOrder) throws -> (GeneratedImages, LiveFolders) {
        let images = try GeneratedImages()
        for (name, size) in names { try write(name, bytes: size, in: images) }
        var folders = LiveFolders(order: order)
        PhotoWalker(paths: [images.folder.path], order: order).walk { folders.add($0) }
        return (images, folders)
    }

    private func write(_ name: String, bytes: Int, in images: GeneratedImages) throws {
        let header = HeaderBytes.png(width: 10, height: 20)
        try images.write(header + [UInt8](repeating: 0, count: bytes - header.count), to: name)
    }

    private func changes(_ names: Set<String>, in images: GeneratedImages) -> FolderWatcher.Changes {
        var changes = FolderWatcher.Changes()
        changes.names[FilePath(images.folder.path)] = Set(names.map { FilePath.Component($0)! })
        return changes
    }

    @Test func aNewPhotoIsInsertedInItsSortedPlaceAndAGoneOneDeleted() throws {
        var (images, folders) = try walked(["img2.png": 100, "img10.png": 100], order: .name)
        try write("img3.png", bytes: 100, in: images)
        try FileManager.default.removeItem(atPath: images.path("img10.png"))
        try images.write(Array("not a photo".utf8), to: "img1.png")
        let updates = folders.update(changes(["img3.png", "img10.png", "img1.png"], in: images))
        #expect(updates.map(\.deleted) == [[1]])
        #expect(updates.map(\.inserted) == [[1]])
        #expect(updates.map(\.reloaded) == [[]])
        #expect(updates.first?.photos.map(\.name) == ["img2.png", "img3.png"])
        // The same names again: nothing changed since.
        #expect(folders.update(changes(["img3.png", "img10.png", "img1.png"], in: images)).isEmpty)
    }

    @Test func aReplacedPhotoIsReloadedInPlaceOrMovedWhenItsSortKeyMoved() throws {
        var (images, folders) = try walked(["a.png": 100, "b.png": 200, "c.png": 300], order: .size)
        try write("b.png", bytes: 250, in: images)  // still between a and c
        var updates = folders.update(changes(["b.png"], in: images))
        #expect(updates.map(\.reloaded) == [[1]])
        #expect(updates.map(\.deleted) == [[]])
        #expect(updates.first?.photos.map(\.fileSize) == [100, 250, 300])
        try write("b.png", bytes: 400, in: images)  // now after c
        updates = folders.update(changes(["b.png"], in: images))
        #expect(updates.map(\.deleted) == [[1]])
        #expect(updates.map(\.inserted) == [[2]])
        #expect(updates.map(\.reloaded) == [[]])
        #expect(updates.first?.photos.map(\.name) == ["a.png", "c.png", "b.png"])
    }

    @Test func anOverflowLooksAtEveryFileAndARemovedFolderLosesAll() throws {
        var (images, folders) = try walked(["a.png": 100, "b.png": 100], order: .name)
        try write("c.png", bytes: 100, in: images)
        try FileManager.default.removeItem(atPath: images.path("a.png"))
        var overflow = FolderWatcher.Changes()
        overflow.overflowed = true
        let updates = folders.update(overflow)
        #expect(updates.map(\.deleted) == [[0]])
        #expect(updates.map(\.inserted) == [[1]])
        var removed = FolderWatcher.Changes()
        removed.removedFolders = [FilePath(images.folder.path)]
        #expect(
            folders.update(removed) == [
                FolderUpdate(
                    folder: FilePath(images.folder.path), photos: [], deleted: [0, 1], inserted: [],
                    reloaded: [], folderRemoved: true)
            ])
        #expect(folders.folders.isEmpty)
    }

    @Test func theWatcherNamesWhatFileOperationsChangedAndGathersABurst() throws {
        let images = try GeneratedImages()
        let folder = images.folder.path
        let watcher = try FolderWatcher()
        try watcher.watch(FilePath(folder))
        #expect(watcher.waitForChanges(timeout: 0).isEmpty)
        for number in 0..<50 { try write("burst\(number).png", bytes: 100, in: images) }
        try FileManager.default.createDirectory(atPath: images.path("sub"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            atPath: images.path("../elsewhere-\(getpid())"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: images.path("../elsewhere-\(getpid())"), toPath: images.path("moved"))
        // no write
        try FileManager.default.linkItem(atPath: images.path("burst0.png"), toPath: images.path("link.png"))
        // Everything written before the wait is ready at once: one wait gathers it all.
        let changes = watcher.waitForChanges(timeout: 10)
        #expect(
            changes.names == [
                FilePath(folder): Set(
                    (0..<50).map { FilePath.Component("burst\($0).png")! } + [FilePath.Component("link.png")])
            ])
        #expect(changes.newFolders == [FilePath(images.path("sub")), FilePath(images.path("moved"))])
        #expect(!changes.overflowed && changes.removedFolders.isEmpty)

        try FileManager.default.removeItem(atPath: folder)
        let gone = watcher.waitForChanges(timeout: 10)
        #expect(gone.removedFolders == [FilePath(folder)])
        #expect(watcher.watchedFolders.isEmpty)
        #expect(throws: FolderWatcher.WatchError.self) { try watcher.watch(FilePath(folder)) }
    }

    @Test func aFolderNewSinceTheWalkIsWalkedWithItsSubfoldersAndItsPhotosInserted() throws {
        let (images, before) = try walked(["a.png": 100], order: .name)
        var folders = before
        let root = FilePath(images.folder.path)
        let walker = PhotoWalker(paths: [images.folder.path], recursive: true, order: .name)
        try FileManager.default.createDirectory(atPath: images.path("new/deeper"), withIntermediateDirectories: true)
        for name in ["new/b2.png", "new/b10.png", "new/deeper/c.png"] { try write(name, bytes: 100, in: images) }
        for name in ["new/notes.txt", "new/notes.jpg"] { try images.write(Array("text".utf8), to: name) }
        // the root
        try FileManager.default.createSymbolicLink(atPath: images.path("new/back"), withDestinationPath: "..")
        var listed: [FilePath] = []
        walker.willList = { listed.append($0) }
        var batches: [PhotoBatch] = []
        let counts = walker.walk(newFolder: root.appending("new"), shown: [root]) { batches.append($0) }
        #expect(listed == [root.appending("new"), root.appending("new/deeper")])
        #expect(counts.found == 3 && counts.folders == 2 && counts.loops == 1 && counts.skipped == 2)
        let updates = folders.addWalked(batches)
        #expect(updates.map(\.folder) == [root.appending("new"), root.appending("new/deeper")])
        #expect(updates.map { $0.photos.map(\.name) } == [["b2.png", "b10.png"], ["c.png"]])
        #expect(updates.map(\.inserted) == [[0, 1], [0]])
        #expect(updates.allSatisfy { $0.deleted.isEmpty && $0.reloaded.isEmpty && !$0.folderRemoved })
        #expect(folders.photoCount == 4 && folders.folderCount == 3)
    }
}
