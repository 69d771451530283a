import Foundation
import Testing
import Waterfall
import WaterfallLibrary
import WaterfallPhotoWall
import WaterfallPhotos

/// The walk to sections and cards, in-process: folders become sections in name order, photos cards in natural order
/// (or by time or size), files given alone are exactly those, and what the walk could not show is counted in the
/// status bar.
@Suite struct WallWalkTests {
    @Test func aWalkGivesASectionPerFolderAndTheCardsInNaturalOrder() throws {
        let harness = try WallHarness()
        try harness.photo("b/img10.png")
        try harness.photo("b/img2.png", width: 30, height: 40)
        try harness.photo("a/one.png")
        try harness.open { $0.recursive = true }
        #expect(harness.wall.items.sectionTitles == ["Pictures/a", "Pictures/b"])
        #expect(harness.titles == [["one.png"], ["img2.png", "img10.png"]])
        #expect(harness.wall.statusText == "3 photos in 2 folders · " + harness.cacheText)
        try harness.waitForPictures()
        #expect(harness.window.images.count == 3)
        #expect(harness.wall.statusText == "3 photos in 2 folders · " + harness.cacheText)
    }

    @Test func withoutRecursionTheSubfoldersAreLeftOut() throws {
        let harness = try WallHarness()
        try harness.photo("top.png")
        try harness.photo("sub/below.png")
        try harness.open()
        #expect(harness.wall.items.sectionTitles == ["Pictures"])
        #expect(harness.titles == [["top.png"]])
        #expect(harness.wall.statusText == "1 photo in 1 folder · " + harness.cacheText)
    }

    /// Each card is as tall as its photo's upright aspect at the column's width, over the same caption.
    @Test func eachCardHasItsPhotosAspect() throws {
        let harness = try WallHarness()
        try harness.photo("img1.png", width: 200, height: 200)
        try harness.photo("img2.png", width: 300, height: 400)
        try harness.photo("img10.png", width: 400, height: 300)
        try harness.open()
        #expect(harness.titles == [["img1.png", "img2.png", "img10.png"]])
        #expect(try (0..<3).map { try harness.card($0).aspect } == [1, 4.0 / 3, 3.0 / 4])
        let frames = try (0..<3).map { try harness.frame($0) }
        let width = frames[0].width
        let caption = frames[0].height - width.rounded()  // a square picture: the rest is the caption
        #expect(frames.allSatisfy { $0.width == width })
        #expect(frames[1].height == (width * 4 / 3).rounded() + caption)
        #expect(frames[2].height == (width * 3 / 4).rounded() + caption)
    }

    /// As nsxiv is given files: exactly those, in their folder's section, whatever else the folder holds.
    @Test func filesGivenAloneAreExactlyThose() throws {
        let harness = try WallHarness()
        let b = try harness.photo("b.png")
        let a = try harness.photo("a.png")
        try harness.photo("left-out.png")
        try harness.open([b, a])
        #expect(harness.wall.items.sectionTitles == ["Pictures"])
        #expect(Set(harness.titles.flatMap { $0 }) == ["a.png", "b.png"])
        #expect(harness.wall.statusText == "2 photos in 1 folder · " + harness.cacheText)
    }

    @Test(arguments: [
        (PhotoOrder.name, ["a.png", "b.png", "c.png"]), (.time, ["b.png", "c.png", "a.png"]),
        (.size, ["c.png", "a.png", "b.png"]),
    ])
    func eachFolderIsInTheOrderAsked(order: PhotoOrder, expected: [String]) throws {
        let harness = try WallHarness()
        // a is middling in size and the newest, b the largest and the oldest, c the smallest.
        try harness.photo("a.png", width: 40, height: 30, modified: 3_000)
        try harness.photo("b.png", width: 80, height: 60, modified: 1_000)
        try harness.photo("c.png", width: 4, height: 3, modified: 2_000)
        try harness.open { $0.order = order }
        #expect(harness.titles == [expected])
    }

    @Test func theStatusBarCountsWhatTheWalkCouldNotShowByKind() throws {
        let harness = try WallHarness()
        try harness.photo("shown.png")
        try Data("8BPS".utf8).write(to: URL(fileURLWithPath: harness.root + "/layers.psd"))
        try Data("%PDF-1.4\n%%EOF\n".utf8).write(to: URL(fileURLWithPath: harness.root + "/doc.pdf"))
        try Data("shopping list\n".utf8).write(to: URL(fileURLWithPath: harness.root + "/notes.txt"))
        // A link to nothing: listed, but there is nothing to read.
        try FileManager.default.createSymbolicLink(atPath: harness.root + "/gone.png", withDestinationPath: "nowhere")
        try harness.open()
        #expect(harness.titles == [["shown.png"]])
        #expect(
            harness.wall.statusText
                == "1 photo in 1 folder · 1 unreadable · 3 skipped (1 PSD, 1 PDF, 1 other) · " + harness.cacheText)
        let scanned = try #require(harness.events("scanned").last)
        #expect(scanned.bool("done") == true && scanned.int("found") == 1 && scanned.int("skipped") == 3)
        #expect(scanned.int("unreadable") == 1)
        let kinds = try #require(scanned.value(["skippedKinds"]) as? [String: NSNumber])
        #expect(kinds.mapValues(\.intValue) == ["psd": 1, "pdf": 1, "other": 1])
    }

    @Test func aFolderWithoutPhotosShowsTheEmptyViewNamingIt() throws {
        let harness = try WallHarness()
        try Data("nothing to see".utf8).write(to: URL(fileURLWithPath: harness.root + "/notes.txt"))
        try harness.open()
        #expect(harness.wall.items.count == 0)
        #expect((harness.wall.collectionView.emptyView as? MessageView)?.message == "No photos in " + harness.root)
        #expect(harness.wall.statusText == "0 photos in 0 folders · 1 skipped (1 other) · " + harness.cacheText)
        // What the window shows: the empty view's message.
        harness.window.redrawAll()
        #expect(harness.window.drawnTexts.contains("No photos in " + harness.root))
    }

    @Test func aPathThatIsNotThereIsCountedUnreadableAndNamedWithItsReason() throws {
        let harness = try WallHarness()
        let missing = harness.root + "/missing"
        try harness.open([missing, harness.root])
        #expect(harness.wall.items.count == 0)
        #expect(harness.wall.statusText == "0 photos in 0 folders · 1 unreadable · " + harness.cacheText)
        // On screen and said (the program prints it on stderr), as nsxiv and eog name a path they cannot open.
        let problem = missing + ": No such file or directory"
        #expect((harness.wall.collectionView.emptyView as? MessageView)?.message == problem)
        #expect(harness.warnings.all == [problem])
        harness.window.redrawAll()
        #expect(harness.window.drawnTexts.contains(problem))
    }

    /// However the walk's batches and the window's wakes interleave (the walker's own tests show the batches), the
    /// counts only grow and every photo ends up on the wall.
    @Test func photosArriveAsTheWalkGoesOnAndAllEndUpOnTheWall() throws {
        let harness = try WallHarness()
        let png = harness.photoBytes(width: 4, height: 3)
        for index in 0..<301 { try png.write(to: URL(fileURLWithPath: harness.root + "/p\(index).png")) }
        try harness.open()
        let found = harness.events("scanned").compactMap { $0.int("found") }
        #expect(found == found.sorted() && found.last == 301)
        #expect(harness.wall.items.count == 301)
        #expect(harness.wall.collectionView.numberOfItems == 301)
    }

    @Test func captionsSayTheSizeAsPeopleReadIt() {
        #expect(PhotoCard.fileSize(512) == "512 B")
        #expect(PhotoCard.fileSize(48_213) == "48 KB")
        #expect(PhotoCard.fileSize(3_145_728) == "3.1 MB")
        #expect(PhotoCard.fileSize(1_200_000_000) == "1.2 GB")
        #expect(PhotoCard.takenDate("2024:05:01 12:30:00") == "2024-05-01")
        #expect(
            PhotoWallItems.sectionTitle(of: "/home/a/Pictures/2023/May", roots: ["/home/a/Pictures/"])
                == "Pictures/2023/May")
        #expect(PhotoWallItems.sectionTitle(of: "/home/a/Pictures", roots: ["/home/a/Pictures"]) == "Pictures")
    }
}

/// A resize that changes the columns' width, in-process: the cards' kept thumbnails are scaled when the cards are laid
/// out, so that the first frame of the new columns draws every card at its new width, and no photo is decoded again.
@Suite struct WallResizeTests {
    @Test func theFirstFrameAfterTheColumnsChangeDrawsEveryCardAtItsNewWidthWithoutDecodingAgain() throws {
        let harness = try WallHarness()
        for index in 0..<6 { try harness.photo("p\(index).png", width: 400, height: 300, colour: 0x2080C0) }
        try harness.open(size: Size(width: 900, height: 700), columns: .fixed(3))
        try harness.waitForPictures()
        #expect(harness.events("thumbnail").count == 6)
        let mark = harness.eventCount
        // Columns 7 % wider (scaled up), then much narrower (scaled down).
        for width in [960.0, 700] {
            try harness.window.resize(to: Size(width: width, height: 700))
            #expect(harness.wall.stalePictureCount == 0 && harness.wall.pendingPictureCount == 0, "at \(width)")
            for (image, rect) in harness.window.drawnImages {
                #expect(image.width == Int(rect.maxX.rounded() - rect.minX.rounded()), "at \(width): \(rect)")
                #expect(harness.window.colour(of: image) == 0x2080C0)
            }
            #expect(harness.window.drawnImages.count == 6)
        }
        #expect(harness.events("thumbnail", after: mark).isEmpty)  // scaled, never decoded again
    }
}
