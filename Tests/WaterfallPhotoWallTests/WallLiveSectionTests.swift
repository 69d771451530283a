import Foundation
import Testing
import WallEventLogging
import Waterfall
import WaterfallCards
import WaterfallPhotoWall

/// A live recursive wall stays what a walk afresh shows, in-process: folders made or moved in take their sorted places
/// among the sections, a removed one takes its section away, the footer follows the last section with the new counts,
/// and every count reads as people say it ("1 photo").
@Suite struct WallLiveSectionTests {
    /// A window where the whole test wall fits: four columns of wide, short photos.
    static let size = Size(width: 1000, height: 1000)

    /// A wide photo (4:1) at `name` below `folder`, its folders made first.
    static func photo(_ harness: WallHarness, _ name: String, in folder: String) throws {
        let path = folder + "/" + name
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try harness.photoBytes(width: 80, height: 20).write(to: URL(fileURLWithPath: path))
    }

    /// The last footer the view asked for after the first `after` events: its section and title.
    static func footer(_ harness: WallHarness, after: Int) -> String? {
        harness.events("bar", after: after).last { $0.string("kind") == "footer" }.map {
            "\($0.int("section") ?? -1) \($0.string("title") ?? "")"
        }
    }

    /// Moves `staging/name` into the root in one step.
    static func moveIn(_ harness: WallHarness, _ name: String, to destination: String? = nil) throws {
        try WallLiveTests.rename(harness.scratch + "/staging/" + name, to: harness.root + "/" + (destination ?? name))
    }

    @Test func foldersMadeMovedInRemovedAndFilledLiveLeaveTheWallAsAWalkAfreshShowsIt() throws {
        let harness = try WallHarness()
        // b (1 photo), d (2), empty (none yet), z (1); the root has none of its own.
        for name in ["b/b1.png", "d/d1.png", "d/d2.png", "z/z1.png"] { try Self.photo(harness, name, in: harness.root) }
        for name in ["c/c1.png", "a/a1.png", "e1.png"] {
            try Self.photo(harness, name, in: harness.scratch + "/staging")
        }
        try FileManager.default.createDirectory(atPath: harness.root + "/empty", withIntermediateDirectories: false)
        try harness.open(size: Self.size, columns: .fixed(4)) { $0.recursive = true }
        #expect(harness.wall.items.sectionTitles == ["Pictures/b", "Pictures/d", "Pictures/z"])
        #expect(Self.footer(harness, after: 0) == "2 4 photos in 3 folders")

        var mark = harness.eventCount
        try Self.moveIn(harness, "c")  // between b and d
        var update = try WallLiveTests.update(harness, "insert", after: mark)
        #expect(update.ints("indices") == [1])
        try harness.window.turn()
        #expect(Self.footer(harness, after: mark) == "3 5 photos in 4 folders")  // z's, moved down, asked again

        mark = harness.eventCount
        try Self.moveIn(harness, "a")  // before every other section
        update = try WallLiveTests.update(harness, "insert", after: mark)
        #expect(update.ints("indices") == [0])
        try harness.window.turn()
        #expect(Self.footer(harness, after: mark) == "4 6 photos in 5 folders")

        mark = harness.eventCount
        try FileManager.default.removeItem(atPath: harness.root + "/z")  // the last section: the footer goes to d's
        update = try WallLiveTests.update(harness, "delete", after: mark)
        #expect(update.ints("indices") == [5])
        try harness.window.turn()
        #expect(Self.footer(harness, after: mark) == "3 5 photos in 4 folders")

        mark = harness.eventCount
        try Self.moveIn(harness, "e1.png", to: "empty/e1.png")
        update = try WallLiveTests.update(harness, "insert", after: mark)
        #expect(update.ints("indices") == [5])
        try harness.window.turn()
        #expect(Self.footer(harness, after: mark) == "4 6 photos in 5 folders")
        let header = try #require(
            harness.events("bar", after: mark).last { $0.string("kind") == "header" && $0.int("section") == 4 })
        #expect(header.string("title") == "Pictures/empty" && header.string("detail") == "1 photo")
        #expect(
            harness.wall.items.sectionTitles == [
                "Pictures/a", "Pictures/b", "Pictures/c", "Pictures/d", "Pictures/empty",
            ])

        // What a walk afresh lays out, element by element (the footer only under the last section).
        let view = harness.wall.collectionView
        var afreshConfiguration = PhotoWall.Configuration(paths: [harness.root])
        afreshConfiguration.recursive = true
        let layout = CollectionLayout(columnSpacing: 12, rowSpacing: 12, insets: EdgeInsets(all: 12))
        let afreshItems = try PhotoWall.layOutAfresh(
            afreshConfiguration, in: Size(width: view.layoutWidth, height: view.viewportSize.height), layout: layout,
            columnPolicy: .fixed(4))
        // As `--print-layout` prints a walk afresh, and the `exit` event the wall changed live.
        let afresh = WallEventLog.elementLines(of: layout, items: afreshItems).map(\.text)
        let shown = try #require(WallEventLog.stateFields(of: harness.wall).first { $0.0 == "elements" }?.1)
        guard case .array(let elements) = shown else { throw CocoaError(.coderInvalidValue) }
        #expect(elements.map(\.text) == afresh)
        #expect(elements.filter { $0.text.contains(#""kind":"footer""#) }.count == 1)
        #expect(harness.wall.statusText == "6 photos in 5 folders · " + harness.cacheText)
    }

    @Test func aFolderOfOnePhotoSaysOnePhotoInOneFolder() throws {
        let harness = try WallHarness()
        try Self.photo(harness, "only.png", in: harness.root)
        try harness.open(size: Self.size, columns: .fixed(4))
        let header = try #require(harness.events("bar").first { $0.string("kind") == "header" })
        #expect(header.string("title") == "Pictures" && header.string("detail") == "1 photo")
        #expect(Self.footer(harness, after: 0) == "0 1 photo in 1 folder")
        #expect(harness.wall.statusText == "1 photo in 1 folder · " + harness.cacheText)
        // The bars' texts are drawn.
        harness.window.redrawAll()
        #expect(
            harness.window.drawnTexts.contains("Pictures") && harness.window.drawnTexts.contains("1 photo in 1 folder"))
    }
}
