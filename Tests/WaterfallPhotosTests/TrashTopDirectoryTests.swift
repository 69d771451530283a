import Foundation
import PhotoTestSupport
import SystemPackage
import Testing

@testable import WaterfallPhotos

/// `Trash` for a file on another mount than the home Trash: its mount's `.Trash/$uid` or `.Trash-$uid`, with paths
/// relative to the mount's top directory. Each test mounts a tmpfs of its own (the home Trash stays under /tmp).
struct TrashTopDirectoryTests {
    let images: GeneratedImages
    let mount: ScratchMount
    let trash: Trash
    let uid = String(getuid())

    init() throws {
        images = try GeneratedImages()
        mount = try ScratchMount()
        trash = testTrash(in: images)
    }

    /// Trashes `photos/NAME` on the mount and checks that it went to `root` (a path under the mount) with its
    /// `Path=` relative to the mount, and that it restores.
    private func expectTrashed(
        _ name: String, into root: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let path = try Disk.write("on another disk", to: mount.path("photos/\(name)"))
        let trashed = try trash.moveToTrash(FilePath(path))
        #expect(
            trashed
                == TrashedFile(
                    original: FilePath(path), trashed: mount.file("\(root)/files/\(name)"),
                    info: mount.file("\(root)/info/\(name).trashinfo")), sourceLocation: sourceLocation)
        let text = String(decoding: Disk.bytes(trashed.info.string) ?? [], as: UTF8.self)
        #expect(
            text == "[Trash Info]\nPath=photos/\(name)\nDeletionDate=\(expectedDeletionDate(1_700_000_000))\n",
            sourceLocation: sourceLocation)
        #expect(try Trash.trashedFile(info: trashed.info) == trashed, sourceLocation: sourceLocation)
        #expect(Disk.names(images.path("data/Trash/files")) == [], sourceLocation: sourceLocation)
        try trash.restore(trashed)
        #expect(Disk.bytes(path) == Array("on another disk".utf8), sourceLocation: sourceLocation)
        #expect(Disk.names(mount.path("\(root)/info")) == [], sourceLocation: sourceLocation)
    }

    @Test func withoutASharedTrashTheUsersOwnTrashIsMade() throws {
        try expectTrashed("IMG_0001.jpg", into: ".Trash-\(uid)")
        #expect(try Disk.status(mount.path(".Trash-\(uid)")).st_mode & 0o7777 == 0o700)
    }

    @Test func aStickySharedTrashHoldsAFolderForTheUser() throws {
        try FileManager.default.createDirectory(atPath: mount.path(".Trash"), withIntermediateDirectories: false)
        #expect(chmod(mount.path(".Trash"), 0o1777) == 0)
        try expectTrashed("IMG_0002.jpg", into: ".Trash/\(uid)")
        #expect(try Disk.status(mount.path(".Trash/\(uid)")).st_mode & 0o7777 == 0o700)
        #expect(!FileManager.default.fileExists(atPath: mount.path(".Trash-\(uid)")))
    }

    @Test func aSharedTrashWithoutTheStickyBitIsSkipped() throws {
        try FileManager.default.createDirectory(atPath: mount.path(".Trash"), withIntermediateDirectories: false)
        #expect(chmod(mount.path(".Trash"), 0o777) == 0)
        try expectTrashed("IMG_0003.jpg", into: ".Trash-\(uid)")
        #expect(Disk.names(mount.path(".Trash")) == [])
    }

    @Test func aSymbolicLinkAsTheSharedTrashIsRefused() throws {
        try FileManager.default.createDirectory(atPath: mount.path("elsewhere"), withIntermediateDirectories: false)
        #expect(chmod(mount.path("elsewhere"), 0o1777) == 0)
        #expect(symlink(mount.path("elsewhere"), mount.path(".Trash")) == 0)
        try expectTrashed("IMG_0004.jpg", into: ".Trash-\(uid)")
        #expect(Disk.names(mount.path("elsewhere")) == [])
    }

    @Test func aFolderReachedThroughASymbolicLinkIsTrashedOnItsOwnMount() throws {
        // The photos' folder is named through a link in /tmp (the home Trash's disk), but lives on the mount.
        try FileManager.default.createDirectory(atPath: mount.path("photos"), withIntermediateDirectories: false)
        #expect(symlink(mount.path("photos"), images.path("linked")) == 0)
        let path = try Disk.write("linked", to: images.path("linked/IMG_0005.jpg"))
        let trashed = try trash.moveToTrash(FilePath(path))
        #expect(trashed.trashed == mount.file(".Trash-\(uid)/files/IMG_0005.jpg"))
        #expect(try Trash.trashedFile(info: trashed.info).original == mount.file("photos/IMG_0005.jpg"))
    }
}
