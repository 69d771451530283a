import Foundation
import PhotoTestSupport
import SystemPackage
import Testing
import WaterfallIndex
import WaterfallLibrary
import WaterfallPhotoWall
import WaterfallPhotos

/// Stacks through the wall, in-process: a RAW and its picture of the same name, and a burst (one camera, each photo at
/// most a second after the one before it, by EXIF), are one card; `g` opens the focused stack and closes it again;
/// the culling keys act on a closed stack's every photo and on an open stack's photo alone; the live folders and a
/// relaunch from the index stack alike, and `stacksPhotos` off shows each photo alone. (The badges on the screen:
/// StackWindowTests.)
@Suite struct WallStackTests {
    /// Writes a DNG of `name` under the harness's root (its preview 60 × 40 of `color`).
    static func dng(_ harness: WallHarness, _ name: String, color: String = "#C03020") throws {
        let scratch = try GeneratedImages()
        let made = try scratch.dng(name, previewWidth: 60, previewHeight: 40, color: color)
        try FileManager.default.moveItem(atPath: made, toPath: harness.root + "/" + name)
    }

    /// Gives the photos `names` under the harness's root a camera `model` and a date taken at `time` ("12:00:01" on
    /// 2024-05-01), by exiftool.
    static func taken(_ harness: WallHarness, _ names: [String], model: String?, at time: String) throws {
        try TestTool.run(
            ["exiftool", "-q", "-overwrite_original", "-DateTimeOriginal=2024:05:01 \(time)"]
                + (model.map { ["-Model=\($0)"] } ?? []) + names.map { harness.root + "/" + $0 })
    }

    /// IMG_0001.dng and IMG_0001.jpg (a RAW and its picture); burst-1..3.png of camera X at 12:00:00, :01 and :02 (a
    /// burst: each a second after the one before); later.png of X at 12:00:04 (two seconds on: no burst);
    /// other.png of camera Y at 12:00:04; nocamera.png at 12:00:04 without a camera; plain.dng and plain.png (a PNG is
    /// no camera's picture beside its RAW).
    static func photos(_ harness: WallHarness) throws {
        try dng(harness, "IMG_0001.dng")
        try TestTool.run(["convert", "-size", "60x40", "xc:#C03020", harness.root + "/IMG_0001.jpg"])
        // A PNG of a RAW's name is no camera's picture: no stack.
        try dng(harness, "plain.dng")
        try harness.photo("plain.png", width: 60, height: 40, colour: 0xC03020)
        for (index, colour) in [0x2060C0, 0x2070C0, 0x2080C0].enumerated() {
            try harness.photo("burst-\(index + 1).png", width: 40, height: 60, colour: UInt32(colour))
        }
        for name in ["later.png", "other.png", "nocamera.png"] { try harness.photo(name, colour: 0x30A040) }
        for (index, name) in ["burst-1.png", "burst-2.png", "burst-3.png"].enumerated() {
            try taken(harness, [name], model: "X", at: "12:00:0\(index)")
        }
        try taken(harness, ["later.png"], model: "X", at: "12:00:04")
        try taken(harness, ["other.png"], model: "Y", at: "12:00:04")
        try taken(harness, ["nocamera.png"], model: nil, at: "12:00:04")
    }

    /// `waterfall-decoder` beside this test bundle: the worker that reads a RAW's header, as a program finds it beside
    /// itself.
    static var worker: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("waterfall-decoder").path
    }

    /// Opens the harness's wall in three columns, RAWs read by the built worker, set up by `configure`.
    static func open(
        _ harness: WallHarness, paths: [String] = [], configure: (inout PhotoWall.Configuration) -> Void = { _ in }
    ) throws {
        try harness.open(paths, columns: .fixed(3)) {
            $0.decoderExecutable = worker
            configure(&$0)
        }
    }

    /// Each card's title, with its stack's photos' names after a colon when it stands for a stack.
    static func cards(_ harness: WallHarness) -> [String] {
        harness.wall.items.sections.flatMap(\.cards).map { card in
            card.isStack ? card.title + ": " + card.stack.map(\.title).joined(separator: " ") : card.title
        }
    }

    /// The index of the card titled `title`.
    static func index(of title: String, _ harness: WallHarness) throws -> Int {
        try #require(harness.titles.flatMap { $0 }.firstIndex(of: title), "no card \(title)")
    }

    /// What exiftool reads as the rating of `name`'s sidecar (`NAME.EXT.xmp`, else `NAME.xmp`); "" for none.
    static func rating(_ harness: WallHarness, _ name: String) throws -> String {
        let stem = (name as NSString).deletingPathExtension
        let sidecar = [name + ".xmp", stem + ".xmp"].map { harness.root + "/" + $0 }.first {
            FileManager.default.fileExists(atPath: $0)
        }
        guard let sidecar else { return "" }
        return try TestTool.run(["exiftool", "-s3", "-XMP:Rating", sidecar]).output
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The cards of `photos(_:)`, in the folder's order (by name, naturally: case aside).
    static let stacked = [
        "burst-1.png: burst-1.png burst-2.png burst-3.png", "IMG_0001.jpg: IMG_0001.dng IMG_0001.jpg", "later.png",
        "nocamera.png", "other.png", "plain.dng", "plain.png",
    ]

    @Test func aRAWWithItsPictureAndABurstAreOneCardEach() throws {
        let harness = try WallHarness()
        try Self.photos(harness)
        try Self.open(harness)
        #expect(Self.cards(harness) == Self.stacked)
        // The section's header counts the photos, not the cards.
        #expect(harness.wall.items.sections[0].photoCount == 10 && harness.wall.items.photoCount == 10)
        #expect(
            harness.events("bar").contains { $0.string("kind") == "header" && $0.string("detail") == "10 photos" })
        // The picture is the RAW's cover; a burst's first photo is its own.
        #expect(
            try harness.card(1).format == .jpeg
                && harness.card(1).files.map(\.lastComponent!.string) == ["IMG_0001.dng", "IMG_0001.jpg"])
        // A query finds a stack by any of its photos.
        #expect(try WallKeywordTests.filtered(harness, "format:raw") == ["IMG_0001.jpg", "plain.dng"])
        #expect(try WallKeywordTests.filtered(harness, "burst-3") == ["burst-1.png"])
    }

    @Test func stackingOffShowsEachPhotoAlone() throws {
        let harness = try WallHarness()
        try Self.photos(harness)
        try Self.open(harness) { $0.stacksPhotos = false }
        #expect(
            harness.titles.flatMap { $0 }.count == 10 && harness.wall.items.sections[0].cards.allSatisfy { !$0.isStack }
        )
    }

    @Test func gOpensTheFocusedStackAndClosesItFromAnyOfItsPhotos() throws {
        let harness = try WallHarness()
        try Self.photos(harness)
        try Self.open(harness)
        let burst = try Self.index(of: "burst-1.png", harness)
        try harness.click(burst)
        try harness.window.press("g")
        #expect(
            Self.cards(harness) == [
                "burst-1.png", "burst-2.png", "burst-3.png", "IMG_0001.jpg: IMG_0001.dng IMG_0001.jpg", "later.png",
                "nocamera.png", "other.png", "plain.dng", "plain.png",
            ])
        #expect(
            try (0...2).map { try harness.card($0).stackPlace } == (0...2).map { StackPlace(index: $0, count: 3) })
        #expect(harness.wall.collectionView.focusedItem == (try harness.path(0)))
        #expect(harness.wall.statusText.hasPrefix("a stack open (g closes it) · 10 photos in 1 folder"))
        let opened = try #require(harness.events("stack").last)
        #expect(
            opened.strings("files") == ["burst-1.png", "burst-2.png", "burst-3.png"] && opened.bool("open") == true
                && opened.int("items") == 9)
        // From its last photo: closed, the focus on the stack.
        try harness.click(2)
        try harness.window.press("g")
        #expect(Self.cards(harness) == Self.stacked)
        #expect(harness.wall.collectionView.focusedItem == (try harness.path(0)))
        #expect(harness.events("stack").last?.bool("open") == false)
        #expect(!harness.wall.statusText.contains("stack open"))
        // A card of one photo has none to open.
        try harness.click(2)
        try harness.window.press("g")
        #expect(Self.cards(harness) == Self.stacked)
        #expect(harness.wall.statusText.hasPrefix("later.png is not in a stack"))
    }

    @Test func marksActOnAClosedStacksEveryPhotoAndOnAnOpenStacksPhotoAlone() throws {
        let harness = try WallHarness()
        try Self.photos(harness)
        try Self.open(harness)
        try harness.click(1)
        let rated = try harness.act("3", "mark")
        #expect(rated.int("done") == 2)
        #expect(try Self.rating(harness, "IMG_0001.dng") == "3" && Self.rating(harness, "IMG_0001.jpg") == "3")
        #expect(try harness.card(1).marks.rating == 3 && harness.card(1).stack.allSatisfy { $0.marks.rating == 3 })
        // Open: the RAW alone.
        try harness.window.press("g")
        try harness.click(1)
        #expect(try harness.card(1).title == "IMG_0001.dng")
        try harness.act("1", "mark")
        #expect(try Self.rating(harness, "IMG_0001.dng") == "1" && Self.rating(harness, "IMG_0001.jpg") == "3")
        // The watched folder's updates of the writes may come after them: the cards settle on the files' marks.
        #expect(try harness.window.runUntil { (try? harness.card(1).marks.rating) == 1 })
        #expect(try harness.card(2).marks.rating == 3)
        // Ctrl+Z: the RAW's 3 again; closed, the stack's cover shows it.
        try harness.act("z", .control, "mark", undo: true)
        #expect(try Self.rating(harness, "IMG_0001.dng") == "3")
        #expect(try harness.window.runUntil { (try? harness.card(1).marks.rating) == 3 })
        try harness.window.press("g")
        #expect(try harness.card(1).isStack && harness.card(1).stack.map(\.marks.rating) == [3, 3])
    }

    @Test func trashMovesAClosedStacksEveryPhotoAndCtrlZBringsTheStackBack() throws {
        let harness = try WallHarness()
        try Self.photos(harness)
        try Self.open(harness)
        try harness.click(try Self.index(of: "burst-1.png", harness))
        let trashed = try harness.act("Delete", "trash")
        #expect(trashed.int("done") == 3 && trashed.int("total") == 3)
        for name in ["burst-1.png", "burst-2.png", "burst-3.png"] {
            #expect(FileManager.default.fileExists(atPath: harness.trash + "/files/" + name))
        }
        try harness.wait("the stack gone") { !harness.titles.flatMap { $0 }.contains("burst-1.png") }
        #expect(Self.cards(harness) == Self.stacked.filter { !$0.hasPrefix("burst") })
        try harness.act("z", .control, "restore", undo: true)
        try harness.wait("the stack back") { Self.cards(harness) == Self.stacked }
    }

    @Test func anOpenStacksPhotoTrashedAloneLeavesTheOthersStacked() throws {
        let harness = try WallHarness()
        try Self.photos(harness)
        try Self.open(harness)
        try harness.click(try Self.index(of: "burst-1.png", harness))
        try harness.window.press("g")
        try harness.click(try Self.index(of: "burst-3.png", harness))
        let trashed = try harness.act("Delete", "trash")
        #expect(trashed.int("total") == 1)
        // The stack stays open, without it.
        try harness.wait("burst-3.png gone") { !harness.titles.flatMap { $0 }.contains("burst-3.png") }
        #expect(
            try (0...1).map { try harness.card($0).title + " " + "\(harness.card($0).stackPlace!.index)" } == [
                "burst-1.png 0", "burst-2.png 1",
            ])
        try harness.click(0)
        try harness.window.press("g")
        #expect(Self.cards(harness).first == "burst-1.png: burst-1.png burst-2.png")
        // Closed, Delete moves both.
        #expect(try harness.act("Delete", "trash").int("total") == 2)
        try harness.wait("burst-1.png and burst-2.png gone") {
            Self.cards(harness).first == "IMG_0001.jpg: IMG_0001.dng IMG_0001.jpg"
        }
    }

    @Test func aStackOfFilesGivenAloneKeepsThePhotosNotTrashed() throws {
        let harness = try WallHarness()
        try Self.photos(harness)
        try Self.open(harness, paths: ["IMG_0001.dng", "IMG_0001.jpg"].map { harness.root + "/" + $0 })
        #expect(Self.cards(harness) == ["IMG_0001.jpg: IMG_0001.dng IMG_0001.jpg"])
        try harness.click(0)
        try harness.window.press("g")
        try harness.click(1)
        #expect(try harness.act("Delete", "trash").int("total") == 1)
        // The RAW stays; no watched folder tells of the trashed file, so the wall takes it away itself.
        #expect(Self.cards(harness) == ["IMG_0001.dng"])
        #expect(FileManager.default.fileExists(atPath: harness.root + "/IMG_0001.dng"))
        try harness.act("z", .control, "restore", undo: true)
        #expect(harness.titles.flatMap { $0 }.sorted() == ["IMG_0001.dng", "IMG_0001.jpg"])
    }

    @Test func aWatchedFoldersNewPhotoJoinsItsStackAndAGoneOneLeavesIt() throws {
        let harness = try WallHarness()
        try Self.photos(harness)
        try Self.open(harness)
        // burst-4.png, taken a second after burst-3.png, written aside and renamed in as a camera import finishes.
        let staging = harness.scratch + "/burst-4.png"
        try harness.photoBytes(width: 40, height: 60).write(to: URL(fileURLWithPath: staging))
        try TestTool.run(
            ["exiftool", "-q", "-overwrite_original", "-DateTimeOriginal=2024:05:01 12:00:03", "-Model=X", staging])
        try FileManager.default.moveItem(atPath: staging, toPath: harness.root + "/burst-4.png")
        try harness.wait("burst-4.png in the burst") {
            Self.cards(harness).contains("burst-1.png: burst-1.png burst-2.png burst-3.png burst-4.png")
        }
        // later.png (12:00:04, camera X) is a second after burst-4.png, but the RAW's pair sorts between them.
        #expect(
            Self.cards(harness) == [
                "burst-1.png: burst-1.png burst-2.png burst-3.png burst-4.png",
                "IMG_0001.jpg: IMG_0001.dng IMG_0001.jpg",
                "later.png", "nocamera.png", "other.png", "plain.dng", "plain.png",
            ])
        // The RAW gone: its picture is a card alone.
        try FileManager.default.removeItem(atPath: harness.root + "/IMG_0001.dng")
        try harness.wait("the RAW gone") { Self.cards(harness)[1] == "IMG_0001.jpg" }
        #expect(harness.warnings.all == [])
    }

    @Test func aBurstTheWalksBatchesCutInTwoIsOneStack() throws {
        let harness = try WallHarness()
        let names = (0..<1200).map { String(format: "frame-%04d.png", $0) }
        let bytes = harness.photoBytes(width: 40, height: 30)
        for name in names { try bytes.write(to: URL(fileURLWithPath: harness.root + "/" + name)) }
        try Self.taken(harness, names, model: "X", at: "12:00:00")
        try Self.open(harness)
        #expect(harness.wall.items.count == 1)
        #expect(try harness.card(0).stack.map(\.title) == names)
    }

    @Test func aRelaunchFromTheIndexStacksAsTheWalkDid() throws {
        let harness = try WallHarness()
        try Self.photos(harness)
        let index = try WallSimilarTests.index(harness)
        try Self.open(harness) { $0.openIndex = { index } }
        #expect(Self.cards(harness) == Self.stacked)
        harness.wall.stop()
        let relaunch = harness.relaunched()
        let again = try WallSimilarTests.index(relaunch)
        try Self.open(relaunch) { $0.openIndex = { again } }
        try relaunch.wait("the index's photos") { relaunch.wall.items.count == 7 }
        #expect(Self.cards(relaunch) == Self.stacked)
    }
}
