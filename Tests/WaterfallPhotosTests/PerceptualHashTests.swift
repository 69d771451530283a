import Foundation
import PhotoTestSupport
import SystemPackage
import Testing

@testable import WaterfallPhotos

/// Perceptual hashes of photos decoded as the wall decodes them: a photo's resized, recompressed and slightly cropped
/// copies are within `PerceptualHash.nearDuplicateDistance` of it; other photos, and another shot of the same scene
/// with the camera moved, are beyond it. The distances are printed, so that the margins show in the test log.
struct PerceptualHashTests {
    /// The thumbnails' width: a card's.
    static let width = 256
    static let threshold = PerceptualHash.nearDuplicateDistance

    /// The hash of the thumbnail of the photo at `path`, decoded as the wall decodes it.
    func hash(_ path: String) throws -> PerceptualHash {
        PerceptualHash(try ThumbnailDecoder().thumbnail(ofFile: FilePath(path), width: Self.width))
    }

    /// A scene 1500 × 1000 px, made with ImageMagick as a photo's stand-in: a fractal landscape of soft colour (seeded),
    /// ImageMagick's wizard drawing on it, and its photo of a rose enlarged, each at a place the seed chooses: its
    /// path, `scene-SEED.png`.
    func scene(_ images: GeneratedImages, seed: Int) throws -> String {
        let places = [(150, 250, 900, 150), (900, 300, 200, 550), (500, 100, 1000, 600), (1100, 500, 300, 200)]
        let (wizardX, wizardY, roseX, roseY) = places[seed % places.count]
        return try images.convert([
            "-size", "1500x1000", "-seed", "\(seed)", "plasma:fractal", "-blur", "0x2",
            "(", "wizard:", "-resize", "120%", ")", "-geometry", "+\(wizardX)+\(wizardY)", "-composite",
            "(", "rose:", "-resize", "500%", ")", "-geometry", "+\(roseX)+\(roseY)", "-composite", "scene-\(seed).png",
        ])
    }

    /// A 1200 × 900 shot of `scene` from `x` px across, as a camera's JPEG (quality 92), named `name`.
    func shot(_ images: GeneratedImages, of scene: String, x: Int, name: String) throws -> String {
        try images.convert([scene, "-crop", "1200x900+\(x)+50", "+repage", "-quality", "92", name])
    }

    @Test(arguments: [1, 2, 3])
    func aPhotosCopiesAreNearDuplicatesAndAnotherShotOfItsSceneIsNot(seed: Int) throws {
        let images = try GeneratedImages()
        let scene = try scene(images, seed: seed)
        let original = try shot(images, of: scene, x: 0, name: "original.jpg")
        // The camera moved right by a fifth of the frame: the same scene, most of it in both shots, a different photo.
        let moved = try shot(images, of: scene, x: 240, name: "moved.jpg")
        let copies = [
            ("half size", try images.convert([original, "-resize", "50%", "half.jpg"])),
            ("JPEG quality 40", try images.convert([original, "-quality", "40", "quality-40.jpg"])),
            // 3 % of the width and the height cut, all off the top left corner: the picture also shifts.
            ("3 % crop, corner", try images.convert([original, "-crop", "1164x873+36+27", "+repage", "corner.jpg"])),
            (
                "3 % crop, centred",
                try images.convert([original, "-gravity", "center", "-crop", "1164x873+0+0", "+repage", "centred.jpg"])
            ),
        ]
        let originalHash = try hash(original)
        var report: [String] = []
        for (name, path) in copies {
            let distance = originalHash.distance(to: try hash(path))
            report.append("\(name) \(distance)")
            #expect(distance <= Self.threshold, "seed \(seed), \(name): \(distance) bits")
        }
        // The same file decoded for a wider card.
        let wider = PerceptualHash(try ThumbnailDecoder().thumbnail(ofFile: FilePath(original), width: 400))
        report.append("decoded 400 px wide \(originalHash.distance(to: wider))")
        #expect(originalHash.distance(to: wider) <= Self.threshold, "seed \(seed), decoded 400 px wide")
        let movedDistance = originalHash.distance(to: try hash(moved))
        report.append("camera moved 20 % \(movedDistance)")
        print(
            "perceptual hash distances, scene \(seed) (near within \(Self.threshold)): "
                + report.joined(separator: ", "))
        #expect(movedDistance > Self.threshold, "seed \(seed), camera moved: \(movedDistance) bits")
    }

    @Test func differentPhotosAreBeyondTheThreshold() throws {
        let images = try GeneratedImages()
        var photos: [(String, String)] = []
        for seed in [4, 5, 6] {
            photos.append(
                ("scene \(seed)", try shot(images, of: try scene(images, seed: seed), x: 0, name: "\(seed).jpg")))
        }
        // ImageMagick's own pictures: its photo of a rose, its wizard drawing, a granite texture; 800 px wide.
        for builtIn in ["rose", "wizard", "granite"] {
            photos.append(
                (builtIn, try images.convert(["\(builtIn):", "-resize", "800x", "-quality", "92", "\(builtIn).jpg"])))
        }
        let hashes = try photos.map { try hash($0.1) }
        var report: [String] = []
        for first in photos.indices {
            for second in photos.indices where second > first {
                let distance = hashes[first].distance(to: hashes[second])
                report.append("\(photos[first].0)/\(photos[second].0) \(distance)")
                #expect(distance > Self.threshold, "\(photos[first].0) and \(photos[second].0): \(distance) bits")
            }
        }
        print(
            "perceptual hash distances, different photos (near within \(Self.threshold)): "
                + report.joined(separator: ", "))
    }

    @Test func eachBitComparesABoxWithItsRightNeighbour() {
        // Brighter to the right everywhere: every bit; darker: none; brighter downwards only: none (equal boxes).
        let across = Thumbnail(width: 90, height: 40, pixels: (0..<3600).map { UInt32($0 % 90) * 0x020202 })
        let back = Thumbnail(width: 90, height: 40, pixels: (0..<3600).map { UInt32(89 - $0 % 90) * 0x020202 })
        let down = Thumbnail(width: 90, height: 40, pixels: (0..<3600).map { UInt32($0 / 90) * 0x050505 })
        #expect(PerceptualHash(across).bits == UInt64.max)
        #expect(PerceptualHash(back).bits == 0)
        #expect(PerceptualHash(down).bits == 0)
        // Narrower than the grid: the 9 boxes of a 3 px row cover its pixels a third each (as `scaled` repeats them),
        // so only the boxes that cross from one pixel to the next differ: bits 2 and 5 of each row.
        let narrow = Thumbnail(
            width: 3, height: 2, pixels: [0x000000, 0x404040, 0x808080, 0x000000, 0x404040, 0x808080])
        #expect(PerceptualHash(narrow).bits == 0x2424_2424_2424_2424)
        // A 9 × 8 picture is the grid itself. Luma weighs green over red over blue (Rec. 601: 0.587, 0.299, 0.114): the
        // top row, red and green by turns, rises at bits 0, 2, 4 and 6; the next, red and blue, at bits 9, 11, 13, 15.
        let red: UInt32 = 0xFF0000
        let colours = (0..<72).map { index -> UInt32 in
            switch index / 9 {
            case 0: index % 9 % 2 == 0 ? red : 0x00FF00
            case 1: index % 9 % 2 == 0 ? red : 0x0000FF
            default: 0x808080
            }
        }
        #expect(PerceptualHash(Thumbnail(width: 9, height: 8, pixels: colours)).bits == 0xAA55)
        #expect(PerceptualHash(Thumbnail(width: 0, height: 0, pixels: [])).bits == 0)
    }

    @Test func distanceCountsDifferingBitsAndStorageKeepsThem() {
        let hash = PerceptualHash(bits: 0x8000_0000_0000_0001)
        #expect(hash.distance(to: hash) == 0)
        #expect(hash.distance(to: PerceptualHash(bits: 0)) == 2)
        #expect(hash.distance(to: PerceptualHash(bits: 0x7FFF_FFFF_FFFF_FFFE)) == 64)
        #expect(hash.bitPattern == Int64.min + 1)
        #expect(PerceptualHash(bitPattern: hash.bitPattern) == hash)
        #expect(PerceptualHash(bitPattern: -1).bits == UInt64.max)
        #expect("\(PerceptualHash(bits: 0xAB))" == "00000000000000ab")
    }
}
