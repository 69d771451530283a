import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// Culling through the real keys under Xvfb: Delete moves the selected photo to the freedesktop.org Trash (which
/// Debian's trash-cli lists and restores from) and Ctrl+Z puts it back, never over a file that took its name; ] and [
/// turn a photo in its file (EXIF orientation, read back by exiftool) and the card turns; 1–5, 0 and x write the
/// rating and reject to the photo's XMP sidecar (read back by exiftool) and the card shows them.
@Suite(.serialized)
struct CullingWindowTests {
    /// Whether `pixel` is within `tolerance` of `expected` in each channel.
    func near(_ pixel: RGB?, _ expected: RGB, tolerance: Int = 40) -> Bool {
        guard let pixel else { return false }
        return abs(Int(pixel.red) - Int(expected.red)) <= tolerance
            && abs(Int(pixel.green) - Int(expected.green)) <= tolerance
            && abs(Int(pixel.blue) - Int(expected.blue)) <= tolerance
    }

    /// The extent of the pixels near `colour` in `shot`: its width and height.
    func extent(of colour: RGB, in shot: Screenshot) -> (width: Int, height: Int)? {
        var (left, right, top, bottom) = (Int.max, Int.min, Int.max, Int.min)
        for y in 0..<shot.height {
            for x in 0..<shot.width where near(shot.pixel(x: x, y: y), colour, tolerance: 30) {
                (left, right, top, bottom) = (min(left, x), max(right, x), min(top, y), max(bottom, y))
            }
        }
        return left == .max ? nil : (right - left + 1, bottom - top + 1)
    }

    @Test func deleteMovesThePhotoToTheTrashAndCtrlZPutsItBack() throws {
        let wall = try CullingWall()
        let demo = wall.demo
        try wall.select(0)
        let trashed = try wall.act("Delete", "trash")
        #expect(trashed.int("done") == 1 && trashed.int("total") == 1 && trashed.fields["failed"] as? [String] == [])
        let original = wall.folder.path("a.jpg")
        #expect(!FileManager.default.fileExists(atPath: original))
        let trash = wall.home.path("data/Trash")
        #expect(FileManager.default.fileExists(atPath: trash + "/files/a.jpg"))
        let info = try String(contentsOfFile: trash + "/info/a.jpg.trashinfo", encoding: .utf8)
        #expect(info.hasPrefix("[Trash Info]\nPath=\(original)\nDeletionDate="))
        // The card goes when the live folders see the file go; the red picture is gone from the screen.
        _ = try demo.process.waitForEvent("the card's deletion") {
            $0.name == "update" && $0.string("kind") == "delete"
        }
        try wall.settle()
        #expect(wall.extentOfRed(in: try demo.screenshot()) == nil)
        // trash-cli lists it with its original path.
        let listed = try wall.runWithHome(["trash-list"])
        #expect(listed.hasSuffix(" \(original)\n") && listed.split(separator: "\n").count == 1, "\(listed)")

        // Ctrl+Z puts it back, and its card comes back.
        let restored = try wall.act("ctrl+z", "restore", undo: true)
        #expect(restored.int("done") == 1 && FileManager.default.fileExists(atPath: original))
        #expect(!FileManager.default.fileExists(atPath: trash + "/info/a.jpg.trashinfo"))
        _ = try demo.process.waitForEvent("the card's return") { $0.name == "update" && $0.string("kind") == "insert" }
        #expect(try wall.runWithHome(["trash-list"]).isEmpty)

        // Trashed again, and a new a.jpg takes its name: the undo refuses, and neither file is touched.
        try wall.select(0)
        try wall.act("Delete", "trash")
        let newcomer = Data("not the photo".utf8)
        try newcomer.write(to: URL(fileURLWithPath: original))
        let refused = try wall.act("ctrl+z", "restore", undo: true)
        #expect(refused.int("done") == 0)
        let reasons = refused.fields["failed"] as? [String] ?? []
        #expect(reasons.count == 1 && reasons[0].contains("a.jpg") && reasons[0].contains("taken"), "\(reasons)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: original)) == newcomer)
        #expect(FileManager.default.fileExists(atPath: trash + "/files/a.jpg"))
        // trash-restore (trash-cli) puts it back once the name is free.
        try FileManager.default.removeItem(atPath: original)
        _ = try wall.runWithHome(["trash-restore", wall.folder.root], input: "0\n")
        #expect(
            FileManager.default.fileExists(atPath: original)
                && !FileManager.default.fileExists(atPath: trash + "/files/a.jpg"))
        demo.expectNoXErrors()
    }

    @Test func photosGivenAloneLeaveTheWallWhenTrashedAndComeBackOnUndo() throws {
        // As nsxiv is given files: their folder is not watched, so the wall takes the card away itself.
        let folder = try GeneratedImages()
        let home = try GeneratedImages()
        try folder.convert(["-size", "400x300", "xc:#D02020", "a.jpg"])
        try folder.convert(["-size", "300x400", "xc:#20A040", "b.jpg"])
        let demo = try RunningDemo(
            [folder.path("a.jpg"), folder.path("b.jpg"), "--width", "800", "--height", "620", "--columns", "3"],
            executable: "waterfall", environment: CullingWall.environment(home: home))
        _ = try demo.process.waitForEvent("the end of the walk") {
            $0.name == "scanned" && $0.fields["done"] as? Bool == true
        }
        try demo.key("Right")
        _ = try demo.process.waitForEvent("the first card selected") { $0.name == "select" && $0.int("index") == 0 }
        var before = demo.eventCount
        try demo.key("Delete")
        let gone = try demo.process.waitForEvent(after: before, "the card's deletion") {
            $0.name == "update" && $0.string("kind") == "delete"
        }
        #expect(gone.event.ints("indices") == [0] && gone.event.int("items") == 1)
        #expect(!FileManager.default.fileExists(atPath: folder.path("a.jpg")))
        before = demo.eventCount
        try demo.key("ctrl+z")
        let back = try demo.process.waitForEvent(after: before, "the card's return") {
            $0.name == "update" && $0.string("kind") == "insert"
        }
        #expect(back.event.ints("indices") == [0] && back.event.int("items") == 2)
        #expect(FileManager.default.fileExists(atPath: folder.path("a.jpg")))
        demo.expectNoXErrors()
    }

    @Test func bracketsTurnThePhotoInItsFileAndCtrlZTurnsItBack() throws {
        let wall = try CullingWall()
        let demo = wall.demo
        let red = RGB(0xD02020)
        let before = try #require(extent(of: red, in: try demo.screenshot()))
        #expect(before.width > before.height)
        try wall.select(0)
        let turned = try wall.act("bracketright", "rotate")
        #expect(turned.int("done") == 1)
        let orientation = try TestTool.run(["exiftool", "-s3", "-n", "-Orientation", wall.folder.path("a.jpg")]).output
        #expect(orientation == "6\n")
        try wall.settle()
        // The card stands: the red picture is now taller than wide, at the turned aspect.
        let after = try #require(extent(of: red, in: try demo.screenshot()))
        #expect(
            after.height > after.width && abs(Double(after.height) / Double(after.width) - 4.0 / 3) < 0.05, "\(after)")

        let back = try wall.act("ctrl+z", "rotate", undo: true)
        #expect(back.int("done") == 1)
        #expect(try TestTool.run(["exiftool", "-s3", "-n", "-Orientation", wall.folder.path("a.jpg")]).output == "1\n")
        try wall.settle()
        let again = try #require(extent(of: red, in: try demo.screenshot()))
        #expect(again.width > again.height)
        // Ctrl+Shift+R turns the other way: a quarter turn anticlockwise is orientation 8.
        try wall.act("ctrl+shift+r", "rotate")
        #expect(try TestTool.run(["exiftool", "-s3", "-n", "-Orientation", wall.folder.path("a.jpg")]).output == "8\n")
        try wall.act("ctrl+z", "rotate", undo: true)

        // A PNG has no orientation of its own: [ turns it through its XMP sidecar's tiff:Orientation.
        try wall.select(2)
        try wall.act("bracketleft", "rotate")
        let sidecar = wall.folder.path("c.png.xmp")
        #expect(try TestTool.run(["exiftool", "-s3", "-n", "-XMP-tiff:Orientation", sidecar]).output == "8\n")
        demo.expectNoXErrors()
    }

    @Test func digitsRateAndXRejectsInTheSidecarAndTheCardShowsThem() throws {
        let wall = try CullingWall()
        let demo = wall.demo
        try wall.select(1)
        try wall.act("3", "mark")
        let sidecar = wall.folder.path("b.jpg.xmp")
        func rating() throws -> String {
            try TestTool.run(["exiftool", "-s3", "-n", "-XMP-xmp:Rating", sidecar]).output
        }
        #expect(try rating() == "3\n")
        try wall.settle()
        // Three gold stars on a dark box at the picture's bottom-right corner.
        let shot = try demo.screenshot()
        try shot.savePNG(window: demo.window, display: demo.xvfb.display, to: artifactPath("culling-stars.png"))
        #expect(wall.pixels(near: RGB(0xFFC107), in: shot, tolerance: 40) >= 20)
        try wall.act("x", "mark")
        #expect(try rating() == "-1\n")
        try wall.settle()
        let rejected = try demo.screenshot()
        try rejected.savePNG(window: demo.window, display: demo.xvfb.display, to: artifactPath("culling-rejected.png"))
        #expect(wall.pixels(near: RGB(0xD32F2F), in: rejected, tolerance: 12) >= 100)
        #expect(wall.pixels(near: RGB(0xFFC107), in: rejected, tolerance: 40) == 0)
        // Ctrl+Z gives back the three stars, in the file and on the card.
        try wall.act("ctrl+z", "mark", undo: true)
        #expect(try rating() == "3\n")
        try wall.act("0", "mark")
        #expect(try rating() == "0\n")
        demo.expectNoXErrors()
    }

    @Test func theLightboxRatesAndTurnsThePhotoItShows() throws {
        let wall = try CullingWall()
        let demo = wall.demo
        try wall.select(1)
        let before = demo.eventCount
        try demo.key("Return")
        try demo.waitForLightbox("picture", index: 1, after: before)
        try wall.act("5", "mark")
        #expect(
            try TestTool.run(["exiftool", "-s3", "-n", "-XMP-xmp:Rating", wall.folder.path("b.jpg.xmp")]).output
                == "5\n")
        // Five gold stars at the photo's bottom-right corner, over the lightbox (drawn in the key's own frame, before
        // the sidecar was written).
        #expect(wall.pixels(near: RGB(0xFFC107), in: try demo.screenshot(), tolerance: 40) >= 40)
        let green = RGB(0x20A040)
        let upright = try #require(extent(of: green, in: try demo.screenshot()))
        #expect(upright.height > upright.width)
        try wall.act("ctrl+r", "rotate")
        #expect(try TestTool.run(["exiftool", "-s3", "-n", "-Orientation", wall.folder.path("b.jpg")]).output == "6\n")
        // The picture decoded again from the turned file, once it was written.
        let acted = try #require(demo.process.events.lastIndex { $0.name == "fileAction" })
        let turned = try demo.waitForLightbox("picture", index: 1, after: acted)
        #expect(turned.string("path") == wall.folder.path("b.jpg"))
        let lying = try #require(extent(of: green, in: try demo.screenshot()))
        #expect(lying.width > lying.height, "\(lying)")
        demo.expectNoXErrors()
    }
}

extension CullingWall {
    /// The red photo's extent on screen, if it shows.
    func extentOfRed(in shot: Screenshot) -> Int? {
        let count = pixels(near: RGB(0xD02020), in: shot, tolerance: 12)
        return count == 0 ? nil : count
    }

    /// How many pixels of `shot` are within `tolerance` of `colour` in each channel.
    func pixels(near colour: RGB, in shot: Screenshot, tolerance: Int) -> Int {
        var count = 0
        for y in 0..<shot.height {
            for x in 0..<shot.width {
                guard let pixel = shot.pixel(x: x, y: y) else { continue }
                if abs(Int(pixel.red) - Int(colour.red)) <= tolerance
                    && abs(Int(pixel.green) - Int(colour.green)) <= tolerance
                    && abs(Int(pixel.blue) - Int(colour.blue)) <= tolerance
                {
                    count += 1
                }
            }
        }
        return count
    }
}

/// Actions on many photos, and the errors a file action meets.
@Suite(.serialized)
struct CullingManyAndErrorsTests {
    @Test func aThousandPhotosTrashWithProgressAndEscapeStopsBetweenFiles() throws {
        let folder = try GeneratedImages()
        let release = try GeneratedImages()
        try folder.convert(["-size", "64x48", "xc:#808080", "seed.jpg"])
        for index in 0..<1000 {
            #expect(link(folder.path("seed.jpg"), folder.path(String(format: "p%04d.jpg", index))) == 0)
        }
        try FileManager.default.removeItem(atPath: folder.path("seed.jpg"))
        // The action is held at its tenth file until the test has pressed Escape.
        let wall = try CullingWall(
            in: folder, photos: false,
            environment: [
                "WATERFALL_PAUSE_AT": "trash.moved#10",
                "WATERFALL_PAUSE_UNTIL": release.path("go"),
            ])
        let demo = wall.demo
        try demo.key("ctrl+a")
        try demo.key("Delete")
        try waitUntil("the action to stop at its tenth file") {
            demo.process.standardError.contains("paused at trash.moved #10")
        }
        let progress = try demo.process.waitForEvent("the progress") {
            $0.name == "fileActionProgress" && $0.int("done") == 9
        }
        #expect(progress.event.int("total") == 1000 && progress.event.string("action") == "trash")
        // The window goes on meanwhile: the status bar has text, and a key is handled.
        let before = demo.eventCount
        try demo.key("Escape")
        _ = try demo.process.waitForEvent(after: before, "Escape handled") {
            $0.name == "key" && $0.string("chord") == "Escape"
        }
        try Data().write(to: URL(fileURLWithPath: release.path("go")))
        let ended = try demo.process.waitForEvent(after: before, "the action's end") { $0.name == "fileAction" }
        #expect(ended.event.fields["cancelled"] as? Bool == true)
        #expect(ended.event.int("done") == 10 && ended.event.int("total") == 1000)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.root).count
        #expect(left == 990)
        #expect(try FileManager.default.contentsOfDirectory(atPath: wall.home.path("data/Trash/files")).count == 10)
    }

    @Test func aReadOnlyFolderSaysSoAndChangesNothing() throws {
        let mount = try ScratchMount(kilobytes: 4096)
        let folder = try GeneratedImages(in: mount.folder)
        let wall = try CullingWall(in: folder)
        try mount.makeReadOnly()
        let demo = wall.demo
        try wall.select(0)
        let trashed = try wall.act("Delete", "trash")
        #expect(trashed.int("done") == 0)
        #expect(trashed.fields["failed"] as? [String] == ["a.jpg: the folder is read-only"])
        try wall.select(1)
        let rated = try wall.act("5", "mark")
        #expect(rated.fields["failed"] as? [String] == ["b.jpg.xmp: the folder is read-only"], "\(rated.fields)")
        #expect(
            FileManager.default.fileExists(atPath: folder.path("a.jpg"))
                && !FileManager.default.fileExists(atPath: folder.path("b.jpg.xmp")))
        // The card shows no stars (given back), and the status bar says why.
        try wall.settle()
        #expect(wall.pixels(near: RGB(0xFFC107), in: try demo.screenshot(), tolerance: 40) == 0)
        try demo.key("q")
        let exit = try demo.process.waitForEvent("the exit") { $0.name == "exit" }.event
        #expect(
            exit.string("status")?.hasPrefix("0 photos marked · 1 not changed: b.jpg.xmp: the folder is read-only")
                == true,
            "\(exit.string("status") ?? "")")
    }
}
