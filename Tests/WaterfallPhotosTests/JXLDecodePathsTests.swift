import Foundation
import PhotoTestSupport
import SystemPackage
import Testing

@testable import WaterfallPhotos

/// libjxl's thread-parallel runner: several threads decode the same pixels as one, and a pool's decoder is given its
/// share of the cores.
struct JXLDecodePathsTests {
    @Test(arguments: [2, 4])
    func severalThreadsDecodeTheSamePixelsAsOne(threads: Int) throws {
        let images = try GeneratedImages()
        let png = try images.convert([
            "-size", "600x400", "plasma:fractal", "-seed", "7", "-define", "png:exclude-chunks=gAMA,cHRM", "p.png",
        ])
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: images.cjxl(png, "p.jxl", ["-d", "1"]))))
        let (one, several) = try bytes.withUnsafeBytes {
            (try JXLDecoder.decode($0, threads: 1), try JXLDecoder.decode($0, threads: threads))
        }
        #expect(one.width == 600 && one.height == 400)
        // Compared apart from `#expect`, which would print both pictures' bytes.
        let differing = zip(one.bytes, several.bytes).filter { $0 != $1 }.count
        #expect(one.bytes.count == several.bytes.count && differing == 0, "\(differing) bytes differ")
        // Through the thumbnail decoder too: the same thumbnail, whatever its thread share.
        let decoder = ThumbnailDecoder(worker: nil)
        let alone = try decoder.thumbnail(of: bytes, width: 60)
        decoder.threads = threads
        #expect(try decoder.thumbnail(of: bytes, width: 60).pixels == alone.pixels)
    }
}
