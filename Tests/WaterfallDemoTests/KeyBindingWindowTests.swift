import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// The config file under Xvfb: keys rebound by action name do their new actions through real key presses (and the
/// old keys nothing), and its colours are what the screen shows on the wall, the status bar and the lightbox.
@Suite(.serialized) struct KeyBindingWindowTests {
    @Test func reboundKeysAndColoursAreWhatThePersonGets() throws {
        let folder = try GeneratedImages()
        try FileManager.default.createDirectory(atPath: folder.path("photos"), withIntermediateDirectories: true)
        for index in 0..<6 { try folder.image("photos/p\(index).png", width: 400, height: 300, colour: "#808080") }
        try FileManager.default.createDirectory(
            atPath: folder.path("config/waterfall"), withIntermediateDirectories: true)
        try Data(
            """
            [look]
            background = "#FF00FF"
            status-bar = "#00A000"
            lightbox = "#0000C0"

            [keys.global]
            quit = ["x"]

            [keys.wall]
            grid-zoom-in = ["g"]

            [keys.lightbox]
            next = ["n"]
            """.utf8
        ).write(to: URL(fileURLWithPath: folder.path("config/waterfall/config.toml")))
        let demo = try RunningDemo(
            [folder.path("photos"), "--width", "800", "--height", "620"], executable: "waterfall",
            environment: ["XDG_CONFIG_HOME": folder.path("config")])
        let walked = try demo.process.waitForEvent("the end of the walk") {
            $0.name == "scanned" && $0.fields["done"] as? Bool == true
        }
        try demo.process.waitForEvent(after: walked.position, "a frame with every thumbnail") {
            $0.name == "frame" && $0.int("thumbnailsPending") == 0
        }
        var shot = try demo.screenshot()
        #expect(shot.pixel(x: 4, y: 4) == RGB(0xFF00FF))  // the inset around the cards
        #expect(shot.pixel(x: 797, y: 618) == RGB(0x00A000))  // the status bar's right end, past its text
        #expect(demo.process.standardError.isEmpty, "\(demo.process.standardError)")

        // q quits no more: the key is logged with no action, and the window goes on to zoom with g.
        var mark = demo.eventCount
        try demo.key("q")
        try demo.key("g")
        try demo.process.waitForEvent(after: mark, "the zoom by g") { $0.name == "layout" && $0.int("columns") == 4 }
        let keys = demo.events(named: "key", after: mark).map {
            "\($0.string("chord") ?? "?") \($0.string("action") ?? "-")"
        }
        #expect(keys == ["q -", "g grid-zoom-in"])

        // The lightbox: its colour, and n for the next photo.
        mark = demo.eventCount
        try demo.key("Right")  // focuses and selects the first card in view
        try demo.process.waitForEvent(after: mark, "the selection") { $0.name == "select" && $0.int("index") == 0 }
        try demo.key("Return")
        try demo.waitForLightbox("picture", index: 0, after: mark)
        shot = try demo.screenshot()
        #expect(shot.pixel(x: 2, y: 2) == RGB(0x0000C0))
        try demo.key("n")
        try demo.waitForLightbox("show", index: 1, after: mark)
        try demo.key("Escape")
        try demo.waitForLightbox("close", index: 1, after: mark)
        try demo.key("x")
        #expect(try demo.process.waitForExit() == 0)
        #expect(demo.process.events.last { $0.name == "exit" }?.string("reason") == "key")
        demo.expectNoXErrors()
    }
}
