import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// A camera RAW on the photo wall: a DNG whose preview is stored on its side (orientation 6) shows its card upright at
/// the preview's aspect, in the preview's colours, turned exactly once: libraw's preview through TurboJPEG.
@Suite(.serialized)
struct PhotoWallRAWTests {
    /// Whether `pixel` is within `tolerance` of `expected` in each channel.
    func near(_ pixel: RGB?, _ expected: RGB, tolerance: Int = 12) -> Bool {
        guard let pixel else { return false }
        return abs(Int(pixel.red) - Int(expected.red)) <= tolerance && abs(Int(pixel.green) - Int(expected.green)) <= tolerance
            && abs(Int(pixel.blue) - Int(expected.blue)) <= tolerance
    }

    @Test func aDNGShowsItsPreviewUprightInItsColours() throws {
        let folder = try GeneratedImages()
        // The preview stored 300 × 200, red on the left and blue on the right; turned a quarter clockwise to show, it is
        // 200 × 300, red on top and blue below.
        try folder.dng("IMG_0001.dng", previewWidth: 300, previewHeight: 200, color: "#FF0000", rightHalf: "#0000FF",
                       orientation: 6)
        let wall = try OneCardWall(folder, format: "RAW", artifact: "photo-wall-raw.png")
        let (width, height) = (wall.width, wall.shownHeight(aspect: 3.0 / 2))
        #expect(wall.thumbnail.int("width") == width && wall.thumbnail.int("height") == wall.thumbnailHeight(aspect: 3.0 / 2))
        for (x, y) in [(0, 0), (width - 1, 0), (width / 2, height / 4)] {
            let pixel = wall.pixel(x, y)
            #expect(near(pixel, RGB(0xFF0000)), "(\(x), \(y)): \(pixel)")
        }
        for (x, y) in [(0, height - 1), (width - 1, height - 1), (width / 2, 3 * height / 4)] {
            let pixel = wall.pixel(x, y)
            #expect(near(pixel, RGB(0x0000FF)), "(\(x), \(y)) of \(width) × \(height): \(pixel)")
        }
        #expect(wall.pixel(width / 2, height) != nil)
        #expect(!near(wall.pixel(width / 2, height), RGB(0x0000FF)))  // the caption below: the card ends there
        wall.demo.expectNoXErrors()
    }
}
