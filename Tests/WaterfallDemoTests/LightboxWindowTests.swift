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

/// The lightbox's zoom through real keys and a real Ctrl+wheel: each step keeps the photo's point under the pointer
/// (or the centre, from the keyboard), is decoded at the width shown up to 1:1, and beyond 1:1 magnifies the photo's
/// pixels into hard-edged blocks on the screen. (Panning, `w`, `z` and another photo fitted: WallLightboxZoomTests.)
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
}

/// The photo info: `i` shows a panel of the photo's EXIF over the lightbox's bottom-left corner, drawn when the
/// information is read, following the photo shown, gone with `i` again; `--info-captions` gives each card a third
/// caption line with its exposure.
@Suite(.serialized)
struct PhotoInfoWindowTests {
    let images: GeneratedImages
    var photos: String { images.path("photos") }

    init() throws {
        images = try GeneratedImages()
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        // Tall photos, fitted 300 × 600 from x 250 to 550 in the 800 × 600 viewport: the panel's corner is the
        // background's, clear of them. The first has a camera's EXIF, the second none.
        try images.convert(["-size", "400x800", "xc:#10A040", "photos/a.jpg"])
        try images.exiftool("photos/a.jpg", GeneratedImages.cameraTags)
        try images.convert(["-size", "400x800", "xc:#2040C0", "photos/b.jpg"])
    }

    static let panelBackground = RGB(0x26292E)
    static let panelText = RGB(0xF2F4F7)

    /// The wall at 800 × 620 in `columns` columns, both pictures drawn.
    func launch(columns: Int = 2, _ extra: [String] = []) throws -> (demo: RunningDemo, drawn: Int) {
        let demo = try RunningDemo(
            [photos, "--width", "800", "--height", "620", "--columns", String(columns)] + extra, executable: "waterfall"
        )
        let last = try demo.process.waitForEvent("two pictures") { _ in
            demo.process.events.filter { $0.name == "thumbnail" }.count == 2
        }
        let drawn = try demo.process.waitForEvent(after: last.position, "every picture drawn") {
            $0.name == "frame" && $0.int("thumbnailsPending") == 0
        }
        return (demo, drawn.position)
    }

    /// The `lightbox` `info` event of card `index` that says `shown`, with `lines` when `read`, and the frame after it.
    func waitForInfo(_ demo: RunningDemo, index: Int, shown: Bool, read: Bool, after: Int) throws -> Event {
        let logged = try demo.process.waitForEvent(after: after, "lightbox info of card \(index)") {
            $0.name == "lightbox" && $0.string("action") == "info" && $0.int("index") == index
                && ($0["shown"] as? Bool) == shown && ($0["lines"] != nil) == read
        }
        _ = try demo.process.waitForEvent(after: logged.position, "the frame after it") { $0.name == "frame" }
        return logged.event
    }

    @Test func iShowsThePhotosInfoFollowsThePhotoAndHidesAgain() throws {
        let (demo, drawn) = try launch()
        let cards = try cardFrames(of: demo, ["--columns", "2"])
        try demo.movePointer(x: cards[0].midX, y: cards[0].y + 20)
        try xdotool(["click", "--repeat", "2", "--delay", "60", "1"], display: demo.xvfb.display)
        try demo.waitForLightbox("picture", index: 0, after: drawn)
        var shot = try demo.screenshot()
        #expect(shot.textInk(xs: 0..<250, ys: 0..<600, ink: Self.panelText, background: RGB(0x101113)).solid == 0)

        var before = demo.eventCount
        try demo.key("i")
        _ = try waitForInfo(demo, index: 0, shown: true, read: false, after: before)
        let info = try waitForInfo(demo, index: 0, shown: true, read: true, after: before)
        let size = try FileManager.default.attributesOfItem(atPath: images.path("photos/a.jpg"))[.size] as? Int ?? 0
        let sizeText =
            size < 10_000 ? "\((Double(size) / 100).rounded() / 10) KB" : "\(Int((Double(size) / 1000).rounded())) KB"
        #expect(
            info["lines"] as? [String] == [
                "2024-05-01 12:30:45", "Canon EOS 5D", "EF50mm f/1.8 II",
                "1/250 s · f/2.8 · ISO 400 · 50 mm (75 mm in 35 mm)",
                "48.858370° N, 2.294481° E, 35 m", "400 × 800 pixels · " + sizeText,
                images.path("photos/a.jpg"),
            ])
        #expect(info.string("camera") == "Canon EOS 5D" && info.string("date") == "2024:05:01 12:30:45")
        let panel = try #require(panelBox(info))
        #expect(panel.xs.lowerBound == 12 && panel.ys.upperBound == 600 - 12)
        shot = try demo.screenshot()
        // Seven lines of text in the panel, over its dark box; none of the panel's ink anywhere else.
        let ink = shot.textInk(xs: panel.xs, ys: panel.ys, ink: Self.panelText, background: Self.panelBackground)
        #expect(ink.isText(minimumSolid: 7 * 40) && ink.other == 0, "\(ink)")
        #expect(shot.pixel(x: panel.xs.lowerBound + 1, y: panel.ys.lowerBound + 1) == Self.panelBackground)
        #expect(inkOutside(panel, in: shot) == 0)
        let photo = try #require(shot.pixel(x: 400, y: 100))  // the photo, above the panel (a JPEG: within a shade)
        #expect(
            abs(Int(photo.green) - 0xA0) <= 2 && abs(Int(photo.red) - 0x10) <= 2 && abs(Int(photo.blue) - 0x40) <= 2)

        // The next photo has no EXIF: only its size and path.
        before = demo.eventCount
        try demo.key("Right")
        let next = try waitForInfo(demo, index: 1, shown: true, read: true, after: before)
        let nextSize = try FileManager.default.attributesOfItem(atPath: images.path("photos/b.jpg"))[.size] as? Int ?? 0
        #expect((next["lines"] as? [String])?.count == 2)
        #expect((next["lines"] as? [String])?.first?.hasPrefix("400 × 800 pixels · ") == true && nextSize > 0)
        #expect((next["lines"] as? [String])?.last == images.path("photos/b.jpg"))
        let nextPanel = try #require(panelBox(next))
        shot = try demo.screenshot()
        #expect(
            shot.textInk(xs: nextPanel.xs, ys: nextPanel.ys, ink: Self.panelText, background: Self.panelBackground)
                .isText(minimumSolid: 2 * 40))
        #expect(inkOutside(nextPanel, in: shot) == 0)
        // the taller panel is gone
        #expect(shot.pixel(x: nextPanel.xs.lowerBound + 1, y: panel.ys.lowerBound + 1) == RGB(0x101113))

        before = demo.eventCount
        try demo.key("i")
        _ = try waitForInfo(demo, index: 1, shown: false, read: false, after: before)
        shot = try demo.screenshot()
        #expect(shot.textInk(xs: 0..<250, ys: 0..<600, ink: Self.panelText, background: RGB(0x101113)).solid == 0)
        #expect(shot.pixel(x: nextPanel.xs.lowerBound + 1, y: nextPanel.ys.lowerBound + 1) == RGB(0x101113))
        demo.expectNoXErrors()
    }

    @Test func infoCaptionsGiveEachCardAThirdLine() throws {
        // 4 columns: the cards' captions are in the 600 px viewport.
        let plain = try launch(columns: 4)
        let plainCards = try cardFrames(of: plain.demo, ["--columns", "4"])
        let (demo, _) = try launch(columns: 4, ["--info-captions"])
        let cards = try cardFrames(of: demo, ["--columns", "4", "--info-captions"])
        #expect(cards.allSatisfy { $0.y + $0.height <= 600 })
        // A line of the caption font and the gap before it, in every card's height from the start: the plain caption
        // is two lines, a gap of 2 and padding of 6 above and below.
        let lineHeight = (plainCards[0].height - (plainCards[0].width * 2).rounded() - 2 - 12) / 2
        #expect(lineHeight >= 10)
        #expect(cards.map(\.height) == plainCards.map { $0.height + lineHeight + 2 })
        let first = try demo.process.waitForEvent("card 0's info line") { $0.name == "info" && $0.int("index") == 0 }
        #expect(first.event.string("line") == "1/250 s · f/2.8 · ISO 400")
        let second = try demo.process.waitForEvent("card 1's info line") { $0.name == "info" && $0.int("index") == 1 }
        #expect(second.event.string("line") == "")  // no EXIF: no summary
        _ = try demo.process.waitForEvent(after: max(first.position, second.position), "the frame after them") {
            $0.name == "frame"
        }
        let shot = try demo.screenshot()
        let line = Int(lineHeight)
        #expect(
            captionLineInk(of: cards[0], line: 3, height: line, in: shot).isText(),
            "\(captionLineInk(of: cards[0], line: 3, height: line, in: shot))")
        #expect(captionLineInk(of: cards[1], line: 3, height: line, in: shot).solid == 0)
        // The second line (the size) is above it, on both.
        #expect(captionLineInk(of: cards[1], line: 2, height: line, in: shot).isText())
        demo.expectNoXErrors()
    }

    /// The cards' frames, by index, as `waterfall --print-layout` gives them for the window's `extra` arguments.
    func cardFrames(of demo: RunningDemo, _ extra: [String]) throws -> [LaidOutItem] {
        let process = try DemoProcess(
            executable: "waterfall",
            arguments: [photos] + extra
                + [
                    "--print-layout", "--width", String(Int(demo.cardsWidth)), "--height",
                    String(Int(demo.viewportHeight)),
                ],
            display: nil)
        guard try process.waitForExit() == 0 else {
            throw X11TestError("--print-layout failed: \(process.standardError)")
        }
        return process.events.dropLast().map { LaidOutItem(fields: $0.fields) }.filter { $0.kind == "cell" }.sorted {
            $0.index < $1.index
        }
    }

    /// The subtitle colour's ink in a card's caption line `line` (2 or 3) of a three-line caption of lines `height`
    /// points tall: counted from the padding at its bottom.
    func captionLineInk(of card: LaidOutItem, line: Int, height: Int, in shot: Screenshot) -> TextInk {
        let top = Int(card.y + card.height) - 6 - (4 - line) * height - (3 - line) * 2
        return shot.textInk(
            xs: Int(card.x)..<Int(card.x + card.width), ys: top..<(top + height), ink: RGB(0x5F6873),
            background: RGB(0xFFFFFF))
    }

    /// The panel's box from an `info` event.
    func panelBox(_ event: Event) -> (xs: Range<Int>, ys: Range<Int>)? {
        guard let x = event.int("panel", "x"), let y = event.int("panel", "y"), let width = event.int("panel", "width"),
            let height = event.int("panel", "height")
        else { return nil }
        return (x..<(x + width), y..<(y + height))
    }

    /// The pixels of the panel's text colour outside `panel`, in the lightbox's 800 × 600 viewport.
    func inkOutside(_ panel: (xs: Range<Int>, ys: Range<Int>), in shot: Screenshot) -> Int {
        var count = 0
        for y in 0..<600 {
            for x in 0..<800
            where !(panel.xs.contains(x) && panel.ys.contains(y)) && shot.pixel(x: x, y: y) == Self.panelText {
                count += 1
            }
        }
        return count
    }
}
