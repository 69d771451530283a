import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// `s` in `waterfall`: a slideshow through the lightbox, each next photo shown only once its picture is decoded (so
/// in the same turn as the step, never late), ending at the last photo; any key pauses it.
@Suite(.serialized) struct SlideshowTests {
    static let colours = ["#C03020", "#2060B0", "#30A050", "#D0A020"]

    func folder() throws -> GeneratedImages {
        let folder = try GeneratedImages()
        for (index, colour) in Self.colours.enumerated() {
            try folder.image("p\(index).png", width: 400, height: 300, colour: colour)
        }
        return folder
    }

    /// The lightbox's actions after the first `after` events, each "action index", and the frames between them.
    func steps(of demo: RunningDemo, after: Int) -> [String] {
        demo.process.events.dropFirst(after).compactMap { event in
            if event.name == "frame" { return "frame" }
            guard event.name == "lightbox", let action = event.string("action"), action != "ahead" else { return nil }
            if action == "slideshow" {
                return
                    "slideshow \(event.fields["running"] as? Bool == true ? "on" : "off") \(event.string("reason") ?? "")"
            }
            return "\(action) \(event.int("index") ?? -1)"
        }
    }

    @Test func itShowsEachNextPhotoWithItsPictureInTheStepsOwnTurnAndEndsAtTheLast() throws {
        let photos = try folder()
        let demo = try RunningDemo(
            [photos.path("p0.png"), "--slideshow-delay", "0.3", "--width", "800", "--height", "620"],
            executable: "waterfall")
        try demo.waitForLightbox("picture", index: 0, after: 0)
        let started = demo.eventCount
        try demo.key("s")
        try demo.process.waitForEvent(after: started, "the slideshow's end") {
            $0.name == "lightbox" && $0.string("action") == "slideshow" && $0.string("reason") == "end"
        }
        let lightbox = steps(of: demo, after: started).filter { $0 != "frame" }
        #expect(
            lightbox == [
                "slideshow on ", "show 1", "picture 1", "show 2", "picture 2", "show 3", "picture 3",
                "slideshow off end",
            ])
        // Each step's picture is there in the step's own turn: no frame between a `show` and its `picture`.
        let all = steps(of: demo, after: started)
        for index in 1...3 {
            let show = try #require(all.firstIndex(of: "show \(index)"))
            #expect(all[show + 1] == "picture \(index)", "step \(index): \(all[show...].prefix(3))")
        }
        // The frame after the last step (logged before the end) drew the last photo.
        #expect(try demo.screenshot().pixel(x: 400, y: 300) == RGB(0xD0A020))
        demo.expectNoXErrors()
    }

    @Test func sOnTheWallStartsFromTheSelectedPhotoAndAnyKeyPausesIt() throws {
        let photos = try folder()
        let demo = try RunningDemo(
            [photos.root, "--slideshow-delay", "60", "--width", "800", "--height", "620", "--columns", "4"],
            executable: "waterfall")
        try demo.process.waitForEvent("the end of the walk") {
            $0.name == "scanned" && $0.fields["done"] as? Bool == true
        }
        let cards = try runLayoutCommand([
            "--photos", photos.root, "--columns", "4", "--width", String(Int(demo.cardsWidth)),
            "--height", String(Int(demo.viewportHeight)),
        ]).items
        try demo.click(x: cards[2].midX, y: cards[2].midY)
        try demo.process.waitForEvent("the selection") { $0.name == "select" && $0.int("index") == 2 }
        let started = demo.eventCount
        try demo.key("s")
        try demo.process.waitForEvent(after: started, "the slideshow") {
            $0.name == "lightbox" && $0.string("action") == "slideshow"
        }
        try demo.key("i")  // a key the lightbox does not use pauses it all the same
        try demo.process.waitForEvent(after: started, "the pause") {
            $0.name == "lightbox" && $0.string("reason") == "key"
        }
        try demo.key("s")
        try demo.key("s")  // s starts it again, and stops it
        try demo.process.waitForEvent(after: started, "the second pause") { _ in
            demo.events(named: "lightbox", after: started).filter { $0.string("reason") == "key" }.count == 2
        }
        #expect(
            steps(of: demo, after: started).filter { $0.hasPrefix("open") || $0.hasPrefix("slideshow") }
                == ["open 2", "slideshow on ", "slideshow off key", "slideshow on ", "slideshow off key"])
        demo.expectNoXErrors()
    }

    @Test func aDelayOutOfRangeIsRefusedNamingIt() throws {
        let refused = try DemoProcess(
            executable: "waterfall", arguments: ["--slideshow-delay", "0", "/tmp"], display: nil)
        #expect(try refused.waitForExit() == 64)
        #expect(refused.standardError.contains("--slideshow-delay is 0.0; it must be from 0.1 to 3600 seconds"))
    }
}
