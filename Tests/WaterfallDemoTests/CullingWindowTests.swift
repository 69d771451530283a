import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// `waterfall` on a folder of three photos (a.jpg 400 × 300 red, b.jpg 300 × 400 green, c.png 400 × 300 blue; 800 ×
/// 620, 3 columns) with a home of its own (`XDG_DATA_HOME`, so its Trash, `XDG_CACHE_HOME` and `XDG_CONFIG_HOME`
/// under `home`), once every picture is drawn: the culling tests' common steps.
final class CullingWall {
    let folder: GeneratedImages
    let home: GeneratedImages
    let demo: RunningDemo

    /// The photos' names, colours and sizes.
    static let photos: [(name: String, color: String, width: Int, height: Int)] = [
        ("a.jpg", "#D02020", 400, 300), ("b.jpg", "#20A040", 300, 400), ("c.png", "#2040C0", 400, 300),
    ]

    /// The environment that gives the program `home`'s folders.
    static func environment(home: GeneratedImages) -> [String: String] {
        [
            "XDG_DATA_HOME": home.path("data"), "XDG_CACHE_HOME": home.path("cache"),
            "XDG_CONFIG_HOME": home.path("config"),
            "HOME": home.folder.path,
        ]
    }

    /// Makes the photos (in `folder`, when given: a test's own mount; none when `photos` is false: the folder has its
    /// own), starts the wall with `arguments` added and `environment`'s variables, and waits until every card's
    /// picture is drawn.
    init(
        in folder: GeneratedImages? = nil, photos: Bool = true, arguments: [String] = [],
        environment: [String: String] = [:]
    ) throws {
        self.folder = try folder ?? GeneratedImages()
        home = try GeneratedImages()
        for photo in Self.photos where photos {
            try self.folder.convert(["-size", "\(photo.width)x\(photo.height)", "xc:\(photo.color)", photo.name])
        }
        demo = try RunningDemo(
            [self.folder.root, "--width", "800", "--height", "620", "--columns", "3"] + arguments,
            executable: "waterfall", environment: Self.environment(home: home).merging(environment) { _, new in new })
        let walked = try demo.process.waitForEvent("the end of the walk") {
            $0.name == "scanned" && $0.fields["done"] as? Bool == true
        }
        try waitUntilDrawn(after: walked.position)
    }

    /// Waits for a frame after the first `after` events that shows cards, none of them waiting for its picture.
    func waitUntilDrawn(after: Int) throws {
        _ = try demo.process.waitForEvent(after: after, "every picture drawn") {
            $0.name == "frame" && $0.int("thumbnailsPending") == 0 && ($0.int("visible") ?? 0) > 0
        }
    }

    /// Waits until the window has handled every input and action result before (a pull's frame: see
    /// `RunningDemo.syncWithAPull`) and then drawn every picture in view.
    func settle() throws {
        let last = try demo.syncWithAPull(after: demo.eventCount)
        try waitUntilDrawn(after: last)
    }

    /// Selects the card at `index` alone (the folder's cards in the order walked), by a click on it, and waits for
    /// its `select` event.
    func select(_ index: Int) throws {
        let card = try #require(try cards().first { $0.index == index })
        let before = demo.eventCount
        try demo.click(x: card.x + card.width / 2, y: card.y + card.height / 2)
        _ = try demo.process.waitForEvent(after: before, "card \(index) selected") {
            $0.name == "select" && $0.int("index") == index
        }
    }

    /// Presses `key` and waits for the file action it starts to end; returns its `fileAction` event.
    @discardableResult
    func act(_ key: String, _ action: String, undo: Bool = false) throws -> Event {
        let before = demo.eventCount
        try demo.key(key)
        return try demo.process.waitForEvent(after: before, "the \(action) action's end") {
            $0.name == "fileAction" && $0.string("action") == action && $0.fields["undo"] as? Bool == undo
        }.event
    }

    /// The cards' frames as the window lays out the folder as walked (the `layout` command's).
    func cards() throws -> [LaidOutItem] {
        try runLayoutCommand([
            "--photos", folder.root, "--width", String(Int(demo.cardsWidth)), "--height",
            String(Int(demo.viewportHeight)), "--columns", "3",
        ]).items
    }

    /// Runs a tool with the wall's home as its environment (`trash-list`, `trash-restore`).
    func runWithHome(_ arguments: [String], input: String? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = Self.environment(home: home).map { "\($0.key)=\($0.value)" } + arguments
        let output = Pipe()
        let inputPipe = Pipe()
        process.standardOutput = output
        process.standardInput = inputPipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        if let input { inputPipe.fileHandleForWriting.write(Data(input.utf8)) }
        try inputPipe.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw X11TestError("\(arguments) failed (\(process.terminationStatus)): \(text)")
        }
        return text
    }
}

/// Culling through the real keys under Xvfb, for what only the program and a server show: Delete moves the selected
/// photo to the freedesktop.org Trash under the program's own XDG_DATA_HOME (which Debian's trash-cli lists) and its
/// picture leaves the screen, Ctrl+Z puts it back; ] and [ turn a JPEG in its file (EXIF orientation, read back by
/// exiftool) and the card turns on the screen; 1–5, 0 and x write the rating and reject to the photo's XMP sidecar
/// (read back by exiftool) and the card shows gold stars or a red cross, in the lightbox too. (The keys' logic, the
/// sidecars, the Trash, a name taken and undo are checked in-process: WallCullingTests.)
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

        // Its picture is back on the screen. (A name taken meanwhile, and trash-restore: WallCullingTests and
        // TrashCLITests.)
        try wall.settle()
        #expect(wall.extentOfRed(in: try demo.screenshot()) != nil)
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
        #expect(try TestTool.run(["exiftool", "-s3", "-n", "-Orientation", wall.folder.path("a.jpg")]).output == "1\n")
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
