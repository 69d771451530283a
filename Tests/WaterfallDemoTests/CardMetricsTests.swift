import Testing
import WaterfallCards
import WaterfallDemoKit

/// A card's picture height is rounded as `Double.rounded()` rounds (halves away from zero), without its libm call.
struct CardMetricsTests {
    @Test func picturesRoundAsRoundedDoes() {
        var values: [Double] = [
            0, 0.25, 0.5, 0.49999999999999994, 0.5000000000000001, 1.5, 2.5, 3.5, 1e-300,
            0x1p52 - 0.5, 0x1p52 - 1.5, 0x1p52, 0x1p53 + 2, 1e300, .infinity,
        ]
        values += (0..<4000).map { Double($0) * 0.25 }  // every quarter: the halves of both parities
        values += (1..<2000).map { Double($0) * 1.37 * 233.33 }  // aspects times a column width
        for value in values {
            #expect(CardMetrics.roundedPicture(value) == value.rounded(), "\(value)")
        }
        // 349.5 rounds up
        #expect(CardMetrics().height(aspect: 1.5, columnWidth: 233) == 350 + CardMetrics().captionHeight)
    }
}
