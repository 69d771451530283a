import Foundation
import PhotoTestSupport
import SystemPackage
import Testing

@testable import WaterfallPhotos

/// Photos whose metadata pass 64 KB before what the header needs (10 MB of XMP and ICC profile segments before a
/// JPEG's frame header, 1 MB of text before or around a PNG's image data, 2 MB of ICC profile before a WebP's image
/// and EXIF), read as every other viewer reads them: their size, orientation and date, from the file by seeking over
/// the metadata and from their bytes alike, and their thumbnails upright; the same files cut short inside that
/// metadata refused as truncated, through the walk as on the wall.
struct LargeMetadataTests {
    static let date = "2023:07:14 09:26:53"
    /// The EXIF of every photo here: stored turned (48 × 64, shown 64 × 48 with its red corner top left) and a date.
    static let exif = HeaderBytes.tiff(orientation: 6, date: date, littleEndian: true)

    /// 160 segments of 65,537 bytes: 10 MB, more than 10 MiB.
    static let segments = LargeMetadata.jpegSegments(count: 160)

    /// The header each photo here has in its format.
    static func header(_ format: ImageFormat) -> ImageHeader {
        ImageHeader(format: format, width: 48, height: 64, orientation: .right, dateTaken: date)
    }

    /// The oriented picture as ImageMagick writes it in `format` (`jpg`, `png`, `webp` lossless), without EXIF.
    func plain(_ format: String, in images: GeneratedImages) throws -> [UInt8] {
        let picture = try images.orientedPicture(6, name: "picture-\(format)")
        let options = format == "webp" ? ["-define", "webp:lossless=true"] : ["-quality", "95"]
        return try Array(
            Data(contentsOf: URL(fileURLWithPath: images.convert([picture] + options + ["plain.\(format)"]))))
    }

    /// The JPEG with its Exif APP1 first and the 10 MB of segments after it, before its frame header.
    func jpeg(in images: GeneratedImages) throws -> [UInt8] {
        LargeMetadata.jpeg(try plain("jpg", in: images), exif: Self.exif, then: Self.segments)
    }

    /// The PNG with 1 MB of text after its IHDR, and its eXIf after the text or after the image data.
    func png(in images: GeneratedImages, exifAfterImageData: Bool) throws -> [UInt8] {
        LargeMetadata.png(
            try plain("png", in: images), chunks: LargeMetadata.pngTextChunks(size: 1 << 20), exif: Self.exif,
            afterImageData: exifAfterImageData)
    }

    /// The extended WebP with 2 MB of ICC profile before its image and EXIF.
    func webp(in images: GeneratedImages) throws -> [UInt8] {
        try LargeMetadata.webp(
            try plain("webp", in: images), width: 48, height: 64, iccProfileSize: 2 << 20, exif: Self.exif)
    }

    /// Whether `thumbnail` is the picture upright, 32 × 24: its 8 × 8 top-left corner red, the rest blue (within
    /// `tolerance` a channel: JPEG is lossy, PNG and lossless WebP are exact).
    func isUpright(_ thumbnail: Thumbnail, tolerance: Int) -> Bool {
        func near(_ pixel: UInt32, _ expected: UInt32) -> Bool {
            (0..<3).allSatisfy { (shift: UInt32) in
                abs(Int((pixel >> (8 * shift)) & 0xFF) - Int((expected >> (8 * shift)) & 0xFF)) <= tolerance
            }
        }
        return thumbnail.width == 32 && thumbnail.height == 24 && near(thumbnail[3, 3], 0xFF0000)
            && [(28, 3), (3, 20), (28, 20), (12, 12)].allSatisfy { near(thumbnail[$0.0, $0.1], 0x0000FF) }
    }

    /// The header of `bytes` read as a file is (its first 4 KB, then what `HeaderReads.standard` reads), and the
    /// reads after the first, as (offset, count).
    func headerReadAsAFile(_ bytes: [UInt8]) throws -> (header: ImageHeader, reads: [(offset: Int, count: Int)]) {
        var reads: [(offset: Int, count: Int)] = []
        let header = try ImageHeader.read(start: Array(bytes.prefix(PhotoFile.firstRead)), size: bytes.count) {
            offset, count in
            reads.append((offset, count))
            return Array(bytes[offset..<min(bytes.count, offset + count)])
        }
        return (header, reads)
    }

    @Test func aJPEGsFrameHeaderBehindTenMegabytesOfSegmentsIsFoundWithItsExif() throws {
        let images = try GeneratedImages()
        let bytes = try jpeg(in: images)
        #expect(Self.segments.map(\.count).reduce(0, +) > 10 << 20)  // the frame header lies more than 10 MiB in
        let path = try images.write(bytes, to: "segments.jpg")
        #expect(try PhotoFile.readHeader(path: FilePath(path)) == Self.header(.jpeg))
        #expect(try ImageHeader.read(bytes) == Self.header(.jpeg))
        let thumbnail = try ThumbnailDecoder().thumbnail(ofFile: FilePath(path), width: 32)
        #expect(
            isUpright(thumbnail, tolerance: 40),
            "\(String(thumbnail[3, 3], radix: 16)) \(String(thumbnail[28, 20], radix: 16))")
    }

    @Test func theSegmentsAreSkippedNotRead() throws {
        let images = try GeneratedImages()
        // Past the first 4 KB, one read of 4 KB (or to the file's end) at the head of each segment but the first,
        // which lies in them, and at the frame header's: 640 KB of the 10 MB.
        let bytes = try jpeg(in: images)
        let (header, reads) = try headerReadAsAFile(bytes)
        #expect(header == Self.header(.jpeg))
        #expect(reads.count == Self.segments.count)
        #expect(reads.allSatisfy { $0.count <= 4096 })
        var segmentStart = 2 + HeaderBytes.exifSegment(Self.exif).count
        var heads: [Int] = []
        for segment in Self.segments {
            segmentStart += segment.count
            heads.append(segmentStart)
        }
        #expect(reads.map(\.offset) == heads)
        // A photo whose header lies in its first 4 KB is read from them alone, and one in its first 64 KB (a long
        // EXIF block) from them in one more read.
        #expect(
            try headerReadAsAFile(LargeMetadata.jpeg(try plain("jpg", in: images), exif: Self.exif, then: [])).reads
                .isEmpty)
        let longExif = LargeMetadata.jpeg(
            try plain("jpg", in: images), exif: Self.exif + [UInt8](repeating: 0, count: 30_000), then: [])
        let (longHeader, longReads) = try headerReadAsAFile(longExif)
        #expect(longHeader == Self.header(.jpeg))
        #expect(longReads.map(\.offset) == [4096] && longReads.map(\.count) == [longExif.count - 4096])
    }

    @Test(arguments: [false, true])
    func aPNGsEXIfBehindAMegabyteOfTextIsFoundBeforeOrAfterItsImageData(afterImageData: Bool) throws {
        let images = try GeneratedImages()
        let bytes = try png(in: images, exifAfterImageData: afterImageData)
        let path = try images.write(bytes, to: "text.png")
        #expect(try PhotoFile.readHeader(path: FilePath(path)) == Self.header(.png))
        #expect(try ImageHeader.read(bytes) == Self.header(.png))
        let thumbnail = try ThumbnailDecoder().thumbnail(ofFile: FilePath(path), width: 32)
        #expect(
            isUpright(thumbnail, tolerance: 0),
            "\(String(thumbnail[3, 3], radix: 16)) \(String(thumbnail[28, 20], radix: 16))")
        // The text chunks are skipped: one read at the head of each after the first (which lies in the first 4 KB),
        // and one at the eXIf's or the image data's, whose block holds the rest of this small file.
        let (header, reads) = try headerReadAsAFile(bytes)
        #expect(header == Self.header(.png))
        #expect(reads.count == 16 && reads.allSatisfy { $0.count <= 4096 })
    }

    @Test func anEXIfAfterManyImageDataChunksIsFoundInOneReadOfTheFilesEnd() throws {
        let images = try GeneratedImages()
        // 2 MB of noise in 32 KB IDAT chunks, then the eXIf before IEND, as ImageMagick places it.
        let noise = try Array(
            Data(
                contentsOf: URL(
                    fileURLWithPath: images.convert([
                        "-size", "600x600", "-seed", "1", "xc:", "+noise", "Random", "noise.png",
                    ]))))
        let bytes = Array(noise.dropLast(12)) + HeaderBytes.pngChunk("eXIf", Self.exif) + Array(noise.suffix(12))
        let expected = ImageHeader(format: .png, width: 600, height: 600, orientation: .right, dateTaken: Self.date)
        #expect(try ImageHeader.read(bytes) == expected)
        #expect(try PhotoFile.readHeader(path: FilePath(try images.write(bytes, to: "noise-exif.png"))) == expected)
        let (header, reads) = try headerReadAsAFile(bytes)
        #expect(header == expected)
        #expect(reads.map(\.offset) == [bytes.count - 65_536] && reads.map(\.count) == [65_536])
        // Without an eXIf, the same one read finds none.
        #expect(try headerReadAsAFile(noise).header == ImageHeader(format: .png, width: 600, height: 600))
    }

    @Test func anEXIfAfterTheImageDataIsOnlyTakenFromChunksThatEndTheFile() throws {
        let images = try GeneratedImages()
        let plainPNG = try plain("png", in: images)
        // The name and an EXIF block inside a text chunk's words are no chunk: no chunks follow one another by their
        // lengths from there to IEND.
        let words = HeaderBytes.pngChunk(
            "tEXt", Array("Comment".utf8) + [0] + Array("the eXIf".utf8) + Self.exif + Array(" chunk".utf8))
        let bytes = Array(plainPNG.dropLast(12)) + words + Array(plainPNG.suffix(12))
        #expect(try ImageHeader.read(bytes) == ImageHeader(format: .png, width: 48, height: 64))
        #expect(HeaderBytes.crc32(Array("IEND".utf8)) == 0xAE42_6082)  // (the CRC the chunks here carry, checked)
        #expect(try ThumbnailDecoder().thumbnail(of: bytes, width: 24).width == 24)  // libspng takes the chunk
    }

    @Test func aWebPsEXIFBehindTwoMegabytesOfICCProfileIsFound() throws {
        let images = try GeneratedImages()
        let bytes = try webp(in: images)
        let path = try images.write(bytes, to: "profile.webp")
        #expect(try PhotoFile.readHeader(path: FilePath(path)) == Self.header(.webp))
        #expect(try ImageHeader.read(bytes) == Self.header(.webp))
        let thumbnail = try ThumbnailDecoder().thumbnail(ofFile: FilePath(path), width: 32)
        #expect(
            isUpright(thumbnail, tolerance: 0),
            "\(String(thumbnail[3, 3], radix: 16)) \(String(thumbnail[28, 20], radix: 16))")
        // The profile is skipped: one read past it, at the image's head, whose block holds this small image and
        // the EXIF after it.
        let (header, reads) = try headerReadAsAFile(bytes)
        #expect(header == Self.header(.webp))
        #expect(reads.map(\.offset) == [12 + 18 + 8 + (2 << 20)] && reads.allSatisfy { $0.count <= 4096 })
    }

    @Test func aBombBehindTenMegabytesOfSegmentsIsRefusedFromItsHeader() throws {
        let images = try GeneratedImages()
        let bomb = LargeMetadata.jpeg(
            HeaderBytes.jpeg(width: 20_000, height: 10_001), exif: Self.exif, then: Self.segments)
        let path = try images.write(bomb, to: "bomb.jpg")
        #expect(throws: PhotoError.tooLarge(width: 20_000, height: 10_001)) {
            try PhotoFile.readHeader(path: FilePath(path))
        }
        #expect(throws: PhotoError.tooLarge(width: 20_000, height: 10_001)) {
            try ThumbnailDecoder().thumbnail(ofFile: FilePath(path), width: 32)
        }
    }

    @Test func photosCutShortInsideTheirMetadataAreRefusedAsTruncated() throws {
        let images = try GeneratedImages()
        let cuts: [(name: String, bytes: [UInt8], format: ImageFormat)] = [
            ("cut.jpg", Array(try jpeg(in: images).prefix(5 << 20)), .jpeg),  // inside the segments
            // inside the text
            ("cut.png", Array(try png(in: images, exifAfterImageData: false).prefix(512 << 10)), .png),
            ("cut.webp", Array(try webp(in: images).prefix(1 << 20)), .webp),  // inside the ICC profile
        ]
        let decoder = ThumbnailDecoder()
        for (name, bytes, format) in cuts {
            let path = FilePath(try images.write(bytes, to: name))
            #expect(throws: PhotoError.truncated(format), "\(name)") { try PhotoFile.readHeader(path: path) }
            #expect(throws: PhotoError.truncated(format), "\(name)") { try ImageHeader.read(bytes) }
            #expect(throws: PhotoError.truncated(format), "\(name)") { try decoder.thumbnail(ofFile: path, width: 32) }
        }
        #expect(PhotoError.truncated(.webp).description == "truncated WebP")
    }

    @Test func theWalkGivesTheWallEachPhotosSizeOrientationAndDateOrItsError() throws {
        let images = try GeneratedImages()
        try FileManager.default.createDirectory(atPath: images.path("wall"), withIntermediateDirectories: true)
        let jpeg = try jpeg(in: images)
        let png = try png(in: images, exifAfterImageData: false)
        let webp = try webp(in: images)
        try images.write(jpeg, to: "wall/a-segments.jpg")
        try images.write(png, to: "wall/b-text.png")
        try images.write(try self.png(in: images, exifAfterImageData: true), to: "wall/c-text-after.png")
        try images.write(webp, to: "wall/d-profile.webp")
        try images.write(Array(jpeg.prefix(5 << 20)), to: "wall/e-cut.jpg")
        try images.write(Array(png.prefix(512 << 10)), to: "wall/f-cut.png")
        try images.write(Array(webp.prefix(1 << 20)), to: "wall/g-cut.webp")
        let (folders, counts) = PhotoWalker(paths: [images.path("wall")]).walkAll()
        let photos = folders.first?.photos ?? []
        #expect(counts.found == 7 && counts.skipped == 0 && counts.unreadable == 0)
        #expect(
            photos.map(\.name) == [
                "a-segments.jpg", "b-text.png", "c-text-after.png", "d-profile.webp", "e-cut.jpg", "f-cut.png",
                "g-cut.webp",
            ])
        #expect(
            photos.map(\.header) == [
                Self.header(.jpeg), Self.header(.png), Self.header(.png), Self.header(.webp), nil, nil, nil,
            ])
        #expect(photos.map(\.aspect) == [0.75, 0.75, 0.75, 0.75, 1, 1, 1])
        #expect(
            photos.map { $0.error?.description } == [
                nil, nil, nil, nil, "truncated JPEG", "truncated PNG", "truncated WebP",
            ])
    }
}
