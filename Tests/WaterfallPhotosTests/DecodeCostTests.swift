import Testing

@testable import WaterfallPhotos

/// The decode cost estimated from a photo's header, by which the wall orders the decodes of its first screen.
struct DecodeCostTests {
    /// The estimate of a `format` photo of `width` × `height` in a file of `megabytes`, in milliseconds.
    func cost(_ format: ImageFormat?, _ width: Int?, _ height: Int?, megabytes: Double) -> Double {
        DecodeCost.milliseconds(
            format: format, pixelWidth: width, pixelHeight: height, fileSize: Int(megabytes * 1_000_000))
    }

    @Test func aLargePNGCostsMoreThanALargeWebPAndBothMoreThanAJPEG() {
        // The first screen's photos in BENCHMARKS.md, with their files' sizes: what each decode measured there
        // (about 300, 285 and 66 ms on one core).
        let png = cost(.png, 3640, 2400, megabytes: 20.52)
        let webp = cost(.webp, 4096, 4096, megabytes: 2.44)
        let jpeg = cost(.jpeg, 3840, 2400, megabytes: 4.32)
        #expect(abs(png - (20 * 8.736 + 6 * 20.52)) < 1e-9)
        #expect(abs(webp - (3 * 16.777216 + 95 * 2.44)) < 1e-9)
        #expect(abs(jpeg - (1.5 * 9.216 + 14 * 4.32)) < 1e-9)
        #expect(png > webp && webp > jpeg)
    }

    @Test func theFormatsReadWholeCostByTheirPixelsAlone() {
        #expect(cost(.heif, 4000, 3000, megabytes: 2) == 65 * 12)
        #expect(cost(.avif, 4000, 3000, megabytes: 1) == 36 * 12)
        #expect(cost(.jxl, 4000, 3000, megabytes: 3) == 26 * 12)
        #expect(cost(.tiff, 4000, 3000, megabytes: 30) == 16 * 12)
        #expect(cost(.gif, 4000, 3000, megabytes: 9) == 13 * 12)
    }

    @Test func aRAWOrAVideoCostsItsPreviewsFixedTimeWhateverItsSize() {
        #expect(cost(.raw, 6000, 4000, megabytes: 25) == DecodeCost.fixedMilliseconds)
        #expect(cost(.video, 3840, 2160, megabytes: 400) == DecodeCost.fixedMilliseconds)
        #expect(cost(.video, nil, nil, megabytes: 400) == DecodeCost.fixedMilliseconds)
    }

    @Test func aPhotoWithoutAHeaderCostsItsBytesAsAPNGs() {
        #expect(abs(cost(nil, nil, nil, megabytes: 2.3) - (20 + 6 * 2.3)) < 1e-9)
        #expect(abs(cost(.jpeg, nil, 3000, megabytes: 2.3) - (20 + 6 * 2.3)) < 1e-9)
        #expect(cost(.png, -5, 10, megabytes: -1) == 0)
    }
}
