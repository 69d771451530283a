import Foundation
import PhotoTestSupport
import SystemPackage
import Testing

@testable import WaterfallPhotos

/// Interoperation with Debian's trash-cli (0.17): it lists and restores what we trash, and we restore what it
/// trashes. The tools run with the test's XDG_DATA_HOME and HOME, so they see its home Trash.
struct TrashCLITests {
    let images: GeneratedImages
    let trash: Trash

    init() throws {
        images = try GeneratedImages()
        trash = testTrash(in: images)
    }

    /// Runs a trash-cli command with the test's home Trash, its standard input `input`.
    private func trashCLI(_ command: [String], input: String = "") throws -> String {
        let script = "printf '%s' \"$1\" | \"$2\" \"${@:3}\""
        return try TestTool.run(
            [
                "env", "XDG_DATA_HOME=\(images.path("data"))", "HOME=\(images.path("home"))",
                "bash", "-c", script, "trash-cli", input,
            ] + command
        ).output
    }

    /// trash-list's lines about files from this test's folders (it lists every mount's Trash too).
    private func listed(under folder: String) throws -> [String] {
        try trashCLI(["trash-list"]).split(separator: "\n").map(String.init).filter { $0.contains(folder) }
    }

    @Test func trashListListsWhatWeTrashedAndTrashRestorePutsItBack() throws {
        let path = try Disk.write("the photo", to: images.path("photos/a photo 100% café.jpg"))
        let trashed = try trash.moveToTrash(FilePath(path))
        let date = expectedDeletionDate(1_700_000_000).replacingOccurrences(of: "T", with: " ")
        #expect(try listed(under: images.path("photos")) == ["\(date) \(path)"])

        let restoring = try trashCLI(["trash-restore", images.path("photos")], input: "0\n")
        #expect(restoring.contains("   0 \(date) \(path)"))
        #expect(Disk.bytes(path) == Array("the photo".utf8))
        #expect(!FileSystem.exists(trashed.trashed) && !FileSystem.exists(trashed.info))
        #expect(try listed(under: images.path("photos")) == [])
    }

    @Test func trashCLIReadsOurTrashOnAnotherMount() throws {
        let mount = try ScratchMount()
        let path = try Disk.write("on another disk", to: mount.path("photos/IMG_0001.jpg"))
        let trashed = try trash.moveToTrash(FilePath(path))
        #expect(trashed.trashed == mount.file(".Trash-\(getuid())/files/IMG_0001.jpg"))
        let date = expectedDeletionDate(1_700_000_000).replacingOccurrences(of: "T", with: " ")
        #expect(try listed(under: mount.folder) == ["\(date) \(path)"])
        _ = try trashCLI(["trash-restore", mount.path("photos")], input: "0\n")
        #expect(Disk.bytes(path) == Array("on another disk".utf8))
        #expect(Disk.names(mount.path(".Trash-\(getuid())/info")) == [])
    }

    @Test func weRestoreWhatTrashPutTrashed() throws {
        let path = try Disk.write("trashed by trash-put", to: images.path("photos/IMG_0002.jpg"))
        _ = try trashCLI(["trash-put", path])
        #expect(!FileManager.default.fileExists(atPath: path))
        let info = images.file("data/Trash/info/IMG_0002.jpg.trashinfo")
        let trashed = try Trash.trashedFile(info: info)
        #expect(
            trashed
                == TrashedFile(
                    original: FilePath(path), trashed: images.file("data/Trash/files/IMG_0002.jpg"), info: info))
        try trash.restore(trashed)
        #expect(Disk.bytes(path) == Array("trashed by trash-put".utf8))
        #expect(Disk.names(images.path("data/Trash/info")) == [])
        #expect(try listed(under: images.path("photos")) == [])
    }

    @Test func weRestoreWhatTrashPutTrashedOnAnotherMount() throws {
        let mount = try ScratchMount()
        let path = try Disk.write("trashed by trash-put", to: mount.path("photos/IMG_0003.jpg"))
        _ = try trashCLI(["trash-put", path])
        let info = mount.file(".Trash-\(getuid())/info/IMG_0003.jpg.trashinfo")
        let trashed = try Trash.trashedFile(info: info)
        #expect(trashed.original == FilePath(path))
        try trash.restore(trashed)
        #expect(Disk.bytes(path) == Array("trashed by trash-put".utf8))
    }
}
