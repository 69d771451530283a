import Foundation
import PhotoTestSupport
import SystemPackage
import Testing

@testable import WaterfallPhotos

/// Marks and a sidecar's orientation as they are read: from `NAME.EXT.xmp`, `NAME.xmp` and the XMP embedded in a
/// photo (written by exiftool), by the walk with the header, shown by `readHeader`, and reloaded by the live folders.
struct PhotoMarksReadingTests {
    /// A sidecar as Lightroom writes `NAME.xmp`: the rating as an element, under another prefix than `xmp`.
    private static func lightroomSidecar(rating: String) -> String {
        """
        <x:xmpmeta xmlns:x="adobe:ns:meta/">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about="" xmlns:xap="http://ns.adobe.com/xap/1.0/">
           <xap:Rating>\(rating)</xap:Rating>
          </rdf:Description>
         </rdf:RDF>
        </x:xmpmeta>
        """
    }

    private func png(_ name: String, in images: GeneratedImages) throws -> FilePath {
        try images.write(HeaderBytes.png(width: 40, height: 30) + [UInt8](repeating: 0, count: 64), to: name)
        return images.file(name)
    }

    @Test func marksComeFromNameExtXmpThenNameXmpThenNone() throws {
        let images = try GeneratedImages()
        let photo = try png("a.png", in: images)
        #expect(PhotoSidecar.marks(of: photo) == PhotoMarks())
        try images.write(Array(Self.lightroomSidecar(rating: "2").utf8), to: "a.xmp")
        #expect(PhotoSidecar.marks(of: photo) == PhotoMarks(rating: 2))
        // exiftool makes the darktable-style sidecar; it wins over NAME.xmp.
        try TestTool.run(["exiftool", "-q", "-XMP-xmp:Rating=-1", "-o", images.path("a.png.xmp"), images.path("a.png")])
        #expect(PhotoSidecar.marks(of: photo) == PhotoMarks(isRejected: true))
        #expect(PhotoSidecar.marks(of: photo).xmpRating == -1)
    }

    @Test func aRealRatingAndOutOfRangeValuesReadAsXmpSays() throws {
        let images = try GeneratedImages()
        let photo = try png("b.png", in: images)
        for (text, marks) in [
            ("3.0", PhotoMarks(rating: 3)), ("7", PhotoMarks(rating: 5)), ("-5", PhotoMarks(isRejected: true)),
            (" 4 ", PhotoMarks(rating: 4)), ("many", PhotoMarks()),
        ] {
            try images.write(Array(Self.lightroomSidecar(rating: text).utf8), to: "b.xmp")
            #expect(PhotoSidecar.marks(of: photo) == marks, "\(text)")
        }
    }

    @Test func embeddedXmpIsReadFromAJpegAPngAndAWebP() throws {
        let images = try GeneratedImages()
        for (format, rating) in [("jpg", 4), ("png", 1), ("webp", 5)] {
            let name = "photo.\(format)"
            try images.convert(["-size", "40x30", "xc:red", name])
            #expect(PhotoSidecar.marks(of: images.file(name)) == PhotoMarks(), "\(format)")
            try images.exiftool(name, ["-XMP-xmp:Rating=\(rating)"])
            #expect(PhotoSidecar.marks(of: images.file(name)) == PhotoMarks(rating: rating), "\(format)")
            #expect(
                try PhotoFile.readHeaderAndMarks(path: images.file(name), worker: nil, listing: .unknown).marks
                    == PhotoMarks(rating: rating), "\(format)")
        }
    }

    @Test func aJpegsEmbeddedXmpAfterALargeExifIsFound() throws {
        let images = try GeneratedImages()
        try images.convert(["-size", "640x480", "plasma:fractal", "-seed", "3", "big.jpg"])
        // A 160 × 120 EXIF thumbnail pushes the XMP segment past the first 4 KB the header read has.
        try images.convert(["-size", "160x120", "plasma:", "thumb.jpg"])
        try images.exiftool("big.jpg", ["-ThumbnailImage<=" + images.path("thumb.jpg"), "-XMP-xmp:Rating=3"])
        let bytes = try #require(FileManager.default.contents(atPath: images.path("big.jpg")))
        let xmpAt = try #require(bytes.range(of: Data("http://ns.adobe.com/xap/1.0/".utf8)))
        #expect(xmpAt.lowerBound > PhotoFile.firstRead)
        #expect(
            try PhotoFile.readHeaderAndMarks(path: images.file("big.jpg"), worker: nil, listing: .unknown).marks
                == PhotoMarks(rating: 3))
    }

    @Test func aMalformedSidecarReadsAsNoneAndFallsThrough() throws {
        let images = try GeneratedImages()
        let photo = try png("c.png", in: images)
        try images.write(Array(Self.lightroomSidecar(rating: "3").utf8), to: "c.xmp")
        let valid = Array(Self.lightroomSidecar(rating: "5").utf8)
        for cut in [10, 60, 150, valid.count - 5] {
            try images.write(Array(valid.prefix(cut)), to: "c.png.xmp")
            #expect(PhotoSidecar.marks(of: photo) == PhotoMarks(rating: 3), "cut at \(cut)")
        }
        for garbage in [[UInt8](repeating: 0xFF, count: 100), Array("<a><b></a></b>".utf8), Array("<<<>>>".utf8), []] {
            try images.write(garbage, to: "c.png.xmp")
            #expect(PhotoSidecar.marks(of: photo) == PhotoMarks(rating: 3))
        }
    }

    @Test func everyPrefixOfAPacketScansOrThrowsAndNeverCrashes() throws {
        let packet = Array(Self.lightroomSidecar(rating: "2").utf8)
        var wellFormed = 0
        for count in 0...packet.count {
            if (try? XMPPacket(Array(packet.prefix(count)))) != nil { wellFormed += 1 }
        }
        // Only the whole packet (and it followed by nothing) is well-formed.
        #expect(wellFormed == 1)
        #expect(throws: XMLError(reason: "an end tag </b> where </c> belongs", offset: 6)) {
            try XMLScanner.scan(Array("<b><c></b>".utf8))
        }
    }

    @Test func readHeaderShowsANonJpegAtItsSidecarsOrientationButNotAJpeg() throws {
        let images = try GeneratedImages()
        let photo = try png("d.png", in: images)
        #expect(try PhotoFile.readHeader(path: photo).orientedSize == (40, 30))
        try TestTool.run([
            "exiftool", "-q", "-XMP-tiff:Orientation=6", "-n", "-o", images.path("d.png.xmp"), images.path("d.png"),
        ])
        #expect(PhotoSidecar.orientation(of: photo) == .right)
        let header = try PhotoFile.readHeader(path: photo)
        #expect(header.orientation == .right)
        #expect(header.orientedSize == (30, 40))
        try images.convert(["-size", "40x30", "xc:red", "e.jpg"])
        try TestTool.run([
            "exiftool", "-q", "-XMP-tiff:Orientation=6", "-n", "-o", images.path("e.jpg.xmp"), images.path("e.jpg"),
        ])
        #expect(try PhotoFile.readHeader(path: images.file("e.jpg")).orientation == .up)
    }

    @Test func theWalkReadsMarksWithHeadersAndSkipsNoSidecar() throws {
        let images = try GeneratedImages()
        _ = try png("a.png", in: images)
        _ = try png("b.png", in: images)
        _ = try png("c.png", in: images)
        try images.convert(["-size", "40x30", "xc:red", "d.jpg"])
        try images.exiftool("d.jpg", ["-XMP-xmp:Rating=2"])
        try TestTool.run([
            "exiftool", "-q", "-XMP-xmp:Rating=5", "-XMP-tiff:Orientation=8", "-n", "-o", images.path("a.png.xmp"),
            images.path("a.png"),
        ])
        try images.write(Array(Self.lightroomSidecar(rating: "-1").utf8), to: "b.xmp")
        try images.write(Array(Self.lightroomSidecar(rating: "1").utf8), to: "lonely.xmp")
        let (folders, counts) = PhotoWalker(paths: [images.folder.path]).walkAll()
        #expect(counts.found == 4)
        #expect(counts.skipped == 0)
        let photos = try #require(folders.first?.photos)
        #expect(photos.map(\.name) == ["a.png", "b.png", "c.png", "d.jpg"])
        #expect(
            photos.map(\.marks) == [
                PhotoMarks(rating: 5), PhotoMarks(isRejected: true), PhotoMarks(), PhotoMarks(rating: 2),
            ])
        #expect(photos.map(\.header?.orientation) == [.left, .up, .up, .up])
    }

    @Test func theLiveFoldersReloadAPhotoWhoseSidecarChanged() throws {
        let images = try GeneratedImages()
        _ = try png("a.png", in: images)
        _ = try png("b.png", in: images)
        var folders = LiveFolders(order: .name)
        PhotoWalker(paths: [images.folder.path]).walk { folders.add($0) }
        var changes = FolderWatcher.Changes()
        let folder = FilePath(images.folder.path)

        try TestTool.run(["exiftool", "-q", "-XMP-xmp:Rating=4", "-o", images.path("b.png.xmp"), images.path("b.png")])
        changes.names[folder] = [FilePath.Component("b.png.xmp")]
        var updates = folders.update(changes)
        #expect(updates.map(\.reloaded) == [[1]])
        #expect(updates.first?.photos.map(\.marks) == [PhotoMarks(), PhotoMarks(rating: 4)])

        try images.write(Array(Self.lightroomSidecar(rating: "-1").utf8), to: "a.xmp")
        changes.names[folder] = [FilePath.Component("a.xmp")]
        updates = folders.update(changes)
        #expect(updates.map(\.reloaded) == [[0]])
        #expect(updates.first?.photos.map(\.marks) == [PhotoMarks(isRejected: true), PhotoMarks(rating: 4)])

        try FileManager.default.removeItem(atPath: images.path("b.png.xmp"))
        changes.names[folder] = [FilePath.Component("b.png.xmp")]
        updates = folders.update(changes)
        #expect(updates.map(\.reloaded) == [[1]])
        #expect(updates.first?.photos.map(\.marks) == [PhotoMarks(isRejected: true), PhotoMarks()])
        #expect(folders.photoCount == 2)
    }

    @Test func theWatcherReportsASidecarWrittenBesideAPhoto() throws {
        let images = try GeneratedImages()
        _ = try png("a.png", in: images)
        let watcher = try FolderWatcher()
        try watcher.watch(FilePath(images.folder.path))
        try images.write(Array(Self.lightroomSidecar(rating: "3").utf8), to: "a.png.xmp")
        let changes = watcher.waitForChanges(timeout: 10)
        #expect(changes.names[FilePath(images.folder.path)]?.contains(FilePath.Component("a.png.xmp")) == true)
    }
}
