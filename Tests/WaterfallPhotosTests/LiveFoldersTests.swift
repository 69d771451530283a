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
        #expect(folders.update(removed) == [FolderUpdate(folder: FilePath(images.folder.path), photos: [], deleted: [0, 1], inserted: [],
                                                         reloaded: [], folderRemoved: true)])
        #expect(folders.folders.isEmpty)
    }

    @Test func theWatcherNamesWhatFileOperationsChangedAndGathersABurst() throws {
        let images = try GeneratedImages()
        let folder = images.folder.path
        let watcher = try FolderWatcher()
        try watcher.watch(FilePath(folder))
        #expect(watcher.waitForChanges(timeout: 0).isEmpty)
        for number in 0..<50 { try write("burst\(number).png", bytes: 100, in: images) }
        try FileManager.default.createDirectory(atPath: images.path("sub"), withIntermediateDirectories: true)  // not a photo
        // Everything written before the wait is ready at once: one wait gathers it all.
        let changes = watcher.waitForChanges(timeout: 10)
        #expect(changes.names == [FilePath(folder): Set((0..<50).map { FilePath.Component("burst\($0).png")! })])
        #expect(!changes.overflowed && changes.removedFolders.isEmpty)

        try FileManager.default.removeItem(atPath: folder)
        let gone = watcher.waitForChanges(timeout: 10)
        #expect(gone.removedFolders == [FilePath(folder)])
        #expect(watcher.watchedFolders.isEmpty)
        #expect(throws: FolderWatcher.WatchError.self) { try watcher.watch(FilePath(folder)) }
    }
}
