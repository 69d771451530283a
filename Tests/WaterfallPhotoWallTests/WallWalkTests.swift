import Foundation
import Testing
import Waterfall
import WaterfallLibrary
import WaterfallPhotoWall

/// The walk to sections and cards, in-process: folders become sections in name order, photos cards in natural order.
@Suite struct WallWalkTests {
    @Test func aWalkGivesASectionPerFolderAndTheCardsInNaturalOrder() throws {
        let harness = try WallHarness()
        try harness.photo("b/img10.png")
        try harness.photo("b/img2.png", width: 30, height: 40)
        try harness.photo("a/one.png")
        try harness.open { $0.recursive = true }
        #expect(harness.wall.items.sectionTitles == ["Pictures/a", "Pictures/b"])
        #expect(harness.titles == [["one.png"], ["img2.png", "img10.png"]])
        #expect(harness.wall.statusText == "3 photos in 2 folders · cache 0/256 MB")
        try harness.waitForPictures()
        #expect(harness.window.images.count == 3)
        #expect(harness.wall.statusText == "3 photos in 2 folders · cache 0/256 MB")
    }
}
