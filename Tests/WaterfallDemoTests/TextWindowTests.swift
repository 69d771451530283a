import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// Where the demo's window shows text, and the check that each of those places has it: every caption band of a card
/// wholly in view, every header and footer in view, and the status bar, each with antialiased ink of its text's
/// colour in a screenshot. The places come from the `layout` subcommand, not from the window's own log.
struct ScreenText {
    static let caption = RGB(0xFFFFFF)
    static let title = RGB(0x1F2328)
    static let subtitle = RGB(0x5F6873)
    static let wall = RGB(0xECEFF3)
    static let statusBar = RGB(0x2B2F36)
    static let statusText = RGB(0xE8EAED)

    /// The window's geometry in points, as its last `layout` event gave it, and its scale.
    var cardsWidth: Double
    var viewportHeight: Double
    var scale: Double
    /// The arguments of `layout` that pick the same cards (`--photos DIR`, `--columns N`...), before the geometry.
    var layoutArguments: [String]

    /// The geometry of `demo`'s window from its last `layout` event (or its `ready` event before any).
    init(_ demo: RunningDemo, layoutArguments: [String] = []) {
        let last = demo.process.events.last { $0.name == "layout" || $0.name == "ready" } ?? demo.ready
        cardsWidth = last.double("viewport", "width") ?? 0
        viewportHeight = last.double("viewport", "height") ?? 0
        scale = demo.ready.double("scale") ?? 1
        self.layoutArguments = layoutArguments
    }

    /// A point coordinate as a pixel index.
    func pixel(_ points: Double) -> Int { Int((points * scale).rounded(.down)) }

    /// The cards, headers and footers laid out at this geometry.
    func elements() throws -> [LaidOutItem] {
        func number(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }
        return try runLayoutCommand(
            layoutArguments + ["--width", number(cardsWidth), "--height", number(viewportHeight)]
        ).elements
    }

    /// Checks `shot`, taken at scroll `offset` in state `state`: every caption, header and footer wholly in view and
    /// the status bar have text. Returns the cards wholly in view, whose captions were checked.
    @discardableResult
    func expectText(
        in shot: Screenshot, offset: Double = 0, state: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [LaidOutItem] {
        let inView = try elements().filter { $0.y >= offset && $0.y + $0.height <= offset + viewportHeight }
        let cards = inView.filter { $0.kind == "cell" || $0.kind == "banner" }
        #expect(!cards.isEmpty, "\(state): no card wholly in view", sourceLocation: sourceLocation)
        for card in cards {
            let band = captionBand(of: card, offset: offset, in: shot)
            let ink = shot.textInk(
                xs: pixel(card.x)..<pixel(card.x + card.width), ys: band, ink: Self.title, background: Self.caption)
            #expect(
                band.count >= pixel(20) && ink.isText(),
                "\(state): card \(card.index)'s caption (rows \(band)) has \(ink)",
                sourceLocation: sourceLocation)
        }
        for bar in inView where bar.kind == "header" || bar.kind == "footer" {
            let ink = shot.textInk(
                xs: pixel(bar.x)..<pixel(bar.x + bar.width),
                ys: pixel(bar.y - offset)..<pixel(bar.y - offset + bar.height), ink: Self.subtitle,
                background: Self.wall)
            #expect(
                ink.isText(), "\(state): the \(bar.kind) of section \(bar.section) has \(ink)",
                sourceLocation: sourceLocation)
        }
        expectStatusBarText(in: shot, state: state, sourceLocation: sourceLocation)
        return cards
    }

    /// Checks that the status bar, below the viewport, has text, and nothing else: no caption of a card cut by the
    /// viewport's edge spills onto it (the clip, which text keeps through a new picture, holds).
    func expectStatusBarText(in shot: Screenshot, state: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let top = pixel(viewportHeight)
        #expect(
            shot.pixel(x: 0, y: top) == Self.statusBar, "\(state): no status bar at row \(top)",
            sourceLocation: sourceLocation)
        let ink = shot.textInk(
            xs: 0..<shot.width, ys: top..<shot.height, ink: Self.statusText, background: Self.statusBar)
        #expect(
            ink.isText(minimumSolid: 40) && ink.other == 0, "\(state): the status bar has \(ink)",
            sourceLocation: sourceLocation)
    }

    /// The rows of `card`'s caption in `shot`: up from 4 points above the card's bottom (inside a selected card's
    /// border) while its left padding, 5 points in, is the caption's white (the border is 4 points, the text starts 6 in).
    func captionBand(of card: LaidOutItem, offset: Double, in shot: Screenshot) -> Range<Int> {
        let x = pixel(card.x + 5)
        let bottom = pixel(card.y + card.height - 4 - offset)
        var top = bottom
        while top > pixel(card.y - offset), shot.pixel(x: x, y: top - 1) == Self.caption { top -= 1 }
        return top..<bottom
    }

    /// The pixel in the middle of `card`'s picture (above its caption) in `shot`.
    func pictureCentre(of card: LaidOutItem, offset: Double, in shot: Screenshot) -> RGB? {
        let band = captionBand(of: card, offset: offset, in: shot)
        return shot.pixel(x: pixel(card.midX), y: (pixel(card.y - offset) + band.lowerBound) / 2)
    }
}

extension RunningDemo {
    /// Resizes the window to `width` × `height` pixels and waits for the frame that follows the `layout` event of
    /// that size (and, with `settled`, for the frame after it whose pictures are all drawn). Returns its position.
    @discardableResult
    func resizeAndWait(width: Int, height: Int, settled: Bool = false) throws -> Int {
        let before = eventCount
        let scale = ready.double("scale") ?? 1
        try resize(width: width, height: height)
        let layout = try process.waitForEvent(after: before, "the layout at \(width) × \(height)") {
            $0.name == "layout" && $0.viewWidth.map { $0 * scale } == Double(width)
                && $0.double("viewport", "height").map { ($0 + 20) * scale } == Double(height)
        }
        // The pictures are decoded by niced threads: on a loaded machine they wait longer (the limit bounds a hang).
        return try process.waitForEvent(after: layout.position, limit: settled ? 60 : 20, "the frame after it") {
            $0.name == "frame" && (!settled || $0.int("thumbnailsPending") == 0)
        }.position
    }

    /// Exposes the window (`xrefresh` maps a window over the screen and takes it away: the server loses what the window
    /// showed and asks for it again) and waits for the frame that redraws it. Returns its position.
    @discardableResult
    func exposeAndWait() throws -> Int {
        let before = eventCount
        _ = try runTool("xrefresh", [], display: xvfb.display)
        return try process.waitForEvent(after: before, "the frame after an expose") { $0.name == "frame" }.position
    }
}

/// Text in any script through Xft: Chinese, Japanese, Korean, accented Latin and emoji draw their own glyphs, not
/// the "?" the core font `fixed` drew for every character outside Latin-1, antialiased, and a title too wide for its
/// card ends in "…" inside it.
@Suite(.serialized)
struct TextRenderingTests {
    static let titles = [
        "瀑布流 Waterfall", "東京の夜", "Café au lait — crème brûlée", "😀 emoji card",
        "A very long title that cannot fit in the width of its card at all",
    ]
    static let white = RGB(0xFFFFFF)
    static let ink = RGB(0x1F2328)

    /// A catalog of one section, a card per title, each of aspect 1 in its own colour.
    static func catalog(titles: [String]) throws -> String {
        let colours = ["#4A90D9", "#D94A6B", "#E8C468", "#6BD94A", "#9B59B6"]
        let items = zip(titles, colours).map { title, colour in
            ["title": title, "subtitle": "subtitle", "color": colour, "aspect": 1.0, "category": "World"]
                as [String: Any]
        }
        let path =
            NSTemporaryDirectory()
            + "waterfall-text-\(getpid())-\(titles.count)-\(titles[0].unicodeScalars.first?.value ?? 0).json"
        try JSONSerialization.data(withJSONObject: items).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// What the core font drew: every character outside Latin-1 as "?".
    static func asTheCoreFontDrewIt(_ title: String) -> String {
        String(String.UnicodeScalarView(title.unicodeScalars.map { $0.value < 256 ? $0 : "?" }))
    }

    /// The band of a card's title line: the caption's first line inside the padding (from the layout's frame and the
    /// picture's height, aspect 1 × the column width).
    static func titleBand(of card: LaidOutItem, columnWidth: Double) -> (xs: Range<Int>, ys: Range<Int>) {
        let captionTop = card.y + columnWidth.rounded()
        // two lines, a 2 pt gap, 6 pt padding each side
        let lineHeight = (card.height - columnWidth.rounded() - 14) / 2
        return (Int(card.x)..<Int(card.x + card.width), Int(captionTop + 6)..<Int(captionTop + 6 + lineHeight))
    }

    @Test func everyScriptDrawsItsOwnAntialiasedGlyphsAndALongTitleEndsInsideItsCard() throws {
        let options = ["--width", "1200", "--height", "420", "--columns", "5"]
        let world = try Self.catalog(titles: Self.titles)
        let questionMarks = try Self.catalog(titles: Self.titles.map(Self.asTheCoreFontDrewIt))
        defer { for path in [world, questionMarks] { try? FileManager.default.removeItem(atPath: path) } }
        #expect(
            Self.titles.map(Self.asTheCoreFontDrewIt).prefix(4) == [
                "??? Waterfall", "????", "Café au lait ? crème brûlée", "? emoji card",
            ])

        let shown = try RunningDemo(["--catalog", world] + options)
        let shot = try shown.screenshot()
        try? shot.savePNG(window: shown.window, display: shown.xvfb.display, to: artifactPath("world-text.png"))
        let marked = try RunningDemo(["--catalog", questionMarks] + options)
        let markedShot = try marked.screenshot()
        let layout = try runLayoutCommand([
            "--catalog", world, "--width", String(Int(shown.cardsWidth)), "--height", "400", "--columns", "5",
        ])
        let columnWidth = try #require(layout.summary.double("columnWidth"))
        #expect(layout.items.count == 5)

        for card in layout.items {
            let band = Self.titleBand(of: card, columnWidth: columnWidth)
            var differing = 0
            var inkOutsideCard = 0
            var shades = Set<RGB>()
            for y in band.ys {
                // The card, and 8 px of the 12 px spacing on each side (the wall's background), inside the cards' area.
                for x in max(0, band.xs.lowerBound - 8)..<min(Int(shown.cardsWidth), band.xs.upperBound + 8) {
                    let pixel = shot.pixel(x: x, y: y)
                    if band.xs.contains(x) {
                        if pixel != markedShot.pixel(x: x, y: y) { differing += 1 }
                        if let pixel, pixel != Self.white { shades.insert(pixel) }
                    } else if let pixel, pixel != Self.white, pixel != RGB(0xECEFF3) {
                        // a title's pixel beyond its card's edges (the background there is the wall's)
                        inkOutsideCard += 1
                    }
                }
            }
            let title = Self.titles[card.index]
            if card.index < 4 {
                #expect(differing > 40, "'\(title)' draws as its '?' version: \(differing) pixels differ")
            } else {
                #expect(differing == 0, "the ASCII title draws alike in both: \(differing) pixels differ")
            }
            // Antialiased: between the ink and the caption's white, more than two levels of grey (or colour).
            #expect(shades.subtracting([Self.ink]).count > 2, "'\(title)' has \(shades.count) shades")
            #expect(inkOutsideCard == 0, "'\(title)' spills \(inkOutsideCard) pixels past its card")
        }
        // The long title stops short of its card's right padding, ending in the ellipsis's dots.
        let long = try #require(layout.items.last)
        let band = Self.titleBand(of: long, columnWidth: columnWidth)
        let inked = band.xs.filter { x in band.ys.contains { shot.pixel(x: x, y: $0) != Self.white } }
        let rightmost = try #require(inked.last)
        #expect(
            rightmost < Int(long.x + long.width) - 4,
            "the title's last ink at x \(rightmost), the card ends at \(long.x + long.width)")
        #expect(rightmost > Int(long.x + long.width) - 40, "a title cut far too short: its last ink at x \(rightmost)")
        shown.expectNoXErrors()
        marked.expectNoXErrors()
    }
}

/// Text in every state of the catalog window, checked on screenshots as a person would look: after its first frame,
/// after resizes that grow and shrink it (the column count switching), after a scroll that moves the pixels a resize
/// drew, and after an expose, every caption wholly in view, every header and the status bar hold antialiased ink of
/// their text's colour. With the Xdbe back buffer and with the Pixmap fallback, at scale 1 and 2, and under a window
/// manager. (An Xdbe buffer gets new pixels from the server at each resize, and text once kept going to the old ones.)
@Suite(.serialized)
struct TextInEveryStateTests {
    /// Drives the window of `demo` through the states, checking the text after each. `scale` is its pixels per point.
    func expectTextThroughStates(_ demo: RunningDemo, scale: Int, label: String) throws {
        func check(_ state: String, offset: Double = 0) throws {
            let shot = try demo.screenshot()
            try ScreenText(demo).expectText(in: shot, offset: offset, state: "\(label), \(state)")
        }
        try check("first frame")
        try demo.resizeAndWait(width: 900 * scale, height: 640 * scale)
        try check("grown to 900 × 640")
        try demo.resizeAndWait(width: 560 * scale, height: 760 * scale)  // portrait: three columns
        #expect(demo.process.events.last { $0.name == "layout" }?.int("columns") == 3, "\(label)")
        try check("shrunk to portrait 560 × 760")
        try demo.resizeAndWait(width: 480 * scale, height: 420 * scale)
        try check("shrunk to 480 × 420")
        let before = demo.eventCount
        try demo.wheel(notches: 2)
        let step = demo.wheelStep
        try demo.waitForFrame(after: before, offset: 2 * step)
        try check("scrolled two notches after the resizes", offset: 2 * step)
        try demo.exposeAndWait()
        try check("exposed", offset: 2 * step)
        try demo.resizeAndWait(width: 700 * scale, height: 520 * scale)
        try check(
            "grown again to 700 × 520", offset: demo.process.events.last { $0.name == "frame" }?.double("offset") ?? 0)
        demo.expectNoXErrors()
    }

    @Test(arguments: [(xdbe: true, scale: 1), (xdbe: false, scale: 1), (xdbe: true, scale: 2), (xdbe: false, scale: 2)])
    func theCatalogKeepsItsTextThroughResizesScrollsAndExposes(xdbe: Bool, scale: Int) throws {
        let demo = try RunningDemo(
            ["--width", "640", "--height", "480", "--no-smooth", "--scale", String(scale)]
                + (xdbe ? [] : ["--no-xdbe"]),
            screen: (2000, 1600))
        #expect(demo.ready["xdbe"] as? Bool == xdbe)
        try expectTextThroughStates(demo, scale: scale, label: "\(xdbe ? "Xdbe" : "Pixmap") at scale \(scale)")
    }

    @Test func underAWindowManagerTheTextSurvivesItsResizes() throws {
        let demo = try RunningDemo(["--width", "640", "--height", "480", "--no-smooth"], underWindowManager: true)
        try expectTextThroughStates(demo, scale: 1, label: "under twm")
    }
}

/// Text and pictures in every state of the photo wall and its lightbox, on screenshots: the captions and the status bar
/// have text and every decoded photo shows its colour after resizes and an expose; in the lightbox the photo, a broken
/// photo's reason and the status bar stay drawn through a resize and an expose, and the wall has its text when it
/// comes back.
@Suite(.serialized)
struct PhotoTextInEveryStateTests {
    /// The photos, in the wall's order: a solid colour each, but the second, a JPEG cut short (its card and the
    /// lightbox say why).
    static let colours: [RGB?] = [RGB(0xC03020), nil, RGB(0x2080C0), RGB(0x30A050), RGB(0xB08020), RGB(0x7040A0)]

    @Test func theWallAndTheLightboxKeepTheirTextAndPicturesThroughResizesAndExposes() throws {
        let images = try GeneratedImages()
        let sizes = ["400x300", "", "450x300", "500x500", "600x300", "400x300"]
        for (index, colour) in Self.colours.enumerated() {
            if let colour {
                try images.convert(["-size", sizes[index], "xc:\(colour)", "\(index + 1)-photo.png"])
            }
        }
        let whole = try Data(
            contentsOf: URL(fileURLWithPath: try images.convert(["-size", "300x300", "gradient:", "whole.jpg"])))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: images.path("2-cut.jpg")))
        try FileManager.default.removeItem(atPath: images.path("whole.jpg"))

        let demo = try RunningDemo(
            [images.root, "--width", "800", "--height", "620", "--columns", "3"], executable: "waterfall")
        let layoutArguments = ["--photos", images.root, "--columns", "3"]
        try demo.process.waitForEvent(limit: 60, "every picture drawn") {
            $0.name == "frame" && $0.int("thumbnailsPending") == 0 && ($0.int("visible") ?? 0) > 0
        }
        func checkWall(_ state: String) throws {
            let shot = try demo.screenshot()
            let text = ScreenText(demo, layoutArguments: layoutArguments)
            let cards = try text.expectText(in: shot, state: state)
            #expect(cards.count == Self.colours.count, "\(state): \(cards.count) cards wholly in view")
            for card in cards {
                let expected = Self.colours[card.index] ?? RGB(0xF3D6D6)  // a broken photo's card
                #expect(
                    text.pictureCentre(of: card, offset: 0, in: shot) == expected,
                    "\(state): card \(card.index)'s picture")
            }
        }
        try checkWall("the wall's first frame")
        try demo.resizeAndWait(width: 1000, height: 760, settled: true)
        try checkWall("the wall grown to 1000 × 760")
        try demo.resizeAndWait(width: 700, height: 700, settled: true)
        try checkWall("the wall shrunk to 700 × 700")
        try demo.exposeAndWait()
        try checkWall("the wall exposed")

        // The lightbox on the first photo: fitted, it fills the viewport's middle.
        let cards = try ScreenText(demo, layoutArguments: layoutArguments).elements().filter { $0.kind == "cell" }
        var before = demo.eventCount
        try demo.movePointer(x: cards[0].midX, y: cards[0].y + 20)
        try xdotool(["click", "--repeat", "2", "--delay", "60", "1"], display: demo.xvfb.display)
        try demo.waitForLightbox("picture", index: 0, after: before, limit: 60)
        try expectLightbox(demo, showing: Self.colours[0], state: "the lightbox's first photo")
        try demo.resizeAndWait(width: 900, height: 640)
        try expectLightbox(demo, showing: Self.colours[0], state: "the lightbox resized to 900 × 640")

        before = demo.eventCount
        try demo.key("Right")
        try demo.waitForLightbox("failed", index: 1, after: before, limit: 60)
        try expectLightbox(demo, showing: nil, state: "the lightbox's broken photo")
        try demo.resizeAndWait(width: 760, height: 560)
        try expectLightbox(demo, showing: nil, state: "the lightbox's broken photo resized to 760 × 560")
        try demo.exposeAndWait()
        try expectLightbox(demo, showing: nil, state: "the lightbox's broken photo exposed")

        before = demo.eventCount
        try demo.key("Escape")
        try demo.waitForLightbox("close", index: 1, after: before, limit: 60)
        try demo.process.waitForEvent(after: before, limit: 60, "the wall's pictures drawn") {
            $0.name == "frame" && $0.int("thumbnailsPending") == 0
        }
        let shot = try demo.screenshot()
        let offset = demo.process.events.last { $0.name == "frame" }?.double("offset") ?? 0
        try ScreenText(demo, layoutArguments: layoutArguments).expectText(
            in: shot, offset: offset, state: "the wall after the lightbox")
        demo.expectNoXErrors()
    }

    /// Checks the lightbox on screen: the status bar's text, and in the viewport's middle the photo of `colour` (once
    /// decoded at the window's size), or for `nil` the broken photo's reason as text on the dark background.
    func expectLightbox(_ demo: RunningDemo, showing colour: RGB?, state: String) throws {
        let text = ScreenText(demo)
        let middle = (x: text.pixel(text.cardsWidth / 2), y: text.pixel(text.viewportHeight / 2))
        if let colour {
            try waitUntil("\(state): the photo's colour in the middle", limit: 60) {
                try demo.screenshot().pixel(x: middle.x, y: middle.y) == colour
            }
        }
        let shot = try demo.screenshot()
        text.expectStatusBarText(in: shot, state: state)
        let band = shot.textInk(
            xs: 0..<shot.width, ys: (middle.y - 12)..<(middle.y + 12), ink: RGB(0xD8DCE2), background: RGB(0x101113))
        if colour == nil {
            #expect(band.isText(), "\(state): the reason has \(band)")
        } else {
            #expect(shot.pixel(x: 2, y: middle.y) == RGB(0x101113), "\(state): no dark background beside the photo")
        }
    }
}
