import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// An animated GIF and an animated WebP play in the lightbox: each frame for its own delay, in order, looping; Ctrl+space
/// pauses and plays, Ctrl+n and Ctrl+p step a frame. What shows is checked in screenshots after each change.
@Suite(.serialized)
struct LightboxAnimationTests {
    static let colours: [UInt32] = [0xE01010, 0x10E010, 0x1010E0]

    /// Opens the lightbox on the one animation in `folder` (400 × 300), waits for its frames, and returns the wall.
    func openAnimation(in folder: GeneratedImages, format: String) throws -> (wall: OneCardWall, animation: Event) {
        let wall = try OneCardWall(folder, format: format, artifact: "lightbox-animation-\(format).png")
        let demo = wall.demo
        try demo.movePointer(x: wall.card.midX, y: wall.card.midY)
        try xdotool(["click", "--repeat", "2", "--delay", "60", "1"], display: demo.xvfb.display)
        let animation = try demo.process.waitForEvent("the animation's frames") {
            $0.name == "lightbox" && $0.string("action") == "animation"
        }
        return (wall, animation.event)
    }

    /// The colour at the centre of the lightbox once the window drew what was logged at `position`.
    func centreColour(_ demo: RunningDemo, after position: Int) throws -> RGB? {
        try demo.process.waitForEvent(after: position + 1, "the frame drawn") { $0.name == "frame" }
        return try demo.screenshot().pixel(x: 400, y: 300)
    }

    /// Waits for the lightbox's first `frame` event after the event at `position` and returns it.
    func nextFrame(_ demo: RunningDemo, after position: Int) throws -> (event: Event, position: Int) {
        let found = try demo.process.waitForEvent(after: position + 1, "a frame shown") {
            $0.name == "lightbox" && $0.string("action") == "frame"
        }
        return (found.event, found.position)
    }

    func playsPausesAndSteps(_ wall: OneCardWall, animation: Event) throws {
        let demo = wall.demo
        #expect(animation.int("frames") == 3)
        #expect((animation.fields["delays"] as? [Any])?.compactMap { ($0 as? NSNumber)?.intValue } == [200, 300, 400])
        // It plays on its own: frames 1, 2, then 0 again, in order.
        var position = 0
        var shown: [Int] = []
        while shown.count < 4 {
            let frame = try nextFrame(demo, after: position)
            shown.append(frame.event.int("frame") ?? -1)
            position = frame.position
        }
        #expect(Array(shown.drop { $0 != 1 }.prefix(3)) == [1, 2, 0])
        // Paused, the frame stays: the screen shows its colour.
        try demo.key("ctrl+space")
        let paused = try demo.process.waitForEvent(after: position + 1, "paused") {
            $0.name == "lightbox" && $0.string("action") == "playing" && $0.fields["playing"] as? Bool == false
        }
        let frame = try #require(paused.event.int("frame"))
        // The paused frame was drawn by the window's first frame after it was shown (before the pause).
        let shownAt = try #require(
            demo.process.events[..<paused.position].lastIndex {
                $0.name == "lightbox" && $0.string("action") == "frame"
            })
        #expect(demo.process.events[shownAt].int("frame") == frame)
        #expect(try centreColour(demo, after: shownAt) == RGB(Self.colours[frame]))
        // Stepped: the next frame, and back.
        try demo.key("ctrl+n")
        let next = try nextFrame(demo, after: paused.position)
        #expect(next.event.int("frame") == (frame + 1) % 3)
        #expect(try centreColour(demo, after: next.position) == RGB(Self.colours[(frame + 1) % 3]))
        try demo.key("ctrl+p")
        let back = try nextFrame(demo, after: next.position)
        #expect(back.event.int("frame") == frame)
        #expect(try centreColour(demo, after: back.position) == RGB(Self.colours[frame]))
        // Played again, it goes on by itself.
        try demo.key("ctrl+space")
        let playing = try demo.process.waitForEvent(after: back.position + 1, "playing") {
            $0.name == "lightbox" && $0.string("action") == "playing"
        }
        #expect(playing.event.fields["playing"] as? Bool == true)
        let after = try nextFrame(demo, after: playing.position)
        #expect(after.event.int("frame") == (frame + 1) % 3)
        demo.expectNoXErrors()
    }

    @Test func anAnimatedGIFPlaysWithItsDelays() throws {
        let folder = try GeneratedImages()
        _ = try folder.convert([
            "-delay", "20", "-size", "400x300", "xc:#E01010", "-delay", "30", "xc:#10E010", "-delay", "40",
            "xc:#1010E0", "anim.gif",
        ])
        let (wall, animation) = try openAnimation(in: folder, format: "GIF")
        try playsPausesAndSteps(wall, animation: animation)
    }

    @Test func anAnimatedWebPPlaysWithItsDurations() throws {
        let folder = try GeneratedImages()
        _ = try pillow(
            """
            import sys
            from PIL import Image
            frames = [Image.new("RGB", (400, 300), colour) for colour in [(224, 16, 16), (16, 224, 16), (16, 16, 224)]]
            frames[0].save(sys.argv[1], save_all=True, append_images=frames[1:], duration=[200, 300, 400], loop=0, lossless=True)
            """, [folder.path("anim.webp")])
        let (wall, animation) = try openAnimation(in: folder, format: "WebP")
        try playsPausesAndSteps(wall, animation: animation)
    }
}
