import Foundation
import Testing
@_spi(Testing) import Waterfall
import WaterfallPhotoWall
import WaterfallX11

/// The lightbox's zoom, in-process: plus and Ctrl+wheel step in and out, the keyboard about the centre and the wheel
/// keeping the photo's point under the pointer, each step decoded at the width shown up to 1:1 and magnified beyond;
/// while zoomed the arrows (and h, j, k, l) and a drag pan within the photo's edges; `w` fits, `z` shows 1:1 and
/// back; another photo shows fitted. (The crisp blocks beyond 1:1 on the screen: LightboxWindowTests.)
@Suite struct WallLightboxZoomTests {
    static let red: UInt32 = 0xD02010
    static let green: UInt32 = 0x10A040
    static let blue: UInt32 = 0x2040C0
    static let yellow: UInt32 = 0xE0C020
    static let white: UInt32 = 0xFFFFFF

    /// The lightbox over a wall of 400 × 300, open on a.png, fitted: 800 × 600 in quadrants (red, green above;
    /// blue, yellow below) with a 1-pixel white column at x 350 in the red one, which fitted fills the viewport at
    /// 50 %. b.png (200 × 400, green) is the next photo. (LightboxWindowTests shows the same at twice the size.)
    static func lightbox() throws -> (harness: WallHarness, lightbox: Lightbox) {
        let harness = try WallHarness()
        try harness.photo("a.png", width: 800, height: 600) { x, y in
            if x == 350 && y < 300 { return white }
            return y < 300 ? (x < 400 ? red : green) : (x < 400 ? blue : yellow)
        }
        try harness.photo("b.png", width: 200, height: 400, colour: green)
        try harness.open(size: Size(width: 400, height: 300), columns: .fixed(3))
        try harness.waitForPictures()
        try harness.window.press("Right")
        try harness.window.press("Return")
        let lightbox = try #require(harness.wall.lightbox)
        try harness.wait("the fitted picture") { lightbox.isPictureShown }
        let shown = try WallLightboxTests.shownPicture(harness)
        #expect(shown.rect == Rect(x: 0, y: 0, width: 400, height: 300) && shown.image.width == 400)
        return (harness, lightbox)
    }

    /// Presses `key` with `modifiers`, then waits for the `zoom` it logs and the `picture` after it; returns both.
    static func zoom(
        _ harness: WallHarness, _ lightbox: Lightbox, _ key: String, _ modifiers: ModifierKeys = []
    ) throws -> (zoom: WallEvent, picture: WallEvent) {
        let mark = harness.eventCount
        try harness.window.press(key, modifiers)
        let zoom = try harness.waitForEvent("lightbox", after: mark) { $0.string("action") == "zoom" }
        let picture = try harness.waitForEvent("lightbox", after: mark) {
            $0.string("action") == "picture" && $0.int("index") == lightbox.index
        }
        try harness.wait("the picture at the width shown") { lightbox.isPictureShown }
        return (zoom, picture)
    }

    /// The point of a.png (in its pixels) drawn at `point` of the viewport in the last frame.
    static func photoPoint(at point: Point, _ harness: WallHarness) throws -> Point {
        let rect = try WallLightboxTests.shownPicture(harness).rect
        return Point(x: (point.x - rect.minX) * 800 / rect.width, y: (point.y - rect.minY) * 600 / rect.height)
    }

    /// Where a.png's point `point` (its pixels) is drawn in the last frame, in viewport points.
    static func shown(_ point: Point, _ harness: WallHarness) throws -> Point {
        let rect = try WallLightboxTests.shownPicture(harness).rect
        return Point(x: rect.minX + point.x * rect.width / 800, y: rect.minY + point.y * rect.height / 600)
    }

    /// Expects the quadrants' corner (a.png's middle) at (`x`, `y`) of the viewport, to half a point.
    static func expectCorner(
        at x: Double, _ y: Double, _ harness: WallHarness, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let corner = try shown(Point(x: 400, y: 300), harness)
        #expect(
            abs(corner.x - x) <= 0.5 && abs(corner.y - y) <= 0.5, "the corner at \(corner)",
            sourceLocation: sourceLocation)
    }

    @Test func plusAndCtrlWheelStepAboutTheCentreAndThePointerDecodedAtTheWidthShownThenMagnify() throws {
        let (harness, lightbox) = try Self.lightbox()

        // plus: 67 %, 533 pixels wide, about the centre (from the keyboard): the corner stays at (200, 150).
        var step = try Self.zoom(harness, lightbox, "equal", .shift)
        #expect(step.zoom.double("scale") == 0.6667 && step.zoom.double("anchor", "x") == 200)
        #expect(step.zoom.double("anchor", "y") == 150)
        #expect(step.zoom.int("width") == 533 && step.picture.int("width") == 533)
        #expect(lightbox.zoomLevel == .scale(2.0 / 3))
        try Self.expectCorner(at: 200, 150, harness)
        #expect(try WallLightboxTests.shownPicture(harness).image.width == 533)

        // Ctrl+wheel up with the pointer at (150, 100), 50 points up-left of the corner: 1:1, the photo's point under
        // the pointer stays there, so the corner moves to 75 points (50 × 800 / 533) from it.
        harness.window.pointerLocation = Point(x: 150, y: 100)
        step = try Self.zoom(harness, lightbox, "WheelUp", .control)
        #expect(step.zoom.double("scale") == 1 && step.zoom.double("anchor", "x") == 150)
        #expect(step.zoom.double("anchor", "y") == 100)
        #expect(step.picture.int("width") == 800)
        try Self.expectCorner(at: 225, 175, harness)
        let column = try Self.shown(Point(x: 350.5, y: 0), harness).x  // the white column's middle, one point wide
        var picture = try WallLightboxTests.shownPicture(harness)
        #expect(picture.rect.width == 800 && harness.window.colour(of: picture.image, x: 350) == Self.white)

        // Ctrl+wheel on the column, step by step to 800 %: its pixel stays under the pointer; beyond 1:1 no new
        // decode, the 1:1 picture magnified pixel by pixel.
        let pointer = Point(x: column, y: 100)
        harness.window.pointerLocation = pointer
        var scales: [Double] = []
        for _ in 0..<6 {
            step = try Self.zoom(harness, lightbox, "WheelUp", .control)
            scales.append(step.zoom.double("scale") ?? 0)
            #expect(step.picture.int("width") == 800)
            let under = try Self.photoPoint(at: pointer, harness)
            #expect(under.x >= 350 && under.x < 351, "the white column left the pointer: \(under)")
        }
        #expect(scales == [1.5, 2, 3, 4, 5.5, 8])
        picture = try WallLightboxTests.shownPicture(harness)
        #expect(picture.image.width == 800 && picture.rect.width == 6_400)
        #expect(harness.window.lastFrame.commands.contains(.image(picture.image, picture.rect, .nearest)))
        // A Ctrl+wheel up at 800 % changes nothing: no zoom logged before the next step out.
        let mark = harness.eventCount
        try harness.window.press("WheelUp", .control)
        try harness.window.press("WheelDown", .control)
        let zooms = harness.events("lightbox", after: mark).filter { $0.string("action") == "zoom" }
        #expect(zooms.map { $0.double("scale") } == [5.5])
    }

    @Test func whileZoomedTheArrowsAndADragPanWithinTheEdgesWFitsZShows1To1() throws {
        let (harness, lightbox) = try Self.lightbox()
        // 67 %: 533 × 400, centred; 66.5 points to pan each way across, 50 down.
        #expect(try Self.zoom(harness, lightbox, "plus").picture.int("width") == 533)

        // Left three times: 50 (an eighth of the width), then 66.5 (the left edge at the viewport's), then no
        // further; Up twice: 37.5 (an eighth of the height), then 50 (the top edge at the viewport's); h: no further.
        var mark = harness.eventCount
        for key in ["Left", "Left", "Left", "Up", "Up", "h"] { try harness.window.press(key) }
        let pans = harness.events("lightbox", after: mark)
        #expect(pans.map { $0.string("action") ?? "" } == ["pan", "pan", "pan", "pan"])  // never the previous photo
        #expect(pans.map { $0.double("pan", "x") ?? -1 } == [50, 66.5, 66.5, 66.5])
        #expect(
            pans.map { $0.double("pan", "y") ?? -1 } == [0, 0, 37.5, 50] && pans.allSatisfy { $0.int("index") == 0 })
        // The photo's top-left corner at the viewport's: the quadrants' corner at (266.5, 200).
        try Self.expectCorner(at: 266.5, 200, harness)
        #expect(try WallLightboxTests.shownPicture(harness).rect.origin == Point(x: 0, y: 0))
        // j pans down (k adds a keyword), Up back: down to 12.5 and back.
        try harness.window.press("j")
        try harness.window.press("Up")
        #expect(harness.events("lightbox", after: mark).suffix(2).map { $0.double("pan", "y") } == [12.5, 50])

        // A drag 150 points left moves the photo until its right edge is at the viewport's: the corner at
        // (133.5, 200).
        try harness.window.sendToOverlay(.pointerDown(Point(x: 300, y: 150)))
        try harness.window.sendToOverlay(.pointerMoved(Point(x: 225, y: 150)))
        try harness.window.sendToOverlay(.pointerMoved(Point(x: 150, y: 150)))
        try harness.window.sendToOverlay(.pointerUp(Point(x: 150, y: 150)))
        try Self.expectCorner(at: 133.5, 200, harness)
        #expect(try WallLightboxTests.shownPicture(harness).rect.maxX == 400)

        // w: fit again (decoded at 400), the photo filling the viewport.
        var step = try Self.zoom(harness, lightbox, "w")
        #expect(step.zoom.string("scale") == "fit" && step.picture.int("width") == 400)
        #expect(try WallLightboxTests.shownPicture(harness).rect == Rect(x: 0, y: 0, width: 400, height: 300))
        // At fit, Left is the previous photo again (there is none) and Right the next: no pan.
        mark = harness.eventCount
        try harness.window.press("Left")
        #expect(lightbox.index == 0)
        try harness.window.press("Right")
        #expect(lightbox.index == 1)
        try harness.window.press("Left")
        #expect(lightbox.index == 0)
        #expect(harness.events("lightbox", after: mark).allSatisfy { $0.string("action") != "pan" })

        // z: 1:1, centred: the corner at the centre, the white column 50 points left of it; z again: fit.
        step = try Self.zoom(harness, lightbox, "z")
        #expect(step.zoom.double("scale") == 1 && step.picture.int("width") == 800)
        try Self.expectCorner(at: 200, 150, harness)
        #expect(try Self.shown(Point(x: 350, y: 0), harness).x == 150)
        step = try Self.zoom(harness, lightbox, "z")
        #expect(step.zoom.string("scale") == "fit" && step.picture.int("width") == 400)

        // Zoomed, then the next photo: it shows fitted, and so does this one on coming back.
        _ = try Self.zoom(harness, lightbox, "plus")
        try harness.window.press("Next")
        #expect(lightbox.index == 1 && lightbox.zoomLevel == .fit)
        mark = harness.eventCount
        try harness.window.press("Prior")
        #expect(lightbox.index == 0 && lightbox.zoomLevel == .fit)
        let back = try harness.waitForEvent("lightbox", after: mark) { $0.string("action") == "picture" }
        #expect(back.int("width") == 400)
        try Self.expectCorner(at: 200, 150, harness)
        // minus at fit changes nothing.
        mark = harness.eventCount
        try harness.window.press("minus")
        #expect(lightbox.zoomLevel == .fit && harness.events("lightbox", after: mark).isEmpty)
    }
}
