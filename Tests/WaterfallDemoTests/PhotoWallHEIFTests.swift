import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// A HEIC on the photo wall: its card at the size its container gives, filled with its colour (within the lossy
/// codec's tolerance), decoded by libheif from the primary image (its stored thumbnail is narrower than the card).
@Suite(.serialized)
struct PhotoWallHEIFTests {
    /// Whether `pixel` is within `tolerance` of `expected` in each channel.
    func near(_ pixel: RGB?, _ expected: RGB, tolerance: Int = 8) -> Bool {
        guard let pixel else { return false }
        return abs(Int(pixel.red) - Int(expected.red)) <= tolerance && abs(Int(pixel.green) - Int(expected.green)) <= tolerance
            && abs(Int(pixel.blue) - Int(expected.blue)) <= tolerance
    }

    @Test func aHEICShowsItsCardInItsColourAtItsAspect() throws {
        let folder = try GeneratedImages()
        // 400 × 300, a landscape card 4 wide for 3 tall, with a 64 × 48 stored thumbnail (too small for the card).
        let png = try folder.convert(["-size", "400x300", "xc:#2060A0", "PNG24:source.png"])
        try folder.encode("heif-enc", ["-q", "95", "-t", "64"], from: png, to: "photo.heic")
        try FileManager.default.removeItem(atPath: png)
        let demo = try RunningDemo([folder.root, "--width", "800", "--height", "620", "--columns", "3"], executable: "waterfall")
        let scanned = try demo.process.waitForEvent("the end of the walk") { $0.name == "scanned" && $0.fields["done"] as? Bool == true }
        #expect(scanned.event.int("found") == 1 && scanned.event.int("skipped") == 0)
        let decoded = try demo.process.waitForEvent("the HEIC's thumbnail") { $0.name == "thumbnail" }
        try demo.process.waitForEvent(after: decoded.position, "its picture drawn") { $0.name == "frame" && $0.int("thumbnailsPending") == 0 }
        let layout = try runLayoutCommand(["--photos", folder.root, "--width", String(Int(demo.cardsWidth)), "--height",
                                           String(Int(demo.viewportHeight)), "--columns", "3"])
        let card = try #require(layout.items.first)
        // The picture's frame in whole pixels, its edges rounded as the canvas rounds them: 4 wide for 3 tall.
        let left = Int(card.x.rounded())
        let width = Int((card.x + card.width).rounded()) - left
        let height = Int((Double(width) * 3 / 4).rounded())
        #expect(width > 64)
        #expect(decoded.event.int("width") == width && decoded.event.int("height") == height)
        let shot = try demo.screenshot()
        try shot.savePNG(window: demo.window, display: demo.xvfb.display, to: artifactPath("photo-wall-heic.png"))
        let top = Int(card.y.rounded())
        for (x, y) in [(0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1), (width / 2, height / 2)] {
            let pixel = shot.pixel(x: left + x, y: top + y)
            #expect(near(pixel, RGB(0x2060A0)), "(\(x), \(y)): \(pixel)")
        }
        #expect(shot.pixel(x: left + width / 2, y: top + height) != nil)
        #expect(!near(shot.pixel(x: left + width / 2, y: top + height), RGB(0x2060A0)))  // the caption below: the card ends there
        demo.expectNoXErrors()
    }
}
