import Foundation
import PhotoTestSupport
import Testing
import Waterfall
import WaterfallPhotoWall
import XvfbSupport

/// The query's error and the keyword entry under Xvfb, through real keys and the X input method: a query that cannot
/// be read shows its error in red at the filter bar's right end; `k` opens the keyword entry, whose completion shows
/// in grey after the typed text, Tab takes it and Return writes it to the photo's sidecar, where exiftool reads it.
/// (Completion, undo, the selection and the lightbox in-process: WallKeywordTests.)
@Suite(.serialized)
struct KeywordWindowTests {
    /// The error's red and the completion's grey (the cards' subtitle colour).
    static let errorRed = RGB(0xB00020)
    static let completionGrey = RGB(0x5F6873)

    /// beach.jpg tagged places/sea/beach in its embedded XMP (as Lightroom writes it), and plain.jpg.
    static func taggedWall() throws -> TimelineWall {
        let folder = try GeneratedImages()
        try TimelineWall.make(TimelinePhoto(name: "beach.jpg", color: "#2040C0"), in: folder)
        try folder.exiftool("beach.jpg", ["-XMP-dc:Subject=beach", "-XMP-lr:HierarchicalSubject=places|sea|beach"])
        try TimelineWall.make(TimelinePhoto(name: "plain.jpg", color: "#D02020"), in: folder)
        return try TimelineWall([], in: folder)
    }

    @Test func aQuerysErrorShowsInRedAtTheFilterBarsEnd() throws {
        let wall = try Self.taggedWall()
        try wall.press("slash", until: "filterBegin")
        let typed = try wall.type("raitng>3", until: "raitng>3")
        #expect(typed.last?.string("error")?.hasPrefix("no field “raitng”") == true, "\(typed.map(\.fields))")
        #expect(typed.last?.int("column") == 1)
        // The last query that could be read ("raitng") finds no photo: the frame has the bar alone.
        _ = try wall.demo.syncWithAPull(after: wall.demo.eventCount)
        let shot = try wall.demo.screenshot()
        try shot.savePNG(window: wall.demo.window, display: wall.demo.xvfb.display, to: artifactPath("query-error.png"))
        let right = (shot.width / 2)..<shot.width
        let red = shot.textInk(xs: right, ys: 0..<28, ink: Self.errorRed, background: TimelineWall.filterBar)
        #expect(red.isText(minimumSolid: 20), "the error at the bar's right end: \(red)")
        let left = shot.textInk(
            xs: 0..<(shot.width / 2), ys: 0..<28, ink: TimelineWall.title, background: TimelineWall.filterBar)
        #expect(left.isText(minimumSolid: 20), "the prompt and the query: \(left)")
        // Mended, the error goes: no red ink is left in the bar.
        try wall.send(["key", "Home", "Delete", "Delete", "Delete", "Delete", "Delete", "Delete"], until: ">3")
        try wall.type("rating", until: "rating>3")
        _ = try wall.demo.syncWithAPull(after: wall.demo.eventCount)
        let mended = try wall.demo.screenshot()
        #expect(TimelineWall.count(near: Self.errorRed, in: mended, ys: 0..<28, tolerance: 30) == 0)
        wall.demo.expectNoXErrors()
    }

    @Test func kCompletesInGreyTabTakesItAndReturnWritesTheSidecar() throws {
        let wall = try Self.taggedWall()
        let demo = wall.demo
        for _ in 0..<2 { try demo.key("Right") }  // the focus on the second card: plain.jpg
        let opened = try wall.press("k", until: "keywordEntry")
        #expect(opened.event.string("text") == "" && opened.event.int("photos") == 1)
        let before = demo.eventCount
        _ = try runTool("xdotool", ["type", "pl"], display: demo.xvfb.display, environment: ["LC_ALL": "C.UTF-8"])
        let completed = try demo.process.waitForEvent(after: before, "the completion") {
            $0.name == "keywordEntry" && $0.string("text") == "pl"
        }.event
        #expect(completed.string("completion") == "places/sea/beach")
        let shot = try wall.syncAndShoot()
        try shot.savePNG(window: demo.window, display: demo.xvfb.display, to: artifactPath("keyword-entry.png"))
        let grey = shot.textInk(
            xs: 0..<shot.width, ys: 0..<28, ink: Self.completionGrey, background: TimelineWall.filterBar)
        #expect(grey.isText(minimumSolid: 20), "the completion: \(grey)")
        let tabbed = try wall.press("Tab", until: "keywordEntry") { $0.string("text") == "places/sea/beach" }
        #expect(tabbed.event.string("completion") == nil)
        let beforeReturn = demo.eventCount
        try wall.press("Return", until: "fileAction") { $0.string("action") == "keyword" }
        // The entry went: the cards are laid out from the window's top again.
        _ = try demo.process.waitForEvent(after: beforeReturn, "the layout without the bar") {
            $0.name == "layout" && $0.double("viewport", "y") == 0
        }
        let sidecar = wall.folder.path("plain.jpg.xmp")
        let subject = try TestTool.run(["exiftool", "-s3", "-XMP-dc:Subject", sidecar]).output
        let hierarchical = try TestTool.run(["exiftool", "-s3", "-XMP-lr:HierarchicalSubject", sidecar]).output
        #expect(subject.trimmingCharacters(in: .whitespacesAndNewlines) == "beach")
        #expect(hierarchical.trimmingCharacters(in: .whitespacesAndNewlines) == "places|sea|beach")
        demo.expectNoXErrors()
    }
}

/// The groups of near-duplicates under Xvfb: `--group similar` shows one section for a photo's copies (resized,
/// cropped), the best first, each card's picture drawn (many colours, not a blank), the header's title with ink,
/// and not the other photo. (The order, `d`, the index and `is:duplicate` in-process: WallSimilarTests.)
@Suite(.serialized)
struct SimilarWindowTests {
    @Test func aGroupOfNearDuplicatesIsOneSectionWithItsPicturesDrawn() throws {
        let folder = try GeneratedImages()
        let scene = [
            "-size", "600x400", "-seed", "5", "plasma:fractal", "-blur", "0x2", "(", "wizard:", "-resize", "60%", ")",
            "-geometry", "+200+40", "-composite",
        ]
        try folder.convert(scene + ["a.jpg"])
        try folder.convert(scene + ["-resize", "50%", "a-small.jpg"])
        try folder.convert(scene + ["-gravity", "center", "-crop", "97%x97%+0+0", "+repage", "a-crop.jpg"])
        try folder.convert(["logo:", "-resize", "600x400!", "b.jpg"])
        let wall = try TimelineWall([], in: folder, arguments: ["--group", "similar"])
        let demo = wall.demo
        _ = try demo.process.waitForEvent(after: wall.walked, "the group") {
            $0.name == "arranged" && TimelineWall.titles($0) == ["a.jpg and 2 alike"]
        }
        let shot = try wall.syncAndShoot()
        try shot.savePNG(window: demo.window, display: demo.xvfb.display, to: artifactPath("near-duplicates.png"))
        let exit = try wall.quit()
        #expect(TimelineWall.names(in: exit) == [["a.jpg", "a-crop.jpg", "a-small.jpg"]])
        let origin = (x: demo.ready.double("viewport", "x") ?? 0, y: demo.ready.double("viewport", "y") ?? 0)
        let elements = TimelineWall.elements(of: exit)
        for card in elements.filter({ $0.kind == "cell" }) {
            // The picture's part of the card (its top two thirds): a photo has many colours.
            var colours = Set<UInt32>()
            for y in stride(from: Int(origin.y + card.y) + 4, to: Int(origin.y + card.y + card.height * 2 / 3), by: 3) {
                for x in stride(from: Int(origin.x + card.x) + 4, to: Int(origin.x + card.x + card.width) - 4, by: 3) {
                    if let pixel = shot.pixel(x: x, y: y) {
                        colours.insert(UInt32(pixel.red) << 16 | UInt32(pixel.green) << 8 | UInt32(pixel.blue))
                    }
                }
            }
            #expect(colours.count > 200, "card \(card.index) shows \(colours.count) colours")
        }
        let header = try #require(elements.first { $0.kind == "header" })
        let ink = shot.textInk(
            xs: Int(origin.x + header.x)..<Int(origin.x + header.x + header.width / 2),
            ys: Int(origin.y + header.y)..<Int(origin.y + header.y + header.height), ink: TimelineWall.title,
            background: TimelineWall.background)
        #expect(ink.isText(), "the group's title: \(ink)")
        demo.expectNoXErrors()
    }
}

/// The compare view under Xvfb: three photos selected with Ctrl+A and `c` fill the window side by side, each pane
/// showing its photo's colour with the active one ringed in orange; Escape goes back to the wall. (The keys and the
/// panes' logic in-process: WallCompareTests.)
@Suite(.serialized)
struct CompareWindowTests {
    @Test func threePhotosSideBySideEachInItsPane() throws {
        let photos = [
            TimelinePhoto(name: "a.jpg", color: "#D02020"), TimelinePhoto(name: "b.jpg", color: "#20A040"),
            TimelinePhoto(name: "c.jpg", color: "#2040C0"),
        ]
        let wall = try TimelineWall(photos)
        let demo = wall.demo
        try demo.key("ctrl+a")
        let opened = try wall.press("c", until: "compareDrawn")
        #expect(opened.event.fields["files"] as? [String] == ["a.jpg", "b.jpg", "c.jpg"])
        // The frame after the last picture arrived draws it (the wheel would zoom here, so no pull to sync with).
        _ = try demo.process.waitForEvent(after: opened.position, "the panes' frame") { $0.name == "frame" }
        let shot = try demo.screenshot()
        try shot.savePNG(window: demo.window, display: demo.xvfb.display, to: artifactPath("compare.png"))
        let viewport = Rect(
            x: demo.ready.double("viewport", "x") ?? 0, y: demo.ready.double("viewport", "y") ?? 0,
            width: demo.ready.double("viewport", "width") ?? 0, height: demo.ready.double("viewport", "height") ?? 0)
        let panes = CompareView.paneFrames(count: 3, in: viewport)
        for (photo, pane) in zip(photos, panes) {
            let colour = RGB(UInt32(photo.color.dropFirst(), radix: 16) ?? 0)
            let pixel = try #require(shot.pixel(x: Int(pane.midX), y: Int(pane.midY)))
            #expect(
                abs(Int(pixel.red) - Int(colour.red)) <= 12 && abs(Int(pixel.green) - Int(colour.green)) <= 12
                    && abs(Int(pixel.blue) - Int(colour.blue)) <= 12, "\(photo.name): \(pixel)")
        }
        // The active pane's orange ring, at the first pane's top edge.
        let ring = try #require(shot.pixel(x: Int(panes[0].midX), y: Int(panes[0].minY) + 1))
        #expect(ring.red > 200 && ring.green < 120 && ring.blue < 60, "the ring: \(ring)")
        try wall.press("Escape", until: "compareEnd")
        demo.expectNoXErrors()
    }
}
