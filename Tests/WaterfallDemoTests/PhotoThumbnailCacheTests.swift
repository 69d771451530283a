import Foundation
import PhotoTestSupport
import Testing
import XvfbSupport

/// The photo wall and the desktop's shared thumbnail cache (`$XDG_CACHE_HOME/thumbnails`), each test with a cache
/// folder of its own.
@Suite(.serialized)
struct PhotoThumbnailCacheTests {
    let images: GeneratedImages
    /// The test's `XDG_CACHE_HOME`.
    let cacheHome: String
    var thumbnails: String { cacheHome + "/thumbnails" }

    init() throws {
        images = try GeneratedImages()
        cacheHome = images.path("cache home")
        try FileManager.default.createDirectory(atPath: cacheHome, withIntermediateDirectories: true)
    }

    /// The photos' folder, apart from the cache.
    var photos: String { images.path("photos") }

    /// Makes `name` in the photos' folder: `width` × `height` of `colour`.
    @discardableResult
    func photo(_ name: String, width: Int = 800, height: Int = 600, colour: String) throws -> String {
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        return try images.convert(["-size", "\(width)x\(height)", "xc:\(colour)", "photos/\(name)"])
    }

    /// Opens the wall of the photos at 800 × 620 in 3 columns (cards narrower than 256 px: the `large` folder), waits
    /// until `expected` photos have a picture or a failure and every picture in view is drawn, closes it with `q`;
    /// returns the `thumbnail` and `thumbnailFailed` events, and what it said on stderr.
    func launch(
        expecting expected: Int, _ extra: [String] = [], cacheHome: String? = nil
    ) throws -> (thumbnails: [Event], failures: [Event], errors: String) {
        let demo = try RunningDemo(
            [photos, "--width", "800", "--height", "620", "--columns", "3"] + extra, executable: "waterfall",
            environment: ["XDG_CACHE_HOME": cacheHome ?? self.cacheHome])
        let last = try demo.process.waitForEvent("\(expected) pictures or failures") { _ in
            demo.process.events.filter { $0.name == "thumbnail" || $0.name == "thumbnailFailed" }.count >= expected
        }
        try demo.process.waitForEvent(after: last.position, "every picture in view drawn") {
            $0.name == "frame" && $0.int("thumbnailsPending") == 0
        }
        try demo.key("q")
        #expect(try demo.process.waitForExit() == 0)
        demo.expectNoXErrors()
        let events = demo.process.events
        return (
            events.filter { $0.name == "thumbnail" }, events.filter { $0.name == "thumbnailFailed" },
            demo.process.standardError
        )
    }

    /// The PNGs in the cache's `folder`.
    func entries(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: thumbnails + "/" + folder)) ?? []).filter {
            $0.hasSuffix(".png")
        }
    }

    @Test func aSecondLaunchDecodesNoPhotoAndATouchedOneIsDecodedAgain() throws {
        for (index, colour) in ["#C03020", "#2080C0", "#20A040", "#E0C020", "#8040A0", "#404040"].enumerated() {
            try photo("p\(index + 1).jpg", colour: colour)
        }
        let first = try launch(expecting: 6)
        #expect(first.thumbnails.map { $0.string("source") } == Array(repeating: "decoded", count: 6))
        #expect(entries(in: "large").count == 6)

        let second = try launch(expecting: 6)
        #expect(second.thumbnails.map { $0.string("source") } == Array(repeating: "cache", count: 6))
        #expect(
            second.thumbnails.compactMap { $0.int("index") }.sorted()
                == first.thumbnails.compactMap { $0.int("index") }.sorted())

        // p3.jpg touched to a new time: its entry no longer describes it, so it alone is decoded (and written again).
        var info = stat()
        #expect(stat(photos + "/p3.jpg", &info) == 0)
        var times = [
            timespec(tv_sec: info.st_mtim.tv_sec + 60, tv_nsec: 0),
            timespec(tv_sec: info.st_mtim.tv_sec + 60, tv_nsec: 0),
        ]
        #expect(utimensat(AT_FDCWD, photos + "/p3.jpg", &times, 0) == 0)
        let third = try launch(expecting: 6)
        let decoded = third.thumbnails.filter { $0.string("source") == "decoded" }
        #expect(decoded.count == 1 && third.thumbnails.filter { $0.string("source") == "cache" }.count == 5)
        let touchedIndex = try #require(
            first.thumbnails.sorted { ($0.int("index") ?? 0) < ($1.int("index") ?? 0) }[2].int("index"))
        #expect(decoded.first?.int("index") == touchedIndex)
        #expect(try launch(expecting: 6).thumbnails.allSatisfy { $0.string("source") == "cache" })
    }

    @Test func aThumbnailAnotherProgramWroteIsShownInsteadOfDecodingThePhoto() throws {
        let red = try photo("red.jpg", colour: "#FF0000")
        // As GNOME writes it: 256 px on the long side, its URI's MD5 as its name, MTime and URI; but blue, so that the
        // screen tells which was shown.
        try FileManager.default.createDirectory(atPath: thumbnails + "/large", withIntermediateDirectories: true)
        _ = try pillow(
            """
            import hashlib, os, sys, urllib.parse
            from PIL import Image, PngImagePlugin
            path, folder = sys.argv[1], sys.argv[2]
            uri = "file://" + urllib.parse.quote(path)
            info = PngImagePlugin.PngInfo()
            info.add_text("Thumb::URI", uri)
            info.add_text("Thumb::MTime", str(int(os.stat(path).st_mtime)))
            info.add_text("Software", "GNOME::ThumbnailFactory")
            name = hashlib.md5(uri.encode()).hexdigest() + ".png"
            Image.new("RGBA", (256, 192), (0, 0, 255, 255)).save(os.path.join(folder, name), pnginfo=info)
            """, [red, thumbnails + "/large"])
        let demo = try RunningDemo(
            [photos, "--width", "800", "--height", "620", "--columns", "3"], executable: "waterfall",
            environment: ["XDG_CACHE_HOME": cacheHome])
        let shown = try demo.process.waitForEvent("the photo's picture") { $0.name == "thumbnail" }
        #expect(shown.event.string("source") == "cache")
        try demo.process.waitForEvent(after: shown.position, "the picture drawn") {
            $0.name == "frame" && $0.int("thumbnailsPending") == 0
        }
        let layout = try runLayoutCommand([
            "--photos", photos, "--width", String(Int(demo.cardsWidth)), "--height",
            String(Int(demo.viewportHeight)), "--columns", "3",
        ])
        let card = layout.items[0]
        let shot = try demo.screenshot()
        #expect(shot.pixel(x: Int(card.midX), y: Int(card.y + card.width * 3 / 8)) == RGB(0x0000FF))
        demo.expectNoXErrors()
    }

    @Test func noThumbnailCacheReadsAndWritesNothing() throws {
        try photo("a.jpg", colour: "#C03020")
        try photo("b.png", colour: "#2080C0")
        _ = try launch(expecting: 2)
        #expect(entries(in: "large").count == 2)
        let apart = images.path("another cache home")
        try FileManager.default.createDirectory(atPath: apart, withIntermediateDirectories: true)
        let without = try launch(expecting: 2, ["--no-thumbnail-cache"], cacheHome: apart)
        #expect(without.thumbnails.allSatisfy { $0.string("source") == "decoded" } && without.thumbnails.count == 2)
        // The cache home holds the library index (waterfall/), and no thumbnail; with --no-index too, nothing.
        #expect(try FileManager.default.contentsOfDirectory(atPath: apart) == ["waterfall"])
        let bare = images.path("a bare cache home")
        try FileManager.default.createDirectory(atPath: bare, withIntermediateDirectories: true)
        _ = try launch(expecting: 2, ["--no-thumbnail-cache", "--no-index"], cacheHome: bare)
        #expect(try FileManager.default.contentsOfDirectory(atPath: bare).isEmpty)
        // Nor does it read a cache that has them.
        let again = try launch(expecting: 2, ["--no-thumbnail-cache"])
        #expect(again.thumbnails.allSatisfy { $0.string("source") == "decoded" })
    }

    @Test func aFailureIsNotedAndNotTriedAgainUntilTheFileChanges() throws {
        try photo("good.jpg", colour: "#20A040")
        let whole = try Data(contentsOf: URL(fileURLWithPath: try photo("whole.jpg", colour: "#C03020")))
        let broken = photos + "/broken.jpg"
        try FileManager.default.removeItem(atPath: photos + "/whole.jpg")
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: broken))
        let first = try launch(expecting: 2)
        #expect(first.failures.map { $0.string("reason") } == ["truncated JPEG"])
        #expect(entries(in: "fail/waterfall-0.1.0").count == 1)

        // A good JPEG now, padded with a comment to the same size, and given the same time: the noted reason is
        // still shown, so the file was not decoded again.
        var info = stat()
        #expect(stat(broken, &info) == 0)
        let small = try Data(
            contentsOf: URL(fileURLWithPath: try images.convert(["-size", "16x12", "xc:#2080C0", "small.jpg"])))
        let padding = whole.count / 2 - small.count - 4
        try #require(padding > 0)
        let comment =
            Data([0xFF, 0xFE, UInt8((padding + 2) >> 8), UInt8((padding + 2) & 0xFF)])
            + Data(repeating: 0x20, count: padding)
        try (small.prefix(2) + comment + small.dropFirst(2)).write(to: URL(fileURLWithPath: broken))
        var times = [info.st_atim, info.st_mtim]
        #expect(utimensat(AT_FDCWD, broken, &times, 0) == 0)
        #expect(stat(broken, &info) == 0 && Int(info.st_size) == whole.count / 2)
        let second = try launch(expecting: 2)
        #expect(second.failures.map { $0.string("reason") } == ["truncated JPEG"] && second.thumbnails.count == 1)

        // Changed (a new time): decoded again, and shown.
        times[1].tv_sec += 60
        #expect(utimensat(AT_FDCWD, broken, &times, 0) == 0)
        let third = try launch(expecting: 2)
        #expect(third.failures.isEmpty && third.thumbnails.count == 2)
    }

    @Test func anUnwritableCacheSaysWhyOnceAndTheWallGoesOn() throws {
        for index in 1...4 { try photo("p\(index).jpg", colour: "#2080C0") }
        // `thumbnails` is a file: no folder can be made in it.
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: thumbnails))
        let run = try launch(expecting: 4)
        #expect(run.thumbnails.count == 4 && run.thumbnails.allSatisfy { $0.string("source") == "decoded" })
        let lines = run.errors.split(separator: "\n").filter { $0.contains("thumbnail cache is off") }
        #expect(lines.count == 1)
        #expect(lines.first?.contains(thumbnails) == true)
    }
}
