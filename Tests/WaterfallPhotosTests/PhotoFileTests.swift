import PhotoTestSupport
import SystemPackage
import Testing

@testable import WaterfallPhotos

/// Headers of real files, as ImageMagick writes them: every JPEG, PNG and WebP kind the wall must show.
struct PhotoFileTests {
    @Test func everyKindOfFileGivesItsSizeFromItsHeader() throws {
        let images = try GeneratedImages()
        let cases: [(arguments: [String], header: ImageHeader)] = [
            (
                ["-size", "123x45", "gradient:red-blue", "baseline.jpg"],
                ImageHeader(format: .jpeg, width: 123, height: 45)
            ),
            (
                ["-size", "123x45", "gradient:red-blue", "-interlace", "Plane", "progressive.jpg"],
                ImageHeader(format: .jpeg, width: 123, height: 45)
            ),
            (
                ["-size", "64x80", "xc:orange", "-colorspace", "CMYK", "cmyk.jpg"],
                ImageHeader(format: .jpeg, width: 64, height: 80)
            ),
            (["-size", "30x20", "xc:green", "PNG8:palette.png"], ImageHeader(format: .png, width: 30, height: 20)),
            (
                ["-size", "30x20", "gradient:", "-depth", "16", "PNG48:deep.png"],
                ImageHeader(format: .png, width: 30, height: 20)
            ),
            (
                ["-size", "30x20", "xc:navy", "-interlace", "PNG", "interlaced.png"],
                ImageHeader(format: .png, width: 30, height: 20)
            ),
            (["-size", "30x20", "xc:#FF000080", "PNG32:alpha.png"], ImageHeader(format: .png, width: 30, height: 20)),
            (
                ["-size", "300x200", "gradient:", "-quality", "80", "lossy.webp"],
                ImageHeader(format: .webp, width: 300, height: 200)
            ),
            (
                ["-size", "300x200", "xc:teal", "-define", "webp:lossless=true", "lossless.webp"],
                ImageHeader(format: .webp, width: 300, height: 200)
            ),
        ]
        for (arguments, expected) in cases {
            let path = try images.convert(arguments)
            #expect(try PhotoFile.readHeader(path: FilePath(path)) == expected, "\(arguments.last ?? "")")
        }
    }

    @Test func aFileIsJudgedByItsBytesNotItsName() throws {
        let images = try GeneratedImages()
        let text = try images.write(Array("I am not a JPEG\n".utf8), to: "photo.jpg")
        #expect(throws: PhotoError.notAnImage) { try PhotoFile.readHeader(path: FilePath(text)) }
        let png = try images.convert(["-size", "8x9", "xc:red", "really-a-png.jpg"])
        // ImageMagick writes what the name says...
        #expect(try PhotoFile.readHeader(path: FilePath(png)).format == .jpeg)
        let named = try images.convert(["-size", "8x9", "xc:red", "PNG:misnamed.jpg"])
        // ...unless told
        #expect(try PhotoFile.readHeader(path: FilePath(named)) == ImageHeader(format: .png, width: 8, height: 9))
        let empty = try images.write([], to: "empty.png")
        #expect(throws: PhotoError.empty) { try PhotoFile.readHeader(path: FilePath(empty)) }
    }

    @Test func aMissingFileHasVanishedAndAFolderIsUnreadable() throws {
        let images = try GeneratedImages()
        #expect(throws: PhotoError.vanished) { try PhotoFile.readHeader(path: images.file("gone.jpg")) }
        #expect(throws: PhotoError.unreadable("Is a directory")) {
            try PhotoFile.readHeader(path: FilePath(images.folder.path))
        }
    }

    @Test func aBombIsRefusedHavingReadOnlyItsFirstBytes() throws {
        let images = try GeneratedImages()
        // 50,000 × 50,000 px in a few hundred bytes: the header alone says so.
        let bomb = try images.write(
            HeaderBytes.png(width: 50_000, height: 50_000) + [UInt8](repeating: 0, count: 300_000), to: "bomb.png")
        #expect(throws: PhotoError.tooLarge(width: 50_000, height: 50_000)) {
            try PhotoFile.readHeader(path: FilePath(bomb))
        }
    }
}
