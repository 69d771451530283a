import Testing
import WaterfallLibrary
import WaterfallPhotos

/// The time between two photos of a burst, by their EXIF times (`yyyymmddhhmmss`), across the minute, the day, the
/// month, a leap day and the year.
@Suite struct PhotoStackingTests {
    @Test(
        arguments: [
            (20240501120059, 20240501120100), (20240501235959, 20240502000000), (20240229235959, 20240301000000),
            (20230228235959, 20230301000000), (20231231235959, 20240101000000),
        ] as [(Int64, Int64)])
    func theNextSecondIsOneSecondOn(_ before: Int64, _ after: Int64) {
        #expect(PhotoStacking.seconds(of: TakenTime(after)) - PhotoStacking.seconds(of: TakenTime(before)) == 1)
    }

    @Test func aDayIs86400SecondsAndALeapYear366Days() {
        let seconds = { (digits: Int64) in PhotoStacking.seconds(of: TakenTime(digits)) }
        #expect(seconds(20240502120000) - seconds(20240501120000) == 86_400)
        #expect(seconds(20250101000000) - seconds(20240101000000) == 366 * 86_400)
        #expect(seconds(20240101000000) - seconds(20230101000000) == 365 * 86_400)
    }
}
