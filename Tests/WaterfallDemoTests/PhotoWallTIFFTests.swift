import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// A TIFF on the photo wall: its card at the upright aspect its header gives, filled with its first page's colour.
@Suite(.serialized)
struct PhotoWallTIFFTests {
    @Test func aTIFFShowsItsCardInItsColourAtItsUprightAspect() throws {
        let folder = try GeneratedImages()
        // Stored 400 × 300 and turned a quarter (orientation 6, RightTop): upright 300 × 400, a portrait card.
        try folder.convert(["-size", "400x300", "xc:#2060A0", "-depth", "8", "-compress", "LZW", "-orient", "RightTop", "scan.tif"])
        let demo = try RunningDemo([folder.root, "--width", "800", "--height", "620", "--columns", "3"], executable: "waterfall")
        let scanned = try demo.process.waitForEvent("the end of the walk") { $0.name == "scanned" && $0.fields["done"] as? Bool == true }
        #expect(scanned.event.int("found") == 1 && scanned.event.int("skipped") == 0)
        let decoded = try demo.process.waitForEvent("the TIFF's thumbnail") { $0.name == "thumbnail" }
        try demo.process.waitForEvent(after: decoded.position, "its picture drawn") { $0.name == "frame" && $0.int("thumbnailsPending") == 0 }
        let layout = try runLayoutCommand(["--photos", folder.root, "--width", String(Int(demo.cardsWidth)), "--height",
                                           String(Int(demo.viewportHeight)), "--columns", "3"])
        let card = try #require(layout.items.first)
        // The picture's frame in whole pixels, its edges rounded as the canvas rounds them: 3 wide for 4 tall.
        let left = Int(card.x.rounded())
        let width = Int((card.x + card.width).rounded()) - left
        let height = Int((Double(width) * 4 / 3).rounded())
        #expect(decoded.event.int("width") == width && decoded.event.int("height") == height)
        let shot = try demo.screenshot()
        try shot.savePNG(window: demo.window, display: demo.xvfb.display, to: artifactPath("photo-wall-tiff.png"))
        let top = Int(card.y.rounded())
        for (x, y) in [(0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1), (width / 2, height / 2)] {
            #expect(shot.pixel(x: left + x, y: top + y) == RGB(0x2060A0), "(\(x), \(y))")
        }
        #expect(shot.pixel(x: left + width / 2, y: top + height) != RGB(0x2060A0))  // the caption below: the card ends there
        demo.expectNoXErrors()
    }
}
