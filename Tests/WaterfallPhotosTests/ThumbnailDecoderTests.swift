import Foundation
import PhotoTestSupport
import SystemPackage
import Testing

@testable import WaterfallPhotos

/// Photos decoded to thumbnails: the size asked for at the upright aspect, the colours they hold, each EXIF
/// orientation turned upright, transparency over the background, and the files that cannot be shown refused with
/// their reason.
struct ThumbnailDecoderTests {
    /// Whether `pixel` is within `tolerance` of `expected` in each channel (JPEG and lossy WebP are lossy).
    func near(_ pixel: UInt32, _ expected: UInt32, tolerance: Int = 6) -> Bool {
        (0..<3).allSatisfy { (shift: UInt32) -> Bool in
            let actual = Int((pixel >> (8 * shift)) & 0xFF)
            let wanted = Int((expected >> (8 * shift)) & 0xFF)
            return abs(actual - wanted) <= tolerance
        }
    }

    @Test func solidPhotosOfEveryKindDecodeToTheirColourAtTheAskedWidth() throws {
        let images = try GeneratedImages()
        let decoder = ThumbnailDecoder()
        let cases: [(arguments: [String], colour: UInt32, exact: Bool)] = [
            (["-size", "400x300", "xc:#C03020", "baseline.jpg"], 0xC03020, false),
            (["-size", "400x300", "xc:#C03020", "-interlace", "Plane", "progressive.jpg"], 0xC03020, false),
            (["-size", "400x300", "xc:#20A040", "PNG8:palette.png"], 0x20A040, true),
            (["-size", "400x300", "xc:#2040C0", "-depth", "16", "PNG48:deep.png"], 0x2040C0, true),
            (["-size", "400x300", "xc:#808000", "-interlace", "PNG", "interlaced.png"], 0x808000, true),
            (["-size", "400x300", "xc:#008080", "-define", "webp:lossless=true", "lossless.webp"], 0x008080, true),
            (["-size", "400x300", "xc:#A05020", "-quality", "90", "lossy.webp"], 0xA05020, false),
        ]
        for (arguments, colour, exact) in cases {
            let thumbnail = try decoder.thumbnail(ofFile: FilePath(try images.convert(arguments)), width: 100)
            #expect(thumbnail.width == 100 && thumbnail.height == 75, "\(arguments.last ?? "")")
            let centre = thumbnail[50, 37]
            #expect(
                exact ? centre == colour : near(centre, colour), "\(arguments.last ?? ""): \(String(centre, radix: 16))"
            )
        }
    }

    @Test func anAnimatedWebPShowsItsFirstFrameComposedOnItsCanvas() throws {
        let images = try GeneratedImages()
        // Frame 1 covers the 40 × 30 canvas in red; frame 2, a blue 20 × 10 at (5, 5), is not the wall's.
        let path = try images.convert([
            "-size", "40x30", "xc:#E01010", "(", "-size", "20x10", "xc:#1010E0", "-repage", "40x30+5+5", ")",
            "-define", "webp:lossless=true", "-delay", "10", "-loop", "0", "anim.webp",
        ])
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes.count > 30 && Array(bytes[30..<34]) == Array("ANIM".utf8), "ImageMagick made no animated WebP")
        #expect(try ImageHeader.read(bytes) == ImageHeader(format: .webp, width: 40, height: 30))
        let thumbnail = try ThumbnailDecoder().thumbnail(ofFile: FilePath(path), width: 40)
        #expect(thumbnail.width == 40 && thumbnail.height == 30)
        #expect(
            thumbnail[10, 10] == 0xE01010 && thumbnail[38, 28] == 0xE01010, "\(String(thumbnail[10, 10], radix: 16))")
    }

    @Test func anAnimatedPNGShowsItsFirstFrame() throws {
        let images = try GeneratedImages()
        let path = images.path("anim.png")
        // Pillow writes an APNG whose default image is its first frame, red; the second is blue.
        _ = try pillow(
            """
            import sys
            from PIL import Image
            red, blue = Image.new("RGB", (40, 30), (224, 16, 16)), Image.new("RGB", (40, 30), (16, 16, 224))
            red.save(sys.argv[1], save_all=True, append_images=[blue], duration=100, loop=0)
            """, [path])
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(
            bytes.indices.dropLast(4).contains { Array(bytes[$0..<($0 + 4)]) == Array("acTL".utf8) },
            "Pillow made no APNG")
        let thumbnail = try ThumbnailDecoder().thumbnail(ofFile: FilePath(path), width: 40)
        #expect(thumbnail.width == 40 && thumbnail.height == 30)
        #expect(thumbnail[20, 15] == 0xE01010, "\(String(thumbnail[20, 15], radix: 16))")
    }

    @Test func aTruncatedAnimatedWebPIsNamed() throws {
        let images = try GeneratedImages()
        let path = try images.convert([
            "-size", "40x30", "xc:red", "-size", "40x30", "xc:blue", "-define", "webp:lossless=true",
            "-delay", "10", "anim.webp",
        ])
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        let cut = try images.write(Array(bytes.prefix(60)), to: "cut.webp")
        #expect(throws: PhotoError.truncated(.webp)) {
            try ThumbnailDecoder().thumbnail(ofFile: FilePath(cut), width: 40)
        }
    }

    @Test func aCMYKJPEGShowsItsColour() throws {
        let images = try GeneratedImages()
        let thumbnail = try ThumbnailDecoder().thumbnail(
            ofFile: FilePath(try images.convert(["-size", "64x80", "xc:orange", "-colorspace", "CMYK", "cmyk.jpg"])),
            width: 32)
        #expect(thumbnail.width == 32 && thumbnail.height == 40)
        #expect(near(thumbnail[16, 20], 0xFFA500, tolerance: 12), "\(String(thumbnail[16, 20], radix: 16))")
    }

    @Test func transparencyIsLaidOverTheBackground() throws {
        let images = try GeneratedImages()
        let decoder = ThumbnailDecoder()
        decoder.background = 0xFFFFFF
        let half = try decoder.thumbnail(
            ofFile: FilePath(try images.convert(["-size", "20x20", "xc:#FF000080", "PNG32:half.png"])), width: 10)
        #expect(near(half[5, 5], 0xFF7F7F, tolerance: 1))
        decoder.background = 0x000000
        #expect(near(try decoder.thumbnail(ofFile: images.file("half.png"), width: 10)[5, 5], 0x800000, tolerance: 1))
    }

    @Test func anAreaAverageKeepsAStripesMeanColour() {
        // Black and white one-pixel stripes shrunk 4 to 1: grey, not one of the stripes (which skipping would give).
        var bytes: [UInt8] = []
        for _ in 0..<8 { for x in 0..<8 { bytes += x % 2 == 0 ? [0, 0, 0, 255] : [255, 255, 255, 255] } }
        let thumbnail = RGBAImage(width: 8, height: 8, bytes: bytes).scaled(toWidth: 2, height: 2, over: 0)
        #expect(thumbnail.pixels == [UInt32](repeating: 0x808080, count: 4))
    }

    @Test(arguments: ExifOrientation.allCases)
    func everyOrientationShowsItsRedCornerTopLeft(orientation: ExifOrientation) throws {
        let images = try GeneratedImages()
        let thumbnail = try ThumbnailDecoder().thumbnail(
            ofFile: FilePath(
                try images.orientedJPEG(orientation.rawValue, name: "oriented-\(orientation.rawValue).jpg")), width: 32)
        #expect(thumbnail.width == 32 && thumbnail.height == 24)
        #expect(near(thumbnail[3, 3], 0xFF0000, tolerance: 40), "top left \(String(thumbnail[3, 3], radix: 16))")
        for (x, y) in [(28, 3), (3, 20), (28, 20)] {
            #expect(
                near(thumbnail[x, y], 0x0000FF, tolerance: 40), "(\(x), \(y)) \(String(thumbnail[x, y], radix: 16))")
        }
    }

    @Test func aDecoderReusedForPhotosOfOtherSizesGivesEachWhatAFreshOneGives() throws {
        // One decoder reads each file and decodes each JPEG into memory it keeps: a larger photo, then a smaller one,
        // then the larger one cut short (the whole of it is still in that memory, and must not be read again).
        let images = try GeneratedImages()
        let large = try images.convert([
            "-size", "1200x900", "-seed", "5", "plasma:fractal", "-quality", "95", "large.jpg",
        ])
        let small = try images.convert(["-size", "200x150", "gradient:red-blue", "small.jpg"])
        let wide = try images.convert(["-size", "600x200", "gradient:green-yellow", "wide.png"])
        let whole = try Array(Data(contentsOf: URL(fileURLWithPath: large)))
        #expect(whole.count > 2 * PhotoFile.headerLimit)
        let cut = try images.write(Array(whole.prefix(whole.count * 3 / 4)), to: "cut.jpg")
        let decoder = ThumbnailDecoder()
        for (path, width) in [(large, 300), (small, 120), (wide, 90), (large, 150)] {
            let reused = try decoder.thumbnail(ofFile: FilePath(path), width: width)
            #expect(
                reused == (try ThumbnailDecoder().thumbnail(ofFile: FilePath(path), width: width)),
                "\(path) at \(width)")
        }
        #expect(throws: PhotoError.truncated(.jpeg)) { try decoder.thumbnail(ofFile: FilePath(cut), width: 300) }
    }

    @Test func filesThatCannotBeShownSayWhy() throws {
        let images = try GeneratedImages()
        let decoder = ThumbnailDecoder()
        let jpeg = try Array(
            Data(contentsOf: URL(fileURLWithPath: try images.convert(["-size", "300x200", "gradient:", "whole.jpg"]))))
        let cut = try images.write(Array(jpeg.prefix(jpeg.count / 2)), to: "cut.jpg")
        #expect(throws: PhotoError.truncated(.jpeg)) { try decoder.thumbnail(ofFile: FilePath(cut), width: 50) }
        let png = try Array(
            Data(contentsOf: URL(fileURLWithPath: try images.convert(["-size", "300x200", "gradient:", "whole.png"]))))
        let cutPNG = try images.write(Array(png.prefix(png.count / 2)), to: "cut.png")
        #expect(throws: PhotoError.self) { try decoder.thumbnail(ofFile: FilePath(cutPNG), width: 50) }
        let bomb = try images.write(HeaderBytes.png(width: 50_000, height: 50_000), to: "bomb.png")
        #expect(throws: PhotoError.tooLarge(width: 50_000, height: 50_000)) {
            try decoder.thumbnail(ofFile: FilePath(bomb), width: 50)
        }
        #expect(throws: PhotoError.vanished) { try decoder.thumbnail(ofFile: images.file("gone.webp"), width: 50) }
        #expect(throws: PhotoError.notAnImage) {
            try decoder.thumbnail(ofFile: FilePath(try images.write(Array("text".utf8), to: "t.jpg")), width: 50)
        }
        #expect(throws: PhotoError.empty) {
            try decoder.thumbnail(ofFile: FilePath(try images.write([], to: "zero.jpg")), width: 50)
        }
    }
}
