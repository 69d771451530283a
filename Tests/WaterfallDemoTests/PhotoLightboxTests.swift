import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// The photo wall's lightbox: a double click or Enter opens a photo fitted to the window on a dark background, the
/// arrow keys and the wheel go through the photos, Escape goes back to the wall with the photo selected.
@Suite(.serialized)
struct PhotoLightboxTests {
    let images: GeneratedImages
    var photos: String { images.path("photos") }

    init() throws {
        images = try GeneratedImages()
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        // Tall photos: fitted to the 800 × 600 viewport they are 300 × 600, from x 250 to 550. The first is red above
        // its middle and blue below, to show where 1:1 and a drag put it.
        _ = try images.convert([
            "-size", "400x400", "xc:#D02010", "-size", "400x400", "xc:#2040C0", "-append", "photos/a.png",
        ])
        _ = try images.convert(["-size", "400x800", "xc:#10A040", "photos/b.png"])
        let whole = try Data(
            contentsOf: URL(fileURLWithPath: try images.convert(["-size", "200x400", "gradient:", "c.jpg"])))
        // a truncated JPEG
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: images.path("photos/c.jpg")))
    }

    static let background = RGB(0x101113)

    /// The wall at 800 × 620 (a 600 px viewport) in 3 columns, every card's picture or failure drawn.
    func launch() throws -> (demo: RunningDemo, cards: [LaidOutItem], drawn: Int) {
        let demo = try RunningDemo(
            [photos, "--width", "800", "--height", "620", "--columns", "3"], executable: "waterfall")
        let last = try demo.process.waitForEvent("three pictures or failures") { _ in
            demo.process.events.filter { $0.name == "thumbnail" || $0.name == "thumbnailFailed" }.count == 3
        }
        let drawn = try demo.process.waitForEvent(after: last.position, "every picture drawn") {
            $0.name == "frame" && $0.int("thumbnailsPending") == 0
        }
        let layout = try runLayoutCommand([
            "--photos", photos, "--width", String(Int(demo.cardsWidth)), "--height",
            String(Int(demo.viewportHeight)), "--columns", "3",
        ])
        return (demo, layout.items, drawn.position)
    }

    func title(of demo: RunningDemo) throws -> String {
        String(
            decoding: try runTool("xprop", ["-id", String(demo.window), "_NET_WM_NAME"], display: demo.xvfb.display),
            as: UTF8.self)
    }

    @Test func aDoubleClickOpensThePhotoFittedAndTheKeysGoThroughThem() throws {
        let (demo, cards, drawn) = try launch()
        let wallTitle = try title(of: demo)
        try demo.movePointer(x: cards[0].midX, y: cards[0].y + 20)
        try xdotool(["click", "--repeat", "2", "--delay", "60", "1"], display: demo.xvfb.display)
        let opened = try demo.waitForLightbox("picture", index: 0, after: drawn)
        #expect(opened.string("path") == images.path("photos/a.png"))
        #expect(demo.events(named: "lightbox", after: drawn).first?.string("action") == "open")
        var shot = try demo.screenshot()
        #expect(shot.pixel(x: 250, y: 0) == RGB(0xD02010) && shot.pixel(x: 549, y: 599) == RGB(0x2040C0))
        #expect(shot.pixel(x: 249, y: 300) == Self.background && shot.pixel(x: 550, y: 300) == Self.background)
        #expect(try title(of: demo).contains("\"a.png\""))

        // The neighbour decoded ahead (its `ahead` event may precede the first photo's picture).
        try demo.process.waitForEvent(after: drawn, "the next photo decoded ahead") {
            $0.name == "lightbox" && $0.string("action") == "ahead" && $0.int("index") == 1
        }
        let beforeRight = demo.eventCount
        try demo.key("Right")
        try demo.waitForLightbox("picture", index: 1, after: beforeRight)
        // Decoded ahead while the first was shown: its picture is in the key's own frame.
        let afterKey = demo.process.events.dropFirst(beforeRight).filter { $0.name == "lightbox" || $0.name == "frame" }
        #expect(
            afterKey.prefix(3).map { $0.name + ($0.string("action").map { " " + $0 } ?? "") } == [
                "lightbox show", "lightbox picture", "frame",
            ])
        shot = try demo.screenshot()
        #expect(shot.pixel(x: 400, y: 300) == RGB(0x10A040))
        #expect(try title(of: demo).contains("\"b.png\""))

        var before = demo.eventCount
        try demo.wheel(notches: 1)  // on to the truncated JPEG: its reason, as its card shows it
        let failed = try demo.waitForLightbox("failed", index: 2, after: before)
        #expect(failed.string("reason") == demo.events(named: "thumbnailFailed", after: 0).first?.string("reason"))
        shot = try demo.screenshot()
        #expect(shot.pixel(x: 400, y: 100) == Self.background && shot.pixel(x: 400, y: 500) == Self.background)
        // the reason
        #expect((290..<310).contains { y in (300..<500).contains { shot.pixel(x: $0, y: y) == RGB(0xD8DCE2) } })

        before = demo.eventCount
        try demo.key("Left")
        try demo.waitForLightbox("picture", index: 1, after: before)
        before = demo.eventCount
        try demo.key("Escape")
        try demo.waitForLightbox("close", index: 1, after: before)
        let selected = try demo.process.waitForEvent(after: before, "the photo shown selected") { $0.name == "select" }
        #expect(selected.event.int("index") == 1)
        _ = try demo.process.waitForEvent(after: selected.position, "the wall drawn") { $0.name == "frame" }
        shot = try demo.screenshot()
        #expect(shot.pixel(x: Int(cards[0].midX), y: Int(cards[0].y) + 20) == RGB(0xD02010))  // the wall, where it was
        #expect(try title(of: demo) == wallTitle)

        before = demo.eventCount
        try demo.key("Return")  // Enter opens the focused photo: the one just shown
        try demo.waitForLightbox("picture", index: 1, after: before)
        before = demo.eventCount
        try demo.key("Return")  // and closes it again
        try demo.waitForLightbox("close", index: 1, after: before)
        demo.expectNoXErrors()
    }

    @Test func zShowsThePhotoPixelForPixelAndADragPansItWithinItsEdges() throws {
        let (demo, cards, drawn) = try launch()
        try demo.movePointer(x: cards[0].midX, y: cards[0].y + 20)
        try xdotool(["click", "--repeat", "2", "--delay", "60", "1"], display: demo.xvfb.display)
        try demo.waitForLightbox("picture", index: 0, after: drawn)

        // 1:1: 400 × 800 centred on the 800 × 600 viewport, x 200 to 600, its rows 100 to 699 in view (red above 300).
        var before = demo.eventCount
        try demo.key("z")
        let zoom = try demo.process.waitForEvent(after: before, "the zoom") {
            $0.name == "lightbox" && $0.string("action") == "zoom"
        }
        #expect(zoom.event.double("scale") == 1)
        try demo.waitForLightbox("picture", index: 0, after: zoom.position)
        var shot = try demo.screenshot()
        #expect(shot.pixel(x: 200, y: 299) == RGB(0xD02010) && shot.pixel(x: 599, y: 300) == RGB(0x2040C0))
        #expect(shot.pixel(x: 199, y: 300) == Self.background && shot.pixel(x: 600, y: 300) == Self.background)

        // Dragged up 150 px: the photo stops with its bottom edge at the viewport's, 100 px up (red above 200).
        try xdotool(
            [
                "mousemove", "--window", String(demo.window), "400", "400", "mousedown", "1",
                "mousemove", "--window", String(demo.window), "400", "320",
                "mousemove", "--window", String(demo.window), "400", "250", "mouseup", "1",
            ], display: demo.xvfb.display)
        try waitUntil("the photo dragged to its bottom edge") {
            let shot = try demo.screenshot()
            return shot.pixel(x: 400, y: 199) == RGB(0xD02010) && shot.pixel(x: 400, y: 200) == RGB(0x2040C0)
        }
        shot = try demo.screenshot()
        #expect(shot.pixel(x: 400, y: 599) == RGB(0x2040C0) && shot.pixel(x: 200, y: 0) == RGB(0xD02010))

        // z again: fitted and centred, 300 × 600 from x 250.
        before = demo.eventCount
        try demo.key("z")
        let fit = try demo.process.waitForEvent(after: before, "the zoom back") {
            $0.name == "lightbox" && $0.string("action") == "zoom"
        }
        #expect(fit.event.string("scale") == "fit")
        try demo.waitForLightbox("picture", index: 0, after: fit.position)
        shot = try demo.screenshot()
        #expect(shot.pixel(x: 250, y: 0) == RGB(0xD02010) && shot.pixel(x: 549, y: 599) == RGB(0x2040C0))
        #expect(shot.pixel(x: 249, y: 300) == Self.background)
        demo.expectNoXErrors()
    }
}
