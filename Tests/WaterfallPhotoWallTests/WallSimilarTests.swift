import Foundation
import PhotoTestSupport
import SystemPackage
import Testing
import WaterfallIndex
import WaterfallLibrary
import WaterfallPhotoWall
import WaterfallPhotos

/// The groups of near-duplicates through the wall, in-process, on photos made with ImageMagick: `d` shows a section
/// for each group (a photo's copies resized, recompressed and cropped 3 %), the best first (the highest rated, then
/// the largest), and no photo in no group; `is:duplicate` finds the photos in a group. The hashes are worked out by
/// the library's hasher, noted in the index, and read back from it at a relaunch. (`--group similar` with
/// `--print-layout`, and the section on the screen: ArrangementOptionsTests, SimilarWindowTests.)
@Suite struct WallSimilarTests {
    /// A scene 600 × 400 made as a photo's stand-in (a seeded fractal landscape with ImageMagick's wizard on it), at
    /// `name` under the harness's root, through `operations` (ImageMagick's, after the scene is made).
    static func scene(_ harness: WallHarness, seed: Int, _ name: String, _ operations: [String] = []) throws {
        try TestTool.run(
            [
                "convert", "-size", "600x400", "-seed", "\(seed)", "plasma:fractal", "-blur", "0x2",
                "(", "wizard:", "-resize", "60%", ")", "-geometry", "+\(40 + seed * 37 % 300)+40", "-composite",
            ] + operations + [harness.root + "/" + name])
    }

    /// beach.jpg; its copy at half the size, one recompressed at quality 40 and one cropped by 3 %; hills.jpg, another
    /// picture (ImageMagick's logo); and a JPEG cut short, which cannot be decoded, its exact copy, and the same cut
    /// longer.
    static func photos(_ harness: WallHarness) throws {
        try scene(harness, seed: 3, "beach.jpg")
        try scene(harness, seed: 3, "beach-small.jpg", ["-resize", "50%"])
        try scene(harness, seed: 3, "beach-q40.jpg", ["-quality", "40"])
        try scene(harness, seed: 3, "beach-crop.jpg", ["-gravity", "center", "-crop", "97%x97%+0+0", "+repage"])
        try TestTool.run(["convert", "logo:", "-resize", "600x400!", harness.root + "/hills.jpg"])
        let hills = try Data(contentsOf: URL(fileURLWithPath: harness.root + "/hills.jpg"))
        try hills.prefix(200).write(to: URL(fileURLWithPath: harness.root + "/broken.jpg"))
        try hills.prefix(200).write(to: URL(fileURLWithPath: harness.root + "/broken-copy.jpg"))
        try hills.prefix(300).write(to: URL(fileURLWithPath: harness.root + "/broken-longer.jpg"))
    }

    /// The index of the harness's scratch folder, opened.
    static func index(_ harness: WallHarness) throws -> LibraryIndex {
        try LibraryIndex.open(at: FilePath(harness.scratch + "/cache/library.sqlite")).index
    }

    /// Opens the wall with the index and waits until every photo has its hash and the groups are shown.
    static func openGrouped(_ harness: WallHarness) throws {
        let index = try Self.index(harness)
        try harness.open(columns: .fixed(3)) { $0.openIndex = { index } }
        try harness.window.press("d")
        try harness.wait("the groups found") {
            harness.wall.library.hashingProgress == nil && harness.wall.items.numberOfSections == 2
        }
    }

    @Test func dShowsEachGroupBestFirstAndNoPhotoAlone() throws {
        let harness = try WallHarness()
        try Self.photos(harness)
        try Self.openGrouped(harness)
        // Best first: the most pixels, then the larger file (the original over its recompressed copy). The JPEG that
        // cannot be decoded is with its exact copy (the same bytes), not with the one cut longer.
        #expect(
            harness.titles == [
                ["beach.jpg", "beach-q40.jpg", "beach-crop.jpg", "beach-small.jpg"], ["broken-copy.jpg", "broken.jpg"],
            ])
        #expect(harness.wall.items.sectionTitles == ["beach.jpg and 3 alike", "broken-copy.jpg and 1 alike"])
        #expect(harness.wall.statusText.contains("near-duplicates"))
        // A rating puts the copy first.
        try harness.click(3)
        try harness.act("5", "mark")
        try harness.wait("the rated copy first") { harness.titles.first?.first == "beach-small.jpg" }
        // d again: the folder, every photo.
        try harness.window.press("d")
        #expect(harness.wall.items.count == 8)
        #expect(
            try WallKeywordTests.filtered(harness, "is:duplicate").sorted() == [
                "beach-crop.jpg", "beach-q40.jpg", "beach-small.jpg", "beach.jpg", "broken-copy.jpg", "broken.jpg",
            ])
        let alone = try WallKeywordTests.filtered(harness, "-is:duplicate")
        #expect(alone == ["broken-longer.jpg", "hills.jpg"], "\(alone)")
    }

    @Test func theHashesAreNotedInTheIndexAndReadBackAtARelaunch() throws {
        let harness = try WallHarness()
        try Self.photos(harness)
        try Self.openGrouped(harness)
        harness.wall.stop()
        try harness.wait("the hashes written") {
            let photos = (try? Self.index(harness).photos(in: FilePath(harness.root))) ?? []
            return photos.filter { $0.perceptualHash != nil }.count == 5
        }
        let relaunch = harness.relaunched()
        let index = try Self.index(relaunch)
        try relaunch.open(columns: .fixed(3)) { $0.openIndex = { index } }
        let hashed = relaunch.wall.library.walked.sections.flatMap(\.cards).filter { $0.perceptualHash != nil }
        #expect(
            hashed.map(\.title).sorted() == [
                "beach-crop.jpg", "beach-q40.jpg", "beach-small.jpg", "beach.jpg", "hills.jpg",
            ])
        try relaunch.window.press("d")
        // The hashes known make the first group; the three that cannot be decoded are read again, and the exact
        // copies among them make the second.
        try relaunch.wait("the exact copies") { relaunch.wall.items.numberOfSections == 2 }
        #expect(
            relaunch.titles == [
                ["beach.jpg", "beach-q40.jpg", "beach-crop.jpg", "beach-small.jpg"], ["broken-copy.jpg", "broken.jpg"],
            ])
    }
}
