import Foundation
import SystemPackage
import Testing
import Waterfall
import WaterfallPhotoWall
import WaterfallPhotos

/// Culling through the wall's keys, in-process: 1–5, 0 and x write the rating and the reject to the photo's XMP
/// sidecar and the card shows them; Delete moves the photo to the harness's freedesktop.org Trash and Ctrl+Z puts it
/// back, never over a file that took its name; ] and [ turn a PNG through its sidecar's tiff:Orientation and the card
/// turns; the lightbox rates and turns the photo it shows. (A JPEG's own orientation, trash-cli, a read-only folder,
/// the progress and Escape of a long action, and a kill at any step are checked end to end: CullingWindowTests.)
@Suite struct WallCullingTests {
    static let red: UInt32 = 0xD02020
    static let green: UInt32 = 0x20A040
    static let blue: UInt32 = 0x2040C0

    /// a.png (400 × 300, red), b.png (300 × 400, green) and c.png (400 × 300, blue) on a wall of three columns,
    /// every picture drawn.
    static func threePhotos() throws -> WallHarness {
        let harness = try WallHarness()
        try harness.photo("a.png", width: 400, height: 300, colour: red)
        try harness.photo("b.png", width: 300, height: 400, colour: green)
        try harness.photo("c.png", width: 400, height: 300, colour: blue)
        try harness.open(columns: .fixed(3))
        try harness.waitForPictures()
        return harness
    }

    /// The text of `name`'s sidecar under the root.
    static func sidecar(_ harness: WallHarness, _ name: String) throws -> String {
        try String(contentsOfFile: harness.root + "/" + name + ".xmp", encoding: .utf8)
    }

    /// Waits until card `index`'s aspect is `aspect`: the card turns at the key, and the live folders, which see the
    /// sidecar written, read the photo again as it is then (a turn and its undo in quick succession may show the
    /// first's read until the second's arrives).
    static func waitForAspect(_ aspect: Double, of index: Int, _ harness: WallHarness) throws {
        try harness.wait("card \(index) at \(aspect)") { (try? harness.card(index).aspect) == aspect }
        try harness.waitForPictures()
    }

    /// The texts the window shows now (the whole view drawn again).
    static func shownTexts(_ harness: WallHarness) -> [String] {
        harness.window.redrawAll()
        return harness.window.drawnTexts
    }

    @Test func digitsRateAndXRejectsInTheSidecarAndTheCardShowsThem() throws {
        let harness = try Self.threePhotos()
        try harness.click(1)
        #expect(harness.selectedIndices == [1])
        let rated = try harness.act("3", "mark")
        #expect(rated.int("done") == 1 && rated.int("total") == 1 && rated.strings("failed") == [])
        #expect(try Self.sidecar(harness, "b.png").contains(#"xmp:Rating="3""#))
        #expect(PhotoSidecar.marks(of: FilePath(harness.root + "/b.png")) == PhotoMarks(rating: 3))
        #expect(try harness.card(1).marks == PhotoMarks(rating: 3))
        #expect(Self.shownTexts(harness).filter { $0.contains("★") } == ["★★★"])
        #expect(harness.wall.statusText.hasPrefix("1 photo marked · 3 photos in 1 folder"))

        try harness.act("x", "mark")
        #expect(try Self.sidecar(harness, "b.png").contains(#"xmp:Rating="-1""#))
        #expect(try harness.card(1).marks == PhotoMarks(rating: 0, isRejected: true))
        var shown = Self.shownTexts(harness)
        #expect(shown.contains("✕") && !shown.contains { $0.contains("★") })

        // Ctrl+Z gives back the three stars, in the file and on the card. The watched folder's update of the reject's
        // write may still come after the undo's own: the card settles on the file's marks once the folder's last does.
        try harness.act("z", .control, "mark", undo: true)
        #expect(try harness.window.runUntil { (try? harness.card(1).marks) == PhotoMarks(rating: 3) })
        #expect(try Self.sidecar(harness, "b.png").contains(#"xmp:Rating="3""#))
        #expect(try harness.card(1).marks == PhotoMarks(rating: 3))
        shown = Self.shownTexts(harness)
        #expect(shown.contains("★★★") && !shown.contains("✕"))
        try harness.act("0", "mark")
        #expect(try Self.sidecar(harness, "b.png").contains(#"xmp:Rating="0""#))
        #expect(try harness.card(1).marks == PhotoMarks())
        #expect(!Self.shownTexts(harness).contains { $0.contains("★") })
        // The other photos have no sidecars.
        #expect(!FileManager.default.fileExists(atPath: harness.root + "/a.png.xmp"))
    }

    @Test func nothingToUndoSaysSo() throws {
        let harness = try Self.threePhotos()
        try harness.window.press("z", .control)
        #expect(harness.wall.statusText.hasPrefix("Nothing to undo · 3 photos in 1 folder"))
    }

    @Test func deleteMovesThePhotoToTheTrashAndCtrlZPutsItBack() throws {
        let harness = try Self.threePhotos()
        try harness.click(0)
        var mark = harness.eventCount
        let trashed = try harness.act("Delete", "trash")
        #expect(trashed.int("done") == 1 && trashed.int("total") == 1 && trashed.strings("failed") == [])
        let original = harness.root + "/a.png"
        #expect(!FileManager.default.fileExists(atPath: original))
        #expect(FileManager.default.fileExists(atPath: harness.trash + "/files/a.png"))
        let info = try String(contentsOfFile: harness.trash + "/info/a.png.trashinfo", encoding: .utf8)
        #expect(info.hasPrefix("[Trash Info]\nPath=\(original)\nDeletionDate="))
        #expect(harness.wall.statusText.hasPrefix("1 photo moved to the Trash (Ctrl+Z puts them back) · "))
        // The card goes when the live folders see the file go, and its picture with it.
        let gone = try WallLiveTests.update(harness, "delete", after: mark)
        #expect(gone.ints("indices") == [0] && gone.int("items") == 2)
        #expect(harness.titles == [["b.png", "c.png"]])
        harness.window.redrawAll()
        #expect(
            harness.window.drawnImages.compactMap { harness.window.colour(of: $0.image) }.sorted()
                == [Self.green, Self.blue].sorted())

        // Ctrl+Z puts it back, and its card comes back.
        mark = harness.eventCount
        let restored = try harness.act("z", .control, "restore", undo: true)
        #expect(restored.int("done") == 1 && FileManager.default.fileExists(atPath: original))
        #expect(!FileManager.default.fileExists(atPath: harness.trash + "/info/a.png.trashinfo"))
        #expect(!FileManager.default.fileExists(atPath: harness.trash + "/files/a.png"))
        let back = try WallLiveTests.update(harness, "insert", after: mark)
        #expect(back.ints("indices") == [0] && back.int("items") == 3)
        #expect(harness.titles == [["a.png", "b.png", "c.png"]])
        #expect(harness.wall.statusText.hasPrefix("1 photo restored from the Trash · "))

        // Trashed again, and a new a.png takes its name: the undo refuses, and neither file is touched.
        try harness.click(0)
        try harness.act("Delete", "trash")
        let newcomer = Data("not the photo".utf8)
        try newcomer.write(to: URL(fileURLWithPath: original))
        let refused = try harness.act("z", .control, "restore", undo: true)
        #expect(refused.int("done") == 0)
        let reasons = refused.strings("failed") ?? []
        #expect(reasons.count == 1 && reasons[0].contains("a.png") && reasons[0].contains("taken"), "\(reasons)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: original)) == newcomer)
        #expect(FileManager.default.fileExists(atPath: harness.trash + "/files/a.png"))
        #expect(harness.wall.statusText.hasPrefix("0 photos restored from the Trash · 1 not changed: "))
        #expect(harness.warnings.all == reasons)
    }

    /// As nsxiv is given files: their folder is not watched, so the wall takes the card away itself.
    @Test func photosGivenAloneLeaveTheWallWhenTrashedAndComeBackOnUndo() throws {
        let harness = try WallHarness()
        let a = try harness.photo("a.png", colour: Self.red)
        let b = try harness.photo("b.png", width: 30, height: 40, colour: Self.green)
        try harness.open([a, b], columns: .fixed(3))
        try harness.window.press("Right")  // focuses and selects the first card
        #expect(harness.selectedIndices == [0])
        var mark = harness.eventCount
        try harness.window.press("Delete")
        let gone = try WallLiveTests.update(harness, "delete", after: mark)
        #expect(gone.ints("indices") == [0] && gone.int("items") == 1)
        #expect(!FileManager.default.fileExists(atPath: a))
        #expect(harness.titles == [["b.png"]])
        mark = harness.eventCount
        try harness.window.press("z", .control)
        let back = try WallLiveTests.update(harness, "insert", after: mark)
        #expect(back.ints("indices") == [0] && back.int("items") == 2)
        #expect(FileManager.default.fileExists(atPath: a))
        #expect(harness.titles == [["a.png", "b.png"]])
    }

    @Test func bracketsTurnAPNGThroughItsSidecarAndCtrlZTurnsItBack() throws {
        let harness = try Self.threePhotos()
        let file = FilePath(harness.root + "/c.png")
        try harness.click(2)
        #expect(try harness.card(2).aspect == 0.75)
        let turned = try harness.act("bracketright", "rotate")
        #expect(turned.int("done") == 1)
        #expect(try Self.sidecar(harness, "c.png").contains(#"tiff:Orientation="6""#))
        #expect(PhotoSidecar.orientation(of: file)?.rawValue == 6)
        // The card stands: its picture, decoded again from the turned file, taller than wide.
        #expect(try harness.card(2).aspect == 4.0 / 3)
        try Self.waitForAspect(4.0 / 3, of: 2, harness)
        harness.window.redrawAll()
        let picture = try #require(
            harness.window.drawnImages.first { harness.window.colour(of: $0.image) == Self.blue })
        #expect(picture.rect.height > picture.rect.width)
        #expect(picture.image.height > picture.image.width)

        try harness.act("z", .control, "rotate", undo: true)
        #expect(PhotoSidecar.orientation(of: file)?.rawValue ?? 1 == 1)
        try Self.waitForAspect(0.75, of: 2, harness)
        // [ turns the other way: a quarter turn anticlockwise is orientation 8, and so is Ctrl+Shift+R.
        try harness.act("bracketleft", "rotate")
        #expect(PhotoSidecar.orientation(of: file)?.rawValue == 8)
        try Self.waitForAspect(4.0 / 3, of: 2, harness)
        try harness.act("z", .control, "rotate", undo: true)
        try Self.waitForAspect(0.75, of: 2, harness)
        try harness.act("r", [.control, .shift], "rotate")
        #expect(PhotoSidecar.orientation(of: file)?.rawValue == 8)
        try Self.waitForAspect(4.0 / 3, of: 2, harness)
        try harness.act("r", .control, "rotate")  // clockwise, back upright
        #expect(PhotoSidecar.orientation(of: file)?.rawValue ?? 1 == 1)
        try Self.waitForAspect(0.75, of: 2, harness)
        harness.window.redrawAll()
        let upright = try #require(
            harness.window.drawnImages.first { harness.window.colour(of: $0.image) == Self.blue })
        #expect(upright.image.width > upright.image.height && upright.rect.width > upright.rect.height)
        #expect(harness.wall.statusText.hasPrefix("1 photo rotated · "))
    }

    @Test func theLightboxRatesAndTurnsThePhotoItShows() throws {
        let harness = try Self.threePhotos()
        try harness.click(1)
        try harness.window.press("Return")
        let lightbox = try #require(harness.wall.lightbox)
        #expect(lightbox.index == 1)
        try harness.wait("the lightbox's picture") { lightbox.isPictureShown }
        let marked = try harness.act("5", "mark")
        #expect(marked.int("done") == 1)
        #expect(try Self.sidecar(harness, "b.png").contains(#"xmp:Rating="5""#))
        // Five stars at the photo's bottom-right corner, over the lightbox.
        #expect(harness.window.drawnTexts.contains("★★★★★"))
        #expect(harness.wall.lightbox?.index == 1)  // the photo shown stays
        let mark = harness.eventCount
        try harness.act("r", .control, "rotate")
        #expect(PhotoSidecar.orientation(of: FilePath(harness.root + "/b.png"))?.rawValue == 6)
        #expect(try harness.card(1).aspect == 0.75)
        // The picture decoded again from the turned file, once it was written: lying now.
        let picture = try harness.waitForEvent("lightbox", after: mark) {
            $0.string("action") == "picture" && $0.int("index") == 1
        }
        #expect(picture.string("path") == harness.root + "/b.png")
        try harness.wait("the turned picture") { lightbox.isPictureShown }
        let drawn = try #require(harness.window.drawnImages.last)
        #expect(drawn.rect.width > drawn.rect.height && harness.window.colour(of: drawn.image) == Self.green)
    }
}
