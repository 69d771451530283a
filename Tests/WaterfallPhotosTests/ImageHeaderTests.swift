import PhotoTestSupport
import Testing

@testable import WaterfallPhotos

/// Headers read from their bytes: the size each format stores, EXIF's orientation in either byte order, and the
/// refusals named.
struct ImageHeaderTests {
    @Test func formatsAreToldByTheirMagicNumbers() {
        #expect(ImageFormat(magic: HeaderBytes.jpeg(width: 1, height: 1)) == .jpeg)
        #expect(ImageFormat(magic: HeaderBytes.png(width: 1, height: 1)) == .png)
        #expect(ImageFormat(magic: HeaderBytes.webp("VP8L", [0x2F, 0, 0, 0, 0])) == .webp)
        #expect(ImageFormat(magic: Array("GIF89a".utf8) + [1, 0, 1, 0]) == .gif)
        #expect(ImageFormat(magic: Array("GIF87a".utf8) + [1, 0, 1, 0]) == .gif)
        #expect(ImageFormat(magic: Array("GIF88a".utf8) + [1, 0, 1, 0]) == nil)
        #expect(ImageFormat(magic: Array("hello, this is text".utf8)) == nil)
        #expect(ImageFormat(magic: Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8)) == nil)  // RIFF, but no WebP
    }

    @Test(arguments: [UInt8(0xC0), 0xC1, 0xC2, 0xC3])  // baseline, extended, progressive, lossless
    func aJPEGsSizeComesFromItsFrameHeader(sof: UInt8) throws {
        let header = try ImageHeader.read(HeaderBytes.jpeg(width: 4032, height: 3024, sof: sof))
        #expect(header == ImageHeader(format: .jpeg, width: 4032, height: 3024))
    }

    @Test(arguments: ExifOrientation.allCases, [true, false])
    func everyOrientationIsReadInEitherByteOrder(orientation: ExifOrientation, littleEndian: Bool) throws {
        let exif = HeaderBytes.tiff(
            orientation: orientation.rawValue, date: "2024:05:01 12:30:00", littleEndian: littleEndian)
        let header = try ImageHeader.read(HeaderBytes.jpeg(width: 400, height: 300, exif: exif))
        #expect(header.orientation == orientation)
        #expect(header.dateTaken == "2024:05:01 12:30:00")
        #expect(header.orientedSize == (orientation.rawValue >= 5 ? (300, 400) : (400, 300)))
    }

    @Test func aBadOrMissingExifBlockReadsAsUpright() throws {
        let outOfRange = HeaderBytes.tiff(orientation: 9, date: nil, littleEndian: true)
        #expect(try ImageHeader.read(HeaderBytes.jpeg(width: 10, height: 20, exif: outOfRange)).orientation == .up)
        let garbage: [UInt8] = [0x49, 0x49, 42, 0, 0xFF, 0xFF, 0xFF, 0x7F, 1, 2, 3]  // IFD0 far past the end
        #expect(
            try ImageHeader.read(HeaderBytes.jpeg(width: 10, height: 20, exif: garbage))
                == ImageHeader(format: .jpeg, width: 10, height: 20))
    }

    @Test func aPNGsSizeComesFromIHDRAndItsOrientationFromEXIf() throws {
        #expect(
            try ImageHeader.read(HeaderBytes.png(width: 640, height: 480))
                == ImageHeader(format: .png, width: 640, height: 480))
        let exif = HeaderBytes.tiff(orientation: 6, date: nil, littleEndian: false)
        let header = try ImageHeader.read(HeaderBytes.png(width: 640, height: 480, exif: exif))
        #expect(header.orientation == .right && header.orientedSize == (480, 640))
    }

    @Test func webpsLossyLosslessAndExtendedSizes() throws {
        let lossy = HeaderBytes.webp(
            "VP8 ", [0, 0, 0, 0x9D, 0x01, 0x2A] + HeaderBytes.le16(1920) + HeaderBytes.le16(1080) + [0, 0])
        #expect(try ImageHeader.read(lossy) == ImageHeader(format: .webp, width: 1920, height: 1080))
        let bits = (800 - 1) | (600 - 1) << 14
        let lossless = HeaderBytes.webp("VP8L", [0x2F] + HeaderBytes.le32(bits))
        #expect(try ImageHeader.read(lossless) == ImageHeader(format: .webp, width: 800, height: 600))
        let exif = HeaderBytes.tiff(orientation: 8, date: nil, littleEndian: true)
        let extended = HeaderBytes.webp(
            "VP8X", [0x08, 0, 0, 0] + HeaderBytes.le24(3000 - 1) + HeaderBytes.le24(2000 - 1),
            more: Array("EXIF".utf8) + HeaderBytes.le32(exif.count) + exif)
        let header = try ImageHeader.read(extended)
        #expect(header.width == 3000 && header.height == 2000 && header.orientation == .left)
    }

    @Test func decompressionBombsAreRefusedFromTheHeader() {
        #expect(throws: PhotoError.tooLarge(width: 50_000, height: 50_000)) {
            try ImageHeader.read(HeaderBytes.png(width: 50_000, height: 50_000))
        }
        #expect(throws: PhotoError.tooLarge(width: 70_000, height: 10)) {
            try ImageHeader.read(HeaderBytes.png(width: 70_000, height: 10))
        }
        #expect(throws: PhotoError.tooLarge(width: 20_000, height: 10_001)) {
            try ImageHeader.read(HeaderBytes.jpeg(width: 20_000, height: 10_001))
        }
        // exactly 200 MP
        #expect(throws: Never.self) { try ImageHeader.read(HeaderBytes.jpeg(width: 20_000, height: 10_000)) }
        #expect(PhotoError.tooLarge(width: 50_000, height: 50_000).description == "too large: 50000 × 50000 px")
    }

    @Test func emptyTextTruncatedAndOddFilesNameTheirProblem() {
        #expect(throws: PhotoError.empty) { try ImageHeader.read([]) }
        #expect(throws: PhotoError.notAnImage) { try ImageHeader.read(Array("not a photo\n".utf8)) }
        let jpeg = HeaderBytes.jpeg(width: 100, height: 100)
        #expect(throws: PhotoError.truncated(.jpeg)) { try ImageHeader.read(Array(jpeg.prefix(30))) }
        #expect(throws: PhotoError.truncated(.png)) {
            try ImageHeader.read(Array(HeaderBytes.png(width: 5, height: 5).prefix(20)))
        }
        #expect(throws: PhotoError.unsupported(.png, "a size of 0 × 5")) {
            try ImageHeader.read(HeaderBytes.png(width: 0, height: 5))
        }
        #expect(PhotoError.truncated(.jpeg).description == "truncated JPEG")
        #expect(PhotoError.vanished.description == "file vanished")
    }
}
