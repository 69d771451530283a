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
        return abs(Int(pixel.red) - Int(expected.red)) <= tolerance
            && abs(Int(pixel.green) - Int(expected.green)) <= tolerance
            && abs(Int(pixel.blue) - Int(expected.blue)) <= tolerance
    }

    @Test func aHEICShowsItsCardInItsColourAtItsAspect() throws {
        let folder = try GeneratedImages()
        // 400 × 300, a landscape card 4 wide for 3 tall, with a 64 × 48 stored thumbnail (too small for the card).
        let png = try folder.convert(["-size", "400x300", "xc:#2060A0", "PNG24:source.png"])
        try folder.encode("heif-enc", ["-q", "95", "-t", "64"], from: png, to: "photo.heic")
        try FileManager.default.removeItem(atPath: png)
        let wall = try OneCardWall(folder, format: "HEIC", artifact: "photo-wall-heic.png")
        // The picture's frame in whole pixels, its edges rounded as the canvas rounds them: 4 wide for 3 tall.
        let (width, height) = (wall.width, wall.thumbnailHeight(aspect: 3.0 / 4))
        #expect(width > 64)
        #expect(wall.thumbnail.int("width") == width && wall.thumbnail.int("height") == height)
        for (x, y) in [(0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1), (width / 2, height / 2)] {
            let pixel = wall.pixel(x, y)
            #expect(near(pixel, RGB(0x2060A0)), "(\(x), \(y)): \(pixel)")
        }
        #expect(wall.pixel(width / 2, height) != nil)
        #expect(!near(wall.pixel(width / 2, height), RGB(0x2060A0)))  // the caption below: the card ends there
        wall.demo.expectNoXErrors()
    }
}
