import Foundation
import PhotoTestSupport
import SystemPackage
import Testing

@testable import WaterfallPhotos

/// TIFFs, as ImageMagick writes them and as made byte by byte: the first page's size and orientation read from the
/// header, its pixels decoded by libtiff in every colour model and bit depth to the colour they hold, turned upright,
/// and the files that cannot be shown refused with their reason.
struct TIFFTests {
    /// Whether each channel of `pixel` is within `tolerance` of `expected`'s.
    func near(_ pixel: UInt32, _ expected: UInt32, tolerance: Int) -> Bool {
        (0..<3).allSatisfy { (shift: UInt32) -> Bool in
            abs(Int(pixel >> (8 * shift) & 0xFF) - Int(expected >> (8 * shift) & 0xFF)) <= tolerance
        }
    }

    /// ImageMagick's name for EXIF's (and TIFF's) orientation 1-8.
    static let orientNames = [
        "TopLeft", "TopRight", "BottomRight", "BottomLeft", "LeftTop", "RightTop", "RightBottom", "LeftBottom",
    ]

    @Test func everyTIFFMagicIsATIFFAndNearMissesAreNot() {
        #expect(ImageFormat(magic: [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0]) == .tiff)
        #expect(ImageFormat(magic: [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8]) == .tiff)
        #expect(ImageFormat(magic: [0x49, 0x49, 0x2B, 0x00, 8, 0, 0, 0]) == .tiff)
        #expect(ImageFormat(magic: [0x4D, 0x4D, 0x00, 0x2B, 0, 8, 0, 0]) == .tiff)
        #expect(ImageFormat(magic: [0x49, 0x49, 0x00, 0x2A]) == nil)  // the big-endian version in a little-endian file
        #expect(ImageFormat(magic: [0x4D, 0x4D, 0x2A, 0x00]) == nil)
        #expect(ImageFormat.tiff.mimeType == "image/tiff")
    }

    @Test(arguments: [(false, true), (false, false), (true, true), (true, false)])
    func theFirstPagesSizeAndOrientationAreReadFromAHandMadeHeader(big: Bool, littleEndian: Bool) throws {
        let bytes = HeaderBytes.tiffFile(
            width: 640, height: 480, orientation: 6, littleEndian: littleEndian, big: big, pixels: false)
        let header = try ImageHeader.read(bytes)
        #expect(header == ImageHeader(format: .tiff, width: 640, height: 480, orientation: .right))
        #expect(header.orientedSize == (480, 640))
    }

    @Test func imageMagicksTIFFsHeadersGiveTheirSizeWhereverTheIFDLies() throws {
        let images = try GeneratedImages()
        // ImageMagick (libtiff) writes IFD0 after the pixels: 300 × 200 × 6 bytes (16-bit) before it, past the
        // 64 KB a header read starts with.
        for name in ["classic.tif", "TIFF64:big.tif"] {
            let path = try images.convert(["-size", "300x200", "gradient:red-blue", "-orient", "RightTop", name])
            let expected = ImageHeader(format: .tiff, width: 300, height: 200, orientation: .right)
            #expect(try PhotoFile.readHeader(path: FilePath(path)) == expected, "\(name)")
            #expect(try ImageHeader.read(Array(Data(contentsOf: URL(fileURLWithPath: path)))) == expected, "\(name)")
        }
    }

    @Test func solidTIFFsOfEveryKindDecodeToTheirColour() throws {
        let images = try GeneratedImages()
        let decoder = ThumbnailDecoder()
        let cases: [(arguments: [String], colour: UInt32, tolerance: Int)] = [
            (["xc:#C03020", "-depth", "8", "rgb.tif"], 0xC03020, 0),
            (["xc:#C03020", "-depth", "16", "deep.tif"], 0xC03020, 0),
            (["xc:#20A040", "-depth", "8", "-compress", "LZW", "lzw.tif"], 0x20A040, 0),
            (
                [
                    "xc:#2040C0", "-depth", "8", "-compress", "Zip", "-define", "tiff:tile-geometry=64x64",
                    "tiled-zip.tif",
                ], 0x2040C0, 0
            ),
            (["xc:#808080", "-depth", "8", "-colorspace", "Gray", "grey.tif"], 0x808080, 0),
            (["xc:#A05020", "-depth", "8", "-type", "Palette", "palette.tif"], 0xA05020, 0),
            (["xc:#A05020", "-quality", "90", "-compress", "JPEG", "jpeg.tif"], 0xA05020, 6),
            (["xc:orange", "-depth", "8", "-colorspace", "CMYK", "cmyk.tif"], 0xFFA500, 12),
        ]
        for (arguments, colour, tolerance) in cases {
            let path = try images.convert(["-size", "400x300"] + arguments)
            let thumbnail = try decoder.thumbnail(ofFile: FilePath(path), width: 100)
            #expect(thumbnail.width == 100 && thumbnail.height == 75, "\(arguments.last ?? "")")
            let centre = thumbnail[50, 37]
            #expect(near(centre, colour, tolerance: tolerance), "\(arguments.last ?? ""): \(String(centre, radix: 16))")
        }
    }

    @Test(arguments: ["unassociated", "associated"])
    func alphaIsLaidOverTheBackground(alpha: String) throws {
        let images = try GeneratedImages()
        let path = try images.convert([
            "-size", "20x20", "xc:#FF000080", "-depth", "8", "-define", "tiff:alpha=\(alpha)", "half.tif",
        ])
        let decoder = ThumbnailDecoder()
        decoder.background = 0xFFFFFF
        let overWhite = try decoder.thumbnail(ofFile: FilePath(path), width: 10)[5, 5]
        #expect(near(overWhite, 0xFF7F7F, tolerance: 1), "\(String(overWhite, radix: 16))")
        decoder.background = 0x000000
        let overBlack = try decoder.thumbnail(ofFile: FilePath(path), width: 10)[5, 5]
        #expect(near(overBlack, 0x800000, tolerance: 1), "\(String(overBlack, radix: 16))")
    }

    @Test func aMultiPageTIFFShowsItsFirstPage() throws {
        let images = try GeneratedImages()
        let path = try images.convert([
            "-size", "40x30", "xc:#00C000", "-size", "90x20", "xc:#0000C0", "-depth", "8", "pages.tif",
        ])
        #expect(try PhotoFile.readHeader(path: FilePath(path)) == ImageHeader(format: .tiff, width: 40, height: 30))
        let thumbnail = try ThumbnailDecoder().thumbnail(ofFile: FilePath(path), width: 20)
        #expect(thumbnail.width == 20 && thumbnail.height == 15)
        #expect(Set(thumbnail.pixels) == [0x00C000])
    }

    @Test(arguments: ExifOrientation.allCases)
    func everyOrientationShowsItsRedCornerTopLeft(orientation: ExifOrientation) throws {
        let images = try GeneratedImages()
        let picture = try images.orientedPicture(orientation.rawValue, name: "picture")
        let path = try images.convert([
            picture, "-orient", Self.orientNames[orientation.rawValue - 1], "-depth", "8", "oriented.tif",
        ])
        let header = try PhotoFile.readHeader(path: FilePath(path))
        #expect(header.orientation == orientation && header.orientedSize == (64, 48))
        let thumbnail = try ThumbnailDecoder().thumbnail(ofFile: FilePath(path), width: 32)
        #expect(thumbnail.width == 32 && thumbnail.height == 24)
        #expect(thumbnail[3, 3] == 0xFF0000, "top left \(String(thumbnail[3, 3], radix: 16))")
        for (x, y) in [(28, 3), (3, 20), (28, 20)] {
            #expect(thumbnail[x, y] == 0x0000FF, "(\(x), \(y)) \(String(thumbnail[x, y], radix: 16))")
        }
    }

    @Test func aTruncatedTIFFSaysSo() throws {
        let images = try GeneratedImages()
        let decoder = ThumbnailDecoder()
        // IFD0 first, the pixels cut: libtiff's strip passes the end of the file.
        let whole = HeaderBytes.tiffFile(width: 64, height: 48)
        let cutPixels = try images.write(Array(whole.prefix(whole.count - 1000)), to: "cut-pixels.tif")
        #expect(
            try PhotoFile.readHeader(path: FilePath(cutPixels)) == ImageHeader(format: .tiff, width: 64, height: 48))
        #expect(throws: PhotoError.truncated(.tiff)) { try decoder.thumbnail(ofFile: FilePath(cutPixels), width: 32) }
        // ImageMagick's, IFD0 after the pixels: cut in half, the header is gone.
        let magick = try Array(
            Data(contentsOf: URL(fileURLWithPath: try images.convert(["-size", "300x200", "gradient:", "whole.tif"]))))
        let cutHeader = try images.write(Array(magick.prefix(magick.count / 2)), to: "cut-header.tif")
        #expect(throws: PhotoError.truncated(.tiff)) { try decoder.thumbnail(ofFile: FilePath(cutHeader), width: 32) }
        #expect(PhotoError.truncated(.tiff).description == "truncated TIFF")
    }

    @Test func libtiffsOwnRefusalIsTheReason() throws {
        let images = try GeneratedImages()
        let path = try images.write(HeaderBytes.tiffFile(width: 8, height: 8, compression: 12345), to: "odd.tif")
        #expect(throws: PhotoError.unsupported(.tiff, "Compression scheme 12345 strip decoding is not implemented")) {
            try ThumbnailDecoder().thumbnail(ofFile: FilePath(path), width: 8)
        }
    }

    @Test func aBombIsRefusedFromItsHeaderBeforeDecoding() throws {
        let images = try GeneratedImages()
        for big in [false, true] {
            let bomb = HeaderBytes.tiffFile(width: 100_000, height: 100_000, big: big, pixels: false)
            #expect(throws: PhotoError.tooLarge(width: 100_000, height: 100_000)) { try ImageHeader.read(bomb) }
            let path = try images.write(bomb, to: "bomb.tif")
            #expect(throws: PhotoError.tooLarge(width: 100_000, height: 100_000)) {
                try ThumbnailDecoder().thumbnail(ofFile: FilePath(path), width: 50)
            }
            // The decoder checks libtiff's size itself too, before it allocates the pixels.
            #expect(throws: PhotoError.tooLarge(width: 100_000, height: 100_000)) {
                try bomb.withUnsafeBytes { try TIFFDecoder.decode($0) }
            }
        }
        // Each side within the limit, all of them above it (60,000² is 3.6 gigapixels).
        let wide = HeaderBytes.tiffFile(width: 60_000, height: 60_000, pixels: false)
        #expect(throws: PhotoError.tooLarge(width: 60_000, height: 60_000)) { try ImageHeader.read(wide) }
        #expect(throws: PhotoError.tooLarge(width: 60_000, height: 60_000)) {
            try wide.withUnsafeBytes { try TIFFDecoder.decode($0) }
        }
    }

    @Test func aHeaderWithoutASizeOrWithItsIFDOutsideTheFileSaysWhy() {
        var noIFD = HeaderBytes.tiffFile(width: 8, height: 8, pixels: false)
        noIFD[4] = 0xFF  // IFD0's offset past the end
        #expect(throws: PhotoError.truncated(.tiff)) { try ImageHeader.read(noIFD) }
        var inside = HeaderBytes.tiffFile(width: 8, height: 8, pixels: false)
        inside[4] = 4  // IFD0 inside the 8-byte header
        #expect(throws: PhotoError.unsupported(.tiff, "IFD0 at offset 4, inside the header")) {
            try ImageHeader.read(inside)
        }
        var sizeless = HeaderBytes.tiffFile(width: 8, height: 8, pixels: false)
        sizeless[10] = 0x99  // ImageWidth's tag is 256 + 0x99 now
        #expect(throws: PhotoError.unsupported(.tiff, "a first page without its width and height")) {
            try ImageHeader.read(sizeless)
        }
    }
}
