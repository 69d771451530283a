import Foundation
import Testing
import Waterfall
import WaterfallPhotoWall

/// The slideshow on the fake clock: `s` starts it, each `slideshowDelay` moves the lightbox exactly one photo on, with
/// the photo's picture (decoded ahead) in the step's own turn; it ends at the last photo; any key pauses it, and `s`
/// starts it again and stops it.
@Suite struct WallSlideshowTests {
    static let colours: [UInt32] = [0xC03020, 0x2060B0, 0x30A050, 0xD0A020]

    /// p0.png to p3.png (400 × 300, a colour each) on a wall of 800 × 600 in four columns, the slideshow's delay
    /// `delay`, every picture drawn.
    static func wall(delay: Double, configure: (inout PhotoWall.Configuration) -> Void = { _ in }) throws -> WallHarness
    {
        let harness = try WallHarness()
        for (index, colour) in colours.enumerated() {
            try harness.photo("p\(index).png", width: 400, height: 300, colour: colour)
        }
        try harness.open(columns: .fixed(4)) {
            $0.slideshowDelay = delay
            configure(&$0)
        }
        try harness.waitForPictures()
        return harness
    }

    /// The lightbox's actions after the first `after` events: "action index", and the slideshow's "on" and "off
    /// reason" (the `ahead` ones left out).
    static func steps(_ harness: WallHarness, after: Int) -> [String] {
        harness.events("lightbox", after: after).compactMap { event in
            guard let action = event.string("action"), action != "ahead" else { return nil }
            if action == "slideshow" {
                return event.bool("running") == true ? "slideshow on" : "slideshow off \(event.string("reason") ?? "")"
            }
            return "\(action) \(event.int("index") ?? -1)"
        }
    }

    @Test func eachDelayShowsTheNextPhotoWithItsPictureInTheStepsOwnTurnAndItEndsAtTheLast() throws {
        let harness = try Self.wall(delay: 0.3)
        try harness.window.press("Right")
        try harness.window.press("Return")
        let lightbox = try #require(harness.wall.lightbox)
        try harness.wait("the first picture") { lightbox.isPictureShown }
        let mark = harness.eventCount
        try harness.window.press("s")
        #expect(lightbox.isSlideshowRunning)
        for index in 1...3 {
            // The next photo decoded ahead while this one shows.
            try harness.waitForEvent("lightbox") { $0.string("action") == "ahead" && $0.int("index") == index }
            try harness.window.advance(by: 0.29)
            #expect(lightbox.index == index - 1, "a step before the delay")
            try harness.window.advance(by: 0.01)
            // Exactly one photo on, its picture there in the step's own turn (drawn in its frame).
            #expect(lightbox.index == index && lightbox.isPictureShown)
            let drawn = try WallLightboxTests.shownPicture(harness)
            #expect(harness.window.colour(of: drawn.image) == Self.colours[index])
            #expect(harness.window.title == "p\(index).png")
        }
        // The last photo: the next delay ends the slideshow there.
        #expect(lightbox.isSlideshowRunning)
        try harness.window.advance(by: 0.3)
        #expect(!lightbox.isSlideshowRunning && lightbox.index == 3)
        #expect(
            Self.steps(harness, after: mark) == [
                "slideshow on", "show 1", "picture 1", "show 2", "picture 2", "show 3", "picture 3",
                "slideshow off end",
            ])
        #expect(harness.window.pendingTimerCount == 0)
        try harness.window.advance(by: 10)
        #expect(lightbox.index == 3)
    }

    @Test func sOnTheWallStartsFromTheSelectedPhotoAndAnyKeyPausesIt() throws {
        let harness = try Self.wall(delay: 60)
        try harness.click(2)
        let mark = harness.eventCount
        try harness.window.press("s")
        let lightbox = try #require(harness.wall.lightbox)
        #expect(lightbox.index == 2 && lightbox.isSlideshowRunning)
        try harness.window.press("i")  // a key the slideshow does not use pauses it all the same (and does its own)
        #expect(!lightbox.isSlideshowRunning)
        try harness.window.advance(by: 120)
        #expect(lightbox.index == 2)  // paused: no step
        try harness.window.press("s")
        #expect(lightbox.isSlideshowRunning)
        try harness.window.press("s")  // s starts it again, and stops it
        #expect(!lightbox.isSlideshowRunning)
        #expect(
            Self.steps(harness, after: mark).filter { $0.hasPrefix("open") || $0.hasPrefix("slideshow") } == [
                "open 2", "slideshow on", "slideshow off key", "slideshow on", "slideshow off key",
            ])
        #expect(harness.events("lightbox", after: mark).contains { $0.string("action") == "info" })
        // Escape stops a running slideshow, as any key does, and closes the lightbox.
        try harness.window.press("s")
        try harness.window.press("Escape")
        #expect(harness.wall.lightbox == nil && harness.window.pendingTimerCount == 0)
        #expect(Self.steps(harness, after: mark).suffix(2) == ["slideshow off key", "close 2"])
    }

    /// Nothing focused or selected: the slideshow starts from the first photo.
    @Test func sWithNothingChosenStartsFromTheFirstPhoto() throws {
        let harness = try Self.wall(delay: 5)
        try harness.window.press("s")
        #expect(harness.wall.lightbox?.index == 0 && harness.wall.lightbox?.isSlideshowRunning == true)
    }
}
