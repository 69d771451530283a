import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// The photo browser example, as a user runs it on a folder: under a private Xvfb its wall shows the photos'
/// pictures, a real click selects one, and q quits printing the selected photo's path.
@Suite(.serialized)
struct PhotoWallExampleTests {
    @Test func itShowsTheFoldersPhotosAndPrintsTheSelectedOneWhenQQuits() throws {
        let photos = try GeneratedImages()
        try photos.convert(["-size", "300x200", "xc:#C03020", "a.png"])
        try photos.convert(["-size", "300x200", "xc:#2050C0", "b.png"])
        let xvfb = try XvfbServer()
        defer { withExtendedLifetime(xvfb) {} }
        let program = try DemoProcess(executable: "photo-wall", arguments: [photos.folder.path], display: xvfb.display)
        let window = try waitForWindow(named: "Photo Wall", display: xvfb.display, while: program)
        // 1000 × 700 is landscape: 5 columns of (1000 - 12 (scroll bar) - 2 × 12 (insets) - 4 × 12 (spacing)) / 5 =
        // 183.2 points; below the folder's 32-point header, each card's picture is 183.2 × 2/3 = 122 points tall.
        let (first, second) = ((x: 100, y: 12 + 32 + 61), (x: 12 + 183 + 12 + 90, y: 12 + 32 + 61))
        try waitForPixel(RGB(0xC03020), x: first.x, y: first.y, window: window, display: xvfb.display, while: program)
        try waitForPixel(RGB(0x2050C0), x: second.x, y: second.y, window: window, display: xvfb.display, while: program)

        try xdotool(
            ["mousemove", "--window", String(window), String(second.x), String(second.y), "click", "1"],
            display: xvfb.display)
        // Selected: the blue border at the card's left edge.
        try waitForPixel(
            RGB(0x0A64FF), x: 12 + 183 + 12 + 1, y: second.y, window: window, display: xvfb.display, while: program)
        try xdotool(["key", "q"], display: xvfb.display)
        #expect(try program.waitForExit() == 0)
        #expect(program.lines == [photos.path("b.png")])
        #expect(program.standardError.isEmpty, "\(program.standardError)")
    }
}
