import Foundation
import PhotoTestSupport
import Testing

@testable import WaterfallPhotos

/// `PNGDecoder.decodeScaled`: a PNG's rows averaged into the thumbnail as libspng decodes them, never held whole, give
/// exactly the thumbnail of the whole image decoded first; transparency, profiles and errors are the same.
struct PNGStreamingTests {
    let images: GeneratedImages
    init() throws { images = try GeneratedImages() }

    func bytes(of path: String) throws -> [UInt8] { try Array(Data(contentsOf: URL(fileURLWithPath: path))) }

    /// The streamed thumbnail and the whole image's, `width` × `height`, over magenta.
    func bothWays(
        _ path: String, width: Int, height: Int
    ) throws -> (streamed: (Thumbnail, Bool), whole: (Thumbnail, Bool)) {
        let file = try bytes(of: path)
        return try file.withUnsafeBytes { bytes in
            let streamed = try PNGDecoder.decodeScaled(
                bytes, storedWidth: width, storedHeight: height, background: 0xFF00FF)
            let whole = try PNGDecoder.decode(bytes).withPixels {
                ($0.scaled(toWidth: width, height: height, over: 0xFF00FF), $0.isOpaque)
            }
            return ((streamed.thumbnail, streamed.isOpaque), whole)
        }
    }

    @Test func everyKindOfPNGStreamsToTheWholeImagesThumbnail() throws {
        // A gradient with detail in every row, so that a row averaged into the wrong target row would show.
        let picture = ["-size", "301x203", "gradient:#10E040-#2020C0", "-swirl", "180"]
        let cases: [(name: String, options: [String], opaque: Bool)] = [
            ("rgb.png", ["PNG24:rgb.png"], true),
            (
                "rgba.png",
                ["-alpha", "set", "-channel", "A", "-evaluate", "set", "50%", "+channel", "PNG32:rgba.png"], false
            ),
            ("grey.png", ["-colorspace", "Gray", "PNG8:grey.png"], true),
            ("palette-trns.png", ["-transparent", "#10E040", "-colors", "16", "PNG8:palette-trns.png"], false),
            ("deep.png", ["-depth", "16", "PNG48:deep.png"], true),
            ("interlaced.png", ["-interlace", "PNG", "PNG24:interlaced.png"], true),
        ]
        for item in cases {
            let path = try images.convert(picture + item.options)
            for (width, height) in [(100, 67), (301, 203), (600, 406), (7, 3)] {
                let (streamed, whole) = try bothWays(path, width: width, height: height)
                #expect(streamed.0 == whole.0, "\(item.name) at \(width) × \(height)")
                #expect(streamed.1 == whole.1 && streamed.1 == item.opaque, "\(item.name): opaque \(streamed.1)")
            }
        }
    }

    @Test func aPNGCutInItsImageDataIsTruncated() throws {
        let whole = try bytes(of: images.convert(["-size", "400x300", "plasma:", "PNG24:whole.png"]))
        let cut = Array(whole.prefix(whole.count / 2))
        #expect(throws: PhotoError.truncated(.png)) {
            try cut.withUnsafeBytes {
                try PNGDecoder.decodeScaled($0, storedWidth: 100, storedHeight: 75, background: 0)
            }
        }
    }
}
