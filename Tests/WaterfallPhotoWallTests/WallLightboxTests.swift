import Foundation
import Testing
@_spi(Testing) import Waterfall
import WaterfallPhotoWall
import WaterfallX11

/// The lightbox, in-process: Enter opens the focused photo fitted to the viewport on a dark background, titled with
/// its file's name; Next, Prior, space, BackSpace and the wheel go through the photos (a photo that cannot be shown
/// says why); Escape goes back to the wall with the title it had and the photo shown selected. (What a person sees
/// of it, pixel for pixel, is checked end to end: LightboxWindowTests.)
@Suite struct WallLightboxTests {
    static let red: UInt32 = 0xD02010
    static let blue: UInt32 = 0x2040C0
    static let green: UInt32 = 0x10A040
    static let background = Color(rgb: 0x101113)

    /// a.png (400 × 800, red above its middle, blue below), b.png (400 × 800, green) and c.jpg (a truncated JPEG) on
    /// a wall of 800 × 600 in three columns, titled "Photos", every picture drawn. Fitted to the viewport, the tall
    /// photos are 300 × 600, from x 250 to 550.
    static func wall() throws -> WallHarness {
        let harness = try WallHarness()
        try harness.photo("a.png", width: 400, height: 800) { _, y in y < 400 ? red : blue }
        try harness.photo("b.png", width: 400, height: 800, colour: green)
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8)).write(
            to: URL(fileURLWithPath: harness.root + "/c.jpg"))
        try harness.open(columns: .fixed(3))
        harness.window.title = "Photos"
        try harness.waitForPictures()
        return harness
    }

    /// The lightbox's actions after the first `after` events, each "action index" (the `ahead` ones left out).
    static func steps(_ harness: WallHarness, after: Int) -> [String] {
        harness.events("lightbox", after: after).compactMap { event in
            guard let action = event.string("action"), action != "ahead" else { return nil }
            return "\(action) \(event.int("index") ?? -1)"
        }
    }

    /// The picture the lightbox drew last, and where.
    static func shownPicture(_ harness: WallHarness) throws -> (image: ImageHandle, rect: Rect) {
        try #require(harness.window.drawnImages.last, "the lightbox drew no picture")
    }

    @Test func enterOpensTheFocusedPhotoFittedAndTheKeysGoThroughThem() throws {
        let harness = try Self.wall()
        try harness.window.press("Right")  // focuses and selects the first card
        var mark = harness.eventCount
        try harness.window.press("Return")
        let lightbox = try #require(harness.wall.lightbox)
        #expect(lightbox.index == 0)
        #expect(harness.window.overlay === lightbox)
        #expect(harness.window.title == "a.png")
        try harness.wait("the first picture") { lightbox.isPictureShown }
        let picture = try harness.waitForEvent("lightbox", after: mark) { $0.string("action") == "picture" }
        #expect(picture.string("path") == harness.root + "/a.png" && picture.int("width") == 300)
        #expect(Self.steps(harness, after: mark) == ["open 0", "picture 0"])
        // Fitted and centred on the dark background, its own picture at the width shown, red above, blue below.
        #expect(
            harness.window.lastFrame.commands.first == .fill(Rect(x: 0, y: 0, width: 800, height: 600), Self.background)
        )
        var shown = try Self.shownPicture(harness)
        #expect(shown.rect == Rect(x: 250, y: 0, width: 300, height: 600))
        #expect(shown.image.width == 300 && shown.image.height == 600)
        #expect(harness.window.colour(of: shown.image, x: 150, y: 0) == Self.red)
        #expect(harness.window.colour(of: shown.image, x: 150, y: 599) == Self.blue)

        // The next photo is decoded ahead while this one shows: Next shows it with its picture in the key's own turn.
        try harness.waitForEvent("lightbox", after: mark) { $0.string("action") == "ahead" && $0.int("index") == 1 }
        mark = harness.eventCount
        try harness.window.press("Next")
        #expect(lightbox.index == 1 && lightbox.isPictureShown)
        #expect(Self.steps(harness, after: mark) == ["show 1", "picture 1"])
        #expect(harness.window.title == "b.png")
        shown = try Self.shownPicture(harness)
        #expect(shown.rect == Rect(x: 250, y: 0, width: 300, height: 600))
        #expect(harness.window.colour(of: shown.image) == Self.green)

        // The wheel goes on to the truncated JPEG: its reason, as its card says it.
        mark = harness.eventCount
        try harness.window.sendToOverlay(.wheel(notches: 1))
        #expect(lightbox.index == 2 && harness.window.title == "c.jpg")
        let failed = try harness.waitForEvent("lightbox", after: mark) { $0.string("action") == "failed" }
        let reason = try #require(harness.events("thumbnailFailed").first?.string("reason"))
        #expect(failed.string("reason") == reason && reason == "truncated JPEG")
        harness.window.present()
        #expect(harness.window.drawnTexts == [reason] && harness.window.drawnImages.isEmpty)
        // No photo after the last: the wheel and the keys stay there.
        try harness.window.sendToOverlay(.wheel(notches: 1))
        try harness.window.press("space")
        #expect(lightbox.index == 2)

        // Back a photo each: Prior, the wheel up, BackSpace (to the first), and space forward again.
        var indices: [Int] = []
        for step in ["Prior", "wheel", "space", "BackSpace"] {
            if step == "wheel" {
                try harness.window.sendToOverlay(.wheel(notches: -1))
            } else {
                try harness.window.press(step)
            }
            indices.append(lightbox.index)
        }
        #expect(indices == [1, 0, 1, 0])
        try harness.window.press("Right")  // fitted, Right is the next photo
        #expect(lightbox.index == 1)

        // Escape: the wall again, its title back, the photo shown selected and in view.
        mark = harness.eventCount
        try harness.window.press("Escape")
        #expect(harness.wall.lightbox == nil && harness.window.overlay == nil)
        #expect(harness.window.title == "Photos")
        #expect(harness.selectedIndices == [0, 1])  // the photo shown joins the selection the wall had
        #expect(harness.wall.collectionView.focusedItem == (try harness.path(1)))
        #expect(Self.steps(harness, after: mark) == ["close 1"])
        #expect(harness.events("select", after: mark).map { $0.int("index") } == [1])
        #expect(!harness.window.drawnImages.isEmpty)  // the wall drawn again, its pictures as they were

        // Enter opens the focused photo (the one just shown), and Enter on a picture closes it again.
        try harness.window.press("Return")
        #expect(harness.wall.lightbox?.index == 1 && harness.window.title == "b.png")
        try harness.window.press("Return")
        #expect(harness.wall.lightbox == nil && harness.window.title == "Photos")
    }

    /// While the lightbox is open, a photo added to its folder waits, so that the photo shown keeps its index; it
    /// arrives once the lightbox closes.
    @Test func aFolderChangeWaitsForTheLightboxToClose() throws {
        let harness = try Self.wall()
        try harness.window.press("Right")
        try harness.window.press("Right")
        try harness.window.press("Return")
        let lightbox = try #require(harness.wall.lightbox)
        #expect(lightbox.index == 1)
        let mark = harness.eventCount
        try harness.photo("0-first.png", colour: Self.red)
        try harness.wait("the folder's change") { harness.wall.statusText.hasPrefix("4 photos") }
        #expect(harness.events("update", after: mark).isEmpty && harness.wall.items.count == 3)
        #expect(lightbox.index == 1 && harness.window.title == "b.png")
        try harness.window.press("Escape")
        #expect(harness.events("update", after: mark).map { $0.string("kind") } == ["insert"])
        #expect(harness.titles == [["0-first.png", "a.png", "b.png", "c.jpg"]])
        #expect(harness.selectedIndices == [2])  // b.png, one card on
    }

    @Test func zShowsThePhotoPixelForPixelAndADragPansItWithinItsEdges() throws {
        let harness = try Self.wall()
        try harness.window.press("Right")
        try harness.window.press("Return")
        let lightbox = try #require(harness.wall.lightbox)
        try harness.wait("the picture") { lightbox.isPictureShown }

        // 1:1: 400 × 800 centred on the 800 × 600 viewport, x 200 to 600, its rows 100 to 699 in view.
        try harness.window.press("z")
        #expect(lightbox.zoomLevel == .scale(1))
        try harness.wait("the 1:1 picture") { lightbox.isPictureShown }
        var shown = try Self.shownPicture(harness)
        #expect(shown.rect == Rect(x: 200, y: -100, width: 400, height: 800))
        #expect(shown.image.width == 400)

        // Dragged up 150 points: the photo stops with its bottom edge at the viewport's, 100 points up.
        try harness.window.sendToOverlay(.pointerDown(Point(x: 400, y: 400)))
        try harness.window.sendToOverlay(.pointerMoved(Point(x: 400, y: 320)))
        try harness.window.sendToOverlay(.pointerMoved(Point(x: 400, y: 250)))
        try harness.window.sendToOverlay(.pointerUp(Point(x: 400, y: 250)))
        shown = try Self.shownPicture(harness)
        #expect(shown.rect == Rect(x: 200, y: -200, width: 400, height: 800))

        // z again: fitted and centred, 300 × 600 from x 250; a drag then moves nothing.
        try harness.window.press("z")
        #expect(lightbox.zoomLevel == .fit)
        try harness.wait("the fitted picture") { lightbox.isPictureShown }
        try harness.window.sendToOverlay(.pointerDown(Point(x: 400, y: 400)))
        try harness.window.sendToOverlay(.pointerMoved(Point(x: 300, y: 250)))
        try harness.window.sendToOverlay(.pointerUp(Point(x: 300, y: 250)))
        shown = try Self.shownPicture(harness)
        #expect(shown.rect == Rect(x: 250, y: 0, width: 300, height: 600) && shown.image.width == 300)
    }
}
