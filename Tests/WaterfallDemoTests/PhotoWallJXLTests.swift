import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// A JPEG XL on the photo wall: stored on its side (orientation 6 in its codestream), its card has the upright aspect
/// and shows the picture turned exactly once.
@Suite(.serialized)
struct PhotoWallJXLTests {
    @Test func aFolderWithAJXLStoredOnItsSideShowsItsCardUprightAtItsAspect() throws {
        let folder = try GeneratedImages()
        // Stored 200 × 400, blue above red; orientation 6 turns it a quarter clockwise: 400 × 200 (2:1), red on the
        // left, blue on the right. Unturned, or turned twice, it would be tall or blue on the left.
        let png = try folder.convert(["-size", "200x200", "xc:#2040C0", "xc:#C03020", "-append", "side.png"])
        try folder.exiftool("side.png", ["-Orientation#=6"])
        try folder.cjxl(png, "side.jxl", ["-d", "0"])
        try FileManager.default.removeItem(atPath: png)
        let demo = try RunningDemo([folder.root, "--width", "800", "--height", "620", "--columns", "3"], executable: "waterfall")
        let scanned = try demo.process.waitForEvent("the end of the walk") { $0.name == "scanned" && $0.fields["done"] as? Bool == true }
        #expect(scanned.event.int("found") == 1 && scanned.event.int("skipped") == 0)
        let decoded = try demo.process.waitForEvent("the JPEG XL's thumbnail") { $0.name == "thumbnail" }
        try demo.process.waitForEvent(after: decoded.position, "the picture drawn") { $0.name == "frame" && $0.int("thumbnailsPending") == 0 }
        let layout = try runLayoutCommand(["--photos", folder.root, "--width", String(Int(demo.cardsWidth)), "--height",
                                           String(Int(demo.viewportHeight)), "--columns", "3"])
        let card = try #require(layout.items.first)
        let left = Int(card.x.rounded())
        let width = Int((card.x + card.width).rounded()) - left
        let height = Int((Double(width) / 2).rounded())
        #expect(decoded.event.int("width") == width && decoded.event.int("height") == height)
        let shot = try demo.screenshot()
        try shot.savePNG(window: demo.window, display: demo.xvfb.display, to: artifactPath("photo-wall-jxl.png"))
        // The picture's frame on screen: the card's width by half of it, its edges rounded as the canvas rounds them.
        let top = Int(card.y.rounded())
        let shown = Int((card.y + card.width / 2).rounded()) - top
        for (x, y) in [(0, 0), (0, shown - 1), (width / 4, shown / 2), (width / 2 - 2, shown / 2)] {
            #expect(shot.pixel(x: left + x, y: top + y) == RGB(0xC03020), "(\(x), \(y)) of \(width) × \(shown): red")
        }
        for (x, y) in [(width - 1, 0), (width - 1, shown - 1), (3 * width / 4, shown / 2), (width / 2 + 2, shown / 2)] {
            #expect(shot.pixel(x: left + x, y: top + y) == RGB(0x2040C0), "(\(x), \(y)) of \(width) × \(shown): blue")
        }
        #expect(shot.pixel(x: left + width / 4, y: top + shown) != RGB(0xC03020))  // the caption right below: 2:1
        demo.expectNoXErrors()
    }
}
