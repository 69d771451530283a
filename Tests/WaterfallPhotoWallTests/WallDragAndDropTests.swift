import Foundation
import SystemPackage
import Testing
import Waterfall
import WaterfallCards
import WaterfallPhotoWall
import WaterfallPhotos
import WaterfallX11

/// Dragging cards out of the wall and dropping files onto it, in-process: the fake window takes the drag's offer
/// (the X server's part, XDND with a real GTK peer, is DragAndDropWindowTests') and plays the drop's events.
@Suite struct WallDragAndDropTests {
    /// Presses card `index` of `harness` at its middle and moves the pointer `distance` points right, held.
    func drag(_ harness: WallHarness, card index: Int, distance: Double, modifiers: ModifierKeys = []) throws {
        let frame = try harness.frameInView(index)
        let start = Point(x: frame.midX, y: frame.midY)
        try harness.window.sendInput(.pointerDown(start, modifiers: modifiers))
        try harness.window.sendInput(.pointerMoved(Point(x: start.x + distance, y: start.y)))
    }

    @Test func aCardMovedEightPointsIsDraggedAsAFileWithItsPicture() throws {
        let harness = try WallHarness()
        for name in ["a b.png", "c.png", "d.png"] { try harness.photo(name, width: 300, height: 200) }
        try harness.open(columns: .fixed(3))
        try harness.waitForPictures()
        try drag(harness, card: 1, distance: 7.9)
        #expect(harness.window.drags.isEmpty)
        try harness.window.sendInput(
            .pointerMoved(Point(x: try harness.frameInView(1).midX + 8, y: try harness.frameInView(1).midY)))
        let drag = try #require(harness.window.drags.first)
        let file = harness.root + "/c.png"
        #expect(drag.text == file)
        #expect(drag.formats["text/uri-list"] == Array("file://\(harness.root)/c.png\r\n".utf8))
        #expect(drag.formats["x-special/gnome-copied-files"] == Array("copy\nfile://\(harness.root)/c.png".utf8))
        let cardPicture = (harness.wall.collectionView.visibleCells[try harness.path(1)] as? CardCell)?.picture
        #expect(drag.picture != nil && drag.picture == cardPicture)
        let started = try #require(harness.events("drag").first)
        #expect(started.string("state") == "started" && started.strings("files") == [file])
        // The press ended with the drag: the release selects nothing.
        try harness.window.sendInput(.pointerUp(Point(x: 5, y: 5)))
        #expect(harness.selectedIndices == [])
    }

    @Test func aSelectedCardDragsTheSelectionAndAnUnselectedOneOnlyItself() throws {
        let harness = try WallHarness()
        for name in ["a.png", "b.png", "c.png", "d.png"] { try harness.photo(name, width: 300, height: 200) }
        try harness.open(columns: .fixed(4))
        try harness.click(0)
        try harness.click(2, .control)
        try drag(harness, card: 2, distance: 20)
        try harness.window.sendInput(.pointerUp(Point(x: 5, y: 5)))
        try drag(harness, card: 3, distance: 20)
        try harness.window.sendInput(.pointerUp(Point(x: 5, y: 5)))
        #expect(
            harness.window.drags.map(\.text) == [
                [harness.root + "/a.png", harness.root + "/c.png"].joined(separator: "\n"), harness.root + "/d.png",
            ])
        #expect(harness.selectedIndices == [0, 2])  // a drag changes no selection
    }

    @Test func aDragTheWindowRefusesKeepsThePressAsAClick() throws {
        let harness = try WallHarness()
        for name in ["a.png", "b.png"] { try harness.photo(name, width: 300, height: 200) }
        try harness.open(columns: .fixed(2))
        harness.window.refusesDrags = true
        try drag(harness, card: 1, distance: 10)
        try harness.window.sendInput(
            .pointerUp(Point(x: try harness.frameInView(1).midX + 10, y: try harness.frameInView(1).midY)))
        #expect(harness.events("drag").isEmpty)
        #expect(harness.selectedIndices == [1])
    }

    @Test func droppedFoldersAndFilesAreAddedAsSectionsAndTheShownOnesAreNot() throws {
        let harness = try WallHarness()
        try harness.photo("shown/a.png")
        try harness.photo("new/b.png")
        try harness.photo("new/c.png")
        try harness.photo("loose/d.png")
        try harness.open([harness.root + "/shown"])
        #expect(harness.titles == [["a.png"]])
        let onDrop = try #require(harness.window.onDrop)
        onDrop(.entered(acceptable: true))
        #expect(harness.wall.statusText.hasPrefix("Drop to open here · "))
        onDrop(.left)
        #expect(!harness.wall.statusText.contains("Drop"))
        onDrop(.entered(acceptable: true))
        let mark = harness.eventCount
        let uris = [
            FileURI.uri(of: FilePath(harness.root + "/new")), FileURI.uri(of: FilePath(harness.root + "/shown")),
            FileURI.uri(of: FilePath(harness.root + "/shown/a.png")),
            FileURI.uri(of: FilePath(harness.root + "/loose/d.png")),
            FileURI.uri(of: FilePath(harness.root + "/gone")), "https://example.com/e.png",
        ]
        onDrop(.dropped(uris: uris))
        #expect(!harness.wall.statusText.contains("Drop"))
        let dropped = try harness.waitForEvent("drop", after: mark) { $0.string("state") == "dropped" }
        #expect(dropped.strings("added") == [harness.root + "/new", harness.root + "/loose/d.png"])
        #expect(dropped.strings("paths")?.count == 5 && dropped.int("ignored") == 1)
        try harness.wait("the dropped photos") { harness.titles.joined().count == 4 }
        #expect(harness.titles == [["a.png"], ["b.png", "c.png"], ["d.png"]])
        #expect(
            harness.wall.library.roots == [
                harness.root + "/shown", harness.root + "/new", harness.root + "/loose/d.png",
            ])
        // The dropped folder is live: a photo made in it shows.
        try harness.photo("new/e.png")
        try harness.wait("the new folder's new photo") { harness.titles.joined().count == 5 }
        #expect(harness.titles[1] == ["b.png", "c.png", "e.png"])
    }
}
