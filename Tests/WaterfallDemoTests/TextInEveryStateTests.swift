import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

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
