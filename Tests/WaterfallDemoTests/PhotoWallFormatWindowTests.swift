import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// `waterfall` on a folder of one photo (800 × 620, 3 columns), once the walk found it and its picture is drawn: the
/// format window tests' common steps. It expects the walk to have found one photo and skipped nothing, and the
/// screenshot is saved as an artifact.
struct OneCardWall {
    let demo: RunningDemo
    /// The `thumbnail` event of the photo's picture.
    let thumbnail: Event
    /// The card's frame, as the `layout` command lays out the same folder.
    let card: LaidOutItem
    /// The window once the picture was drawn.
    let screenshot: Screenshot

    /// Launches the wall on `folder`, waits for `format`'s thumbnail to be drawn and takes the screenshot, saved as
    /// `artifact` (a PNG's name in artifacts/); the program runs with `environment`'s variables added to its own.
    /// `beforeLaunch` runs once the server is up, before the wall starts.
    init(
        _ folder: GeneratedImages, format: String, artifact: String, environment: [String: String] = [:],
        beforeLaunch: (XvfbServer) throws -> Void = { _ in }
    ) throws {
        demo = try RunningDemo(
            [folder.root, "--width", "800", "--height", "620", "--columns", "3"], executable: "waterfall",
            environment: environment, beforeLaunch: beforeLaunch)
        let scanned = try demo.process.waitForEvent("the end of the walk") {
            $0.name == "scanned" && $0.fields["done"] as? Bool == true
        }
        #expect(scanned.event.int("found") == 1 && scanned.event.int("skipped") == 0)
        let decoded = try demo.process.waitForEvent("the \(format)'s thumbnail") { $0.name == "thumbnail" }
        try demo.process.waitForEvent(after: decoded.position, "its picture drawn") {
            $0.name == "frame" && $0.int("thumbnailsPending") == 0
        }
        thumbnail = decoded.event
        let layout = try runLayoutCommand([
            "--photos", folder.root, "--width", String(Int(demo.cardsWidth)), "--height",
            String(Int(demo.viewportHeight)), "--columns", "3",
        ])
        card = try #require(layout.items.first)
        screenshot = try demo.screenshot()
        try screenshot.savePNG(window: demo.window, display: demo.xvfb.display, to: artifactPath(artifact))
    }

    /// The picture's left and top edges and its width on screen, in whole pixels, rounded as the canvas rounds them.
    var left: Int { Int(card.x.rounded()) }
    var top: Int { Int(card.y.rounded()) }
    var width: Int { Int((card.x + card.width).rounded()) - left }

    /// The thumbnail's height for a picture `aspect` (height ÷ width) tall at `width`.
    func thumbnailHeight(aspect: Double) -> Int { Int((Double(width) * aspect).rounded()) }

    /// The picture's height on screen for `aspect`: its bottom edge rounded as the canvas rounds it.
    func shownHeight(aspect: Double) -> Int { Int((card.y + card.width * aspect).rounded()) - top }

    /// The screenshot's pixel at (`x`, `y`) of the picture.
    func pixel(_ x: Int, _ y: Int) -> RGB? { screenshot.pixel(x: left + x, y: top + y) }
}

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

/// Colour management on screen: a photo that embeds an Adobe RGB profile shows the colours ImageMagick's conversion
/// to sRGB gives, on a display without a profile; with the display's profile published in the root window's
/// `_ICC_PROFILE` (as colord does), a photo without one is converted to the display's numbers.
@Suite(.serialized)
struct PhotoWallColorTests {
    /// A flat colour, as numbers in Adobe RGB.
    let colour = "rgb(40,160,60)"

    func expectCard(_ wall: OneCardWall, near expected: [UInt8], tolerance: Int) {
        let (width, height) = (wall.width, wall.thumbnailHeight(aspect: 3.0 / 4))
        for (x, y) in [(1, 1), (width - 2, height - 2), (width / 2, height / 2)] {
            let pixel = wall.pixel(x, y)
            let channels = pixel.map { [Int($0.red), Int($0.green), Int($0.blue)] } ?? []
            #expect(
                channels.count == 3 && zip(channels, expected).allSatisfy { abs($0 - Int($1)) <= tolerance },
                "(\(x), \(y)): \(String(describing: pixel)) for \(expected)")
        }
    }

    @Test(arguments: ["PNG24:photo.png", "photo.jpg"])
    func aPhotoInAdobeRGBShowsItsSRGBColours(file: String) throws {
        let folder = try GeneratedImages()
        let photo = try folder.convert([
            "-size", "400x300", "xc:\(colour)", "-profile", TestProfiles.adobeRGB, "-quality", "100", file,
        ])
        let reference = try folder.pixel(of: photo, x: 200, y: 150, after: ["-profile", TestProfiles.sRGB])
        #expect(abs(Int(reference[0]) - 40) > 20)  // converted, the colour is not its numbers
        let wall = try OneCardWall(
            folder, format: "tagged", artifact: "photo-wall-adobe-rgb-\(file.hasSuffix("png") ? "png" : "jpeg").png")
        let profile = try wall.demo.process.waitForEvent("the display's profile") { $0.name == "displayProfile" }
        #expect(profile.event.string("name") == "sRGB")
        expectCard(wall, near: reference, tolerance: 2)
        wall.demo.expectNoXErrors()
    }

    @Test func aDisplayProfileInTheRootWindowConvertsAPhotoWithoutOne() throws {
        let folder = try GeneratedImages()
        let photo = try folder.convert(["-size", "400x300", "xc:\(colour)", "PNG24:photo.png"])
        let reference = try folder.pixel(
            of: photo, x: 200, y: 150, after: ["-profile", TestProfiles.sRGB, "-profile", TestProfiles.adobeRGB])
        #expect(abs(Int(reference[0]) - 40) > 20)
        let profile = try TestProfiles.bytes(TestProfiles.adobeRGB)
        let wall = try OneCardWall(folder, format: "untagged", artifact: "photo-wall-display-profile.png") { xvfb in
            try setRootProperty("_ICC_PROFILE", to: profile, display: xvfb.display)
        }
        let named = try wall.demo.process.waitForEvent("the display's profile") { $0.name == "displayProfile" }
        #expect(named.event.string("name") == "Artifex Software A98 ICC Profile")
        expectCard(wall, near: reference, tolerance: 1)
        wall.demo.expectNoXErrors()
    }
}
