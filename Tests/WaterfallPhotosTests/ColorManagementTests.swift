import Foundation
import PhotoTestSupport
import SystemPackage
import Testing

@testable import WaterfallPhotos

/// Colour management: a photo's embedded ICC profile, read from each format, and its colours converted with lcms2 to
/// the display's profile (sRGB when the display has none), as ImageMagick's `-profile` converts them.
struct ColorManagementTests {
    let images: GeneratedImages
    /// A flat colour, as numbers in Adobe RGB: in sRGB it is a more saturated green.
    let colour = "rgb(40,160,60)"
    let adobeRGB: [UInt8]

    init() throws {
        images = try GeneratedImages()
        adobeRGB = try TestProfiles.bytes(TestProfiles.adobeRGB)
    }

    func bytes(of path: String) throws -> [UInt8] { try Array(Data(contentsOf: URL(fileURLWithPath: path))) }

    /// The PNG of `colour` whose iCCP chunk is the Adobe RGB profile (ImageMagick's `-profile` on an image without
    /// one attaches it, converting nothing).
    func taggedPNG(_ name: String = "tagged.png") throws -> String {
        try images.convert(["-size", "64x48", "xc:\(colour)", "-profile", TestProfiles.adobeRGB, "PNG24:" + name])
    }

    /// Each of the image formats that carry a profile, made from the tagged PNG by Debian's own encoders (losslessly,
    /// where they can), with the tolerance its codec needs.
    func taggedFiles() throws -> [(format: String, path: String, tolerance: Int)] {
        let png = try taggedPNG()
        let jxl = try images.cjxl(png, "tagged.jxl", ["-d", "0"])
        return [
            ("PNG", png, 0),
            ("JPEG", try images.convert([png, "-quality", "100", "tagged.jpg"]), 2),
            ("WebP", try images.convert([png, "-define", "webp:lossless=true", "tagged.webp"]), 0),
            ("TIFF", try images.convert([png, "tagged.tif"]), 0),
            ("JPEG XL", jxl, 0),
            ("HEIC", try images.encode("heif-enc", ["-L", "-p", "chroma=444"], from: png, to: "tagged.heic"), 2),
            ("AVIF", try images.encode("avifenc", ["-l"], from: png, to: "tagged.avif"), 2),
        ]
    }

    func decode(_ path: String) throws -> ThumbnailDecoder.Decoded {
        try ThumbnailDecoder().decode(fileAt: path, width: 32)
    }

    func near(_ pixel: UInt32, _ expected: [UInt8], tolerance: Int) -> Bool {
        let channels = [Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF)]
        return zip(channels, expected).allSatisfy { abs($0 - Int($1)) <= tolerance }
    }

    @Test func eachFormatsEmbeddedProfileIsRead() throws {
        for file in try taggedFiles() {
            let decoded = try decode(file.path)
            #expect(decoded.profile?.bytes == adobeRGB, "\(file.format)")
            #expect(decoded.profile?.name == "Artifex Software A98 ICC Profile", "\(file.format)")
        }
        // Without one, nothing: a GIF cannot carry one, an untagged PNG does not.
        #expect(try decode(images.convert(["-size", "8x8", "xc:\(colour)", "plain.gif"])).profile == nil)
        #expect(try decode(images.convert(["-size", "8x8", "xc:\(colour)", "PNG24:plain.png"])).profile == nil)
    }

    @Test func aTaggedPhotoShowsTheColoursImageMagicksConversionToSRGBGives() throws {
        let reference = try images.pixel(of: taggedPNG("reference.png"), after: ["-profile", TestProfiles.sRGB])
        // The conversion moves the colour: the test could not pass with the numbers left as they are.
        #expect(abs(Int(reference[0]) - 40) > 20)
        for file in try taggedFiles() {
            let pixel = try ThumbnailDecoder().thumbnail(of: bytes(of: file.path), width: 32)[16, 12]
            #expect(
                near(pixel, reference, tolerance: file.tolerance + 1),
                "\(file.format): \(String(pixel, radix: 16)) for \(reference)")
        }
    }

    @Test func anUntaggedPhotoIsConvertedOnlyForADisplayWithAProfile() throws {
        let plain = try images.convert(["-size", "64x48", "xc:\(colour)", "PNG24:plain.png"])
        // On an sRGB display, a photo without a profile is shown as its numbers say, untouched.
        #expect(try ThumbnailDecoder().thumbnail(of: bytes(of: plain), width: 32)[16, 12] == 0x28A03C)
        // On an Adobe RGB display, its sRGB colours are converted to the display's numbers.
        let decoder = ThumbnailDecoder()
        decoder.displayProfile = ColorProfile(bytes: adobeRGB)
        let reference = try images.pixel(
            of: plain, after: ["-profile", TestProfiles.sRGB, "-profile", TestProfiles.adobeRGB])
        #expect(abs(Int(reference[0]) - 40) > 20)
        let pixel = try decoder.thumbnail(of: bytes(of: plain), width: 32)[16, 12]
        #expect(near(pixel, reference, tolerance: 1), "\(String(pixel, radix: 16)) for \(reference)")
        // A photo in the display's own profile is shown as its numbers say.
        #expect(try decoder.thumbnail(of: bytes(of: taggedPNG()), width: 32)[16, 12] == 0x28A03C)
    }

    @Test func theSharedCacheKeepsSRGBThumbnailsWhateverTheDisplay() throws {
        let cache = SharedThumbnailCache(root: images.path("cache/thumbnails"), application: "waterfall-test")
        let photo = try images.convert([
            "-size", "600x400", "xc:\(colour)", "-profile", TestProfiles.adobeRGB, "PNG24:photo.png",
        ])
        let decoder = ThumbnailDecoder()
        decoder.displayProfile = ColorProfile(bytes: adobeRGB)
        let (shown, source) = try decoder.thumbnail(ofFile: FilePath(photo), width: 200, cache: cache)
        #expect(source == .decoded)
        let original = try #require(cache.original(of: FilePath(photo)))
        let stored = images.path("cache/thumbnails/large/\(original.key).png")
        let sRGB = try images.pixel(of: photo, after: ["-profile", TestProfiles.sRGB])
        // The cache's file is in sRGB, as every other program reads it...
        #expect(
            try images.pixel(of: stored, x: 100, y: 80, after: []).enumerated().allSatisfy {
                abs(Int($1) - Int(sRGB[$0])) <= 1
            })
        // ...and the wall shows it in the display's numbers, from the sRGB it keeps (the photo's own green was beyond
        // sRGB's gamut, so it does not quite come back).
        let shownReference = try images.pixel(
            of: photo, after: ["-profile", TestProfiles.sRGB, "-profile", TestProfiles.adobeRGB])
        #expect(
            near(shown[100, 66], shownReference, tolerance: 2),
            "\(String(shown[100, 66], radix: 16)) for \(shownReference)")
        // Read back from the cache, it is converted to the display's again.
        let (cached, again) = try decoder.thumbnail(ofFile: FilePath(photo), width: 200, cache: cache)
        #expect(again == .cache)
        #expect(near(cached[100, 66], shownReference, tolerance: 2), "\(String(cached[100, 66], radix: 16))")
    }

    @Test func aProfileLcms2CannotReadLeavesTheColoursAsDecoded() throws {
        let plain = try bytes(of: images.convert(["-size", "64x48", "xc:\(colour)", "-quality", "100", "plain.jpg"]))
        // The profile's header, with a tag table that claims a million tags past its end.
        var broken = Array(adobeRGB.prefix(132))
        broken.replaceSubrange(128..<132, with: [0x00, 0x0F, 0x42, 0x40])
        let tagged = Self.jpeg(plain, withProfileChunks: [broken])
        let decoded = try tagged.withUnsafeBytes {
            try ThumbnailDecoder().decode($0, header: ImageHeader.read(tagged), width: 32)
        }
        #expect(decoded.profile?.bytes == broken)
        #expect(
            try ThumbnailDecoder().thumbnail(of: tagged, width: 32)
                == ThumbnailDecoder().thumbnail(of: plain, width: 32))
    }

    @Test func aJPEGsProfileIsJoinedFromItsNumberedChunks() throws {
        let plain = try bytes(of: images.convert(["-size", "16x16", "xc:\(colour)", "plain.jpg"]))
        let halves = [Array(adobeRGB.prefix(300)), Array(adobeRGB.dropFirst(300))]
        // In the file's order 2 then 1: joined by their numbers.
        let reversed = Self.jpeg(plain, withProfileChunks: halves, order: [1, 0])
        #expect(reversed.withUnsafeBytes(JPEGColorProfile.read)?.bytes == adobeRGB)
        // A chunk missing, or one repeated: no profile rather than a wrong one.
        let missing = Self.jpeg(plain, withProfileChunks: halves, order: [0])
        #expect(missing.withUnsafeBytes(JPEGColorProfile.read) == nil)
        let repeated = Self.jpeg(plain, withProfileChunks: halves, order: [0, 0, 1])
        #expect(repeated.withUnsafeBytes(JPEGColorProfile.read) == nil)
    }

    /// `rgb` (8-bit numbers in Display P3) as sRGB's numbers: both curves sRGB's, both whites D65, so the linear values
    /// go through P3's matrix to XYZ and sRGB's back (SMPTE EG 432-1 and IEC 61966-2-1's primaries), clipped.
    static func displayP3ToSRGB(_ rgb: [Double]) -> [Double] {
        let linear = rgb.map { $0 / 255 }.map { $0 <= 0.04045 ? $0 / 12.92 : pow(($0 + 0.055) / 1.055, 2.4) }
        let matrix = [
            [1.2249401, -0.2249404, 0.0], [-0.0420569, 1.0420571, 0.0], [-0.0196376, -0.0786361, 1.0982735],
        ]
        return matrix.map { row in
            let value = min(1, max(0, zip(row, linear).map(*).reduce(0, +)))
            return 255 * (value <= 0.0031308 ? 12.92 * value : 1.055 * pow(value, 1 / 2.4) - 0.055)
        }
    }

    @Test func anAVIFInDisplayP3ByCodePointsShowsItsSRGBColours() throws {
        let source = try images.convert([
            "-size", "64x48", "xc:rgb(200,60,60)", "-define", "png:exclude-chunks=gAMA,cHRM", "PNG24:p3.png",
        ])
        let expected = Self.displayP3ToSRGB([200, 60, 60]).map { UInt8($0.rounded()) }
        #expect(abs(Int(expected[0]) - 200) > 10 || abs(Int(expected[1]) - 60) > 10)  // converted, not its numbers
        // nclx 12/13/0: Display P3's primaries, sRGB's curve, RGB stored as it is (lossless). (heif-enc 1.15 writes no
        // nclx box, whatever its options: HEIC's path is the same `HEIFImageHandle.colorProfile`.)
        let avif = try images.encode("avifenc", ["-l", "--cicp", "12/13/0"], from: source, to: "p3.avif")
        let pixel = try ThumbnailDecoder().thumbnail(of: bytes(of: avif), width: 32)[16, 12]
        #expect(near(pixel, expected, tolerance: 2), "\(String(pixel, radix: 16)) for \(expected)")
        // BT.709's primaries (sRGB's) are shown as their numbers.
        let bt709 = try images.encode("avifenc", ["-l", "--cicp", "1/13/0"], from: source, to: "709.avif")
        #expect(try ThumbnailDecoder().thumbnail(of: bytes(of: bt709), width: 32)[16, 12] == 0xC83C3C)
    }

    /// `jpeg` with `ICC_PROFILE` APP2 segments after its SOI, one per chunk of `chunks` (numbered from 1 of
    /// `chunks.count`), in the file in `order` (indices into `chunks`).
    static func jpeg(_ jpeg: [UInt8], withProfileChunks chunks: [[UInt8]], order: [Int]? = nil) -> [UInt8] {
        let segments = (order ?? Array(chunks.indices)).flatMap { index -> [UInt8] in
            let body = Array("ICC_PROFILE".utf8) + [0, UInt8(index + 1), UInt8(chunks.count)] + chunks[index]
            return [0xFF, 0xE2, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
        }
        return Array(jpeg.prefix(2)) + segments + jpeg.dropFirst(2)
    }
}
