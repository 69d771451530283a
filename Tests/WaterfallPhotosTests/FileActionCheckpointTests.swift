import Foundation
import PhotoTestSupport
import Synchronization
import SystemPackage
import Testing

@testable import WaterfallPhotos

/// Records the checkpoints an action reaches, and what a test saw on disk at each (from inside the handler).
private final class CheckpointRecorder: Sendable {
    private let seen = Mutex<[String]>([])
    private let look: @Sendable (String) -> String

    /// A recorder describing the disk at each checkpoint with `look`.
    init(look: @escaping @Sendable (String) -> String) { self.look = look }

    /// Runs `action` with the recorder's handler; returns "checkpoint: what was seen" in order.
    func record(_ action: (@escaping FileActionCheckpoint.Handler) throws -> Void) rethrows -> [String] {
        try action { name in
            let state = self.look(name)
            self.seen.withLock { $0.append("\(name): \(state)") }
        }
        return seen.withLock { $0 }
    }
}

/// `FileActionCheckpoint`: every action reaches its named points in order, each after the step it names, and tells
/// the handler it was given.
struct FileActionCheckpointTests {
    let images: GeneratedImages

    init() throws { images = try GeneratedImages() }

    @Test func aRewriteReachesTheTemporaryWrittenThenTheRename() throws {
        let folder = images.path("photos")
        let path = try Disk.write("old", to: images.path("photos/IMG_0001.jpg"))
        let recorder = CheckpointRecorder { _ in
            let temporaries = Disk.names(folder).filter { $0.hasPrefix(".IMG_0001.jpg.") }
            let temporary = temporaries.first.flatMap { Disk.bytes(folder + "/" + $0) }.map {
                String(decoding: $0, as: UTF8.self)
            }
            return
                "file \(String(decoding: Disk.bytes(path) ?? [], as: UTF8.self)), temporaries \(temporaries.count) \(temporary ?? "-")"
        }
        let seen = try recorder.record { checkpoint in
            try AtomicFile.replace(FilePath(path), expecting: nil, checkpoint: checkpoint) {
                _ = try $0.writeAll(Array("new".utf8))
            }
        }
        #expect(
            seen == [
                "rewrite.temporary-written: file old, temporaries 1 new", "rewrite.renamed: file new, temporaries 0 -",
            ])
    }

    @Test func aTrashWritesTheInfoBeforeMovingAndARestoreMovesBeforeRemovingIt() throws {
        let trash = testTrash(in: images)
        let path = try Disk.write("photo", to: images.path("photos/IMG_0002.jpg"))
        let (info, files) = (images.path("data/Trash/info"), images.path("data/Trash/files"))
        let recorder = CheckpointRecorder { _ in
            "in place \(FileManager.default.fileExists(atPath: path)), info \(Disk.names(info)), files \(Disk.names(files))"
        }
        let seen = try recorder.record { checkpoint in
            try trash.restore(try trash.moveToTrash(FilePath(path), checkpoint: checkpoint), checkpoint: checkpoint)
        }
        #expect(
            seen == [
                "trash.info-written: in place true, info [\"IMG_0002.jpg.trashinfo\"], files []",
                "trash.moved: in place false, info [\"IMG_0002.jpg.trashinfo\"], files [\"IMG_0002.jpg\"]",
                "restore.moved: in place true, info [\"IMG_0002.jpg.trashinfo\"], files []",
            ])
        #expect(Disk.names(images.path("data/Trash/info")) == [])
    }

    @Test func aFileThatVanishesAfterItsInfoIsWrittenTakesTheInfoAway() throws {
        let trash = testTrash(in: images)
        let path = try Disk.write("photo", to: images.path("photos/IMG_0003.jpg"))
        let recorder = CheckpointRecorder { name in
            if name == FileActionCheckpoint.trashInfoWritten { unlink(path) }  // another program deletes it
            return ""
        }
        var error: FileActionError?
        let seen = recorder.record { checkpoint in
            do { _ = try trash.moveToTrash(FilePath(path), checkpoint: checkpoint) } catch let thrown as FileActionError
            {
                error = thrown
            } catch {}
        }
        #expect(seen == ["trash.info-written: "])
        #expect(error?.description == "IMG_0003.jpg: it is gone")
        #expect(Disk.names(images.path("data/Trash/info")) == [])
        #expect(Disk.names(images.path("data/Trash/files")) == [])
    }
}
