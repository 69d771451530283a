import Foundation
import PhotoTestSupport
import Testing
@_spi(Testing) import Waterfall
import WaterfallCards
import WaterfallPhotoWall

/// The photo info, in-process: `i` shows a panel of the photo's EXIF over the lightbox's bottom-left corner, once it
/// is read, following the photo shown, gone with `i` again; `captionInfo` gives each card a third caption line with
/// its exposure. (The panel's and the line's ink on the screen: LightboxWindowTests.)
@Suite struct WallInfoTests {
    /// a.jpg (400 × 800, green) with a camera's EXIF and b.jpg (400 × 800, blue) with none, in the harness's root.
    static func photos() throws -> WallHarness {
        let harness = try WallHarness()
        let images = try GeneratedImages()
        try images.convert(["-size", "400x800", "xc:#10A040", "a.jpg"])
        try images.exiftool("a.jpg", GeneratedImages.cameraTags)
        try images.convert(["-size", "400x800", "xc:#2040C0", "b.jpg"])
        for name in ["a.jpg", "b.jpg"] {
            try FileManager.default.copyItem(atPath: images.path(name), toPath: harness.root + "/" + name)
        }
        return harness
    }

    /// The `info` events of the lightbox after the first `after` that carry the lines drawn.
    static func panels(_ harness: WallHarness, after: Int) -> [WallEvent] {
        harness.events("lightbox", after: after).filter { $0.string("action") == "info" && $0.value(["lines"]) != nil }
    }

    @Test func iShowsThePhotosInfoFollowsThePhotoAndHidesAgain() throws {
        let harness = try Self.photos()
        try harness.open(columns: .fixed(2))
        try harness.waitForPictures()
        try harness.window.press("Right")
        try harness.window.press("Return")
        let lightbox = try #require(harness.wall.lightbox)
        try harness.wait("the picture") { lightbox.isPictureShown }

        var mark = harness.eventCount
        try harness.window.press("i")
        let toggled = try #require(harness.events("lightbox", after: mark).first)
        #expect(toggled.string("action") == "info" && toggled.bool("shown") == true && toggled.value(["lines"]) == nil)
        try harness.wait("the panel's lines") { !Self.panels(harness, after: mark).isEmpty }
        let info = try #require(Self.panels(harness, after: mark).first)
        let path = harness.root + "/a.jpg"
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        let sizeText =
            size < 10_000 ? "\((Double(size) / 100).rounded() / 10) KB" : "\(Int((Double(size) / 1000).rounded())) KB"
        let lines = [
            "2024-05-01 12:30:45", "Canon EOS 5D", "EF50mm f/1.8 II",
            "1/250 s · f/2.8 · ISO 400 · 50 mm (75 mm in 35 mm)",
            "48.858370° N, 2.294481° E, 35 m", "400 × 800 pixels · " + sizeText, path,
        ]
        #expect(info.strings("lines") == lines)
        #expect(info.string("camera") == "Canon EOS 5D" && info.string("date") == "2024:05:01 12:30:45")
        #expect(
            info.int("panel", "x") == 12 && (info.int("panel", "y") ?? 0) + (info.int("panel", "height") ?? 0) == 588)
        harness.window.present()
        #expect(lines.allSatisfy(harness.window.drawnTexts.contains))

        // The next photo has no EXIF: only its size and path.
        mark = harness.eventCount
        try harness.window.press("Right")
        try harness.wait("the next photo's lines") { !Self.panels(harness, after: mark).isEmpty }
        let next = try #require(Self.panels(harness, after: mark).first?.strings("lines"))
        #expect(next.count == 2 && next.first?.hasPrefix("400 × 800 pixels · ") == true)
        #expect(next.last == harness.root + "/b.jpg")
        harness.window.present()
        #expect(next.allSatisfy(harness.window.drawnTexts.contains) && !harness.window.drawnTexts.contains(lines[1]))

        // Hidden: one info event (the next photo's picture, decoded on its own, may report meanwhile).
        mark = harness.eventCount
        try harness.window.press("i")
        let infos = harness.events("lightbox", after: mark).filter { $0.string("action") == "info" }
        #expect(infos.map { $0.bool("shown") } == [false])
        harness.window.present()
        #expect(harness.window.drawnTexts.isEmpty)
    }

    @Test func infoCaptionsGiveEachCardAThirdLine() throws {
        let plain = try Self.photos()
        try plain.open(columns: .fixed(4))
        let harness = try Self.photos()
        try harness.open(columns: .fixed(4)) { $0.captionInfo = true }
        // A line of the caption font and the gap before it, in every card's height from the start.
        let lineHeight = CardMetrics().lineHeight
        #expect(
            try (0..<2).map { try harness.frame($0).height }
                == (0..<2).map { try plain.frame($0).height + lineHeight + 2 })
        try harness.wait("both cards' info lines") { harness.events("info").count == 2 }
        let lines = Dictionary(
            uniqueKeysWithValues: harness.events("info").map { ($0.int("index") ?? -1, $0.string("line") ?? "?") })
        #expect(lines == [0: "1/250 s · f/2.8 · ISO 400", 1: ""])  // no EXIF: no summary
        harness.window.redrawAll()
        #expect(harness.window.drawnTexts.contains("1/250 s · f/2.8 · ISO 400"))
        plain.window.redrawAll()
        #expect(!plain.window.drawnTexts.contains("1/250 s · f/2.8 · ISO 400"))
    }
}
