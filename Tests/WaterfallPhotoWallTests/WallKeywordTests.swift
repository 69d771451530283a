import Foundation
import PhotoTestSupport
import SystemPackage
import Testing
import Waterfall
import WaterfallPhotoWall
import WaterfallPhotos

/// Keywords through the wall, in-process: the walk reads them from the sidecars, the `/` filter's `keyword:` and free
/// text find them, `k` opens an entry that completes from the library's keywords (Tab) and adds the keyword to the
/// selection, the focused photo or the lightbox's, in the sidecar (exiftool reads it) and on the card at once; Ctrl+Z
/// takes it back. (The entry's ink and the X input method: KeywordWindowTests.)
@Suite struct WallKeywordTests {
    /// A sidecar as Lightroom writes `NAME.xmp`, and one as digiKam writes `NAME.EXT.xmp`.
    static let lightroomSidecar = KeywordSidecars.lightroom
    static let digiKamSidecar = KeywordSidecars.digiKam("animals/dog")

    /// a.png tagged places/sea/beach (as Lightroom writes it), b.png and c.png without keywords, c.png tagged "dog"
    /// by digiKam: a wall of three columns.
    static func taggedPhotos() throws -> WallHarness {
        let harness = try WallHarness()
        try harness.photo("a.png", width: 400, height: 300, colour: 0xD02020)
        try harness.photo("b.png", width: 300, height: 400, colour: 0x20A040)
        try harness.photo("c.png", width: 400, height: 300, colour: 0x2040C0)
        try Data(Self.lightroomSidecar.utf8).write(to: URL(fileURLWithPath: harness.root + "/a.xmp"))
        try Data(Self.digiKamSidecar.utf8).write(to: URL(fileURLWithPath: harness.root + "/c.png.xmp"))
        try harness.open(columns: .fixed(3))
        try harness.waitForPictures()
        return harness
    }

    /// What exiftool reads of `name`'s sidecar's `tag`.
    static func sidecarTag(_ harness: WallHarness, _ name: String, _ tag: String) throws -> String {
        try TestTool.run(["exiftool", "-s3", "-" + tag, harness.root + "/" + name + ".xmp"]).output
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Types `query` into the `/` filter and keeps it; the titles the wall shows then.
    static func filtered(_ harness: WallHarness, _ query: String) throws -> [String] {
        try harness.window.press("slash")
        try harness.window.press("u", .control)
        try harness.window.type(query)
        try harness.window.press("Return")
        return harness.titles.flatMap { $0 }
    }

    @Test func theWalksKeywordsAreFoundByTheFilter() throws {
        let harness = try Self.taggedPhotos()
        #expect(try harness.card(0).keywords == ["places/sea/beach", "Summer & sun"])
        #expect(try harness.card(1).keywords == [])
        #expect(try harness.card(2).keywords == ["animals/dog"])
        #expect(try Self.filtered(harness, "keyword:beach") == ["a.png"])
        #expect(try Self.filtered(harness, "keyword:places/sea") == ["a.png"])
        #expect(try Self.filtered(harness, "keyword:animals") == ["c.png"])
        #expect(try Self.filtered(harness, "summer") == ["a.png"])
        #expect(try Self.filtered(harness, "-keyword:places") == ["b.png", "c.png"])
    }

    @Test func kAddsTheCompletedKeywordToTheSelectionAndCtrlZTakesItBack() throws {
        let harness = try Self.taggedPhotos()
        try harness.click(1)
        try harness.click(2, .control)
        #expect(harness.selectedIndices == [1, 2])
        try harness.window.press("k")
        let entry = try #require(harness.window.textEntry)
        #expect(entry.prompt == "Keyword for 2 photos: ")
        try harness.window.type("Pl")
        #expect(entry.completion == "places/sea/beach")
        try harness.window.type("x")
        #expect(entry.completion == nil)
        try harness.window.press("BackSpace")
        try harness.window.press("Tab")
        #expect(entry.text == "places/sea/beach" && entry.completion == nil)
        let mark = harness.eventCount
        try harness.window.press("Return")
        #expect(harness.window.textEntry == nil)
        // The cards show it at once; the sidecars follow.
        #expect(try harness.card(1).keywords == ["places/sea/beach"])
        #expect(try harness.card(2).keywords == ["animals/dog", "places/sea/beach"])
        let ended = try harness.waitForEvent("fileAction", after: mark) { $0.string("action") == "keyword" }
        #expect(ended.int("done") == 2 && ended.strings("failed") == [])
        #expect(harness.wall.statusText.hasPrefix("2 photos tagged"))
        #expect(try Self.sidecarTag(harness, "b.png", "XMP-dc:Subject") == "beach")
        #expect(try Self.sidecarTag(harness, "b.png", "XMP-lr:HierarchicalSubject") == "places|sea|beach")
        #expect(try Self.sidecarTag(harness, "c.png", "XMP-digiKam:TagsList") == "animals/dog, places/sea/beach")
        #expect(try Self.sidecarTag(harness, "c.png", "XMP-dc:Subject") == "dog, beach")
        #expect(try Self.filtered(harness, "keyword:beach") == ["a.png", "b.png", "c.png"])

        // Ctrl+Z gives each photo its keywords back, in the sidecar and on the card.
        try harness.act("z", .control, "keyword", undo: true)
        try harness.wait("the keywords taken back") {
            (try? harness.card(0).keywords) == ["places/sea/beach", "Summer & sun"]
                && harness.wall.items.count == 1
        }
        #expect(try Self.sidecarTag(harness, "b.png", "XMP-dc:Subject") == "")
        #expect(try Self.sidecarTag(harness, "c.png", "XMP-digiKam:TagsList") == "animals/dog")
        #expect(PhotoSidecar.keywords(of: FilePath(harness.root + "/c.png")) == ["animals/dog"])
    }

    @Test func kTagsTheFocusedPhotoOrTheLightboxsAndAKeywordThereAlreadyIsSaid() throws {
        let harness = try Self.taggedPhotos()
        try harness.click(1)
        try harness.window.press("Return")  // the lightbox, on b.png
        #expect(harness.wall.lightbox != nil)
        try harness.window.press("k")
        #expect(harness.window.textEntry?.prompt == "Keyword: ")
        try harness.window.type(" night | city ")
        try harness.window.press("Return")
        try harness.waitForEvent("fileAction") { $0.string("action") == "keyword" }
        #expect(PhotoSidecar.keywords(of: FilePath(harness.root + "/b.png")) == ["night/city"])
        // Again: nothing to write, and the status bar says so.
        let before = harness.eventCount
        try harness.window.press("k")
        try harness.window.type("night/city")
        try harness.window.press("Return")
        #expect(harness.events("fileAction", after: before).isEmpty)
        #expect(harness.wall.statusText.hasPrefix("“night/city” is already there"))
        // Escape leaves the keywords as they were.
        try harness.window.press("k")
        try harness.window.type("gone")
        try harness.window.press("Escape")
        #expect(harness.window.textEntry == nil)
        #expect(try harness.card(1).keywords == ["night/city"])
    }
}
