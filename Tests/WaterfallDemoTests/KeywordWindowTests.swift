import Foundation
import PhotoTestSupport
import Testing
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
