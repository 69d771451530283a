import Foundation
import PhotoTestSupport
import Synchronization
import SystemPackage
import Testing

@testable import WaterfallPhotos

/// The file's permission bits.
private func mode(_ path: String) throws -> Int {
    ((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1) & 0o777
}

/// `SharedThumbnailCache`: the freedesktop.org Thumbnail Managing Standard, read and written as GNOME does.
struct SharedThumbnailCacheTests {
    let images: GeneratedImages
    let cache: SharedThumbnailCache
    let photo: String

    init() throws {
        images = try GeneratedImages()
        cache = SharedThumbnailCache(root: images.path("cache/thumbnails"), application: "waterfall-demo-test")
        photo = try images.convert(["-size", "800x600", "xc:#2080C0", "a photo.png"])
    }

    @Test func theKeyIsTheMD5OfTheFilesURI() {
        // md5("file:///home/jens/photos/me.png"), the standard's own example.
        #expect(SharedThumbnailCache.md5("file:///home/jens/photos/me.png") == "c6ee772d9e49320e97ec29a7eb5b1697")
    }

    @Test func aWrittenThumbnailPassesTheStandardsChecksInPillow() throws {
        let original = try #require(cache.original(of: FilePath(photo)))
        let folder = try #require(SharedThumbnailCache.folder(forWidth: 200, upright: (800, 600)))
        #expect(folder.name == "large" && folder.width == 256 && folder.height == 192)
        let thumbnail = try ThumbnailDecoder().thumbnail(ofFile: FilePath(photo), width: folder.width)
        #expect(
            cache.store(
                thumbnail, of: original, in: folder.name, mimeType: "image/png", imageWidth: 800, imageHeight: 600))

        let file = images.path("cache/thumbnails/large/\(original.key).png")
        let read = try pillow(
            """
            import json, sys
            from PIL import Image
            image = Image.open(sys.argv[1])
            print(json.dumps([image.format, image.mode, list(image.size), image.text, image.getpixel((128, 96))], sort_keys=True))
            """, [file])
        let fields = try #require(try JSONSerialization.jsonObject(with: Data(read.utf8)) as? [Any])
        #expect(fields[0] as? String == "PNG")
        #expect(fields[1] as? String == "RGBA")
        #expect(fields[2] as? [Int] == [256, 192])
        #expect(
            fields[3] as? [String: String] == [
                "Thumb::URI": original.uri, "Thumb::MTime": String(original.modified),
                "Thumb::Size": String(original.size),
                "Thumb::Mimetype": "image/png", "Thumb::Image::Width": "800", "Thumb::Image::Height": "600",
                "Software": "waterfall-demo-test",
            ])
        #expect(fields[4] as? [Int] == [0x20, 0x80, 0xC0, 255])
        #expect(try mode(file) == 0o600)
        #expect(try mode(images.path("cache/thumbnails/large")) == 0o700)
        #expect(try mode(images.path("cache/thumbnails")) == 0o700)
        // Nothing left behind but the thumbnail: the temporary file was renamed.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: images.path("cache/thumbnails/large")) == [
                "\(original.key).png"
            ])
        // And it reads back, scaled to a card.
        let back = try #require(cache.thumbnail(of: original, width: 128, background: 0xFFFFFF))
        #expect(back.width == 128 && back.height == 96 && back[64, 48] == 0x2080C0)
    }

    /// Writes, with Pillow, the thumbnail GNOME would write for `photo`, `width` × `height` of one colour, with `keys`.
    private func writeAsGNOME(folder: String, width: Int, height: Int, colour: [Int], keys: [String: String]) throws {
        let original = try #require(cache.original(of: FilePath(photo)))
        try FileManager.default.createDirectory(
            atPath: images.path("cache/thumbnails/\(folder)"), withIntermediateDirectories: true)
        _ = try pillow(
            """
            import json, sys
            from PIL import Image, PngImagePlugin
            info = PngImagePlugin.PngInfo()
            for key, value in json.loads(sys.argv[2]).items():
                info.add_text(key, value)
            Image.new("RGBA", (int(sys.argv[3]), int(sys.argv[4])), tuple(json.loads(sys.argv[5]))).save(sys.argv[1], pnginfo=info)
            """,
            [
                images.path("cache/thumbnails/\(folder)/\(original.key).png"),
                String(decoding: try JSONSerialization.data(withJSONObject: keys), as: UTF8.self), String(width),
                String(height),
                String(decoding: try JSONSerialization.data(withJSONObject: colour), as: UTF8.self),
            ])
    }

    @Test func anotherProgramsThumbnailIsUsedWhileTheFileIsUnchanged() throws {
        let original = try #require(cache.original(of: FilePath(photo)))
        try writeAsGNOME(
            folder: "large", width: 256, height: 192, colour: [200, 10, 10, 255],
            keys: ["Thumb::URI": original.uri, "Thumb::MTime": String(original.modified)])
        let hit = try #require(cache.thumbnail(of: original, width: 200, background: 0xFFFFFF))
        #expect(hit.width == 200 && hit.height == 150 && hit[100, 75] == 0xC80A0A)
        // A card wider than the large thumbnail is not served from it.
        #expect(cache.thumbnail(of: original, width: 300, background: 0xFFFFFF) == nil)

        // Touched to a new time: the thumbnail no longer describes the file.
        var times = [
            timespec(tv_sec: original.modified + 60, tv_nsec: 0), timespec(tv_sec: original.modified + 60, tv_nsec: 0),
        ]
        #expect(utimensat(AT_FDCWD, photo, &times, 0) == 0)
        let touched = try #require(cache.original(of: FilePath(photo)))
        #expect(touched.modified == original.modified + 60)
        #expect(cache.thumbnail(of: touched, width: 200, background: 0xFFFFFF) == nil)
    }

    @Test func aThumbnailOfTheWrongSizeWithoutItsKeysOrOfGarbageIsIgnored() throws {
        let original = try #require(cache.original(of: FilePath(photo)))
        try writeAsGNOME(
            folder: "large", width: 256, height: 192, colour: [0, 0, 0, 255],
            keys: ["Thumb::URI": original.uri, "Thumb::MTime": String(original.modified), "Thumb::Size": "1"])
        #expect(cache.thumbnail(of: original, width: 100, background: 0) == nil)
        try writeAsGNOME(
            folder: "large", width: 256, height: 192, colour: [0, 0, 0, 255], keys: ["Thumb::URI": original.uri])
        #expect(cache.thumbnail(of: original, width: 100, background: 0) == nil)
        try Data("not a png".utf8).write(
            to: URL(fileURLWithPath: images.path("cache/thumbnails/large/\(original.key).png")))
        #expect(cache.thumbnail(of: original, width: 100, background: 0) == nil)
        // A truncated one too: the first half of a valid thumbnail.
        try writeAsGNOME(
            folder: "large", width: 256, height: 192, colour: [0, 0, 0, 255],
            keys: ["Thumb::URI": original.uri, "Thumb::MTime": String(original.modified)])
        let file = images.path("cache/thumbnails/large/\(original.key).png")
        let whole = try Data(contentsOf: URL(fileURLWithPath: file))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: file))
        #expect(cache.thumbnail(of: original, width: 100, background: 0) == nil)
    }

    @Test func failuresAreKeptUntilTheFileChanges() throws {
        let original = try #require(cache.original(of: FilePath(photo)))
        #expect(cache.failure(of: original) == nil)
        #expect(cache.storeFailure(of: original, reason: "truncated JPEG"))
        #expect(cache.failure(of: original) == "truncated JPEG")
        #expect(
            FileManager.default.fileExists(
                atPath: images.path("cache/thumbnails/fail/waterfall-demo-test/\(original.key).png")))
        var changed = original
        changed.modified += 1
        #expect(cache.failure(of: changed) == nil)
    }

    @Test func filesInsideTheCacheAreNeverThumbnailed() throws {
        try FileManager.default.createDirectory(
            atPath: images.path("cache/thumbnails/large"), withIntermediateDirectories: true)
        let inside = try images.convert(["-size", "10x10", "xc:red", "cache/thumbnails/large/x.png"])
        #expect(cache.original(of: FilePath(inside)) == nil)
        #expect(cache.contains(FilePath(inside)))
        #expect(!cache.contains(FilePath(photo)))
    }

    @Test func anUnwritableCacheSaysWhyOnceAndStopsWriting() throws {
        let said = Mutex<[String]>([])
        try Data().write(to: URL(fileURLWithPath: images.path("blocked")))  // a file where a folder should be
        let blocked = SharedThumbnailCache(root: images.path("blocked/thumbnails"), application: "test") { reason in
            said.withLock { $0.append(reason) }
        }
        let original = try #require(blocked.original(of: FilePath(photo)))
        let thumbnail = Thumbnail(width: 2, height: 2, pixels: [0, 0, 0, 0])
        #expect(
            !blocked.store(
                thumbnail, of: original, in: "large", mimeType: "image/png", imageWidth: 800, imageHeight: 600))
        #expect(
            !blocked.store(
                thumbnail, of: original, in: "large", mimeType: "image/png", imageWidth: 800, imageHeight: 600))
        #expect(said.withLock { $0 } == ["cannot create \(images.path("blocked/thumbnails")): Not a directory"])
        #expect(blocked.whyWritingStopped == said.withLock { $0.first })
    }

    /// The decoder through the cache: decodes at the folder's size and writes it, then reads it back; a photo with
    /// transparency is shown but not written (the card's background is no part of it).
    @Test func theDecoderWritesWhatItDecodesAndReadsItBackButNeverAPictureWithTransparency() throws {
        let decoder = ThumbnailDecoder()
        let first = try decoder.thumbnail(ofFile: FilePath(photo), width: 200, cache: cache)
        #expect(first.source == .decoded && first.thumbnail.width == 200 && first.thumbnail.height == 150)
        #expect(
            FileManager.default.fileExists(
                atPath: images.path(
                    "cache/thumbnails/large/\(try #require(cache.original(of: FilePath(photo))).key).png")))
        let second = try decoder.thumbnail(ofFile: FilePath(photo), width: 200, cache: cache)
        #expect(second.source == .cache && second.thumbnail == first.thumbnail)

        let clear = try images.convert(["-size", "800x600", "xc:#2080C080", "clear.png"])
        #expect(try decoder.thumbnail(ofFile: FilePath(clear), width: 200, cache: cache).source == .decoded)
        #expect(try decoder.thumbnail(ofFile: FilePath(clear), width: 200, cache: cache).source == .decoded)
        #expect(
            !FileManager.default.fileExists(
                atPath: images.path(
                    "cache/thumbnails/large/\(try #require(cache.original(of: FilePath(clear))).key).png")))
    }

    @Test func aRelativePathIsNamedByItsAbsoluteURI() throws {
        let original = try #require(cache.original(of: FilePath(photo)))
        // The photo's path from the current folder (up to the root, then down), with a `.` and a `..` on the way.
        let depth = FileManager.default.currentDirectoryPath.split(separator: "/").count
        let relative = String(repeating: "../", count: depth) + "./tmp/.." + photo
        let named = try #require(cache.original(of: FilePath(relative)))
        #expect(named.uri == original.uri && named.key == original.key && named.path == FilePath(photo))
        #expect(SharedThumbnailCache.absolute("/a/./b/../c") == "/a/c")
    }
}
