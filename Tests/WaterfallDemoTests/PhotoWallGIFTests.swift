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
        let wall = try OneCardWall(folder, format: "GIF", artifact: "photo-wall-gif.png")
        let width = wall.width
        #expect(
            wall.thumbnail.int("width") == width && wall.thumbnail.int("height") == wall.thumbnailHeight(aspect: 0.5))
        // The picture's frame on screen: the card's width by half of it, its edges rounded as the canvas rounds them.
        let shown = wall.shownHeight(aspect: 0.5)
        for (x, y) in [(0, 0), (width - 1, 0), (0, shown - 1), (width - 1, shown - 1), (width / 2, shown / 2)] {
            #expect(wall.pixel(x, y) == RGB(0xC03020), "(\(x), \(y)) of \(width) × \(shown)")
        }
        #expect(wall.pixel(width / 2, shown) != RGB(0xC03020))  // the caption right below: 2:1
        wall.demo.expectNoXErrors()
    }
}
