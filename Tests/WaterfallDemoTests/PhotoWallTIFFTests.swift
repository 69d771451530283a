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
        try folder.convert([
            "-size", "400x300", "xc:#2060A0", "-depth", "8", "-compress", "LZW", "-orient", "RightTop", "scan.tif",
        ])
        let wall = try OneCardWall(folder, format: "TIFF", artifact: "photo-wall-tiff.png")
        // The picture's frame in whole pixels, its edges rounded as the canvas rounds them: 3 wide for 4 tall.
        let (width, height) = (wall.width, wall.thumbnailHeight(aspect: 4.0 / 3))
        #expect(wall.thumbnail.int("width") == width && wall.thumbnail.int("height") == height)
        for (x, y) in [(0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1), (width / 2, height / 2)] {
            #expect(wall.pixel(x, y) == RGB(0x2060A0), "(\(x), \(y))")
        }
        #expect(wall.pixel(width / 2, height) != RGB(0x2060A0))  // the caption below: the card ends there
        wall.demo.expectNoXErrors()
    }
}
