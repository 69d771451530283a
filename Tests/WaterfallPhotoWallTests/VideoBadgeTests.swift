import Testing
@_spi(Testing) import Waterfall

@testable import WaterfallPhotoWall

/// The video badge's duration text and its place on the picture.
struct VideoBadgeTests {
    @Test func theDurationReadsAsMinutesAndSecondsAndHoursWhenThereAreAny() {
        #expect(VideoBadge.text(forDuration: 0) == "0:00")
        #expect(VideoBadge.text(forDuration: 7.9) == "0:07")  // rounded down, as players count
        #expect(VideoBadge.text(forDuration: 62) == "1:02")
        #expect(VideoBadge.text(forDuration: 600) == "10:00")
        #expect(VideoBadge.text(forDuration: 3723) == "1:02:03")
        #expect(VideoBadge.text(forDuration: -1) == "0:00" && VideoBadge.text(forDuration: .nan) == "0:00")
    }

    @Test func theBadgeSitsAtTheBottomLeftAndDropsWhatDoesNotFit() throws {
        let canvas = RecordingCanvas()
        let picture = Rect(x: 100, y: 50, width: 200, height: 150)
        let layout = VideoBadge.layout(duration: 7, over: picture, in: canvas)
        let box = try #require(layout?.box)
        #expect(layout?.text == "0:07")
        #expect(box.minX == 106 && box.maxY == 194 && box.width == 4 + 9 + 4 + 24 + 4 && box.height == 13 + 8)
        // Too narrow for the text: the triangle alone; too small for that: nothing.
        #expect(VideoBadge.layout(duration: 7, over: Rect(x: 0, y: 0, width: 30, height: 40), in: canvas)?.text == "")
        #expect(VideoBadge.layout(duration: 7, over: Rect(x: 0, y: 0, width: 10, height: 10), in: canvas) == nil)
    }
}
