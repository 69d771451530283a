import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

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
}
