import Foundation
import PhotoTestSupport
import SystemPackage
import Testing

@testable import WaterfallPhotos

/// JPEG XLs, made with libjxl's `cjxl` from pictures ImageMagick's `convert` makes: the size and orientation from the
/// header (a bare codestream and the container, whole and read in pieces), lossless colours exact and lossy ones
/// near, an orientation turned upright once, an animation's first frame, a truncated file named, and a picture too
/// wide refused from its header.
struct JXLTests {
    func bytes(of path: String) throws -> [UInt8] { try Array(Data(contentsOf: URL(fileURLWithPath: path))) }

    /// A JPEG XL of `convert`'s `picture` arguments (e.g. `["-size", "40x30", "xc:red"]`), encoded with `options`.
    func jxl(
        _ images: GeneratedImages, _ picture: [String], _ name: String, _ options: [String] = ["-d", "0"]
    ) throws -> String {
        // A plain sRGB PNG: ImageMagick's gAMA of 0.45455 would make cjxl code a 2.2 gamma, which is shown converted.
        try images.cjxl(
            images.convert(picture + ["-define", "png:exclude-chunks=gAMA,cHRM", name + ".png"]), name, options)
    }

    @Test func theHeaderGivesTheSizeOfACodestreamAndOfAContainer() throws {
        let images = try GeneratedImages()
        let codestream = try jxl(images, ["-size", "300x200", "xc:red"], "bare.jxl", ["-d", "0", "--container=0"])
        let container = try jxl(images, ["-size", "300x200", "xc:red"], "boxed.jxl", ["-d", "0", "--container=1"])
        #expect(try bytes(of: codestream).prefix(2) == [0xFF, 0x0A])
        #expect(try bytes(of: container).prefix(12) == [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A])
        for path in [codestream, container] {
            #expect(ImageFormat(magic: try bytes(of: path)) == .jxl)
            #expect(try ImageHeader.read(bytes(of: path)) == ImageHeader(format: .jxl, width: 300, height: 200))
            #expect(
                try PhotoFile.readHeader(path: FilePath(path)) == ImageHeader(format: .jxl, width: 300, height: 200))
        }
        #expect(ImageFormat.jxl.mimeType == "image/jxl")
    }

    @Test func aContainersCodestreamBehindALargeBoxIsReadInPieces() throws {
        let images = try GeneratedImages()
        let container = try bytes(
            of: jxl(images, ["-size", "70x50", "xc:blue"], "boxed.jxl", ["-d", "0", "--container=1"]))
        // An XML box of 200 KB between the signature and file type boxes (32 bytes) and the codestream's box.
        let xml = Array("<x:xmpmeta/>".utf8) + [UInt8](repeating: 0x20, count: 200_000)
        let size = 8 + xml.count
        let box =
            [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)]
            + Array("xml ".utf8) + xml
        #expect(Array(container[36..<40]) == Array("jxlc".utf8))
        let file = Array(container.prefix(32)) + box + Array(container.dropFirst(32))
        #expect(Array(file[(32 + size + 4)..<(32 + size + 8)]) == Array("jxlc".utf8))
        let expected = ImageHeader(format: .jxl, width: 70, height: 50)
        #expect(try ImageHeader.read(file) == expected)
        let header = try ImageHeader.read(
            start: Array(file.prefix(12)), size: file.count,
            reads: HeaderReads(startLimit: 4096, blockSize: 512)
        ) { offset, count in
            Array(file[offset..<min(file.count, offset + count)])
        }
        #expect(header == expected)
        #expect(try PhotoFile.readHeader(path: FilePath(images.write(file, to: "far.jxl"))) == expected)
    }

    @Test func aLosslessJXLsColoursAreExact() throws {
        let images = try GeneratedImages()
        // Four quadrants of 20 × 15: red, green / blue, yellow.
        let path = try jxl(
            images,
            [
                "(", "-size", "20x15", "xc:#FF0000", "xc:#00FF00", "+append", ")",
                "(", "-size", "20x15", "xc:#0000FF", "xc:#FFFF00", "+append", ")", "-append",
            ], "quadrants.jxl")
        let thumbnail = try ThumbnailDecoder().thumbnail(ofFile: FilePath(path), width: 40)
        #expect(thumbnail.width == 40 && thumbnail.height == 30)
        for y in 0..<30 {
            for x in 0..<40 {
                let expected: UInt32 = [[0xFF0000, 0x00FF00], [0x0000FF, 0xFFFF00]][y / 15][x / 20]
                #expect(thumbnail[x, y] == expected, "x \(x), y \(y): \(String(thumbnail[x, y], radix: 16))")
            }
        }
    }

    @Test func aLossyJXLsColourIsNear() throws {
        let images = try GeneratedImages()
        let path = try jxl(images, ["-size", "64x48", "xc:#20A040"], "lossy.jxl", ["-d", "1"])
        let thumbnail = try ThumbnailDecoder().thumbnail(ofFile: FilePath(path), width: 32)
        #expect(thumbnail.width == 32 && thumbnail.height == 24)
        // Near the PNG's colour (the encoding's loss), and what libjxl's own djxl decodes, to the unit.
        let djxl = try ThumbnailDecoder().thumbnail(ofFile: FilePath(images.djxl(path, "lossy-djxl.png")), width: 32)
        for (pixel, theirs) in zip(thumbnail.pixels, djxl.pixels) {
            let channels = [pixel >> 16 & 0xFF, pixel >> 8 & 0xFF, pixel & 0xFF].map(Int.init)
            let theirChannels = [theirs >> 16 & 0xFF, theirs >> 8 & 0xFF, theirs & 0xFF].map(Int.init)
            #expect(zip(channels, [0x20, 0xA0, 0x40]).allSatisfy { abs($0 - $1) <= 6 }, "\(String(pixel, radix: 16))")
            #expect(
                zip(channels, theirChannels).allSatisfy { abs($0 - $1) <= 1 },
                "\(String(pixel, radix: 16)), djxl \(String(theirs, radix: 16))")
        }
    }

    @Test func aTransparentJXLShowsTheBackgroundThroughIt() throws {
        let images = try GeneratedImages()
        let path = try jxl(
            images, ["-size", "40x40", "xc:none", "-fill", "#FF0000", "-draw", "rectangle 0,0 19,39"], "half.jxl")
        let decoder = ThumbnailDecoder()
        decoder.background = 0x0000FF
        let decoded = try decoder.decode(
            fileAt: path, header: ImageHeader(format: .jxl, width: 40, height: 40), width: 40)
        let (thumbnail, isOpaque) = (decoded.thumbnail, decoded.isOpaque)
        #expect(!isOpaque)
        #expect((0..<40).allSatisfy { y in (0..<20).allSatisfy { thumbnail[$0, y] == 0xFF0000 } })
        #expect((0..<40).allSatisfy { y in (20..<40).allSatisfy { thumbnail[$0, y] == 0x0000FF } })
        let opaque = try jxl(images, ["-size", "40x40", "xc:#FF0000"], "opaque.jxl")
        #expect(
            try bytes(of: opaque).withUnsafeBytes { bytes in
                try decoder.decode(bytes, header: ImageHeader(format: .jxl, width: 40, height: 40), width: 40).isOpaque
            })
    }

    /// The stored picture of `GeneratedImages.orientedPicture(6, ...)` (48 × 64), its top-left 16 × 16 corner red
    /// when upright: checked on `thumbnail`, 64 × 48, exactly.
    func expectUpright(_ thumbnail: Thumbnail, exact: Bool) {
        #expect(thumbnail.width == 64 && thumbnail.height == 48)
        func near(_ pixel: UInt32, _ colour: UInt32) -> Bool {
            let (a, b) = (
                [pixel >> 16 & 0xFF, pixel >> 8 & 0xFF, pixel & 0xFF],
                [colour >> 16 & 0xFF, colour >> 8 & 0xFF, colour & 0xFF]
            )
            return zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= (exact ? 0 : 24) }
        }
        // Away from the corner's edge (a lossy JPEG's edges blur).
        for (x, y) in [(2, 2), (13, 13), (2, 13), (13, 2)] {
            #expect(near(thumbnail[x, y], 0xFF0000), "x \(x), y \(y)")
        }
        for (x, y) in [(61, 45), (61, 2), (2, 45), (30, 30), (20, 5), (5, 20)] {
            #expect(near(thumbnail[x, y], 0x0000FF), "x \(x), y \(y): \(String(thumbnail[x, y], radix: 16))")
        }
    }

    @Test func anOrientation6JXLIsTurnedUprightOnce() throws {
        let images = try GeneratedImages()
        // Lossless from a PNG whose eXIf says 6: cjxl puts the orientation in the codestream.
        let png = try images.convert([images.orientedPicture(6, name: "turned"), "turned.png"])
        try images.exiftool("turned.png", ["-Orientation#=6"])
        let lossless = try images.cjxl(png, "turned.jxl", ["-d", "0"])
        // A JPEG with EXIF orientation 6, its DCT data kept (cjxl's default for a JPEG).
        let transcoded = try images.cjxl(images.orientedJPEG(6, name: "turned.jpg"), "transcoded.jxl")
        for path in [lossless, transcoded] {
            let header = try PhotoFile.readHeader(path: FilePath(path))
            #expect(header == ImageHeader(format: .jxl, width: 48, height: 64, orientation: .right))
            #expect(header.orientedSize == (64, 48))
        }
        expectUpright(try ThumbnailDecoder().thumbnail(ofFile: FilePath(lossless), width: 64), exact: true)
        expectUpright(try ThumbnailDecoder().thumbnail(ofFile: FilePath(transcoded), width: 64), exact: false)
        // libjxl's own tool turns it the same way: djxl applies the orientation, our decoder does not apply it again.
        let shown = try images.djxl(lossless, "shown.png")
        let ours = try ThumbnailDecoder().thumbnail(ofFile: FilePath(lossless), width: 64)
        #expect(try ThumbnailDecoder().thumbnail(ofFile: FilePath(shown), width: 64).pixels == ours.pixels)
    }

    @Test func anAnimatedJXLShowsItsFirstFrame() throws {
        let images = try GeneratedImages()
        let redFirst = try images.convert([
            "-delay", "50", "-size", "30x20", "xc:#FF0000", "xc:#0000FF", "-loop", "0", "animated.gif",
        ])
        let blueFirst = try images.convert([
            "-delay", "50", "-size", "30x20", "xc:#0000FF", "xc:#FF0000", "-loop", "0", "reversed.gif",
        ])
        for (gif, colour) in [(redFirst, 0xFF0000 as UInt32), (blueFirst, 0x0000FF)] {
            let path = try images.cjxl(gif, URL(fileURLWithPath: gif).lastPathComponent + ".jxl", ["-d", "0"])
            #expect(try PhotoFile.readHeader(path: FilePath(path)) == ImageHeader(format: .jxl, width: 30, height: 20))
            #expect(Set(try ThumbnailDecoder().thumbnail(ofFile: FilePath(path), width: 30).pixels) == [colour])
        }
    }

    @Test func aTruncatedJXLIsNamed() throws {
        let images = try GeneratedImages()
        let whole = try bytes(of: jxl(images, ["-size", "300x200", "gradient:red-blue"], "whole.jxl", ["-d", "1"]))
        let cut = try images.write(Array(whole.prefix(whole.count / 2)), to: "cut.jxl")
        #expect(try PhotoFile.readHeader(path: FilePath(cut)) == ImageHeader(format: .jxl, width: 300, height: 200))
        #expect(throws: PhotoError.truncated(.jxl)) {
            try ThumbnailDecoder().thumbnail(ofFile: FilePath(cut), width: 50)
        }
        #expect(PhotoError.truncated(.jxl).description == "truncated JPEG XL")
        // Cut inside the codestream's size header: the header is short.
        #expect(throws: PhotoError.truncated(.jxl)) { try ImageHeader.read(Array(whole.prefix(3))) }
    }

    @Test func brokenBytesAreAnUnsupportedJXL() throws {
        // A codestream's signature, then bytes that are no size header (its reserved bits set).
        let bytes: [UInt8] = [0xFF, 0x0A] + [UInt8](repeating: 0xFF, count: 64)
        #expect {
            try ThumbnailDecoder().thumbnail(of: bytes, width: 50)
        } throws: { error in
            guard case .unsupported(.jxl, let detail) = error as? PhotoError else { return false }
            return !detail.isEmpty
        }
    }

    @Test func aJXLWiderThanTheLimitIsRefusedFromItsHeader() throws {
        let images = try GeneratedImages()
        // 70,000 × 1 black pixels as a PPM (ImageMagick's own limits refuse to make it).
        let ppm = try images.write(
            Array("P6\n70000 1\n255\n".utf8) + [UInt8](repeating: 0, count: 70_000 * 3), to: "wide.ppm")
        let path = try images.cjxl(ppm, "wide.jxl", ["-d", "0"])
        let bytes = try bytes(of: path)
        #expect(bytes.count < 4096)
        #expect(throws: PhotoError.tooLarge(width: 70_000, height: 1)) { try ImageHeader.read(bytes) }
        #expect(throws: PhotoError.tooLarge(width: 70_000, height: 1)) {
            try PhotoFile.readHeader(path: FilePath(path))
        }
        #expect(throws: PhotoError.tooLarge(width: 70_000, height: 1)) {
            try ThumbnailDecoder().thumbnail(ofFile: FilePath(path), width: 50)
        }
        // The decoder checks the size libjxl reads too, before it asks for the pixels' memory.
        #expect(throws: PhotoError.tooLarge(width: 70_000, height: 1)) {
            try bytes.withUnsafeBytes { try JXLDecoder.decode($0) }
        }
    }
}
