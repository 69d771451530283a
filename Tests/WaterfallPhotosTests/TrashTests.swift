import Foundation
import PhotoTestSupport
import SystemPackage
import Testing

@testable import WaterfallPhotos

/// A Trash whose home Trash is in `folder`'s `data/Trash`, deleting at a fixed time.
func testTrash(in folder: GeneratedImages, at time: time_t = 1_700_000_000) -> Trash {
    var trash = Trash(home: FilePath(folder.path("data")).appending("Trash"))
    trash.now = { time }
    return trash
}

/// `time` in the local time zone as the Trash specification writes it, computed by Foundation.
func expectedDeletionDate(_ time: time_t) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone.current
    formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
    return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(time)))
}

/// `Trash` in the home Trash: the `.trashinfo`, unique names, restoring and its refusals.
struct TrashTests {
    let images: GeneratedImages
    let trash: Trash

    init() throws {
        images = try GeneratedImages()
        trash = testTrash(in: images)
    }

    @Test func aFileMovesIntoTheHomeTrashWithItsTrashInfo() throws {
        // A name with spaces, '%', UTF-8 and a byte that is not UTF-8.
        let name = Array("a 100% café ".utf8) + [0xE9] + Array(".jpg".utf8)
        try FileManager.default.createDirectory(atPath: images.path("photos"), withIntermediateDirectories: true)
        let file = FilePath(images.path("photos")).appending(bytes: name)
        let descriptor = try FileDescriptor.open(
            file, .writeOnly, options: [.create, .truncate], permissions: [.ownerReadWrite])
        _ = try descriptor.writeAll(Array("the photo".utf8))
        try descriptor.close()

        let trashed = try trash.moveToTrash(file)

        let home = images.path("data/Trash")
        #expect(
            trashed
                == TrashedFile(
                    original: file, trashed: FilePath(home + "/files").appending(bytes: name),
                    info: FilePath(home + "/info").appending(bytes: name + Array(".trashinfo".utf8))))
        #expect(!FileSystem.exists(file))
        #expect(try FileSystem.contents(of: trashed.trashed, limit: 100) == Array("the photo".utf8))
        let text = String(decoding: try FileSystem.contents(of: trashed.info, limit: 1000), as: UTF8.self)
        let path = images.path("photos") + "/a%20100%25%20caf%C3%A9%20%E9.jpg"
        #expect(text == "[Trash Info]\nPath=\(path)\nDeletionDate=\(expectedDeletionDate(1_700_000_000))\n")
        for folder in ["data/Trash", "data/Trash/files", "data/Trash/info"] {
            #expect(try Disk.status(images.path(folder)).st_mode & 0o7777 == 0o700, "\(folder)")
        }
        #expect(try FileSystem.linkStatus(of: trashed.info).st_mode & 0o777 == 0o600)
        #expect(try Trash.trashedFile(info: trashed.info) == trashed)
    }

    @Test func aTakenNameInTheTrashGetsANumber() throws {
        var trashed: [TrashedFile] = []
        for content in ["first", "second", "third"] {
            let path = try Disk.write(content, to: images.path("photos/IMG_0001.jpg"))
            trashed.append(try trash.moveToTrash(FilePath(path)))
        }
        // A file in files/ without its .trashinfo takes its name too.
        try Disk.write("stray", to: images.path("data/Trash/files/IMG_0002.jpg"))
        trashed.append(
            try trash.moveToTrash(FilePath(try Disk.write("fourth", to: images.path("photos/IMG_0002.jpg")))))

        #expect(
            trashed.map { $0.trashed.lastComponent?.string } == [
                "IMG_0001.jpg", "IMG_0001.jpg.2", "IMG_0001.jpg.3", "IMG_0002.jpg.2",
            ])
        #expect(
            Disk.names(images.path("data/Trash/info")) == [
                "IMG_0001.jpg.2.trashinfo", "IMG_0001.jpg.3.trashinfo", "IMG_0001.jpg.trashinfo",
                "IMG_0002.jpg.2.trashinfo",
            ])
        #expect(
            trashed.map { Disk.bytes($0.trashed.string) }
                == ["first", "second", "third", "fourth"].map { Array($0.utf8) })
        #expect(Disk.names(images.path("photos")) == [])
    }

    @Test func aRestoredFileIsBackAndItsTrashInfoGone() throws {
        let path = try Disk.write("the photo", to: images.path("photos/IMG_0003.jpg"))
        let trashed = try trash.moveToTrash(FilePath(path))
        try trash.restore(trashed)
        #expect(Disk.bytes(path) == Array("the photo".utf8))
        #expect(Disk.names(images.path("data/Trash/files")) == [])
        #expect(Disk.names(images.path("data/Trash/info")) == [])
    }

    @Test func aRestoreNeverReplacesAFileOfTheSameName() throws {
        let path = try Disk.write("trashed", to: images.path("photos/IMG_0004.jpg"))
        let trashed = try trash.moveToTrash(FilePath(path))
        try Disk.write("taken since", to: path)
        let error = #expect(throws: FileActionError.self) { try trash.restore(trashed) }
        #expect(error?.description == "IMG_0004.jpg: the name is taken; not restored")
        #expect(Disk.bytes(path) == Array("taken since".utf8))
        #expect(Disk.bytes(trashed.trashed.string) == Array("trashed".utf8))
        #expect(FileSystem.exists(trashed.info))
    }

    @Test func aRestoreIntoAFolderThatIsGoneSaysSo() throws {
        let path = try Disk.write("the photo", to: images.path("gone/IMG_0005.jpg"))
        let trashed = try trash.moveToTrash(FilePath(path))
        try FileManager.default.removeItem(atPath: images.path("gone"))
        let error = #expect(throws: FileActionError.self) { try trash.restore(trashed) }
        #expect(error?.description == "IMG_0005.jpg: its folder is gone")
        #expect(Disk.bytes(trashed.trashed.string) == Array("the photo".utf8))
    }

    @Test func aRestoreOfAFileNoLongerInTheTrashSaysSo() throws {
        let path = try Disk.write("the photo", to: images.path("photos/IMG_0012.jpg"))
        let trashed = try trash.moveToTrash(FilePath(path))
        try FileManager.default.removeItem(atPath: trashed.trashed.string)  // the Trash was emptied
        let error = #expect(throws: FileActionError.self) { try trash.restore(trashed) }
        #expect(error?.description == "IMG_0012.jpg: it is no longer in the Trash")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aFullDiskIsNamedAndLeavesNoTrashInfo() throws {
        let mount = try ScratchMount(kilobytes: 64)
        var trash = Trash(home: FilePath(mount.path("data")).appending("Trash"))
        trash.now = { 1_700_000_000 }
        let first = try Disk.write("first", to: mount.path("photos/IMG_0013.jpg"))
        let second = try Disk.write("second", to: mount.path("photos/IMG_0014.jpg"))
        _ = try trash.moveToTrash(FilePath(first))
        // Fill the disk to its last page.
        let filler = try FileDescriptor.open(
            mount.file("filler"), .writeOnly, options: [.create], permissions: [.ownerReadWrite])
        #expect(throws: Errno.noSpace) { _ = try filler.writeAll([UInt8](repeating: 1, count: 1 << 20)) }
        try filler.close()

        let error = #expect(throws: FileActionError.self) { try trash.moveToTrash(FilePath(second)) }
        #expect(error?.description == "IMG_0014.jpg: the disk is full")
        #expect(Disk.bytes(second) == Array("second".utf8))
        #expect(Disk.names(mount.path("data/Trash/info")) == ["IMG_0013.jpg.trashinfo"])
        #expect(Disk.names(mount.path("data/Trash/files")) == ["IMG_0013.jpg"])
    }

    @Test func aVanishedFileIsNamedAndLeavesNoTrashInfo() throws {
        let error = #expect(throws: FileActionError.self) { try trash.moveToTrash(images.file("photos/IMG_0006.jpg")) }
        #expect(error?.description == "IMG_0006.jpg: it is gone")
        #expect(Disk.names(images.path("data/Trash/info")) == [])
    }

    @Test func aFileChangedSinceItWasShownStaysInPlace() throws {
        let path = try Disk.write("shown", to: images.path("photos/IMG_0007.jpg"))
        let shown = try FileIdentity.of(FilePath(path))
        try Disk.write("changed by another program", to: path)
        let error = #expect(throws: FileActionError.self) { try trash.moveToTrash(FilePath(path), expecting: shown) }
        #expect(error?.description == "IMG_0007.jpg: it was changed by another program since it was shown")
        #expect(Disk.bytes(path) == Array("changed by another program".utf8))
        #expect(Disk.names(images.path("data/Trash/info")) == [])
        // As shown, it goes.
        #expect(
            try trash.moveToTrash(FilePath(path), expecting: try FileIdentity.of(FilePath(path))).trashed.lastComponent
                == "IMG_0007.jpg")
    }

    @Test func aReadOnlyFolderIsNamedAndNothingMoves() throws {
        let mount = try ScratchMount()
        var trash = Trash(home: FilePath(mount.path("data")).appending("Trash"))
        trash.now = { 1_700_000_000 }
        let first = try Disk.write("first", to: mount.path("photos/IMG_0008.jpg"))
        let second = try Disk.write("second", to: mount.path("photos/IMG_0009.jpg"))
        _ = try trash.moveToTrash(FilePath(first))
        try mount.makeReadOnly()
        let error = #expect(throws: FileActionError.self) { try trash.moveToTrash(FilePath(second)) }
        #expect(error?.description == "IMG_0009.jpg: the folder is read-only")
        #expect(Disk.bytes(second) == Array("second".utf8))
        #expect(Disk.names(mount.path("data/Trash/info")) == ["IMG_0008.jpg.trashinfo"])
    }

    @Test func theSharedCachesThumbnailsOfAFileAreRemovedInEveryFolder() throws {
        let cache = SharedThumbnailCache(root: images.path("cache/thumbnails"), application: "waterfall-test")
        let photo = images.file("photos/IMG_0010.jpg")
        let key = SharedThumbnailCache.md5(FileURI.uri(of: photo))
        let other = SharedThumbnailCache.md5(FileURI.uri(of: images.file("photos/IMG_0011.jpg")))
        let folders = ["normal", "large", "x-large", "xx-large", "fail/waterfall-test", "fail/gnome-thumbnail-factory"]
        for folder in folders {
            try Disk.write("png", to: images.path("cache/thumbnails/\(folder)/\(key).png"))
        }
        try Disk.write("png", to: images.path("cache/thumbnails/large/\(other).png"))
        cache.removeThumbnails(of: photo)
        for folder in folders {
            #expect(
                Disk.names(images.path("cache/thumbnails/\(folder)")) == (folder == "large" ? ["\(other).png"] : []),
                "\(folder)")
        }
    }
}
