import Foundation
import PhotoTestSupport
import SystemPackage
import Testing

@testable import WaterfallPhotos

/// GIFs, made with ImageMagick's `convert` (and a few byte by byte): the logical screen's size from the header, the
/// first frame's colours composed on its screen (its position, interlacing, its transparent index over the card's
/// background), only the first frame of an animation, and the GIFs that cannot be shown refused with their reason.
struct GIFTests {
    /// The first image descriptor of the GIF `bytes`, found by following the format's blocks as its specification
    /// lays them out (independently of the code tested): the frame's position, size and interlace flag.
    func firstFrame(of bytes: [UInt8]) -> (left: Int, top: Int, width: Int, height: Int, interlaced: Bool)? {
        func le16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        var offset = 13 + (bytes[10] & 0x80 != 0 ? 3 << (Int(bytes[10] & 7) + 1) : 0)
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x2C:
                return (
                    le16(offset + 1), le16(offset + 3), le16(offset + 5), le16(offset + 7),
                    bytes[offset + 9] & 0x40 != 0
                )
            case 0x21:
                offset += 2
                while offset < bytes.count, bytes[offset] != 0 { offset += Int(bytes[offset]) + 1 }
                offset += 1
            default:
                return nil
            }
        }
        return nil
    }

    func bytes(of path: String) throws -> [UInt8] { try Array(Data(contentsOf: URL(fileURLWithPath: path))) }

    @Test func theHeaderGivesTheLogicalScreensSize() throws {
        #expect(
            try ImageHeader.read(HeaderBytes.gif(width: 640, height: 480))
                == ImageHeader(format: .gif, width: 640, height: 480))
        let images = try GeneratedImages()
        let made = try images.convert(["-size", "300x200", "xc:red", "made.gif"])
        #expect(try PhotoFile.readHeader(path: FilePath(made)) == ImageHeader(format: .gif, width: 300, height: 200))
        #expect(ImageFormat.gif.mimeType == "image/gif")
    }

    @Test func anOpaqueGIFsThumbnailHasItsColour() throws {
        let images = try GeneratedImages()
        let path = try images.convert(["-size", "400x300", "xc:#20A040", "opaque.gif"])
        let decoded = try ThumbnailDecoder().decode(
            fileAt: path, header: ImageHeader(format: .gif, width: 400, height: 300), width: 100)
        let (thumbnail, isOpaque) = (decoded.thumbnail, decoded.isOpaque)
        #expect(thumbnail.width == 100 && thumbnail.height == 75)
        #expect(Set(thumbnail.pixels) == [0x20A040])
        #expect(isOpaque)
    }

    @Test func aTransparentGIFShowsTheBackgroundThroughIt() throws {
        let images = try GeneratedImages()
        // The left half red, the right half transparent (the graphics control extension's transparent index).
        let path = try images.convert([
            "-size", "40x40", "xc:none", "-fill", "#FF0000", "-draw", "rectangle 0,0 19,39", "half.gif",
        ])
        let decoder = ThumbnailDecoder()
        decoder.background = 0x0000FF
        let thumbnail = try decoder.thumbnail(ofFile: FilePath(path), width: 40)
        #expect(thumbnail.width == 40 && thumbnail.height == 40)
        #expect(thumbnail[5, 20] == 0xFF0000)
        #expect(thumbnail[30, 20] == 0x0000FF)
        decoder.background = 0xFFFFFF
        #expect(try decoder.thumbnail(ofFile: FilePath(path), width: 40)[30, 20] == 0xFFFFFF)
    }

    @Test func anInterlacedGIFsRowsAreInTheirPlaces() throws {
        let images = try GeneratedImages()
        // Four bands of 10 rows, stored in the interlaced order (rows 0, 8, 16... first).
        let path = try images.convert([
            "-size", "40x10", "xc:#FF0000", "xc:#00FF00", "xc:#0000FF", "xc:#FFFF00", "-append",
            "-interlace", "GIF", "bands.gif",
        ])
        #expect(firstFrame(of: try bytes(of: path))?.interlaced == true)
        let thumbnail = try ThumbnailDecoder().thumbnail(ofFile: FilePath(path), width: 40)
        #expect(thumbnail.height == 40)
        for (row, colour) in zip(0..<40, (0..<40).map { [0xFF0000, 0x00FF00, 0x0000FF, 0xFFFF00][$0 / 10] as UInt32 }) {
            #expect(
                (0..<40).allSatisfy { thumbnail[$0, row] == colour },
                "row \(row): \(String(thumbnail[0, row], radix: 16))")
        }
        #expect(GIFDecoder.rowOrder(height: 10, interlaced: true) == [0, 8, 4, 2, 6, 1, 3, 5, 7, 9])
    }

    @Test func anAnimatedGIFShowsItsFirstFrame() throws {
        let images = try GeneratedImages()
        let path = try images.convert([
            "-delay", "50", "-size", "30x20", "xc:#FF0000", "xc:#0000FF", "-loop", "0", "animated.gif",
        ])
        let thumbnail = try ThumbnailDecoder().thumbnail(ofFile: FilePath(path), width: 30)
        #expect(Set(thumbnail.pixels) == [0xFF0000])
        // The blue frame is there: a decoder that read the last frame would show blue.
        let blueFirst = try images.convert([
            "-delay", "50", "-size", "30x20", "xc:#0000FF", "xc:#FF0000", "-loop", "0", "reversed.gif",
        ])
        #expect(Set(try ThumbnailDecoder().thumbnail(ofFile: FilePath(blueFirst), width: 30).pixels) == [0x0000FF])
    }

    @Test func aFirstFrameSmallerThanTheScreenIsAtItsPosition() throws {
        let images = try GeneratedImages()
        let path = try images.convert(["-size", "40x30", "xc:#FF0000", "-repage", "100x60+50+20", "offset.gif"])
        let frame = try #require(firstFrame(of: try bytes(of: path)))
        #expect(frame.left == 50 && frame.top == 20 && frame.width == 40 && frame.height == 30)
        let decoder = ThumbnailDecoder()
        decoder.background = 0x00FF00
        let thumbnail = try decoder.thumbnail(ofFile: FilePath(path), width: 100)
        #expect(thumbnail.width == 100 && thumbnail.height == 60)
        for y in 0..<60 {
            for x in 0..<100 {
                let inFrame = (50..<90).contains(x) && (20..<50).contains(y)
                #expect(thumbnail[x, y] == (inFrame ? 0xFF0000 : 0x00FF00), "x \(x), y \(y)")
            }
        }
    }

    @Test func aTruncatedGIFIsNamed() throws {
        let images = try GeneratedImages()
        let whole = try bytes(of: try images.convert(["-size", "300x200", "gradient:red-blue", "whole.gif"]))
        let cut = try images.write(Array(whole.prefix(whole.count / 2)), to: "cut.gif")
        #expect(throws: PhotoError.truncated(.gif)) {
            try ThumbnailDecoder().thumbnail(ofFile: FilePath(cut), width: 50)
        }
        #expect(PhotoError.truncated(.gif).description == "truncated GIF")
        // Cut inside the global colour table (256 colours, 768 bytes): giflib finds no screen descriptor, the data ran out.
        #expect(whole[10] & 0x87 == 0x87)
        let cutInTable = try images.write(Array(whole.prefix(400)), to: "cut-in-table.gif")
        #expect(throws: PhotoError.truncated(.gif)) {
            try ThumbnailDecoder().thumbnail(ofFile: FilePath(cutInTable), width: 50)
        }
        // Cut inside the screen descriptor: the header is short.
        #expect(throws: PhotoError.truncated(.gif)) { try ImageHeader.read(Array(whole.prefix(8))) }
    }

    @Test func aScreenOf65535By65535IsRefusedFromTheHeader() throws {
        let images = try GeneratedImages()
        let bomb = try images.write(HeaderBytes.gif(width: 65_535, height: 65_535), to: "bomb.gif")
        #expect(throws: PhotoError.tooLarge(width: 65_535, height: 65_535)) {
            try ImageHeader.read(HeaderBytes.gif(width: 65_535, height: 65_535))
        }
        // Only 10 bytes: a decode would have found them truncated; the header refused them first.
        #expect(throws: PhotoError.tooLarge(width: 65_535, height: 65_535)) {
            try ThumbnailDecoder().thumbnail(ofFile: FilePath(bomb), width: 50)
        }
    }

    /// A GIF of a 10 × 10 screen with a two-colour table, whose only frame is `frame` (left, top, width, height),
    /// with `data` as its image data.
    func handMadeGIF(frame: (Int, Int, Int, Int), data: [UInt8] = [0x02, 0x02, 0x44, 0x01, 0x00]) -> [UInt8] {
        HeaderBytes.gif(width: 10, height: 10) + [0x80, 0, 0] + [255, 0, 0, 0, 0, 255]
            + [0x2C] + HeaderBytes.le16(frame.0) + HeaderBytes.le16(frame.1) + HeaderBytes.le16(frame.2)
            + HeaderBytes.le16(frame.3) + [0]
            + data + [0x3B]
    }

    @Test func framesOutsideTheScreenAndGIFsWithoutAnImageAreRefusedByName() throws {
        let decoder = ThumbnailDecoder()
        #expect(throws: PhotoError.unsupported(.gif, "a frame of 4 × 4 at (8, 8) outside its 10 × 10 screen")) {
            try decoder.thumbnail(of: handMadeGIF(frame: (8, 8, 4, 4)), width: 10)
        }
        #expect(throws: PhotoError.unsupported(.gif, "a size of 0 × 4")) {
            try decoder.thumbnail(of: handMadeGIF(frame: (0, 0, 0, 4)), width: 10)
        }
        #expect(throws: PhotoError.unsupported(.gif, "no image")) {
            try decoder.thumbnail(
                of: HeaderBytes.gif(width: 10, height: 10) + [0x80, 0, 0] + [255, 0, 0, 0, 0, 255, 0x3B], width: 10)
        }
        // The same frame inside the screen decodes: the hand-made bytes are a GIF (a 1 × 1 red pixel at 3, 3).
        let inside = try decoder.thumbnail(of: handMadeGIF(frame: (3, 3, 1, 1)), width: 10)
        #expect(inside[3, 3] == 0xFF0000 && inside[0, 0] == 0xFFFFFF)
    }
}
