import Foundation
import PhotoTestSupport
import SystemPackage
import Testing

@testable import WaterfallPhotos

/// `AtomicFile`: a rewrite through a temporary file, fsync and rename, which leaves the old or the new file whole.
struct AtomicFileTests {
    let images: GeneratedImages

    init() throws { images = try GeneratedImages() }

    /// Replaces the content of `file` with `text`.
    private func replace(_ file: FilePath, with text: String, expecting: FileIdentity? = nil) throws(FileActionError) {
        try AtomicFile.replace(file, expecting: expecting) { _ = try $0.writeAll(Array(text.utf8)) }
    }

    @Test func aReplacedFileHasTheNewContentItsModeAndOwnerAndANewModificationTime() throws {
        let path = try Disk.write("the old content", to: images.path("photos/IMG_0001.jpg"))
        #expect(chown(path, 1234, 5678) == 0)
        #expect(chmod(path, 0o2750) == 0)  // set-group-ID too, which a change of owner would clear
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)

        try replace(FilePath(path), with: "new", expecting: try FileIdentity.of(FilePath(path)))

        #expect(Disk.bytes(path) == Array("new".utf8))
        let info = try Disk.status(path)
        #expect(info.st_mode & 0o7777 == 0o2750)
        #expect(info.st_uid == 1234 && info.st_gid == 5678)
        #expect(info.st_mtim.tv_sec != 1_000_000_000)
        #expect(Disk.names(images.path("photos")) == ["IMG_0001.jpg"])  // no temporary left
    }

    @Test func aSymbolicLinkIsFollowedAndKept() throws {
        let path = try Disk.write("old", to: images.path("photos/real.jpg"))
        #expect(symlink(path, images.path("photos/link.jpg")) == 0)
        try replace(images.file("photos/link.jpg"), with: "new")
        #expect(Disk.bytes(path) == Array("new".utf8))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: images.path("photos/link.jpg")) == path)
    }

    @Test func aFileChangedSinceItWasShownIsNotTouched() throws {
        let path = try Disk.write("shown", to: images.path("photos/IMG_0002.jpg"))
        let shown = try FileIdentity.of(FilePath(path))
        try Disk.write("changed by another program", to: path)
        #expect(
            throws: FileActionError(
                file: FilePath(path), reason: "it was changed by another program since it was shown")
        ) {
            try replace(FilePath(path), with: "ours", expecting: shown)
        }
        #expect(Disk.bytes(path) == Array("changed by another program".utf8))
        #expect(Disk.names(images.path("photos")) == ["IMG_0002.jpg"])
    }

    @Test func aVanishedFileIsNamed() throws {
        let file = images.file("photos/IMG_0003.jpg")
        let error = #expect(throws: FileActionError.self) { try replace(file, with: "new") }
        #expect(error?.description == "IMG_0003.jpg: it is gone")
    }

    @Test func aFullDiskLeavesTheOriginalWholeAndNoTemporary() throws {
        let mount = try ScratchMount(kilobytes: 64)
        let path = try Disk.write("the original", to: mount.path("IMG_0004.jpg"))
        let error = #expect(throws: FileActionError.self) {
            try AtomicFile.replace(FilePath(path), expecting: nil) {
                _ = try $0.writeAll([UInt8](repeating: 7, count: 1 << 20))
            }
        }
        #expect(error?.description == "IMG_0004.jpg: the disk is full")
        #expect(Disk.bytes(path) == Array("the original".utf8))
        #expect(Disk.names(mount.folder) == ["IMG_0004.jpg"])
    }

    @Test func aReadOnlyFolderIsNamed() throws {
        let mount = try ScratchMount()
        let path = try Disk.write("the original", to: mount.path("IMG_0005.jpg"))
        try mount.makeReadOnly()
        let error = #expect(throws: FileActionError.self) { try replace(FilePath(path), with: "new") }
        #expect(error?.description == "IMG_0005.jpg: the folder is read-only")
        #expect(Disk.bytes(path) == Array("the original".utf8))
    }

    @Test func anErrorOfTheWriterIsPassedOnAndTheTemporaryRemoved() throws {
        struct NoPixels: Error, CustomStringConvertible { var description: String { "the pixels cannot be turned" } }
        let path = try Disk.write("old", to: images.path("photos/IMG_0006.jpg"))
        #expect(throws: FileActionError(file: FilePath(path), reason: "the pixels cannot be turned")) {
            try AtomicFile.replace(FilePath(path), expecting: nil) {
                _ = try $0.writeAll([1, 2, 3])
                throw NoPixels()
            }
        }
        #expect(Disk.bytes(path) == Array("old".utf8))
        #expect(Disk.names(images.path("photos")) == ["IMG_0006.jpg"])
    }

    @Test func createMakesANewFileAndRefusesATakenNameUnlessReplacing() throws {
        let sidecar = images.file("photos/IMG_0007.jpg.xmp")
        try Disk.write("", to: images.path("photos/IMG_0007.jpg"))
        try AtomicFile.create(sidecar, replacing: false, contents: Array("first".utf8))
        #expect(Disk.bytes(sidecar.string) == Array("first".utf8))
        #expect(try Disk.status(sidecar.string).st_mode & 0o777 == 0o666 & ~umaskNow())

        #expect(throws: FileActionError(file: sidecar, reason: "the name is taken")) {
            try AtomicFile.create(sidecar, replacing: false, contents: Array("second".utf8))
        }
        #expect(Disk.bytes(sidecar.string) == Array("first".utf8))

        #expect(chmod(sidecar.string, 0o604) == 0)
        try AtomicFile.create(sidecar, replacing: true, contents: Array("third".utf8))
        #expect(Disk.bytes(sidecar.string) == Array("third".utf8))
        #expect(try Disk.status(sidecar.string).st_mode & 0o777 == 0o604)
        #expect(Disk.names(images.path("photos")) == ["IMG_0007.jpg", "IMG_0007.jpg.xmp"])
    }

    @Test func theErrorsReasonsFollowErrno() {
        let file = FilePath("/photos/IMG_0008.jpg")
        #expect(
            FileActionError(file: file, errno: .readOnlyFileSystem).description
                == "IMG_0008.jpg: the folder is read-only")
        #expect(FileActionError(file: file, errno: .permissionDenied).reason == "permission denied")
        #expect(FileActionError(file: file, errno: .notPermitted).reason == "permission denied")
        #expect(FileActionError(file: file, errno: .noSpace).reason == "the disk is full")
        #expect(FileActionError(file: file, errno: .diskQuotaExceeded).reason == "the disk is full")
        #expect(FileActionError(file: file, errno: .noSuchFileOrDirectory).reason == "it is gone")
        #expect(FileActionError(file: file, errno: .ioError).reason == "input/output error")
        #expect(
            FileActionError(file: FilePath(bytes: Array("/p/caf".utf8) + [0xE9]), reason: "x").description
                == "caf\u{FFFD}: x")
    }
}

/// The process's umask, from /proc/self/status (setting it to read it would race with other tests' files).
func umaskNow() -> mode_t {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("Umask:") }
    return mode_t(line.flatMap { mode_t($0.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8) } ?? 0o7777)
}
