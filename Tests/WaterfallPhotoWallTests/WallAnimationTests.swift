import Foundation
import PhotoTestSupport
import Testing
@_spi(Testing) import Waterfall
import WaterfallPhotoWall

/// An animated GIF and an animated WebP play in the lightbox on the fake clock: each frame exactly for its own delay,
/// in order, looping; Ctrl+space pauses and plays, Ctrl+n and Ctrl+p step a frame; each frame drawn is the picture of
/// its own colour.
@Suite struct WallAnimationTests {
    static let colours: [UInt32] = [0xE01010, 0x10E010, 0x1010E0]

    /// A wall of the one animation in `images` (400 × 300, three frames of 200, 300 and 400 ms), its lightbox open
    /// and its frames and still picture arrived.
    static func play(_ images: GeneratedImages, _ name: String) throws -> (harness: WallHarness, lightbox: Lightbox) {
        let harness = try WallHarness()
        try FileManager.default.copyItem(atPath: images.path(name), toPath: harness.root + "/" + name)
        try harness.open(columns: .fixed(3))
        try harness.waitForPictures()
        try harness.window.press("Right")
        try harness.window.press("Return")
        let lightbox = try #require(harness.wall.lightbox)
        let animation = try harness.waitForEvent("lightbox") { $0.string("action") == "animation" }
        #expect(animation.int("frames") == 3 && animation.ints("delays") == [200, 300, 400])
        // The still picture is decoded on its own and may arrive after the frames: waited for here, it cannot land
        // among the events a step below reads.
        try harness.waitForEvent("lightbox") { $0.string("action") == "picture" }
        return (harness, lightbox)
    }

    /// The frames the lightbox showed after the first `after` events.
    static func frames(_ harness: WallHarness, after: Int) -> [Int] {
        harness.events("lightbox", after: after).filter { $0.string("action") == "frame" }.compactMap {
            $0.int("frame")
        }
    }

    /// The colour of the picture the lightbox drew last.
    static func shownColour(_ harness: WallHarness) throws -> UInt32? {
        let shown = try WallLightboxTests.shownPicture(harness)
        return harness.window.colour(of: shown.image, x: shown.image.width / 2, y: shown.image.height / 2)
    }

    static func playsPausesAndSteps(_ harness: WallHarness, _ lightbox: Lightbox) throws {
        #expect(Self.frames(harness, after: 0) == [0] && lightbox.isAnimationPlaying)
        #expect(try Self.shownColour(harness) == Self.colours[0])
        // It plays on its own, each frame for its delay: 1 at 0.2 s, 2 at 0.5 s, 0 again at 0.9 s, 1 at 1.1 s.
        var mark = harness.eventCount
        var shown: [[Int]] = []
        var colours: [UInt32?] = []
        for step in [0.199, 0.001, 0.299, 0.001, 0.4, 0.2] {
            try harness.window.advance(by: step)
            shown.append(Self.frames(harness, after: mark))
            colours.append(try Self.shownColour(harness))
            mark = harness.eventCount
        }
        #expect(shown == [[], [1], [], [2], [0], [1]])
        #expect(colours == [0, 1, 1, 2, 0, 1].map { Self.colours[$0] })
        // Paused, the frame stays however long.
        try harness.window.press("space", .control)
        #expect(!lightbox.isAnimationPlaying)
        let paused = try #require(harness.events("lightbox", after: mark).last)
        #expect(paused.string("action") == "playing" && paused.bool("playing") == false && paused.int("frame") == 1)
        try harness.window.advance(by: 5)
        #expect(try Self.frames(harness, after: mark).isEmpty && Self.shownColour(harness) == Self.colours[1])
        // Stepped: the next frame, and back, and once more round the end.
        for (key, frame) in [("n", 2), ("p", 1), ("p", 0), ("p", 2)] {
            mark = harness.eventCount
            try harness.window.press(key, .control)
            #expect(
                try Self.frames(harness, after: mark) == [frame] && Self.shownColour(harness) == Self.colours[frame])
        }
        #expect(!lightbox.isAnimationPlaying)
        // Played again, it goes on by itself after frame 2's delay.
        mark = harness.eventCount
        try harness.window.press("space", .control)
        #expect(lightbox.isAnimationPlaying && harness.events("lightbox", after: mark).last?.bool("playing") == true)
        try harness.window.advance(by: 0.4)
        #expect(Self.frames(harness, after: mark) == [0])
        // Closed, its timer goes with it.
        try harness.window.press("Escape")
        #expect(harness.window.pendingTimerCount == 0)
    }

    @Test func anAnimatedGIFPlaysWithItsDelays() throws {
        let images = try GeneratedImages()
        try images.convert([
            "-delay", "20", "-size", "400x300", "xc:#E01010", "-delay", "30", "xc:#10E010", "-delay", "40",
            "xc:#1010E0", "anim.gif",
        ])
        let (harness, lightbox) = try Self.play(images, "anim.gif")
        try Self.playsPausesAndSteps(harness, lightbox)
    }

    @Test func anAnimatedWebPPlaysWithItsDurations() throws {
        let images = try GeneratedImages()
        _ = try pillow(
            """
            import sys
            from PIL import Image
            frames = [Image.new("RGB", (400, 300), colour) for colour in [(224, 16, 16), (16, 224, 16), (16, 16, 224)]]
            frames[0].save(sys.argv[1], save_all=True, append_images=frames[1:], duration=[200, 300, 400], loop=0, lossless=True)
            """, [images.path("anim.webp")])
        let (harness, lightbox) = try Self.play(images, "anim.webp")
        try Self.playsPausesAndSteps(harness, lightbox)
    }
}
