import SeededRandom
import SystemPackage
import Testing
import WaterfallPhotos

@testable import WaterfallIndex

/// A folder's snapshot reads back as the photos it packed, without their marks, and any bytes that are not one (cut
/// short, of another version, with more or other bytes) read as none, never as wrong photos or a crash.
struct FolderSnapshotTests {
    static let prefix = Array("/photos/2023/07/".utf8)

    /// Photos of every kind a snapshot holds: a JPEG with marks, a date in the usual form, an orientation and a camera,
    /// lens and exposure; a video with a duration; a date of another form and a camera alone; no date; a truncated
    /// file (the file's own error); a read that timed out (an error that is not the file's); a name that is not UTF-8;
    /// a size and an inode past 32 bits.
    static let photos: [IndexedPhoto] = {
        func photo(_ name: [UInt8], size: Int = 1234, header: ImageHeader?, error: PhotoError? = nil) -> Photo {
            Photo(
                path: FilePath(bytes: prefix + name), fileSize: size, modified: 1_700_000_000.25, header: header,
                error: error)
        }
        var rated = photo(
            Array("IMG_0001.jpg".utf8),
            header: ImageHeader(
                format: .jpeg, width: 4000, height: 3000, orientation: .right, dateTaken: "2023:07:14 10:00:00"))
        rated.marks = PhotoMarks(rating: 4, isRejected: true)
        rated.header?.shot = ShotDetails(
            camera: "FUJIFILM X-T4", lens: "XF35mmF1.4 R", exposure: "1/250 s · f/2.8 · ISO 6400 · 35 mm")
        var odd = photo(
            Array("odd.png".utf8), header: ImageHeader(format: .png, width: 1, height: 2, dateTaken: "2023"))
        odd.header?.shot = ShotDetails(camera: "FUJIFILM X-T4", lens: nil, exposure: nil)
        return [
            IndexedPhoto(rated, inode: 101),
            IndexedPhoto(
                photo(
                    Array("clip.mp4".utf8),
                    header: ImageHeader(format: .video, width: 1920, height: 1080, duration: 12.5)), inode: 102),
            IndexedPhoto(odd, inode: 103),
            IndexedPhoto(photo(Array("plain.webp".utf8), header: ImageHeader(format: .webp, width: 7, height: 9))),
            IndexedPhoto(photo(Array("cut.png".utf8), header: nil, error: .truncated(.png)), inode: 104),
            IndexedPhoto(photo(Array("slow.heic".utf8), header: nil, error: .timedOut(.heif, seconds: 10)), inode: 105),
            IndexedPhoto(
                photo([0x66, 0xFF, 0x2E, 0x6A, 0x70, 0x67], header: ImageHeader(format: .jpeg, width: 3, height: 4)),
                inode: 106),
            IndexedPhoto(
                photo(
                    Array("big.tif".utf8), size: 6_000_000_000,
                    header: ImageHeader(format: .tiff, width: 100_000, height: 70_000)), inode: 1 << 40),
        ]
    }()

    static func decode(_ bytes: [UInt8]) -> [Photo]? {
        bytes.withUnsafeBytes { FolderSnapshot.decode($0, folder: FilePath("/photos/2023/07")) }
    }

    @Test func aSnapshotReadsBackAsThePhotosWithoutTheirMarksOrAnErrorNotTheFilesOwn() throws {
        var expected = Self.photos.map(\.photo)
        expected[0].marks = PhotoMarks()
        expected[5].error = nil
        let read = try #require(Self.decode(FolderSnapshot.encode(Self.photos)))
        #expect(read == expected)
        #expect(read.map(\.inode) == [101, 102, 103, 0, 104, 105, 106, 1 << 40])
        #expect(read[0].header?.exifDate == .digits(20_230_714_100_000) && read[2].header?.exifDate == .other("2023"))
        #expect(Self.decode(FolderSnapshot.encode([])) == [])
    }

    /// A snapshot of version 1, which an earlier version wrote, reads as its photos without their shots.
    @Test func aVersion1SnapshotReadsBackWithoutTheShots() throws {
        var expected = Self.photos.map(\.photo)
        expected[0].marks = PhotoMarks()
        expected[5].error = nil
        for index in expected.indices { expected[index].header?.shot = nil }
        #expect(try #require(Self.decode(FolderSnapshot.encode(Self.photos, layout: 1))) == expected)
        let read = try #require(Self.decode(FolderSnapshot.encode(Self.photos)))
        #expect(read[0].header?.shot?.iso == 6400 && read[2].header?.shot?.camera == "FUJIFILM X-T4")
    }

    @Test func bytesCutShortOrWithMoreAfterThemReadAsNone() {
        let bytes = FolderSnapshot.encode(Self.photos)
        for count in 0..<bytes.count { #expect(Self.decode(Array(bytes.prefix(count))) == nil, "cut at \(count)") }
        #expect(Self.decode(bytes + [0]) == nil)
    }

    @Test func anotherVersionOrAnImpossibleCountReadsAsNone() {
        var bytes = FolderSnapshot.encode(Self.photos)
        bytes[0] = FolderSnapshot.version + 1
        #expect(Self.decode(bytes) == nil)
        // Version, then a count of 2^62 photos, no formats.
        #expect(Self.decode([FolderSnapshot.version, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x40, 0]) == nil)
    }

    /// A name with a slash or a NUL would make another path: the bytes are not a snapshot. (Version 1's layout, which
    /// a launch still reads, and version 2's, which has the cameras' and lenses' names after the formats'.)
    @Test(arguments: [Array("a/b.jpg".utf8), [0x61, 0x00, 0x62], []])
    func aNameThatIsNoFileNameReadsAsNone(name: [UInt8]) {
        // Version 1, one photo, no formats; the name; size 1, time 0, inode 1, no header, no error.
        let bytes = [1, 1, 0, UInt8(name.count)] + name + [1] + Array(repeating: 0, count: 8) + [1, 0, 0]
        #expect(Self.decode(bytes) == nil)
        #expect(Self.decode([1, 1, 0, 1, 0x61, 1] + Array(repeating: 0, count: 8) + [1, 0, 0])?.count == 1)
        // Version 2: no formats, cameras nor lenses.
        #expect(Self.decode([2, 1, 0, 0, 0, 1, 0x61, 1] + Array(repeating: 0, count: 8) + [1, 0, 0])?.count == 1)
        #expect(
            Self.decode([2, 1, 0, 0, 0, UInt8(name.count)] + name + [1] + Array(repeating: 0, count: 8) + [1, 0, 0])
                == nil)
    }

    /// A format this version does not name leaves its photo without a header, to be read again.
    @Test func aFormatOfAnotherVersionLeavesThePhotoWithoutAHeader() throws {
        var bytes = FolderSnapshot.encode([Self.photos[3]])
        let name = Array(ImageFormat.webp.rawValue.utf8)
        let at = try #require(bytes.indices.first { Array(bytes[$0..<min(bytes.count, $0 + name.count)]) == name })
        bytes[at] = UInt8(ascii: "X")
        let read = try #require(Self.decode(bytes))
        #expect(read.count == 1 && read[0].header == nil && read[0].error == nil && read[0].fileSize == 1234)
    }

    /// Bytes changed at random give photos or none, never a crash.
    @Test func changedBytesNeverCrash() {
        let bytes = FolderSnapshot.encode(Self.photos)
        var random = SplitMix64(seed: 39)
        var read = 0
        for _ in 0..<2_000 {
            var changed = bytes
            for _ in 0...random.int(below: 4) {
                changed[random.int(below: changed.count)] = UInt8(random.int(below: 256))
            }
            if Self.decode(changed) != nil { read += 1 }
        }
        #expect(read > 0 && read < 2_000)
    }
}
