import Foundation
import Testing
import Waterfall
import WaterfallPhotoWall

/// The wall keeps up with its folders through inotify, in-process: a photo moved in takes its sorted place without
/// moving the card at the top of the window, a deleted one leaves, a replaced one is decoded again, a burst of files
/// is a few relayouts, folders moved in, made, filled and removed take their sections in the walk's order, and the
/// wall is then what a walk afresh shows. Every wait is for the wall's own state or log, turned by its wakes.
@Suite struct WallLiveTests {
    /// 12 photos, `p10.png` to `p21.png`, of varied aspects, in the harness's root, and `staging/` beside it for the
    /// files to come.
    static func twelvePhotos() throws -> WallHarness {
        let harness = try WallHarness()
        try FileManager.default.createDirectory(atPath: harness.scratch + "/staging", withIntermediateDirectories: true)
        for number in 10...21 {
            try harness.photo("p\(number).png", width: 40, height: 30 + (number * 17) % 50, colour: 0x3060A0)
        }
        return harness
    }

    /// Writes a photo into `staging/name` and moves it to `destination` (below the root) in one step (`rename`, which
    /// replaces a file of that name), as a camera import or an editor's save finishes.
    static func moveIn(
        _ harness: WallHarness, _ name: String, to destination: String? = nil, width: Int = 40, height: Int = 30,
        colour: UInt32 = 0xA03060
    ) throws {
        let staged = harness.scratch + "/staging/" + name
        try harness.photoBytes(width: width, height: height, colour: colour).write(to: URL(fileURLWithPath: staged))
        try rename(staged, to: harness.root + "/" + (destination ?? name))
    }

    static func rename(_ from: String, to: String) throws {
        guard Foundation.rename(from, to) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: to])
        }
    }

    /// Waits for the `update` of `kind` after the first `after` events.
    static func update(_ harness: WallHarness, _ kind: String, after: Int) throws -> WallEvent {
        try harness.waitForEvent("update", after: after) { $0.string("kind") == kind }
    }

    @Test func aPhotoMovedInTakesItsSortedPlaceAndTheTopCardStaysPut() throws {
        let harness = try Self.twelvePhotos()
        try harness.open(columns: .fixed(3))
        try harness.waitForPictures()
        let view = harness.wall.collectionView
        view.setContentOffset(100)
        try harness.window.turn()
        let offset = view.contentOffset
        #expect(offset == 100)
        // The card the window keeps in place: the first in view by its top, then its left edge.
        let frames = try (0..<12).map { try harness.frame($0) }
        let anchor = try #require(
            frames.indices.filter { frames[$0].maxY > offset && frames[$0].minY < offset + view.viewportSize.height }
                .min { (frames[$0].minY, frames[$0].minX) < (frames[$1].minY, frames[$1].minX) })
        let anchorFile = try harness.card(anchor).path
        let mark = harness.eventCount

        try Self.moveIn(harness, "p05.png", height: 60)
        let update = try Self.update(harness, "insert", after: mark)
        #expect(update.ints("indices") == [0])
        #expect(update.int("items") == 13)
        #expect(harness.titles == [["p05.png"] + (10...21).map { "p\($0).png" }])
        // The same photo, one card on, is where it was on the screen.
        let moved = try harness.frame(anchor + 1)
        #expect(try harness.card(anchor + 1).path == anchorFile)
        #expect(view.contentOffset == offset + moved.minY - frames[anchor].minY)
        #expect(harness.events("layout", after: mark).count == 1)
        // Its picture is decoded when it comes into view: at the top.
        #expect(harness.events("thumbnail", after: mark).allSatisfy { $0.int("index") != 0 })
        try harness.window.press("Home")
        try harness.waitForEvent("thumbnail", after: mark) { $0.int("index") == 0 }
        try harness.waitForPictures()
        harness.window.redrawAll()
        #expect(harness.window.drawnColours(in: try harness.frameInView(0)) == [0xA03060])
    }

    @Test func aDeletedPhotoLeavesAndAReplacedOneIsDecodedAgain() throws {
        let harness = try Self.twelvePhotos()
        try harness.open(columns: .fixed(3))
        try harness.waitForPictures()
        var mark = harness.eventCount
        try FileManager.default.removeItem(atPath: harness.root + "/p11.png")
        let deleted = try Self.update(harness, "delete", after: mark)
        #expect(deleted.ints("indices") == [1])
        #expect(deleted.int("items") == 11)
        #expect(harness.titles == [["p10.png"] + (12...21).map { "p\($0).png" }])

        // p10.png becomes a wide photo of another colour: the same card, taller no more, its picture decoded again.
        mark = harness.eventCount
        try Self.moveIn(harness, "p10.png", width: 80, height: 20, colour: 0x10A040)
        let replaced = try Self.update(harness, "replace", after: mark)
        #expect(replaced.ints("indices") == [0])
        #expect(replaced.int("items") == 11)
        #expect(try harness.card(0).aspect == 0.25)
        let thumbnail = try harness.waitForEvent("thumbnail", after: mark) { $0.int("index") == 0 }
        let card = try harness.frameInView(0)
        let width = Int(card.maxX.rounded() - card.minX.rounded())  // the device pixels the frame covers
        #expect(thumbnail.int("width") == width)
        #expect(thumbnail.int("height") == Int((Double(width) / 4).rounded()))
        try harness.waitForPictures()
        harness.window.redrawAll()
        #expect(harness.window.drawnColours(in: card) == [0x10A040])
    }

    @Test func fiveHundredFilesInABurstAreAFewRelayouts() throws {
        let harness = try Self.twelvePhotos()
        try harness.open(columns: .fixed(3))
        try harness.waitForPictures()
        let mark = harness.eventCount
        // Each file created, written and closed in turn, as `cp` copies a camera import.
        let one = harness.photoBytes(width: 30, height: 40, colour: 0x806040)
        for number in 0..<500 { try one.write(to: URL(fileURLWithPath: harness.root + "/import\(number).png")) }
        try harness.wait("all 512 photos") { harness.wall.items.count == 512 }
        let updates = harness.events("update", after: mark)
        #expect(updates.allSatisfy { $0.string("kind") == "insert" })
        #expect(updates.flatMap { $0.ints("indices") ?? [] }.count == 500)
        #expect(updates.last?.int("items") == 512)
        let relayouts = harness.events("layout", after: mark).count
        #expect(relayouts >= 1 && relayouts <= 10, "\(relayouts) relayouts")
        #expect(harness.wall.collectionView.numberOfItems == 512)
        #expect(
            harness.wall.statusText == "512 photos in 1 folder · " + harness.cacheText)
    }

    @Test func underARecursiveWallAFolderMovedInOrMadeGetsItsSections() throws {
        let harness = try Self.twelvePhotos()
        try harness.open(columns: .fixed(3)) { $0.recursive = true }
        try harness.waitForPictures()
        // A folder moved in whole, with a photo of its own and one in a subfolder.
        let staging = harness.scratch + "/staging/trip"
        try FileManager.default.createDirectory(atPath: staging + "/day2", withIntermediateDirectories: true)
        try harness.photoBytes(width: 40, height: 60).write(to: URL(fileURLWithPath: staging + "/t1.png"))
        try harness.photoBytes(width: 40, height: 50).write(to: URL(fileURLWithPath: staging + "/day2/t2.png"))
        var mark = harness.eventCount
        try Self.rename(staging, to: harness.root + "/trip")
        let trip = try Self.update(harness, "insert", after: mark)
        #expect(trip.ints("indices") == [12, 13])
        #expect(trip.int("items") == 14)
        #expect(harness.wall.items.sectionTitles == ["Pictures", "Pictures/trip", "Pictures/trip/day2"])

        // A folder made empty, then a photo moved into it: walked when it appears, or watched and then changed.
        mark = harness.eventCount
        try FileManager.default.createDirectory(atPath: harness.root + "/later", withIntermediateDirectories: false)
        try Self.moveIn(harness, "l1.png", to: "later/l1.png", height: 40)
        let later = try Self.update(harness, "insert", after: mark)
        #expect(later.ints("indices") == [12])  // "later" sorts before "trip": its section goes between
        #expect(later.int("items") == 15)
        #expect(
            harness.wall.items.sectionTitles == ["Pictures", "Pictures/later", "Pictures/trip", "Pictures/trip/day2"])
        #expect(
            harness.wall.items.sections.dropFirst().flatMap(\.cards).map(\.path.string)
                == ["later/l1.png", "trip/t1.png", "trip/day2/t2.png"].map { harness.root + "/" + $0 })
        // The moved-in folder's last picture is decoded when it comes into view: at the end.
        try harness.window.press("End")
        try harness.waitForEvent("thumbnail", after: mark) { $0.int("index") == 14 }
        #expect(
            harness.wall.statusText == "15 photos in 4 folders · " + harness.cacheText)
    }

    @Test func aRemovedFolderTakesItsSectionAwayAndTheWallGoesOn() throws {
        let harness = try Self.twelvePhotos()
        try harness.open(columns: .fixed(3))
        try harness.waitForPictures()
        let mark = harness.eventCount
        try FileManager.default.removeItem(atPath: harness.root)
        let update = try Self.update(harness, "delete", after: mark)
        #expect(update.ints("indices") == Array(0..<12))
        #expect(update.int("items") == 0)
        #expect(harness.wall.items.numberOfSections == 0)
        #expect(harness.wall.collectionView.numberOfItems == 0)
        #expect(
            harness.wall.collectionView.layout.contentSize.height <= harness.wall.collectionView.viewportSize.height)
        #expect(harness.wall.statusText == "0 photos in 0 folders · cache 0/256 MB")
        #expect(harness.window.images.isEmpty)  // the pictures of the cards gone are let go
    }
}

/// The wall shows what the library found at most once per `libraryUpdateInterval`, by the window's clock: the first
/// change at once, one within the interval after it at the interval's end.
@Suite struct WallLibraryPaceTests {
    @Test func aChangeWithinTheIntervalAfterAShowingWaitsForItsEnd() throws {
        let harness = try WallLiveTests.twelvePhotos()
        try harness.open(columns: .fixed(3))
        harness.wall.libraryUpdateInterval = 0.5
        try WallLiveTests.moveIn(harness, "p30.png")
        try harness.wait("the first photo moved in") { harness.wall.items.count == 13 }
        let shownAt = harness.window.now
        try WallLiveTests.moveIn(harness, "p31.png")
        try harness.wait("the second photo held") { harness.wall.isHoldingLibraryUpdates }
        #expect(harness.wall.items.count == 13)
        try harness.window.advance(by: 0.49)
        #expect(harness.wall.items.count == 13)
        try harness.window.advance(by: 0.01)
        #expect(harness.wall.items.count == 14)
        #expect(harness.window.now == shownAt + 0.5)
    }
}
