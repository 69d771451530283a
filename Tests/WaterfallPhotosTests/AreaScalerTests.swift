import Testing

@testable import WaterfallPhotos

/// The area-averaging downscale, against a reference: each target pixel the mean of the source area it covers, in
/// doubles, colours weighted by alpha, laid over the background.
struct AreaScalerTests {
    /// A `width` × `height` RGBA picture of made-up pixels: alpha 255 everywhere when `opaque`, else varied.
    func picture(width: Int, height: Int, opaque: Bool) -> [UInt8] {
        (0..<(width * height)).flatMap { index -> [UInt8] in
            let (x, y) = (index % width, index / width)
            let alpha: UInt8 = opaque ? 255 : UInt8((x * 37 + y * 11) % 256)
            return [UInt8((x * 7 + y * 3) % 256), UInt8((x * 13) % 256), UInt8((y * 29 + x) % 256), alpha]
        }
    }

    /// The reference: `source` scaled to `targetWidth` × `targetHeight` over `background`, as `0xRRGGBB` words.
    func reference(
        _ source: [UInt8], width: Int, height: Int, targetWidth: Int, targetHeight: Int, background: UInt32
    ) -> [UInt32] {
        let (ratioX, ratioY) = (Double(width) / Double(targetWidth), Double(height) / Double(targetHeight))
        func covered(_ pixel: Int, _ start: Double, _ end: Double) -> Double {
            max(0, min(end, Double(pixel + 1)) - max(start, Double(pixel)))
        }
        var result: [UInt32] = []
        for ty in 0..<targetHeight {
            for tx in 0..<targetWidth {
                var sums = [0.0, 0.0, 0.0, 0.0]
                for y in 0..<height {
                    let weightY = covered(y, Double(ty) * ratioY, Double(ty + 1) * ratioY) / ratioY
                    guard weightY > 0 else { continue }
                    for x in 0..<width {
                        let weight = weightY * covered(x, Double(tx) * ratioX, Double(tx + 1) * ratioX) / ratioX
                        guard weight > 0 else { continue }
                        let p = (y * width + x) * 4
                        let alpha = Double(source[p + 3]) * weight
                        for channel in 0..<3 { sums[channel] += Double(source[p + channel]) * alpha }
                        sums[3] += alpha
                    }
                }
                let coverage = sums[3] / 255
                let under = [background >> 16 & 0xFF, background >> 8 & 0xFF, background & 0xFF].map(Double.init)
                let channels = (0..<3).map { channel in
                    UInt32(max(0, min(255, sums[channel] / 255 + under[channel] * (1 - coverage))) + 0.5)
                }
                result.append(channels[0] << 16 | channels[1] << 8 | channels[2])
            }
        }
        return result
    }

    /// The largest difference of one channel between two pictures' `0xRRGGBB` words.
    func largestDifference(_ first: [UInt32], _ second: [UInt32]) -> Int {
        zip(first, second).map { one, other in
            [16, 8, 0].map { abs(Int(one >> $0 & 0xFF) - Int(other >> $0 & 0xFF)) }.max()!
        }.max() ?? 0
    }

    @Test(arguments: [(61, 7, 5, 3), (64, 4, 8, 2), (9, 3, 4, 2), (5, 2, 13, 5)])
    func theScaleIsTheReferencesForOpaqueAndTranslucentPictures(
        width: Int, height: Int, targetWidth: Int, targetHeight: Int
    ) {
        for opaque in [true, false] {
            let source = picture(width: width, height: height, opaque: opaque)
            var scaler = AreaScaler(
                sourceWidth: width, sourceHeight: height, targetWidth: targetWidth, targetHeight: targetHeight,
                background: 0x204080, checksOpacity: true)
            for y in 0..<height {
                source[(y * width * 4)..<((y + 1) * width * 4)].withUnsafeBufferPointer { scaler.add(row: $0) }
            }
            let expected = reference(
                source, width: width, height: height, targetWidth: targetWidth, targetHeight: targetHeight,
                background: 0x204080)
            let scaled = scaler.thumbnail()
            #expect(scaled.pixels.count == expected.count)
            #expect(largestDifference(scaled.pixels, expected) <= 1, "opaque: \(opaque)")
            #expect(scaler.isOpaque == opaque)
        }
    }
}
