import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// The lightbox's zoom through real keys and a real Ctrl+wheel: each step keeps the photo's point under the pointer
/// (or the centre, from the keyboard), is decoded at the width shown up to 1:1, and beyond 1:1 magnifies the photo's
/// pixels into hard-edged blocks; while zoomed the arrows and a drag pan within the edges; `w` fits, `z` shows 1:1.
@Suite(.serialized)
struct LightboxZoomWindowTests {
    let images: GeneratedImages
    var photos: String { images.path("photos") }

    static let red = RGB(0xD02010), green = RGB(0x10A040), blue = RGB(0x2040C0), yellow = RGB(0xE0C020),
        white = RGB(0xFFFFFF)

    init() throws {
        images = try GeneratedImages()
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        // 1600 × 1200 in quadrants (red, green above; blue, yellow below), with a 1-px white column at x 700 in the
        // red one. Fitted to the 800 × 600 viewport it fills it at 50 %.
        _ = try images.convert([
            "-size", "800x600", "xc:#D02010", "xc:#10A040", "+append",
            "(", "-size", "800x600", "xc:#2040C0", "xc:#E0C020", "+append", ")", "-append",
            "+antialias", "-fill", "white", "-draw", "rectangle 700,0 700,599", "photos/a.png",
        ])
        _ = try images.convert(["-size", "400x800", "xc:#10A040", "photos/b.png"])
    }

    /// The wall at 800 × 620 (a 600 px viewport), its lightbox open on the quadrants, fitted: returns the event count.
    func openLightbox() throws -> (demo: RunningDemo, after: Int) {
        let demo = try RunningDemo(
            [photos, "--width", "800", "--height", "620", "--columns", "3"], executable: "waterfall")
        let last = try demo.process.waitForEvent("two pictures") { _ in
            demo.process.events.filter { $0.name == "thumbnail" }.count == 2
        }
        let drawn = try demo.process.waitForEvent(after: last.position, "every picture drawn") {
            $0.name == "frame" && $0.int("thumbnailsPending") == 0
        }
        let layout = try runLayoutCommand([
            "--photos", photos, "--width", String(Int(demo.cardsWidth)), "--height",
            String(Int(demo.viewportHeight)), "--columns", "3",
        ])
        try demo.movePointer(x: layout.items[0].midX, y: layout.items[0].midY)
        try xdotool(["click", "--repeat", "2", "--delay", "60", "1"], display: demo.xvfb.display)
        let picture = try demo.waitForLightbox("picture", index: 0, after: drawn.position)
        #expect(picture.int("width") == 800)
        let shot = try demo.screenshot()
        #expect(shot.pixel(x: 200, y: 150) == Self.red && shot.pixel(x: 600, y: 150) == Self.green)
        #expect(shot.pixel(x: 200, y: 450) == Self.blue && shot.pixel(x: 600, y: 450) == Self.yellow)
        return (demo, demo.eventCount)
    }

    /// Sends `input` (xdotool commands), waits for the `zoom` it logs and the `picture` after it, and returns both.
    func zoom(_ demo: RunningDemo, _ input: [String]) throws -> (zoom: Event, picture: Event) {
        let before = demo.eventCount
        try xdotool(input, display: demo.xvfb.display)
        let zoom = try demo.process.waitForEvent(after: before, "the zoom") {
            $0.name == "lightbox" && $0.string("action") == "zoom"
        }
        return (zoom.event, try demo.waitForLightbox("picture", index: 0, after: zoom.position))
    }

    /// Expects the quadrants' corner at (`x`, `y`) in `shot`, to 3 px: red up-left of it, green up-right, blue
    /// down-left, yellow down-right.
    func expectCorner(at x: Int, _ y: Int, in shot: Screenshot, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            shot.pixel(x: x - 3, y: y - 3) == Self.red && shot.pixel(x: x + 3, y: y - 3) == Self.green,
            sourceLocation: sourceLocation)
        #expect(
            shot.pixel(x: x - 3, y: y + 3) == Self.blue && shot.pixel(x: x + 3, y: y + 3) == Self.yellow,
            sourceLocation: sourceLocation)
    }

    @Test func plusAndCtrlWheelStepAboutTheCentreAndThePointerDecodedAtTheWidthShownThenMagnifyCrisply() throws {
        let (demo, _) = try openLightbox()
        try demo.movePointer(x: 300, y: 200)

        // plus: 67 %, 1067 px wide, about the centre (from the keyboard): the corner stays at (400, 300).
        var step = try zoom(demo, ["key", "plus"])
        #expect(
            step.zoom.double("scale") == 0.6667 && step.zoom.double("anchor", "x") == 400
                && step.zoom.double("anchor", "y") == 300)
        #expect(step.zoom.int("width") == 1067 && step.picture.int("width") == 1067)
        expectCorner(at: 400, 300, in: try demo.screenshot())

        // Ctrl+wheel up with the pointer at (300, 200), 100 px up-left of the corner: 1:1, the photo's point under
        // the pointer stays there, so the corner moves to 150 px (100 × 1600 / 1067) from it.
        step = try zoom(
            demo,
            [
                "mousemove", "--window", String(demo.window), "300", "200", "keydown", "ctrl", "click", "4", "keyup",
                "ctrl",
            ])
        #expect(
            step.zoom.double("scale") == 1 && step.zoom.double("anchor", "x") == 300
                && step.zoom.double("anchor", "y") == 200)
        #expect(step.picture.int("width") == 1600)
        var shot = try demo.screenshot()
        expectCorner(at: 450, 350, in: shot)
        // The white column (photo x 700, 100 px left of the corner) is one pixel wide.
        let column = try #require((300..<450).first { shot.pixel(x: $0, y: 200) == Self.white })
        #expect(shot.pixel(x: column + 1, y: 200) == Self.red && shot.pixel(x: column - 1, y: 200) == Self.red)

        // Ctrl+wheel on the column, step by step to 800 %: its pixel stays under the pointer, 8 px wide, its edges hard
        // (red right beside white: no blended colour); beyond 1:1 no new decode, the 1:1 picture magnified.
        try demo.movePointer(x: Double(column), y: 200)
        var scales: [Double] = []
        for _ in 0..<6 {
            step = try zoom(demo, ["keydown", "ctrl", "click", "4", "keyup", "ctrl"])
            scales.append(step.zoom.double("scale") ?? 0)
            #expect(step.picture.int("width") == 1600)
        }
        #expect(scales == [1.5, 2, 3, 4, 5.5, 8])
        shot = try demo.screenshot()
        let run = (column - 20...column + 20).filter { shot.pixel(x: $0, y: 200) == Self.white }
        #expect(run.count == 8 && run.contains(column) && run.last! - run.first! == 7)
        if let first = run.first, let last = run.last {
            #expect(shot.pixel(x: first - 1, y: 200) == Self.red && shot.pixel(x: last + 1, y: 200) == Self.red)
        }
        // A Ctrl+wheel up at 800 % changes nothing: no zoom logged before the next step out.
        let before = demo.eventCount
        try xdotool(["keydown", "ctrl", "click", "4", "click", "5", "keyup", "ctrl"], display: demo.xvfb.display)
        let out = try demo.process.waitForEvent(after: before, "the step out") {
            $0.name == "lightbox" && $0.string("action") == "zoom"
        }
        #expect(out.event.double("scale") == 5.5)
        #expect(demo.events(named: "lightbox", after: before).filter { $0.string("action") == "zoom" }.count == 1)
        demo.expectNoXErrors()
    }

    @Test func whileZoomedTheArrowsAndADragPanWithinTheEdgesWFitsZShows1To1() throws {
        let (demo, _) = try openLightbox()
        // 67 %: 1067 × 800, centred; 133.5 px to pan each way across, 100 down
        var step = try zoom(demo, ["key", "plus"])
        #expect(step.picture.int("width") == 1067)

        // Left three times: 100 (an eighth of the width), then 133.5 (the left edge at the viewport's), then no
        // further; Up twice: 75 (an eighth of the height), then 100 (the top edge at the viewport's); h: no further.
        var before = demo.eventCount
        try xdotool(["key", "Left", "Left", "Left", "Up", "Up", "h"], display: demo.xvfb.display)
        try demo.process.waitForEvent(after: before, "the pan up") {
            $0.name == "lightbox" && $0.double("pan", "y") == 100
        }
        let pans = demo.events(named: "lightbox", after: before)
        #expect(pans.map { $0.string("action") ?? "" } == ["pan", "pan", "pan", "pan"])  // never the previous photo
        #expect(pans.map { $0.double("pan", "x") ?? -1 } == [100, 133.5, 133.5, 133.5])
        #expect(
            pans.map { $0.double("pan", "y") ?? -1 } == [0, 0, 75, 100] && pans.allSatisfy { $0.int("index") == 0 })
        // The photo's top-left corner at the viewport's: the quadrants' corner at (533.5, 400).
        try waitUntil("the photo panned to its top-left corner") { try demo.screenshot().pixel(x: 0, y: 0) == Self.red }
        var shot = try demo.screenshot()
        expectCorner(at: 534, 400, in: shot)
        #expect(shot.pixel(x: 0, y: 599) == Self.blue)

        // A drag 300 px left moves the photo until its right edge is at the viewport's: the corner at (266.5, 400).
        try xdotool(
            [
                "mousemove", "--window", String(demo.window), "600", "300", "mousedown", "1",
                "mousemove", "--window", String(demo.window), "450", "300",
                "mousemove", "--window", String(demo.window), "300", "300", "mouseup", "1",
            ], display: demo.xvfb.display)
        try waitUntil("the photo dragged to its right edge") {
            let shot = try demo.screenshot()
            return shot.pixel(x: 263, y: 397) == Self.red && shot.pixel(x: 270, y: 397) == Self.green
        }
        shot = try demo.screenshot()
        expectCorner(at: 267, 400, in: shot)
        #expect(shot.pixel(x: 799, y: 0) == Self.green)

        // w: fit again (decoded at 800 px), the photo filling the viewport.
        step = try zoom(demo, ["key", "w"])
        #expect(step.zoom.string("scale") == "fit" && step.picture.int("width") == 800)
        expectCorner(at: 400, 300, in: try demo.screenshot())
        // At fit, Left is the previous photo again (there is none) and Right the next: no pan.
        before = demo.eventCount
        try demo.key("Right")
        try demo.waitForLightbox("show", index: 1, after: before)
        before = demo.eventCount
        try demo.key("Left")
        try demo.waitForLightbox("picture", index: 0, after: before)
        #expect(demo.events(named: "lightbox", after: before).allSatisfy { $0.string("action") != "pan" })

        // z: 1:1, centred: the corner at the centre, the white column 100 px left of it; z again: fit.
        step = try zoom(demo, ["key", "z"])
        #expect(step.zoom.double("scale") == 1 && step.picture.int("width") == 1600)
        shot = try demo.screenshot()
        expectCorner(at: 400, 300, in: shot)
        #expect(
            shot.pixel(x: 300, y: 100) == Self.white && shot.pixel(x: 299, y: 100) == Self.red
                && shot.pixel(x: 301, y: 100) == Self.red)
        step = try zoom(demo, ["key", "z"])
        #expect(step.zoom.string("scale") == "fit" && step.picture.int("width") == 800)

        // Zoomed, then the next photo: it shows fitted, and so does this one on coming back.
        _ = try zoom(demo, ["key", "plus"])
        before = demo.eventCount
        try demo.key("Next")
        try demo.waitForLightbox("picture", index: 1, after: before)
        before = demo.eventCount
        try demo.key("Prior")
        let back = try demo.waitForLightbox("picture", index: 0, after: before)
        #expect(back.int("width") == 800)
        expectCorner(at: 400, 300, in: try demo.screenshot())
        demo.expectNoXErrors()
    }
}
