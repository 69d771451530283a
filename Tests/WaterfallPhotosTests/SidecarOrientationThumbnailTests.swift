import Foundation
import PhotoTestSupport
import SystemPackage
import Testing

@testable import WaterfallPhotos

/// What a person sees of a saved rotation of a photo that is not a JPEG: its thumbnail, decoded at its sidecar's
/// orientation. The pictures are `GeneratedImages.orientedPicture`'s: a red 16 × 16 corner that shows top left when
/// the orientation is honoured, the rest blue.
struct SidecarOrientationThumbnailTests {
    /// Whether each of the pixel's red, green and blue is within 40 of `expected`'s.
    func near(_ pixel: UInt32, _ expected: UInt32) -> Bool {
        [16, 8, 0].allSatisfy { abs(Int(pixel >> $0 & 0xFF) - Int(expected >> $0 & 0xFF)) <= 40 }
    }
    func isRed(_ pixel: UInt32) -> Bool { near(pixel, 0xFF0000) }
    func isBlue(_ pixel: UInt32) -> Bool { near(pixel, 0x0000FF) }

    @Test(arguments: ExifOrientation.allCases)
    func aPngStoredForAnOrientationShowsUprightAtItsSidecarsOrientation(orientation: ExifOrientation) throws {
        let images = try GeneratedImages()
        let png = try images.convert([try images.orientedPicture(orientation.rawValue, name: "stored"), "stored.png"])
        try PhotoSidecar.writeOrientation(orientation, for: FilePath(png))
        let thumbnail = try ThumbnailDecoder().thumbnail(ofFile: FilePath(png), width: 32)
        #expect(thumbnail.width == 32 && thumbnail.height == 24)
        #expect(isRed(thumbnail[3, 3]), "top left \(String(thumbnail[3, 3], radix: 16))")
        for (x, y) in [(28, 3), (3, 20), (28, 20)] {
            #expect(isBlue(thumbnail[x, y]), "(\(x), \(y)) \(String(thumbnail[x, y], radix: 16))")
        }
    }

    @Test func aHeicTurnedThroughItsSidecarShowsTurned() throws {
        let images = try GeneratedImages()
        // A true-colour PNG: heif-enc reads ImageMagick's two-colour palette PNG as all red.
        let png = try images.convert([try images.orientedPicture(1, name: "upright"), "PNG24:upright.png"])
        let heic = try images.encode("heif-enc", ["-q", "95"], from: png, to: "photo.heic")
        #expect(try SavedRotation.rotate(FilePath(heic), format: .heif, quarterTurns: 1, expecting: nil) == .right)
        #expect(try SidecarWritingTests.exiftool("XMP-tiff:Orientation", heic + ".xmp") == "6")
        #expect(try PhotoFile.readHeader(path: FilePath(heic)).orientedSize == (48, 64))
        // Turned a quarter clockwise, the red corner is top right.
        let thumbnail = try ThumbnailDecoder().thumbnail(ofFile: FilePath(heic), width: 24)
        #expect(thumbnail.width == 24 && thumbnail.height == 32)
        #expect(isRed(thumbnail[21, 3]), "top right \(String(thumbnail[21, 3], radix: 16))")
        for (x, y) in [(3, 3), (3, 28), (21, 28)] {
            #expect(isBlue(thumbnail[x, y]), "(\(x), \(y)) \(String(thumbnail[x, y], radix: 16))")
        }
    }
}

extension SidecarOrientationThumbnailTests {
    @Test func aPhotoTurnedByItsSidecarIsNotShownFromTheSharedCachesOlderThumbnail() throws {
        let images = try GeneratedImages()
        let cache = SharedThumbnailCache(root: images.path("cache/thumbnails"), application: "waterfall-test")
        // 512 × 384, large enough for the cache's 256-pixel folder.
        let png = try images.convert([
            try images.orientedPicture(1, name: "upright"), "-scale", "800%", "PNG24:photo.png",
        ])
        let decoder = ThumbnailDecoder()
        #expect(try decoder.thumbnail(ofFile: FilePath(png), width: 32, cache: cache).source == .decoded)
        #expect(try decoder.thumbnail(ofFile: FilePath(png), width: 32, cache: cache).source == .cache)
        let modified = try FileIdentity.of(FilePath(png))
        #expect(try SavedRotation.rotate(FilePath(png), format: .png, quarterTurns: 1, expecting: modified) == .right)
        #expect(try FileIdentity.of(FilePath(png)) == modified)  // the photo itself is untouched
        let turned = try decoder.thumbnail(ofFile: FilePath(png), width: 24, cache: cache)
        #expect(turned.source == .decoded)
        #expect(turned.thumbnail.width == 24 && turned.thumbnail.height == 32)
        #expect(isRed(turned.thumbnail[21, 3]) && isBlue(turned.thumbnail[3, 3]))
    }
}
