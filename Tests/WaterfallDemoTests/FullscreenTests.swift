import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// `f` and F11 in `waterfall`: fullscreen as EWMH asks for it under a window manager that speaks it (openbox), and
/// by covering the screen itself without one; the wall and the lightbox both drawn there, and back.
@Suite(.serialized) struct FullscreenTests {
    static let screen = (width: 1280, height: 1024)
    static let colours = ["#C03020", "#2060B0", "#30A050"]

    /// A folder of three photos of their own colours, and `waterfall` on it at 800 × 620 in 3 columns, every picture
    /// drawn; under openbox when `underOpenbox`.
    func launch(underOpenbox: Bool) throws -> (demo: RunningDemo, folder: GeneratedImages, manager: Openbox?) {
        let folder = try GeneratedImages()
        for (index, colour) in Self.colours.enumerated() {
            try folder.image("p\(index).png", width: 400, height: 300, colour: colour)
        }
        var manager: Openbox?
        let demo = try RunningDemo(
            [folder.root, "--width", "800", "--height", "620", "--columns", "3"], executable: "waterfall",
            screen: Self.screen
        ) { server in
            if underOpenbox { manager = try Openbox(display: server.display) }
        }
        let last = try demo.process.waitForEvent("three pictures") { _ in
            demo.events(named: "thumbnail", after: 0).count == 3
        }
        try demo.process.waitForEvent(after: last.position, "drawn") {
            $0.name == "frame" && $0.int("thumbnailsPending") == 0
        }
        return (demo, folder, manager)
    }

    /// Presses `key` and waits for the frame after the layout whose view is `width` × `height` points (the status
    /// bar's 20 below it); returns the screenshot then.
    func toggle(_ key: String, to size: (width: Int, height: Int), in demo: RunningDemo) throws -> Screenshot {
        let before = demo.eventCount
        try demo.key(key)
        let laidOut = try demo.process.waitForEvent(after: before, "the layout at \(size)") { event in
            event.name == "layout" && event.viewWidth == Double(size.width)
                && event.double("viewport", "height") == Double(size.height - 20)
        }
        try demo.process.waitForEvent(after: laidOut.position, "its pictures drawn") {
            $0.name == "frame" && $0.int("thumbnailsPending") == 0
        }
        return try demo.screenshot()
    }

    /// The atoms of the window's `_NET_WM_STATE`.
    func state(of demo: RunningDemo) throws -> [String] {
        try atomNames(
            readProperty("_NET_WM_STATE", of: demo.window, display: demo.xvfb.display)?.items ?? [],
            display: demo.xvfb.display)
    }

    /// Checks the wall in `shot`: every caption and the status bar have text, and each photo's colour fills its card.
    func expectWall(_ shot: Screenshot, of demo: RunningDemo, folder: GeneratedImages, state: String) throws {
        let text = ScreenText(demo, layoutArguments: ["--photos", folder.root, "--columns", "3"])
        let cards = try text.expectText(in: shot, state: state)
        #expect(cards.count == 3, "\(state): \(cards.count) cards in view")
        for card in cards {
            #expect(
                text.pictureCentre(of: card, offset: 0, in: shot)
                    == RGB(UInt32(Self.colours[card.index].dropFirst(), radix: 16) ?? 0),
                "\(state): card \(card.index)")
        }
    }

    @Test func underAnEWMHWindowManagerFAsksForFullscreenAndF11ComesBack() throws {
        let (demo, folder, manager) = try launch(underOpenbox: true)
        defer { withExtendedLifetime(manager) {} }
        let screen = Self.screen
        var shot = try toggle("f", to: screen, in: demo)
        #expect(try state(of: demo).contains("_NET_WM_STATE_FULLSCREEN"))
        #expect(demo.events(named: "fullscreen", after: 0).last?.fields["on"] as? Bool == true)
        try expectWall(shot, of: demo, folder: folder, state: "fullscreen")

        // The lightbox fills the screen too: the second photo fitted to 1280 × 1004, its colour in the middle.
        let cards = try ScreenText(demo, layoutArguments: ["--photos", folder.root, "--columns", "3"]).elements().filter
        { $0.kind == "cell" }
        let before = demo.eventCount
        try demo.movePointer(x: cards[1].midX, y: cards[1].y + 20)
        try xdotool(["click", "--repeat", "2", "--delay", "60", "1"], display: demo.xvfb.display)
        try demo.waitForLightbox("picture", index: 1, after: before)
        shot = try demo.screenshot()
        #expect(shot.pixel(x: screen.width / 2, y: (screen.height - 20) / 2) == RGB(0x2060B0))
        #expect(shot.pixel(x: 4, y: (screen.height - 20) / 2) == RGB(0x101113))  // the lightbox's background beside it
        let escaped = demo.eventCount
        try demo.key("Escape")
        try demo.waitForLightbox("close", index: 1, after: escaped)

        shot = try toggle("F11", to: (800, 620), in: demo)
        #expect(try !state(of: demo).contains("_NET_WM_STATE_FULLSCREEN"))
        #expect(demo.events(named: "fullscreen", after: 0).last?.fields["on"] as? Bool == false)
        try expectWall(shot, of: demo, folder: folder, state: "back from fullscreen")
        demo.expectNoXErrors()
    }

    @Test func withoutAWindowManagerTheWindowCoversTheScreenItselfAndComesBack() throws {
        let (demo, folder, _) = try launch(underOpenbox: false)
        var shot = try toggle("f", to: Self.screen, in: demo)
        try expectWall(shot, of: demo, folder: folder, state: "covering the screen")
        shot = try toggle("f", to: (800, 620), in: demo)
        try expectWall(shot, of: demo, folder: folder, state: "back")
        demo.expectNoXErrors()
    }
}
