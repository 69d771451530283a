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

/// A video on the photo wall: its card shows the poster frame (the frame at 10 %, not the first), with the play badge
/// and the duration at the picture's bottom-left corner, as the lightbox shows it too; in the lightbox, Enter runs `xdg-open` on it (a fake one
/// first on PATH, which writes its argument to a file), logged with its path.
@Suite(.serialized)
struct PhotoWallVideoTests {
    /// The poster's colour (the video's after its first 0.2 s of red) and the badge's box.
    static let poster = RGB(0x2050C0)
    static let badge = RGB(0x202124)

    /// Whether `pixel` is within `tolerance` of `expected` in each channel.
    func near(_ pixel: RGB?, _ expected: RGB, tolerance: Int = 24) -> Bool {
        guard let pixel else { return false }
        return abs(Int(pixel.red) - Int(expected.red)) <= tolerance
            && abs(Int(pixel.green) - Int(expected.green)) <= tolerance
            && abs(Int(pixel.blue) - Int(expected.blue)) <= tolerance
    }

    /// Whether `pixel` is nearly white: the badge's triangle and text.
    func isInk(_ pixel: RGB?) -> Bool { pixel.map { $0.red > 200 && $0.green > 200 && $0.blue > 200 } ?? false }

    /// A folder with one 320 × 240 video, 4 s long: red for 0.2 s, then the poster's colour.
    func videoFolder() throws -> GeneratedImages {
        let folder = try GeneratedImages()
        try folder.twoColourVideo("clip.mp4", width: 320, height: 240, first: "red", rest: "0x2050C0")
        return folder
    }

    @Test func theCardShowsThePosterWithThePlayBadgeAndTheDuration() throws {
        let wall = try OneCardWall(try videoFolder(), format: "video", artifact: "photo-wall-video.png")
        let (width, height) = (wall.width, wall.thumbnailHeight(aspect: 3.0 / 4))
        #expect(wall.thumbnail.int("width") == width && wall.thumbnail.int("height") == height)
        // The poster's colour away from the badge, never the first frame's red.
        for (x, y) in [(0, 0), (width - 1, 0), (width - 1, height - 1), (width / 2, height / 2)] {
            #expect(near(wall.pixel(x, y), Self.poster), "(\(x), \(y)): \(String(describing: wall.pixel(x, y)))")
        }
        // The badge: 6 px in from the bottom-left corner, a dark box (its corners cut by 2 px) holding the white
        // triangle from 4 px in and the duration after it.
        #expect(near(wall.pixel(5, height - 7), Self.poster))  // left of the box
        #expect(
            near(wall.pixel(8, height - 9), Self.badge, tolerance: 4),
            "\(String(describing: wall.pixel(8, height - 9)))")
        let rows = (height - 40)..<(height - 6)
        #expect(rows.contains { isInk(wall.pixel(11, $0)) })  // the triangle's broad left edge
        let textInk = rows.reduce(0) { count, y in count + (24..<70).filter { isInk(wall.pixel($0, y)) }.count }
        #expect(textInk >= 10, "the duration's ink: \(textInk) pixels")
        #expect(!rows.contains { y in (24..<70).contains { near(wall.pixel($0, y), RGB(0xFF0000), tolerance: 60) } })
        wall.demo.expectNoXErrors()
    }

    @Test func enterInTheLightboxPlaysTheVideoWithXdgOpen() throws {
        let folder = try videoFolder()
        let bin = try GeneratedImages()
        let out = bin.path("opened.txt")
        let script = try bin.write(
            Array("#!/bin/sh\nprintf '%s' \"$1\" > \"$FAKE_XDG_OPEN_OUT\"\n".utf8), to: "xdg-open")
        #expect(chmod(script, 0o755) == 0)
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let wall = try OneCardWall(
            folder, format: "video", artifact: "photo-wall-video-lightbox.png",
            environment: ["PATH": bin.folder.path + ":" + path, "FAKE_XDG_OPEN_OUT": out])
        let demo = wall.demo
        let drawn = demo.eventCount
        try demo.movePointer(x: wall.card.x + wall.card.width / 2, y: wall.card.y + 20)
        try xdotool(["click", "--repeat", "2", "--delay", "60", "1"], display: demo.xvfb.display)
        let opened = try demo.waitForLightbox("picture", index: 0, after: drawn)
        #expect(opened.string("path") == folder.path("clip.mp4"))
        // The poster, 320 × 240 (never enlarged), with the same badge at its bottom-left corner.
        let shot = try demo.screenshot()
        let poster = (0..<shot.height).flatMap { y in (0..<shot.width).map { (x: $0, y: y) } }.filter {
            near(shot.pixel(x: $0.x, y: $0.y), Self.poster)
        }
        let left = try #require(poster.map(\.x).min())
        let right = try #require(poster.map(\.x).max())
        let top = try #require(poster.map(\.y).min())
        let bottom = try #require(poster.map(\.y).max())
        #expect(right - left + 1 == 320 && bottom - top + 1 == 240)
        #expect(near(shot.pixel(x: left + 8, y: bottom - 8), Self.badge, tolerance: 4))
        #expect((bottom - 40..<bottom - 5).contains { isInk(shot.pixel(x: left + 11, y: $0)) })
        let beforeEnter = demo.eventCount
        try demo.key("Return")
        let play = try demo.process.waitForEvent(after: beforeEnter, "the lightbox's play") {
            $0.name == "lightbox" && $0.string("action") == "play"
        }
        #expect(play.event.string("path") == folder.path("clip.mp4"))
        let exited = try demo.process.waitForEvent(after: play.position, "xdg-open's end") {
            $0.name == "openExternally" && $0.string("state") == "exited"
        }
        #expect(exited.event.int("status") == 0 && exited.event.string("path") == folder.path("clip.mp4"))
        #expect(demo.events(named: "openExternally", after: beforeEnter).first?.string("state") == "started")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == folder.path("clip.mp4"))
        // The lightbox stays open on the video: Enter played it rather than going back to the wall.
        #expect(!demo.events(named: "lightbox", after: beforeEnter).contains { $0.string("action") == "close" })
        demo.expectNoXErrors()
    }

    @Test func brokenVideosFailWithTheirReasonAndFFmpegPrintsNothing() throws {
        let folder = try GeneratedImages()
        // A Matroska cut after its header (its frames missing), an MP4 cut before its index, an audio-only MP4.
        let mkv = try Array(Data(contentsOf: URL(fileURLWithPath: folder.twoColourVideo("whole.mkv"))))
        try folder.write(Array(mkv.prefix(600)), to: "cut.mkv")
        let mp4 = try Array(Data(contentsOf: URL(fileURLWithPath: folder.twoColourVideo("whole.mp4"))))
        try folder.write(Array(mp4.prefix(mp4.count / 2)), to: "cut.mp4")
        try folder.ffmpeg(
            ["-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-c:a", "aac", "-f", "mp4"], to: "voice.mp4")
        for name in ["whole.mkv", "whole.mp4"] { try FileManager.default.removeItem(atPath: folder.path(name)) }
        let demo = try RunningDemo(
            [folder.folder.path, "--width", "800", "--height", "620", "--columns", "3"], executable: "waterfall")
        let scanned = try demo.process.waitForEvent("the end of the walk") {
            $0.name == "scanned" && $0.fields["done"] as? Bool == true
        }
        #expect(scanned.event.int("found") == 3 && scanned.event.int("skipped") == 0)
        let failed = try demo.process.waitForEvent("the three failures") { _ in
            demo.events(named: "thumbnailFailed", after: 0).count == 3
        }
        try demo.process.waitForEvent(after: failed.position, "the cards drawn") {
            $0.name == "frame" && $0.int("thumbnailsPending") == 0
        }
        let reasons = Dictionary(
            uniqueKeysWithValues: demo.events(named: "thumbnailFailed", after: 0).map {
                (URL(fileURLWithPath: $0.string("path") ?? "").lastPathComponent, $0.string("reason") ?? "")
            })
        #expect(
            reasons == [
                "cut.mkv": "truncated video", "cut.mp4": "truncated video",
                "voice.mp4": "unsupported video: no video stream",
            ])
        #expect(demo.events(named: "thumbnail", after: 0).isEmpty)
        try demo.key("q")
        #expect(try demo.process.waitForExit() == 0)
        #expect(demo.process.standardError.isEmpty, "stderr: \(demo.process.standardError)")
    }

    @Test func aBrokenAVIFFailsWithItsReasonAndDav1dPrintsNothing() throws {
        let folder = try GeneratedImages()
        // An AVIF whose AV1 sequence header is garbled: dav1d, which the worker decodes AVIF with, says so on stderr.
        let png = try folder.convert(["-size", "64x48", "xc:#3070B0", "PNG24:blue.png"])
        var avif = try Array(
            Data(contentsOf: URL(fileURLWithPath: folder.encode("avifenc", ["-s", "10"], from: png, to: "whole.avif"))))
        let mdat = try #require(avif.indices.first { avif[$0..<min(avif.count, $0 + 4)].elementsEqual("mdat".utf8) })
        for index in (mdat + 4)..<min(avif.count, mdat + 36) { avif[index] ^= 0xA5 }
        try folder.write(avif, to: "broken.avif")
        try FileManager.default.removeItem(atPath: folder.path("whole.avif"))
        try FileManager.default.removeItem(atPath: png)
        let demo = try RunningDemo(
            [folder.folder.path, "--width", "800", "--height", "620", "--columns", "3"], executable: "waterfall")
        let failed = try demo.process.waitForEvent("the AVIF's failure") { $0.name == "thumbnailFailed" }
        #expect(failed.event.string("path") == folder.path("broken.avif"))
        #expect(failed.event.string("reason") == "unsupported AVIF: Decoder plugin generated an error: Unspecified")
        try demo.key("q")
        #expect(try demo.process.waitForExit() == 0)
        #expect(demo.process.standardError.isEmpty, "stderr: \(demo.process.standardError)")
    }
}

/// The wall with a video whose decoder worker hangs (`WATERFALL_DECODER` names a fake worker: the walk's worker is
/// the real one, so that the video is found, and the thumbnail's worker sleeps): the worker is killed at its deadline,
/// the card says "video timed out after 5 s" (through the shared thumbnail cache, the thumbnail's worker is asked the
/// header first, to choose the cache's size, and that request has the header's 5 s), the window answers keys
/// meanwhile, and nothing is printed.
@Suite(.serialized)
struct PhotoWallDecoderWorkerTests {
    /// The real worker, built beside the programs the tests run.
    static var realWorker: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("waterfall-decoder").path
    }

    @Test func aHangingWorkerCostsTheVideoItsPictureNotTheWall() throws {
        let folder = try GeneratedImages()
        try folder.twoColourVideo("clip.mp4", width: 320, height: 240)
        let tools = try GeneratedImages()
        // The first worker started (the walk's) is the real one; every later one (the thumbnails') hangs.
        let script = """
            #!/bin/sh
            if mkdir '\(tools.path("walked"))' 2>/dev/null; then exec '\(Self.realWorker)'; fi
            exec sleep 1000

            """
        let source = try tools.write(Array(script.utf8), to: "hanging-worker.txt")
        let worker = tools.path("hanging-worker")
        let install = try Process.run(
            URL(fileURLWithPath: "/usr/bin/install"), arguments: ["-m", "0755", source, worker])
        install.waitUntilExit()
        #expect(install.terminationStatus == 0)

        let demo = try RunningDemo(
            [folder.folder.path, "--width", "800", "--height", "620", "--columns", "3"], executable: "waterfall",
            environment: ["WATERFALL_DECODER": worker])
        let scanned = try demo.process.waitForEvent("the end of the walk") {
            $0.name == "scanned" && $0.fields["done"] as? Bool == true
        }
        #expect(scanned.event.int("found") == 1 && scanned.event.int("skipped") == 0)
        // The window answers while the worker hangs: Right focuses and selects the card.
        let mark = demo.eventCount
        try demo.key("Right")
        try demo.process.waitForEvent(after: mark, "the selection") { $0.name == "select" && $0.int("index") == 0 }
        let failed = try demo.process.waitForEvent("the video's failure") { $0.name == "thumbnailFailed" }
        #expect(failed.event.string("reason") == "video timed out after 5 s")
        #expect(failed.event.string("path") == folder.path("clip.mp4"))
        try demo.process.waitForEvent(after: failed.position, "the card drawn") {
            $0.name == "frame" && $0.int("thumbnailsPending") == 0
        }
        #expect(demo.events(named: "thumbnail", after: 0).isEmpty)
        // The wall still answers: plus makes the cards larger, a column fewer.
        let zoom = demo.eventCount
        try demo.key("plus")
        try demo.process.waitForEvent(after: zoom, "the zoom by plus") { $0.name == "layout" && $0.int("columns") == 2 }
        #expect(
            demo.events(named: "key", after: zoom).map { "\($0.string("chord") ?? "?") \($0.string("action") ?? "-")" }
                == ["Shift+equal grid-zoom-in"])
        try demo.key("q")
        #expect(try demo.process.waitForExit() == 0)
        #expect(demo.process.standardError.isEmpty, "stderr: \(demo.process.standardError)")
        demo.expectNoXErrors()
    }
}
