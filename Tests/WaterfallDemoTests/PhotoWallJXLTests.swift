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
        let wall = try OneCardWall(folder, format: "JPEG XL", artifact: "photo-wall-jxl.png")
        let width = wall.width
        #expect(
            wall.thumbnail.int("width") == width && wall.thumbnail.int("height") == wall.thumbnailHeight(aspect: 0.5))
        // The picture's frame on screen: the card's width by half of it, its edges rounded as the canvas rounds them.
        let shown = wall.shownHeight(aspect: 0.5)
        for (x, y) in [(0, 0), (0, shown - 1), (width / 4, shown / 2), (width / 2 - 2, shown / 2)] {
            #expect(wall.pixel(x, y) == RGB(0xC03020), "(\(x), \(y)) of \(width) × \(shown): red")
        }
        for (x, y) in [(width - 1, 0), (width - 1, shown - 1), (3 * width / 4, shown / 2), (width / 2 + 2, shown / 2)] {
            #expect(wall.pixel(x, y) == RGB(0x2040C0), "(\(x), \(y)) of \(width) × \(shown): blue")
        }
        #expect(wall.pixel(width / 4, shown) != RGB(0xC03020))  // the caption right below: 2:1
        wall.demo.expectNoXErrors()
    }
}
