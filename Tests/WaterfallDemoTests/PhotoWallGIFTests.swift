import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// A GIF on the photo wall: its card has the logical screen's aspect and shows the first frame's colour.
@Suite(.serialized)
struct PhotoWallGIFTests {
    @Test func aFolderWithAnAnimatedGIFShowsItsCardInTheFirstFramesColourAtItsAspect() throws {
        let folder = try GeneratedImages()
        // 2:1, the first frame red-brown, the second blue: the card shows the first.
        try folder.convert(["-delay", "50", "-size", "400x200", "xc:#C03020", "xc:#2040C0", "-loop", "0", "anim.gif"])
        let demo = try RunningDemo([folder.root, "--width", "800", "--height", "620", "--columns", "3"], executable: "waterfall")
        let scanned = try demo.process.waitForEvent("the end of the walk") { $0.name == "scanned" && $0.fields["done"] as? Bool == true }
        #expect(scanned.event.int("found") == 1 && scanned.event.int("skipped") == 0)
        let decoded = try demo.process.waitForEvent("the GIF's thumbnail") { $0.name == "thumbnail" }
        try demo.process.waitForEvent(after: decoded.position, "the picture drawn") { $0.name == "frame" && $0.int("thumbnailsPending") == 0 }
        let layout = try runLayoutCommand(["--photos", folder.root, "--width", String(Int(demo.cardsWidth)), "--height",
                                           String(Int(demo.viewportHeight)), "--columns", "3"])
        let card = try #require(layout.items.first)
        let left = Int(card.x.rounded())
        let width = Int((card.x + card.width).rounded()) - left
        let height = Int((Double(width) / 2).rounded())
        #expect(decoded.event.int("width") == width && decoded.event.int("height") == height)
        let shot = try demo.screenshot()
        try shot.savePNG(window: demo.window, display: demo.xvfb.display, to: artifactPath("photo-wall-gif.png"))
        // The picture's frame on screen: the card's width by half of it, its edges rounded as the canvas rounds them.
        let top = Int(card.y.rounded())
        let shown = Int((card.y + card.width / 2).rounded()) - top
        for (x, y) in [(0, 0), (width - 1, 0), (0, shown - 1), (width - 1, shown - 1), (width / 2, shown / 2)] {
            #expect(shot.pixel(x: left + x, y: top + y) == RGB(0xC03020), "(\(x), \(y)) of \(width) × \(shown)")
        }
        #expect(shot.pixel(x: left + width / 2, y: top + shown) != RGB(0xC03020))  // the caption right below: 2:1
        demo.expectNoXErrors()
    }
}
