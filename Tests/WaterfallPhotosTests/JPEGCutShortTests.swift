import Foundation
import PhotoTestSupport
import SystemPackage
import Testing

@testable import WaterfallPhotos

/// A JPEG cut short after its header is refused as truncated, and leaves the decoder fit for the next photo:
/// libjpeg-turbo 2.1's context crashed at the next decode after one (a wall's thread decodes photo after photo).
struct JPEGCutShortTests {
    @Test func aJpegCutShortIsRefusedAndTheNextPhotoDecodes() throws {
        let images = try GeneratedImages()
        try images.convert(["logo:", "-resize", "600x400!", "whole.jpg"])
        let whole = try Data(contentsOf: URL(fileURLWithPath: images.path("whole.jpg")))
        try whole.prefix(200).write(to: URL(fileURLWithPath: images.path("cut.jpg")))
        let decoder = ThumbnailDecoder(worker: nil)
        for round in 0..<3 {
            #expect(throws: PhotoError.truncated(.jpeg), "round \(round)") {
                try decoder.thumbnail(ofFile: images.file("cut.jpg"), width: 256)
            }
            let thumbnail = try decoder.thumbnail(ofFile: images.file("whole.jpg"), width: 256)
            #expect(thumbnail.width == 256 && thumbnail.height == 171, "round \(round)")
        }
    }
}
