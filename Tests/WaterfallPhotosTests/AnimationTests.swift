import Foundation
import PhotoTestSupport
import SystemPackage
import Testing

@testable import WaterfallPhotos

/// `ThumbnailDecoder.animation(ofFile:width:maximumBytes:)`: every frame of a GIF or an animated WebP, composed as
/// browsers compose them, with their delays, for the lightbox to play.
struct AnimationTests {
    let images: GeneratedImages
    init() throws { images = try GeneratedImages() }

    /// A decoder that lays transparency over magenta, which no frame has.
    func decoder() -> ThumbnailDecoder {
        let decoder = ThumbnailDecoder()
        decoder.background = 0xFF00FF
        return decoder
    }

    @Test func aGIFsFramesAndDelaysAreItsOwn() throws {
        let path = try images.convert([
            "-delay", "20", "-size", "40x30", "xc:red", "-delay", "30", "xc:lime", "-delay", "40", "xc:blue",
            "anim.gif",
        ])
        let animation = try #require(try decoder().animation(ofFile: FilePath(path), width: 20, maximumBytes: 1 << 20))
        #expect(animation.delays == [0.2, 0.3, 0.4])
        #expect(animation.frames.map { [$0.width, $0.height] } == Array(repeating: [20, 15], count: 3))
        #expect(animation.frames.map { $0[10, 7] } == [0xFF0000, 0x00FF00, 0x0000FF])
    }

    @Test func aGIFsDisposalIsComposedAsImageMagickCoalescesIt() throws {
        // Frame 1 red over the 40 × 30 screen; frame 2 a blue 10 × 10 at (10, 10), cleared afterwards ("background"),
        // or put back as it was ("previous"); frame 3 a green 10 × 10 at (0, 0), left in place.
        for disposal in ["Background", "Previous"] {
            let name = "dispose-\(disposal).gif"
            let path = try images.convert([
                "-size", "40x30", "xc:red", "-dispose", disposal, "(", "-size", "10x10", "xc:blue", "-repage",
                "40x30+10+10", ")",
                "-dispose", "None", "(", "-size", "10x10", "xc:lime", "-repage", "40x30+0+0", ")", name,
            ])
            let animation = try #require(
                try decoder().animation(ofFile: FilePath(path), width: 40, maximumBytes: 1 << 20))
            #expect(animation.frames.count == 3)
            for (x, y) in [(15, 15), (5, 5), (30, 5), (25, 25)] {
                // ImageMagick's own composition of the frames, laid over magenta as the decoder lays them: a pixel
                // of each frame, one after the other.
                let coalesced = try images.pixel(
                    of: path, x: x, y: y, after: ["-coalesce", "-background", "magenta", "-alpha", "remove"])
                #expect(coalesced.count == 9)
                for (index, frame) in animation.frames.enumerated() where coalesced.count == 9 {
                    let rgb = coalesced[(index * 3)..<(index * 3 + 3)].map(UInt32.init)
                    let expected = rgb[0] << 16 | rgb[1] << 8 | rgb[2]
                    #expect(
                        frame[x, y] == expected,
                        "\(disposal) frame \(index) at (\(x), \(y)): \(String(frame[x, y], radix: 16)) for \(String(expected, radix: 16))"
                    )
                }
            }
            // The composition differs between the two: where the blue was, frame 3 shows the background or the red.
            #expect(animation.frames[2][15, 15] == (disposal == "Background" ? 0xFF00FF : 0xFF0000))
        }
    }

    @Test func anAnimatedWebPsFramesAndDurationsAreItsOwn() throws {
        let path = images.path("anim.webp")
        _ = try pillow(
            """
            import sys
            from PIL import Image
            frames = [Image.new("RGB", (40, 30), colour) for colour in [(224, 16, 16), (16, 224, 16), (16, 16, 224)]]
            frames[0].save(sys.argv[1], save_all=True, append_images=frames[1:], duration=[200, 300, 400], loop=0, lossless=True)
            """, [path])
        let animation = try #require(try decoder().animation(ofFile: FilePath(path), width: 40, maximumBytes: 1 << 20))
        #expect(animation.delays == [0.2, 0.3, 0.4])
        #expect(animation.frames.map { $0[20, 15] } == [0xE01010, 0x10E010, 0x1010E0])
    }

    @Test func aZeroDelayShowsForATenthOfASecondAsInBrowsers() throws {
        let path = try images.convert(["-delay", "0", "-size", "8x8", "xc:red", "xc:blue", "fast.gif"])
        #expect(try decoder().animation(ofFile: FilePath(path), width: 8, maximumBytes: 1 << 20)?.delays == [0.1, 0.1])
    }

    @Test func aStillPictureIsNoAnimation() throws {
        let gif = try images.convert(["-size", "8x8", "xc:red", "still.gif"])
        let jpeg = try images.convert(["-size", "8x8", "xc:red", "still.jpg"])
        let webp = try images.convert(["-size", "8x8", "xc:red", "still.webp"])
        for path in [gif, jpeg, webp] {
            #expect(try decoder().animation(ofFile: FilePath(path), width: 8, maximumBytes: 1 << 20) == nil, "\(path)")
        }
    }

    @Test func anAnimationLargerThanTheBudgetIsRefusedByName() throws {
        let path = try images.convert(["-size", "100x100", "xc:red", "xc:blue", "xc:lime", "big.gif"])
        // Three frames of 100 × 100 take 120,000 bytes: two fit in 100,000, three do not.
        #expect(throws: PhotoError.unsupported(.gif, "an animation of more than 97 KB at 100 px")) {
            try decoder().animation(ofFile: FilePath(path), width: 100, maximumBytes: 100_000)
        }
        #expect(try decoder().animation(ofFile: FilePath(path), width: 100, maximumBytes: 120_000)?.frames.count == 3)
    }
}
