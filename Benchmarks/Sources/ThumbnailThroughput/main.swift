// Thumbnails per second on one core: ours (WaterfallPhotos' ThumbnailDecoder: TurboJPEG's DCT scaling, libspng,
// libwebp, then an area-averaging downscale) against what nsxiv does with Imlib2 (a full decode, then an
// anti-aliased scale to the thumbnail's size), for the same files and the same 300-pixel width, in alternating rounds.
//
//   thumbnail-throughput FILE...          # one JSON line per file: the medians and the ratio baseline ÷ ours
//   thumbnail-throughput --bomb FILE      # one JSON line: how long refusing a decompression bomb takes (median)
import CImlib2
import Foundation
import WaterfallPhotos

let width = 300
let rounds = 7
let decodesPerRound = 3

/// Milliseconds per thumbnail of `decodesPerRound` runs of `body`.
func millisecondsPerThumbnail(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<decodesPerRound { body() }
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 / Double(decodesPerRound)
}

/// nsxiv's thumbnail: Imlib2 loads the whole image (no cache), then scales it with anti-aliasing.
func imlibThumbnail(_ path: String) -> Int {
    guard let image = imlib_load_image_immediately_without_cache(path) else { return 0 }
    imlib_context_set_image(image)
    let (sourceWidth, sourceHeight) = (imlib_image_get_width(), imlib_image_get_height())
    imlib_context_set_anti_alias(1)
    let scaled = imlib_create_cropped_scaled_image(0, 0, sourceWidth, sourceHeight, Int32(width),
                                                   Int32(max(1, Int(sourceHeight) * width / Int(sourceWidth))))
    imlib_free_image_and_decache()
    guard let scaled else { return 0 }
    imlib_context_set_image(scaled)
    let result = Int(imlib_image_get_width())
    imlib_free_image_and_decache()
    return result
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

imlib_set_cache_size(0)
let decoder = ThumbnailDecoder()
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "--bomb" {
    try refuseBomb(CommandLine.arguments[2])
    exit(0)
}
for path in CommandLine.arguments.dropFirst() {
    guard let header = try? PhotoFile.readHeader(path: .init(path)) else {
        FileHandle.standardError.write(Data("thumbnail-throughput: \(path) is not a photo\n".utf8))
        exit(1)
    }
    var ours: [Double] = []
    var baseline: [Double] = []
    for round in 0..<rounds {
        let runOurs = { ours.append(millisecondsPerThumbnail { _ = try? decoder.thumbnail(ofFile: .init(path), width: width) }) }
        let runBaseline = { baseline.append(millisecondsPerThumbnail { _ = imlibThumbnail(path) }) }
        if round % 2 == 0 { runOurs(); runBaseline() } else { runBaseline(); runOurs() }
    }
    let (oursMs, baselineMs) = (median(ours), median(baseline))
    let line: [String: Any] = ["format": header.format.rawValue, "width": header.width, "height": header.height,
                               "thumbnailWidth": width, "oursMs": (oursMs * 100).rounded() / 100,
                               "baselineMs": (baselineMs * 100).rounded() / 100, "ratio": (baselineMs / oursMs * 100).rounded() / 100]
    let data = try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys])
    print(String(decoding: data, as: UTF8.self))
}

/// Times the refusal of a decompression bomb (a PNG whose header asks for more than 200 megapixels), from the file
/// to the error: the median of 201 tries, each a whole `thumbnail(ofFile:width:)`. Exits 1 when it is not refused.
@MainActor func refuseBomb(_ path: String) throws {
    var times: [Double] = []
    var refusal = ""
    for _ in 0..<201 {
        let start = DispatchTime.now().uptimeNanoseconds
        do {
            _ = try decoder.thumbnail(ofFile: .init(path), width: width)
        } catch let error as PhotoError {
            refusal = "\(error)"
        }
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e3)
    }
    guard refusal.hasPrefix("too large") else {
        FileHandle.standardError.write(Data("thumbnail-throughput: \(path) was not refused as too large (\(refusal))\n".utf8))
        exit(1)
    }
    let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    let line: [String: Any] = ["bombBytes": size, "refusal": refusal, "refuseUs": (median(times) * 10).rounded() / 10]
    print(String(decoding: try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]), as: UTF8.self))
}
