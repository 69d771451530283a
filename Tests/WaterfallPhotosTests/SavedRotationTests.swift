import Foundation
import PhotoTestSupport
import Synchronization
import SystemPackage
import Testing

@testable import WaterfallPhotos

/// `SavedRotation.rotate`: JPEGs made by ImageMagick turned in place or rewritten, read back by exiftool, their picture
/// bytes and decoded pixels unchanged; other formats turned through their sidecar; and the errors.
struct SavedRotationTests {
    /// EXIF's orientation after a quarter turn clockwise, and anticlockwise, of each of 1...8 (the D4 group's table).
    static let clockwise = [1: 6, 2: 7, 3: 8, 4: 5, 5: 2, 6: 3, 7: 4, 8: 1]
    static let anticlockwise = [1: 8, 2: 5, 3: 6, 4: 7, 5: 4, 6: 1, 7: 2, 8: 3]

    /// A 64 × 48 JPEG of ImageMagick's plasma named `name`, without any metadata (`-strip`: its JFIF APP0 only).
    static func jpeg(_ name: String, in images: GeneratedImages) throws -> String {
        try images.convert(["-size", "64x48", "-seed", "7", "plasma:", "-strip", "-quality", "90", name])
    }

    /// Where the picture's bytes start: the first segment after SOI that is not APP0...APP15 or a comment (walked by
    /// their lengths).
    static func pictureStart(_ bytes: [UInt8]) -> Int {
        var offset = 2
        while offset + 4 <= bytes.count, bytes[offset] == 0xFF,
            (0xE0...0xEF).contains(bytes[offset + 1]) || bytes[offset + 1] == 0xFE
        {
            offset += 2 + (Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3]))
        }
        return offset
    }

    /// The file's pixels as ImageMagick decodes them (8-bit RGB), without applying any orientation.
    static func pixels(_ path: String, in images: GeneratedImages) throws -> [UInt8] {
        let name = UUID().uuidString + ".rgb"
        try images.convert([path, "-depth", "8", "rgb:" + name])
        return try #require(Disk.bytes(images.path(name)))
    }

    static func inode(_ path: String) throws -> UInt64 {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? UInt64)
    }

    static func orientation(_ path: String) throws -> String { try SidecarWritingTests.exiftool("Orientation", path) }

    @Test(arguments: 1...8)
    func aJpegsOrientationTagIsChangedInPlace(_ orientation: Int) throws {
        let images = try GeneratedImages()
        let path = try Self.jpeg("tagged.jpg", in: images)
        try images.exiftool("tagged.jpg", ["-Orientation#=\(orientation)"])
        let before = try #require(Disk.bytes(path))
        let inode = try Self.inode(path)
        let turned = try SavedRotation.rotate(
            FilePath(path), format: .jpeg, quarterTurns: 1,
            expecting: try FileIdentity.of(FilePath(path)))
        #expect(turned.rawValue == Self.clockwise[orientation])
        #expect(try Self.orientation(path) == String(Self.clockwise[orientation] ?? 0))
        let after = try #require(Disk.bytes(path))
        #expect(try Self.inode(path) == inode)
        #expect(after.count == before.count)
        #expect(zip(before, after).filter { $0 != $1 }.count == 1)
        #expect(
            try SavedRotation.rotate(FilePath(path), format: .jpeg, quarterTurns: -1, expecting: nil).rawValue
                == orientation)
        #expect(Disk.bytes(path) == before)
        #expect(
            try SavedRotation.rotate(FilePath(path), format: .jpeg, quarterTurns: -1, expecting: nil).rawValue
                == Self.anticlockwise[orientation])
        #expect(try Self.orientation(path) == String(Self.anticlockwise[orientation] ?? 0))
    }

    @Test func aJpegWithoutExifGetsAnExifSegmentAfterItsJfifAndKeepsItsPicture() throws {
        let images = try GeneratedImages()
        let path = try Self.jpeg("plain.jpg", in: images)
        let before = try #require(Disk.bytes(path))
        let pixels = try Self.pixels(path, in: images)
        let inode = try Self.inode(path)
        #expect(try Self.orientation(path) == "")
        #expect(try SavedRotation.rotate(FilePath(path), format: .jpeg, quarterTurns: 1, expecting: nil) == .right)
        #expect(try Self.orientation(path) == "6")
        #expect(try SidecarWritingTests.exiftool("JFIF:JFIFVersion", path) == "1 1")
        let after = try #require(Disk.bytes(path))
        #expect(try Self.inode(path) != inode)  // rewritten: a new file renamed over the old
        #expect(after[Self.pictureStart(after)...] == before[Self.pictureStart(before)...])
        #expect(try Self.pixels(path, in: images) == pixels)
        #expect(try PhotoFile.readHeader(path: FilePath(path)).orientedSize == (48, 64))
        // Now the tag is there: the next turn is in place.
        #expect(try SavedRotation.rotate(FilePath(path), format: .jpeg, quarterTurns: 1, expecting: nil) == .down)
        #expect(try Self.inode(path) != inode)
        #expect(try Self.orientation(path) == "3")
        #expect(try #require(Disk.bytes(path)).count == after.count)
    }

    @Test(arguments: ["MM", "II"])
    func aJpegWithExifButNoOrientationGetsANewIFD0AndKeepsItsTags(byteOrder: String) throws {
        let images = try GeneratedImages()
        let path = try Self.jpeg("camera.jpg", in: images)
        let thumbnail = try images.convert(["-size", "160x120", "plasma:", "thumb.jpg"])
        try images.exiftool(
            "camera.jpg", ["-ExifByteOrder=\(byteOrder)", "-ThumbnailImage<=" + thumbnail] + GeneratedImages.cameraTags)
        #expect(try SidecarWritingTests.exiftool("ExifByteOrder", path) == byteOrder)
        #expect(try Self.orientation(path) == "")
        let before = try #require(Disk.bytes(path))
        let pixels = try Self.pixels(path, in: images)
        let tags = try TestTool.run(["exiftool", "-s", "-n", "-EXIF:all", "-GPS:all", path]).output
        let validation = try TestTool.run(["exiftool", "-validate", "-warning", "-a", path]).output
        #expect(try SavedRotation.rotate(FilePath(path), format: .jpeg, quarterTurns: -1, expecting: nil) == .left)
        #expect(try Self.orientation(path) == "8")
        let after = try #require(Disk.bytes(path))
        #expect(after[Self.pictureStart(after)...] == before[Self.pictureStart(before)...])
        #expect(try Self.pixels(path, in: images) == pixels)
        // Every tag is still there (IFD1's thumbnail too, through the copied IFD0's link), and only the orientation
        // is new.
        let tagsAfter = try TestTool.run(["exiftool", "-s", "-n", "-EXIF:all", "-GPS:all", path]).output
        #expect(
            tagsAfter.split(separator: "\n").filter { !$0.hasPrefix("Orientation ") } == tags.split(separator: "\n"))
        #expect(tags.contains("ThumbnailLength"))
        try TestTool.run(["exiftool", "-q", "-b", "-ThumbnailImage", "-w", "%d%f.thumbnail.jpg", path])
        let extracted = try #require(Disk.bytes(images.path("camera.thumbnail.jpg")))
        #expect(extracted == Disk.bytes(thumbnail), "the EXIF thumbnail differs")
        var header = ImageHeader(
            format: .jpeg, width: 64, height: 48, orientation: .left, dateTaken: "2024:05:01 12:30:45")
        header.shot = PhotoInfoTests.cameraInfo.shotDetails
        #expect(try PhotoFile.readHeader(path: FilePath(path)) == header)
        // exiftool's validation finds nothing more than in the file as exiftool wrote it (its missing ExifImageWidth).
        #expect(try TestTool.run(["exiftool", "-validate", "-warning", "-a", path]).output == validation)
    }

    @Test func aCommentBeforeTheExifSegmentIsWalkedPastAndNoSecondExifIsAdded() throws {
        let images = try GeneratedImages()
        let path = try Self.jpeg("commented.jpg", in: images)
        try images.exiftool("commented.jpg", ["-Make=Canon"])
        let exifSignature = Array("Exif".utf8) + [0, 0]
        let comment: [UInt8] = [0xFF, 0xFE, 0x00, 0x07] + Array("hello".utf8)
        var bytes = try #require(Disk.bytes(path))
        bytes.insert(contentsOf: comment, at: 2)
        try images.write(bytes, to: "commented.jpg")
        #expect(try SavedRotation.rotate(FilePath(path), format: .jpeg, quarterTurns: 2, expecting: nil) == .down)
        let after = try #require(Disk.bytes(path))
        #expect(Array(after[2..<11]) == comment)
        #expect(after.indices.filter { after[$0...].starts(with: exifSignature) }.count == 1)
        #expect(try Self.orientation(path) == "3")
        #expect(try SidecarWritingTests.exiftool("Make", path) == "Canon")
        #expect(after[Self.pictureStart(after)...] == bytes[Self.pictureStart(bytes)...])
    }

    @Test func aPngTurnsFromItsOwnOrientationThroughItsSidecar() throws {
        let images = try GeneratedImages()
        try images.convert(["-size", "40x30", "xc:red", "photo.png"])
        try images.exiftool("photo.png", ["-Orientation#=6"])
        #expect(try PhotoFile.readHeader(path: images.file("photo.png")).orientation == .right)
        let before = try #require(Disk.bytes(images.path("photo.png")))
        #expect(
            try SavedRotation.rotate(images.file("photo.png"), format: .png, quarterTurns: 1, expecting: nil) == .down)
        #expect(try SidecarWritingTests.exiftool("XMP-tiff:Orientation", images.path("photo.png.xmp")) == "3")
        #expect(
            try SavedRotation.rotate(images.file("photo.png"), format: .png, quarterTurns: -1, expecting: nil) == .right
        )
        #expect(
            try SavedRotation.rotate(images.file("photo.png"), format: .png, quarterTurns: -1, expecting: nil) == .up)
        #expect(try SidecarWritingTests.exiftool("XMP-tiff:Orientation", images.path("photo.png.xmp")) == "1")
        #expect(try PhotoFile.readHeader(path: images.file("photo.png")).orientedSize == (40, 30))
        #expect(Disk.bytes(images.path("photo.png")) == before)
    }

    @Test func aRawTurnsFromItsOwnOrientationAsTheWorkerReadsIt() throws {
        let images = try GeneratedImages()
        let dng = try images.dng("shot.dng", previewWidth: 64, previewHeight: 48, color: "#C03020", orientation: 6)
        let worker = BuiltWorker.process()
        #expect(try PhotoFile.readHeader(path: FilePath(dng), worker: worker).orientation == .right)
        #expect(
            try SavedRotation.rotate(FilePath(dng), format: .raw, quarterTurns: 1, expecting: nil, worker: worker)
                == .down)
        #expect(try SidecarWritingTests.exiftool("XMP-tiff:Orientation", dng + ".xmp") == "3")
        #expect(try PhotoFile.readHeader(path: FilePath(dng), worker: worker).orientation == .down)
        // Its thumbnail, decoded by the worker, is turned too: 64 × 48 upside down is still landscape.
        let preview = try worker.thumbnail(ofFile: FilePath(dng), width: 32, background: 0xFFFFFF, format: .raw)
        #expect(preview.thumbnail.width == 32 && preview.thumbnail.height == 24)
        // The sidecar's orientation is where the next turn starts, with or without a worker.
        #expect(try SavedRotation.rotate(FilePath(dng), format: .raw, quarterTurns: 1, expecting: nil) == .left)
        #expect(try PhotoFile.readHeader(path: FilePath(dng), worker: worker).orientedSize == (48, 64))
    }

    @Test func aFileChangedSinceShownOrGoneIsRefusedAndLeftAsItIs() throws {
        let images = try GeneratedImages()
        let path = try Self.jpeg("a.jpg", in: images)
        let shown = try FileIdentity.of(FilePath(path))
        let before = try #require(Disk.bytes(path))
        for expecting in [
            FileIdentity(size: shown.size + 1, modified: shown.modified),
            FileIdentity(size: shown.size, modified: shown.modified - 1),
        ] {
            #expect(throws: FileActionError(file: FilePath(path), reason: FileActionError.changedReason)) {
                try SavedRotation.rotate(FilePath(path), format: .jpeg, quarterTurns: 1, expecting: expecting)
            }
        }
        #expect(Disk.bytes(path) == before)
        #expect(throws: FileActionError(file: images.file("gone.jpg"), reason: "it is gone")) {
            try SavedRotation.rotate(images.file("gone.jpg"), format: .jpeg, quarterTurns: 1, expecting: nil)
        }
        #expect(throws: FileActionError(file: images.file("gone.png"), reason: "it is gone")) {
            try SavedRotation.rotate(images.file("gone.png"), format: .png, quarterTurns: 1, expecting: nil)
        }
        let broken = try images.write([0xFF, 0xD8, 0x00, 0x01, 0x02, 0x03], to: "broken.jpg")
        #expect(
            throws: FileActionError(
                file: FilePath(broken), reason: "its EXIF cannot be changed: no marker where one belongs, at byte 2")
        ) {
            try SavedRotation.rotate(FilePath(broken), format: .jpeg, quarterTurns: 1, expecting: nil)
        }
        #expect(Disk.names(images.folder.path).filter { $0.hasPrefix(".") }.isEmpty)
    }

    @Test func aReadOnlyFolderIsNamedAndNothingChanges() throws {
        let images = try GeneratedImages()
        let mount = try ScratchMount(kilobytes: 512)
        try FileManager.default.copyItem(
            atPath: try Self.jpeg("plain.jpg", in: images), toPath: mount.path("plain.jpg"))
        try FileManager.default.copyItem(
            atPath: try Self.jpeg("tagged.jpg", in: images), toPath: mount.path("tagged.jpg"))
        try TestTool.run(["exiftool", "-q", "-overwrite_original", "-Orientation#=1", mount.path("tagged.jpg")])
        try images.convert(["-size", "40x30", "xc:red", "photo.png"])
        try FileManager.default.copyItem(atPath: images.path("photo.png"), toPath: mount.path("photo.png"))
        let before = try Disk.names(mount.folder).map { try #require(Disk.bytes(mount.path($0))) }
        try mount.makeReadOnly()
        for (name, format, failing) in [
            ("plain.jpg", ImageFormat.jpeg, "plain.jpg"), ("tagged.jpg", .jpeg, "tagged.jpg"),
            ("photo.png", .png, "photo.png.xmp"),
        ] {
            #expect(throws: FileActionError(file: mount.file(failing), reason: "the folder is read-only")) {
                try SavedRotation.rotate(mount.file(name), format: format, quarterTurns: 1, expecting: nil)
            }
        }
        #expect(try Disk.names(mount.folder).map { try #require(Disk.bytes(mount.path($0))) } == before)
        #expect(Disk.names(mount.folder) == ["photo.png", "plain.jpg", "tagged.jpg"])
    }

    @Test func aFullDiskRefusesARewriteAndASidecarButNotAnInPlaceTurn() throws {
        let images = try GeneratedImages()
        let mount = try ScratchMount(kilobytes: 256)
        try FileManager.default.copyItem(
            atPath: try Self.jpeg("plain.jpg", in: images), toPath: mount.path("plain.jpg"))
        try FileManager.default.copyItem(
            atPath: try Self.jpeg("tagged.jpg", in: images), toPath: mount.path("tagged.jpg"))
        try TestTool.run(["exiftool", "-q", "-overwrite_original", "-Orientation#=1", mount.path("tagged.jpg")])
        try images.convert(["-size", "40x30", "xc:red", "photo.png"])
        try FileManager.default.copyItem(atPath: images.path("photo.png"), toPath: mount.path("photo.png"))
        let plain = try #require(Disk.bytes(mount.path("plain.jpg")))
        try TestTool.run(["sh", "-c", "cat /dev/zero > '\(mount.path("filler"))' 2>/dev/null; true"])
        #expect(throws: FileActionError(file: mount.file("plain.jpg"), reason: "the disk is full")) {
            try SavedRotation.rotate(mount.file("plain.jpg"), format: .jpeg, quarterTurns: 1, expecting: nil)
        }
        #expect(throws: FileActionError(file: mount.file("photo.png.xmp"), reason: "the disk is full")) {
            try SavedRotation.rotate(mount.file("photo.png"), format: .png, quarterTurns: 1, expecting: nil)
        }
        #expect(Disk.bytes(mount.path("plain.jpg")) == plain)
        #expect(Disk.names(mount.folder) == ["filler", "photo.png", "plain.jpg", "tagged.jpg"])
        // Two bytes changed in place need no room.
        #expect(
            try SavedRotation.rotate(mount.file("tagged.jpg"), format: .jpeg, quarterTurns: 1, expecting: nil) == .right
        )
        #expect(try Self.orientation(mount.path("tagged.jpg")) == "6")
    }
}

extension FileActionCheckpointTests {
    @Test func aRotationsRewriteAndASidecarsCreationReachTheCheckpointsInOrder() throws {
        let images = try GeneratedImages()
        let path = try SavedRotationTests.jpeg("plain.jpg", in: images)
        let size = try #require(Disk.bytes(path)).count
        let sidecarPath = images.path("photo.png.xmp")
        let seen = Mutex<[String]>([])
        let checkpoint: FileActionCheckpoint.Handler = { name in
            let grown = (Disk.bytes(path)?.count ?? 0) > size
            let sidecar = FileManager.default.fileExists(atPath: sidecarPath)
            seen.withLock { $0.append("\(name): jpeg \(grown ? "new" : "old"), sidecar \(sidecar)") }
        }
        _ = try SavedRotation.rotate(
            FilePath(path), format: .jpeg, quarterTurns: 1, expecting: nil, checkpoint: checkpoint)
        try images.convert(["-size", "4x3", "xc:red", "photo.png"])
        _ = try SavedRotation.rotate(
            images.file("photo.png"), format: .png, quarterTurns: 1, expecting: nil, checkpoint: checkpoint)
        #expect(
            seen.withLock { $0 } == [
                "rewrite.temporary-written: jpeg old, sidecar false", "rewrite.renamed: jpeg new, sidecar false",
                "rewrite.temporary-written: jpeg new, sidecar false", "rewrite.renamed: jpeg new, sidecar true",
            ])
    }
}
