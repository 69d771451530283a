import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// A camera RAW on the photo wall: a DNG whose preview is stored on its side (orientation 6) shows its card upright at
/// the preview's aspect, in the preview's colours, turned exactly once: libraw's preview through TurboJPEG, on the wall
/// and in the lightbox. RAWs that cannot be shown get cards with their named reasons, a TIFF named `.nef` is a skipped
/// RAW, and nothing reaches stderr.
@Suite(.serialized)
struct PhotoWallRAWTests {
    /// Whether `pixel` is within `tolerance` of `expected` in each channel.
    func near(_ pixel: RGB?, _ expected: RGB, tolerance: Int = 12) -> Bool {
        guard let pixel else { return false }
        return abs(Int(pixel.red) - Int(expected.red)) <= tolerance
            && abs(Int(pixel.green) - Int(expected.green)) <= tolerance
            && abs(Int(pixel.blue) - Int(expected.blue)) <= tolerance
    }

    @Test func aDNGShowsItsPreviewUprightInItsColours() throws {
        let folder = try GeneratedImages()
        // The preview stored 300 × 200, red on the left and blue on the right; turned a quarter clockwise to show, it is
        // 200 × 300, red on top and blue below.
        try folder.dng(
            "IMG_0001.dng", previewWidth: 300, previewHeight: 200, color: "#FF0000", rightHalf: "#0000FF",
            orientation: 6)
        let wall = try OneCardWall(folder, format: "RAW", artifact: "photo-wall-raw.png")
        let (width, height) = (wall.width, wall.shownHeight(aspect: 3.0 / 2))
        #expect(
            wall.thumbnail.int("width") == width
                && wall.thumbnail.int("height") == wall.thumbnailHeight(aspect: 3.0 / 2))
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

    @Test func brokenRAWsShowTheirNamedReasonsAndNothingOnStderr() throws {
        let folder = try GeneratedImages()
        let jpeg = try Array(
            Data(
                contentsOf: URL(
                    fileURLWithPath: folder.convert([
                        "-size", "128x96", "-seed", "3", "plasma:", "-quality", "95", "noise.jpg",
                    ]))))
        try FileManager.default.removeItem(atPath: folder.path("noise.jpg"))
        let dng = HeaderBytes.dngFile(preview: .jpeg(jpeg), previewWidth: 128, previewHeight: 96)
        let previewStart = try #require(dng.firstRange(of: [0xFF, 0xD8, 0xFF])).lowerBound
        try folder.write(Array(dng[..<(previewStart + jpeg.count / 2)]), to: "a-cut-in-its-preview.dng")
        try folder.write(Array(dng[..<100]), to: "b-cut-in-its-tags.dng")
        try folder.write(
            HeaderBytes.dngFile(preview: .jpeg(jpeg), previewWidth: 0, previewHeight: 0), to: "c-no-preview.dng")
        // A Fujifilm RAF's signature over bytes no camera writes: libraw knows no such camera.
        try folder.write(
            Array("FUJIFILMCCD-RAW 0201FF383501".utf8) + (0..<512).map { UInt8($0 & 0xFF) }, to: "d-unknown.RAF")
        try folder.convert(["-size", "40x30", "xc:blue", "TIFF:e-a-tiff.nef"])  // a skipped RAW: libraw refuses it
        let demo = try RunningDemo(
            [folder.root, "--width", "800", "--height", "620", "--columns", "3"], executable: "waterfall")
        let scanned = try demo.process.waitForEvent("the end of the walk") {
            $0.name == "scanned" && $0.fields["done"] as? Bool == true
        }
        #expect(scanned.event.int("found") == 4 && scanned.event.int("skipped") == 1)
        #expect(scanned.event.fields["skippedKinds"] as? [String: Int] == ["raw": 1])
        let last = try demo.process.waitForEvent("four failures") { _ in
            demo.process.events.filter { $0.name == "thumbnailFailed" }.count == 4
        }
        try demo.process.waitForEvent(after: last.position, "every card drawn") {
            $0.name == "frame" && $0.int("thumbnailsPending") == 0
        }
        let reasons = Dictionary(
            uniqueKeysWithValues: demo.process.events.filter { $0.name == "thumbnailFailed" }.compactMap { event in
                event.string("path").map { (URL(fileURLWithPath: $0).lastPathComponent, event.string("reason") ?? "") }
            })
        #expect(
            reasons == [
                "a-cut-in-its-preview.dng": "truncated RAW", "b-cut-in-its-tags.dng": "truncated RAW",
                "c-no-preview.dng": "RAW has no preview", "d-unknown.RAF": "unsupported RAW camera",
            ])
        try demo.key("q")
        #expect(try demo.process.waitForExit() == 0)
        #expect(demo.process.standardError == "")  // libraw's callbacks print nothing, nor does TurboJPEG
        demo.expectNoXErrors()
    }

    @Test func aDNGOpenedAloneShowsItsPreviewUprightInTheLightbox() throws {
        let folder = try GeneratedImages()
        // The preview stored 600 × 400, red on the left and blue on the right: upright, 400 × 600, red on top.
        try folder.dng(
            "IMG_0002.dng", previewWidth: 600, previewHeight: 400, color: "#FF0000", rightHalf: "#0000FF",
            orientation: 6)
        let demo = try RunningDemo(
            [folder.path("IMG_0002.dng"), "--width", "800", "--height", "620"], executable: "waterfall")
        let opened = try demo.waitForLightbox("picture", index: 0, after: 0)
        #expect(opened.string("path") == folder.path("IMG_0002.dng"))
        // The 800 × 600 viewport: the picture fitted to its height, 400 wide and centred (x 200 to 599).
        let shot = try demo.screenshot()
        for (x, y) in [(210, 10), (590, 10), (400, 150)] {
            #expect(
                near(shot.pixel(x: x, y: y), RGB(0xFF0000)),
                "(\(x), \(y)): \(String(describing: shot.pixel(x: x, y: y)))")
        }
        for (x, y) in [(210, 589), (590, 589), (400, 450)] {
            #expect(
                near(shot.pixel(x: x, y: y), RGB(0x0000FF)),
                "(\(x), \(y)): \(String(describing: shot.pixel(x: x, y: y)))")
        }
        // the lightbox's background
        #expect(shot.pixel(x: 190, y: 300) == RGB(0x101113) && shot.pixel(x: 610, y: 300) == RGB(0x101113))
        demo.expectNoXErrors()
    }
}
