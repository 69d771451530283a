import Foundation
import SystemPackage
import Testing
import Waterfall
import WaterfallPhotoWall
import WaterfallPhotos

/// The compare view, in-process: `c` with two to four photos selected shows them side by side, each pane's picture
/// drawn in its own part of the window; the culling keys act on the active pane (a click, Ctrl+1 to Ctrl+4, Tab, or
/// the pointer moved over it);
/// zoom and pan are the same in every pane; a trashed photo leaves the view; Escape goes back to the wall with the
/// photos left selected. (The panes on the screen: CompareWindowTests.)
@Suite struct WallCompareTests {
    static let colours: [UInt32] = [0xD02020, 0x20A040, 0x2040C0, 0xE0A000]

    /// a.png to d.png, 400 × 300, each of its colour, every picture drawn, on a wall of four columns.
    static func fourPhotos() throws -> WallHarness {
        let harness = try WallHarness()
        for (name, colour) in zip(["a.png", "b.png", "c.png", "d.png"], colours) {
            try harness.photo(name, width: 400, height: 300, colour: colour)
        }
        try harness.open(columns: .fixed(4))
        try harness.waitForPictures()
        return harness
    }

    /// The `compare` events after the first `after`: "files active magnification".
    static func compared(_ harness: WallHarness, after: Int) -> [String] {
        harness.events("compare", after: after).map {
            "\($0.strings("files")?.joined(separator: ",") ?? "?") \($0.int("active") ?? -1) "
                + "\($0.double("magnification") ?? -1)"
        }
    }

    /// Turns the loop until every pane's picture at its size is drawn; the colours drawn in each pane then.
    static func paneColours(_ harness: WallHarness, panes: Int) throws -> [[UInt32]] {
        let frames = CompareView.paneFrames(count: panes, in: harness.window.viewportFrame)
        try harness.wait("the panes' pictures") {
            harness.window.redrawAll()
            return frames.allSatisfy { harness.window.drawnColours(in: $0).count == 1 } && harness.wall.isIdle
        }
        return frames.map { harness.window.drawnColours(in: $0) }
    }

    @Test func cShowsTheSelectedPhotosSideBySideAndTheKeysActOnTheActivePane() throws {
        let harness = try Self.fourPhotos()
        try harness.click(0)
        try harness.click(1, .control)
        try harness.click(2, .control)
        var mark = harness.eventCount
        try harness.window.press("c")
        let compare = try #require(harness.wall.compare)
        #expect(Self.compared(harness, after: mark) == ["a.png,b.png,c.png 0 1.0"])
        #expect(harness.window.title == "Compare: a.png · b.png · c.png")
        #expect(try Self.paneColours(harness, panes: 3) == [[0xD02020], [0x20A040], [0x2040C0]])
        #expect(harness.window.drawnTexts.filter { $0.hasSuffix(".png") } == ["a.png", "b.png", "c.png"])

        // The active pane's photo is rated; Ctrl+2 and Tab choose the others.
        try harness.act("3", "mark")
        #expect(PhotoSidecar.marks(of: FilePath(harness.root + "/a.png")) == PhotoMarks(rating: 3))
        try harness.window.press("2", .control)
        try harness.act("x", "mark")
        #expect(PhotoSidecar.marks(of: FilePath(harness.root + "/b.png")).isRejected)
        // A click chooses the third pane, and Delete trashes its photo: it leaves the view.
        let third = CompareView.paneFrames(count: 3, in: harness.window.viewportFrame)[2]
        try harness.window.sendToOverlay(.pointerDown(Point(x: third.midX, y: third.midY)))
        try harness.window.sendToOverlay(.pointerUp(Point(x: third.midX, y: third.midY)))
        #expect(compare.active == 2)
        // The pointer moved over the first pane: the keys act on its photo; Ctrl+2 then chooses the second while the
        // pointer stays there.
        let first = CompareView.paneFrames(count: 3, in: harness.window.viewportFrame)[0]
        harness.window.pointerLocation = Point(x: first.midX, y: first.midY)
        try harness.act("4", "mark")
        #expect(
            compare.active == 0 && PhotoSidecar.marks(of: FilePath(harness.root + "/a.png")) == PhotoMarks(rating: 4))
        try harness.window.press("3", .control)
        try harness.act("2", "mark")
        #expect(
            compare.active == 2 && PhotoSidecar.marks(of: FilePath(harness.root + "/c.png")) == PhotoMarks(rating: 2))
        mark = harness.eventCount
        try harness.act("Delete", "trash")
        #expect(compare.files.map(\.lastComponent?.string) == ["a.png", "b.png"] && compare.active == 1)
        #expect(!FileManager.default.fileExists(atPath: harness.root + "/c.png"))
        #expect(try Self.paneColours(harness, panes: 2) == [[0xD02020], [0x20A040]])

        // Zoom and pan are the same in every pane.
        try harness.window.press("plus")
        try harness.window.press("Right")
        #expect(compare.magnification == 1.5 && compare.center.x > 0.5)
        let panes = CompareView.paneFrames(count: 2, in: harness.window.viewportFrame)
        let shown = zip(compare.files, panes).map { compare.photoRect(of: $0, in: $1, scale: 1).rect }
        #expect(shown[0].width == shown[1].width && shown[0].minX - panes[0].minX == shown[1].minX - panes[1].minX)
        try harness.window.press("w")
        #expect(compare.magnification == 1 && compare.center == Point(x: 0.5, y: 0.5))

        // Escape: the wall, with the photos left selected.
        mark = harness.eventCount
        try harness.window.press("Escape")
        #expect(harness.wall.compare == nil)
        #expect(harness.events("compareEnd", after: mark).first?.strings("survivors") == ["a.png", "b.png"])
        try harness.wait("c.png gone") { harness.wall.items.count == 3 }
        #expect(harness.wall.selectedFiles.map { $0.lastComponent?.string ?? "" }.sorted() == ["a.png", "b.png"])
    }

    @Test func oneOrFivePhotosAreNotCompared() throws {
        let harness = try Self.fourPhotos()
        try harness.click(0)
        try harness.window.press("c")
        #expect(harness.wall.compare == nil)
        #expect(harness.wall.statusText.hasPrefix("Select 2 to 4 photos to compare (1 selected)"))
        try harness.window.press("a", .control)
        try harness.window.press("c")
        let compare = try #require(harness.wall.compare)
        #expect(compare.files.count == 4)
        #expect(try Self.paneColours(harness, panes: 4) == Self.colours.map { [$0] })
    }
}
