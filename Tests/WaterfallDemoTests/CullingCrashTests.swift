import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// A file action killed at any instant loses nothing: the debug build stops between two steps of an action
/// (`WATERFALL_PAUSE_AT`), the test SIGKILLs it there, and then every file is whole, in its old or its new state, and
/// a trashed photo is either in its folder or in the Trash with its `.trashinfo`.
@Suite(.serialized)
struct CullingCrashTests {
    /// Starts the wall paused at `step`, selects the cards of `indices`, presses `keys`, waits until the program says it
    /// stopped there, and SIGKILLs it. Returns the wall, whose files the caller checks.
    func killed(
        at step: String, selecting indices: [Int] = [0], keys: [String],
        prepare: (CullingWall) throws -> Void = { _ in }
    ) throws -> CullingWall {
        let wall = try CullingWall(environment: ["WATERFALL_PAUSE_AT": step])
        try prepare(wall)
        let demo = wall.demo
        try wall.select(indices[0])
        for _ in indices.dropFirst() { try demo.key("shift+Right") }
        for key in keys { try demo.key(key) }
        try waitUntil("the program to stop at \(step)") {
            demo.process.standardError.contains("paused at \(step.split(separator: "#")[0])")
        }
        let pid = try #require(demo.process.processIdentifier)
        #expect(kill(pid, SIGKILL) == 0)
        try waitUntil("the program to end") { !demo.process.isRunning }
        return wall
    }

    /// The bytes of `path`.
    func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    /// The decoded pixels of `path`, as ImageMagick reads them (8-bit RGB, orientation not applied).
    func pixels(_ path: String) throws -> String {
        try TestTool.run(["convert", path, "-depth", "8", "rgb:-"]).output
    }

    @Test(arguments: ["trash.info-written", "trash.moved", "trash.moved#2"])
    func aTrashKilledLeavesEachPhotoInPlaceOrInTheTrash(step: String) throws {
        var originals: [String: Data] = [:]
        let wall = try killed(at: step, selecting: [0, 1, 2], keys: ["Delete"]) { wall in
            for photo in CullingWall.photos { originals[photo.name] = try bytes(wall.folder.path(photo.name)) }
        }
        let trash = wall.home.path("data/Trash")
        var inTrash = 0
        for photo in CullingWall.photos {
            let inPlace = wall.folder.path(photo.name)
            let trashed = trash + "/files/" + photo.name
            let info = trash + "/info/" + photo.name + ".trashinfo"
            if FileManager.default.fileExists(atPath: inPlace) {
                #expect(try bytes(inPlace) == originals[photo.name], "\(photo.name) in place, whole")
                #expect(!FileManager.default.fileExists(atPath: trashed))
            } else {
                inTrash += 1
                #expect(try bytes(trashed) == originals[photo.name], "\(photo.name) in the Trash, whole")
                #expect(try String(contentsOfFile: info, encoding: .utf8).contains("Path=\(inPlace)\n"))
            }
        }
        // Killed after the first file's info (none moved), after its move (one), after the second's (two).
        #expect(inTrash == ["trash.info-written": 0, "trash.moved": 1, "trash.moved#2": 2][step])
    }

    @Test(arguments: ["rewrite.temporary-written", "rewrite.renamed"])
    func aRotationKilledLeavesTheJPEGOldOrNewAndItsPixelsUntouched(step: String) throws {
        var original = Data()
        var pixelsBefore = ""
        let wall = try killed(at: step, keys: ["bracketright"]) { wall in
            original = try bytes(wall.folder.path("a.jpg"))
            pixelsBefore = try pixels(wall.folder.path("a.jpg"))
        }
        let path = wall.folder.path("a.jpg")
        let now = try bytes(path)
        let orientation = try TestTool.run(["exiftool", "-s3", "-n", "-Orientation", path]).output
        if step == "rewrite.temporary-written" {
            #expect(now == original && orientation.isEmpty)  // the temporary file is not the photo yet
        } else {
            #expect(orientation == "6\n")
        }
        #expect(try pixels(path) == pixelsBefore)
        // At most a stray temporary file beside it, never a second photo: a walk afresh finds the three photos.
        let names = try FileManager.default.contentsOfDirectory(atPath: wall.folder.root).filter { !$0.hasPrefix(".") }
            .sorted()
        #expect(names == ["a.jpg", "b.jpg", "c.png"])
    }

    @Test(arguments: ["rewrite.temporary-written", "rewrite.renamed"])
    func aRatingKilledLeavesTheSidecarOldOrNew(step: String) throws {
        let sidecar = "b.jpg.xmp"
        let wall = try killed(at: step, selecting: [1], keys: ["4"]) { wall in
            // An existing sidecar with a rating of 2 and a field of another program's.
            try Data(
                """
                <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
                 <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/"
                  xmp:Rating="2"><dc:subject><rdf:Bag><rdf:li>beach</rdf:li></rdf:Bag></dc:subject></rdf:Description>
                </rdf:RDF></x:xmpmeta>
                """.utf8
            ).write(to: URL(fileURLWithPath: wall.folder.path(sidecar)))
        }
        let path = wall.folder.path(sidecar)
        let rating = try TestTool.run(["exiftool", "-s3", "-n", "-XMP-xmp:Rating", path]).output
        #expect(rating == (step == "rewrite.renamed" ? "4\n" : "2\n"))
        #expect(try TestTool.run(["exiftool", "-s3", "-XMP-dc:Subject", path]).output == "beach\n")
    }

    @Test func aRestoreKilledLeavesThePhotoInPlace() throws {
        let wall = try CullingWall(environment: ["WATERFALL_PAUSE_AT": "restore.moved"])
        let demo = wall.demo
        let original = try bytes(wall.folder.path("a.jpg"))
        try wall.select(0)
        try wall.act("Delete", "trash")
        try demo.key("ctrl+z")
        try waitUntil("the program to stop at restore.moved") {
            demo.process.standardError.contains("paused at restore.moved")
        }
        #expect(kill(try #require(demo.process.processIdentifier), SIGKILL) == 0)
        try waitUntil("the program to end") { !demo.process.isRunning }
        #expect(try bytes(wall.folder.path("a.jpg")) == original)
        #expect(!FileManager.default.fileExists(atPath: wall.home.path("data/Trash/files/a.jpg")))
    }
}
