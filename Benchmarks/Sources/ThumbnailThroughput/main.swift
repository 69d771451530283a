// Thumbnails per second on one core: ours (WaterfallPhotos' ThumbnailDecoder) against what nsxiv does with Imlib2
// and its own loaders (a full decode, then an anti-aliased scale to the thumbnail's size), for the same files and the
// same 300-pixel width, in alternating rounds; and the comparisons issue 29 asks for, in the same way.
//
//   thumbnail-throughput FILE...              # one JSON line per file: the medians and the ratio baseline ÷ ours
//                                             # ("baselineMs": null for a format Imlib2 has no loader for); for a
//                                             # format a library decodes whole (GIF, JPEG XL, HEIC, AVIF), also that
//                                             # decode alone ("libraryMs") and baseline ÷ it ("libraryRatio")
//   thumbnail-throughput --floor FILE.png     # ours, libspng's decode alone (the PNG floor) and Imlib2 in the same
//                                             # rounds: ratio Imlib2 ÷ ours, floorRatio Imlib2 ÷ floor
//   thumbnail-throughput --pair NAME A B      # ours on A against ours on B (a HEIC with its stored thumbnail, and the
//                                             # same picture without one): ratio B ÷ A
//   thumbnail-throughput --raw FILE           # a RAW's embedded preview (ours) against libraw's full development
//   thumbnail-throughput --bomb FILE          # one JSON line: how long refusing a decompression bomb takes (median)
//   thumbnail-throughput --hash FILE          # ours with its perceptual hash against ours alone: ratio, and the
//                                             # hash alone (many times) as a share of the decode
//   thumbnail-throughput --cores FOLDER       # the wall's pool on every file of FOLDER with 1, 2 and all cores'
//                                             # workers: thumbnails per second
//   waterfall --print-layout ... | thumbnail-throughput --screen-floor HEIGHT
//                                             # the first screen's floor: the decodes of the cards above HEIGHT,
//                                             # alone, summed and divided by the cores (ScreenFloor.swift)
//
// A RAW's and a video's thumbnails are read by the decoder worker, which WATERFALL_DECODER names (scripts/benchmarks.sh
// builds it).
import CImlib2
import CSpngFloor
import Foundation
@_spi(Benchmarking) import WaterfallPhotos

let width = 300
let rounds = 7
let decodesPerRound = 3

/// Milliseconds per thumbnail of `count` runs of `body`.
func millisecondsPerThumbnail(count: Int = decodesPerRound, _ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<count { body() }
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 / Double(count)
}

/// nsxiv's thumbnail: Imlib2 loads the whole image (no cache), then scales it with anti-aliasing. 0 when Imlib2 has
/// no loader for the file.
func imlibThumbnail(_ path: String) -> Int {
    guard let image = imlib_load_image_immediately_without_cache(path) else { return 0 }
    imlib_context_set_image(image)
    let (sourceWidth, sourceHeight) = (imlib_image_get_width(), imlib_image_get_height())
    imlib_context_set_anti_alias(1)
    let scaled = imlib_create_cropped_scaled_image(
        0, 0, sourceWidth, sourceHeight, Int32(width),
        Int32(max(1, Int(sourceHeight) * width / Int(sourceWidth))))
    imlib_free_image_and_decache()
    guard let scaled else { return 0 }
    imlib_context_set_image(scaled)
    let result = Int(imlib_image_get_width())
    imlib_free_image_and_decache()
    return result
}

/// libspng's decode of the PNG `bytes` alone, row by row as our thumbnails read it (RGBA, Adler-32 skipped), each row
/// dropped: the floor under any PNG thumbnail made with libspng. Returns the rows decoded.
func spngFloor(_ bytes: [UInt8]) -> Int {
    guard let context = spng_ctx_new(Int32(SPNG_CTX_IGNORE_ADLER32.rawValue)) else { return 0 }
    defer { spng_ctx_free(context) }
    var header = spng_ihdr()
    _ = bytes.withUnsafeBytes { spng_set_png_buffer(context, $0.baseAddress, $0.count) }
    guard spng_get_ihdr(context, &header) == 0,
        spng_decode_image(context, nil, 0, Int32(SPNG_FMT_RGBA8.rawValue), Int32(SPNG_DECODE_PROGRESSIVE.rawValue)) == 0
    else { return 0 }
    var row = [UInt8](repeating: 0, count: Int(header.width) * 4)
    var rows = 0
    while true {
        let status = spng_decode_row(context, &row, row.count)
        guard status == 0 || status == Int32(SPNG_EOI.rawValue) else { return rows }
        rows += 1
        if status == Int32(SPNG_EOI.rawValue) { return rows }
    }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

/// The medians of `first` and `second` run in alternating rounds (each first in every other round).
func alternate(_ first: () -> Void, _ second: () -> Void, count: Int = decodesPerRound) -> (Double, Double) {
    withoutActuallyEscaping(first) { first in
        withoutActuallyEscaping(second) { second in
            let medians = rotate([first, second], count: count)
            return (medians[0], medians[1])
        }
    }
}

/// The medians of `bodies` run in rounds, each round starting with the next of them (so each goes first as often).
func rotate(_ bodies: [() -> Void], count: Int = decodesPerRound) -> [Double] {
    var times = Array(repeating: [Double](), count: bodies.count)
    for round in 0..<rounds {
        for step in 0..<bodies.count {
            let index = (round + step) % bodies.count
            times[index].append(millisecondsPerThumbnail(count: count, bodies[index]))
        }
    }
    return times.map(median)
}

func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }

func printLine(_ line: [String: Any]) throws {
    print(String(decoding: try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]), as: UTF8.self))
}

func header(of path: String) -> ImageHeader {
    guard let header = try? PhotoFile.readHeader(path: .init(path)) else {
        FileHandle.standardError.write(Data("thumbnail-throughput: \(path) is not a photo\n".utf8))
        exit(1)
    }
    return header
}

/// Whether a `format` file's thumbnail is decoded whole by its library, then scaled (`LibraryDecodeFloor`): a GIF, a
/// JPEG XL, and a HEIC or AVIF that `shows` its primary image rather than a stored thumbnail.
func decodedWholeByALibrary(_ format: ImageFormat, shows: String?) -> Bool {
    switch format {
    case .gif, .jxl: return true
    case .heif, .avif: return shows?.hasPrefix("primary") == true
    default: return false
    }
}

/// Exits 1 unless `body` makes a thumbnail of `path`: a benchmark of a failing decode would measure its error.
func requireThumbnail(_ path: String, _ body: () throws -> Thumbnail) {
    do {
        _ = try body()
    } catch {
        FileHandle.standardError.write(Data("thumbnail-throughput: \(path): \(error)\n".utf8))
        exit(1)
    }
}

imlib_set_cache_size(0)
// The RAW and the video go through the decoder worker, as the wall's do: WATERFALL_DECODER names it, as for `waterfall`.
let decoder = ThumbnailDecoder(
    worker: DecoderProcess(
        executable: ProcessInfo.processInfo.environment["WATERFALL_DECODER"].flatMap { $0.isEmpty ? nil : $0 }))
// A decode alone in the wall's pool has every core for a decoder that splits its work (libjxl's groups: `CoreShare`),
// as Imlib2's JPEG XL and HEIF loaders use their libraries' threads.
decoder.threads = ProcessInfo.processInfo.activeProcessorCount
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "--bomb" where arguments.count == 2:
    try refuseBomb(arguments[1])
case "--floor" where arguments.count == 2:
    let path = arguments[1]
    let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
    requireThumbnail(path) { try decoder.thumbnail(ofFile: .init(path), width: width) }
    // Ours, the floor and Imlib2 in the same rounds: the machine's speed drifts between runs by more than they differ.
    let medians = rotate([
        { _ = try? decoder.thumbnail(ofFile: .init(path), width: width) }, { _ = spngFloor(bytes) },
        { _ = imlibThumbnail(path) },
    ])
    let (oursMs, floorMs, baselineMs) = (medians[0], medians[1], medians[2])
    try printLine([
        "floor": "libspng", "file": URL(fileURLWithPath: path).lastPathComponent, "oursMs": rounded(oursMs),
        "floorMs": rounded(floorMs), "baselineMs": rounded(baselineMs), "ratio": rounded(baselineMs / oursMs),
        "floorRatio": rounded(baselineMs / floorMs),
    ])
case "--pair" where arguments.count == 4:
    let (name, first, second) = (arguments[1], arguments[2], arguments[3])
    for path in [first, second] { requireThumbnail(path) { try decoder.thumbnail(ofFile: .init(path), width: width) } }
    let (firstMs, secondMs) = alternate(
        { _ = try? decoder.thumbnail(ofFile: .init(first), width: width) },
        { _ = try? decoder.thumbnail(ofFile: .init(second), width: width) })
    try printLine([
        "pair": name, "firstMs": rounded(firstMs), "secondMs": rounded(secondMs), "ratio": rounded(secondMs / firstMs),
    ])
case "--hash" where arguments.count == 2:
    try hashShare(arguments[1])
case "--cores" where arguments.count == 2:
    try poolCores(arguments[1])
case "--screen-floor" where arguments.count == 2 && Double(arguments[1]) != nil:
    try screenFloor(viewportHeight: Double(arguments[1])!, decoder: decoder)
case "--raw" where arguments.count == 2:
    let path = arguments[1]
    requireThumbnail(path) { try RAWThumbnails.preview(ofFile: .init(path), width: width) }
    requireThumbnail(path) { try RAWThumbnails.developed(ofFile: .init(path), width: width) }
    // A development takes seconds: one a round.
    let (previewMs, developedMs) = alternate(
        { _ = try? RAWThumbnails.preview(ofFile: .init(path), width: width) },
        { _ = try? RAWThumbnails.developed(ofFile: .init(path), width: width) }, count: 1)
    try printLine([
        "raw": "preview against development", "previewMs": rounded(previewMs), "developedMs": rounded(developedMs),
        "ratio": rounded(developedMs / previewMs),
    ])
default:
    for path in arguments {
        let header = header(of: path)
        requireThumbnail(path) { try decoder.thumbnail(ofFile: .init(path), width: width) }
        var line: [String: Any] = [
            "format": header.format.rawValue, "width": header.width, "height": header.height,
            "thumbnailWidth": width,
        ]
        if header.format == .heif || header.format == .avif {
            // Which image the card shows: a stored thumbnail at least 90 % of its width, or the primary image.
            line["shows"] = try HEIFThumbnails.shownImage(
                of: Array(Data(contentsOf: URL(fileURLWithPath: path))), width: width)
        }
        if imlibThumbnail(path) == 0 {
            // No Imlib2 loader (camera RAW, video): ours alone.
            line["oursMs"] = rounded(
                median(
                    (0..<rounds).map { _ in
                        millisecondsPerThumbnail { _ = try? decoder.thumbnail(ofFile: .init(path), width: width) }
                    }))
            line["baselineMs"] = NSNull()
        } else if decodedWholeByALibrary(header.format, shows: line["shows"] as? String) {
            // The library's decode alone in the same rounds: the floor under ours, and under Imlib2's loader, which
            // calls the same library.
            let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
            let threads = decoder.threads
            let medians = rotate([
                { _ = try? decoder.thumbnail(ofFile: .init(path), width: width) }, { _ = imlibThumbnail(path) },
                { _ = try? LibraryDecodeFloor.decode(bytes, threads: threads) },
            ])
            line["oursMs"] = rounded(medians[0])
            line["baselineMs"] = rounded(medians[1])
            line["ratio"] = rounded(medians[1] / medians[0])
            line["libraryMs"] = rounded(medians[2])
            line["libraryRatio"] = rounded(medians[1] / medians[2])
        } else {
            let (oursMs, baselineMs) = alternate(
                { _ = try? decoder.thumbnail(ofFile: .init(path), width: width) }, { _ = imlibThumbnail(path) })
            line["oursMs"] = rounded(oursMs)
            line["baselineMs"] = rounded(baselineMs)
            line["ratio"] = rounded(baselineMs / oursMs)
        }
        try printLine(line)
    }
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
        FileHandle.standardError.write(
            Data("thumbnail-throughput: \(path) was not refused as too large (\(refusal))\n".utf8))
        exit(1)
    }
    let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    try printLine(["bombBytes": size, "refusal": refusal, "refuseUs": (median(times) * 10).rounded() / 10])
}

/// The perceptual hash's cost beside a thumbnail's decode (issue 40: hashing may add at most 5 %): the thumbnail with
/// its hash against the thumbnail alone in alternating rounds (their ratio, within the rounds' noise), and the hash
/// alone, 1,000 times a round, as a share of the decode (the precise figure).
@MainActor func hashShare(_ path: String) throws {
    requireThumbnail(path) { try decoder.thumbnail(ofFile: .init(path), width: width) }
    let thumbnail = try decoder.thumbnail(ofFile: .init(path), width: width)
    var sink: UInt64 = 0
    let (decodeMs, decodeAndHashMs) = alternate(
        { _ = try? decoder.thumbnail(ofFile: .init(path), width: width) },
        {
            if let decoded = try? decoder.thumbnail(ofFile: .init(path), width: width) {
                sink ^= PerceptualHash(decoded).bits
            }
        })
    let hashMs = median(
        (0..<rounds).map { _ in millisecondsPerThumbnail(count: 1000) { sink ^= PerceptualHash(thumbnail).bits } })
    try printLine([
        "hash": "dHash of the thumbnail", "file": URL(fileURLWithPath: path).lastPathComponent,
        "thumbnailWidth": thumbnail.width, "thumbnailHeight": thumbnail.height, "decodeMs": rounded(decodeMs),
        "decodeAndHashMs": rounded(decodeAndHashMs), "ratio": (decodeAndHashMs / decodeMs * 1000).rounded() / 1000,
        "hashUs": (hashMs * 1000 * 10).rounded() / 10, "hashShare": (hashMs / decodeMs * 10_000).rounded() / 10_000,
        "sink": sink & 1,
    ])
}
