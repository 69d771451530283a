import Testing

@_spi(Testing) @testable import Waterfall

/// A touchpad's precise scroll: fractional notches of `wheelStep` pixels, applied at once on whole pixels with the
/// fraction carried, no glide, a glide stopped where it is, pull to refresh at the top.
struct PreciseScrollingTests {
    /// 60 items of 50 px in 3 columns: 20 rows, content 1210 px high (rows 60 px apart, insets 10), in a viewport of 200.
    static func harness() throws -> Harness {
        try Harness(heights: Array(repeating: 50, count: 60), columns: 3, viewport: Size(width: 340, height: 200))
    }

    /// A libinput touchpad's three-notch swipe (increment 15): the valuator's steps after the first value, divided by
    /// the increment, as the X11 backend's translator gives them.
    static let swipe: [Double] = [2.25, 4.5, 6.75, 9, 7.5, 6, 4.5, 3, 1.5].map { $0 / 15 }

    @Test func aSwipeInFractionalStepsScrollsByExactlyItsNotchesOfPixelsOnWholePixels() throws {
        let harness = try Self.harness()
        let view = harness.view
        #expect(view.isSmoothScrollingEnabled)
        var offsets: [Double] = []
        for (step, notches) in Self.swipe.enumerated() {
            view.scrollPrecisely(notches: notches, at: 10 + Double(step) / 100)
            #expect(!view.isAnimatingScroll)  // at once: never a glide
            offsets.append(view.contentOffset)
        }
        // The exact positions 9.6, 28.8, 57.6, 96, 128, 153.6, 172.8, 185.6 and 192 px, each to the nearest pixel.
        #expect(offsets == [10, 29, 58, 96, 128, 154, 173, 186, 192])
        #expect(abs(view.preciseScrollRemainder) < 1e-9)
        #expect(harness.log.filter { $0 == "didScroll" }.count == 9)
        // And back up by the same steps: exactly to the top.
        for notches in Self.swipe { view.scrollPrecisely(notches: -notches, at: 11) }
        #expect(view.contentOffset == 0)
    }

    @Test func aScrollOfLessThanHalfAPixelWaitsForTheNext() throws {
        let harness = try Self.harness()
        let view = harness.view
        view.scrollPrecisely(notches: 0.4 / 64, at: 0)  // 0.4 px
        #expect((view.contentOffset, view.preciseScrollRemainder) == (0, 0.4 / 64 * 64))
        #expect(harness.log.filter { $0 == "didScroll" }.isEmpty)
        view.scrollPrecisely(notches: 0.2 / 64, at: 0)  // 0.6 px in all: one pixel, 0.4 px owed back
        #expect(view.contentOffset == 1)
        #expect(abs(view.preciseScrollRemainder + 0.4) < 1e-12)
        view.scrollPrecisely(notches: 0, at: 0)  // nothing: no change
        view.scrollPrecisely(notches: .nan, at: 0)
        view.scrollPrecisely(notches: .infinity, at: 0)
        #expect(view.contentOffset == 1)
        #expect(abs(view.preciseScrollRemainder + 0.4) < 1e-12)
    }

    @Test func aPreciseScrollStopsAGlideWhereItIsAtItsTimeAndGoesOnFromThere() throws {
        let harness = try Self.harness()
        let view = harness.view
        view.scrollWheel(notches: 1, at: 10)  // a glide from 0 to 64 in 0.1 s
        #expect(view.isAnimatingScroll)
        view.scrollPrecisely(notches: 0.5, at: 10.05)  // half-way in time the glide is at 56 (ease-out)
        #expect(!view.isAnimatingScroll)
        #expect(view.contentOffset == 56 + 32)
        view.advanceAnimations(to: 11)  // no glide left to move it
        #expect(view.contentOffset == 88)
    }

    @Test func aPreciseScrollCancelsAPressAndStopsAtTheEnds() throws {
        let harness = try Self.harness()
        let view = harness.view
        view.pointerDown(at: Point(x: 50, y: 20))
        #expect(view.highlightedItem == ItemPath(item: 0, section: 0))
        view.scrollPrecisely(notches: 0.25, at: 0)
        #expect(view.highlightedItem == nil)
        view.scrollPrecisely(notches: 100, at: 0)
        #expect(view.contentOffset == 1010)  // 1210 - 200
        view.scrollPrecisely(notches: -100, at: 0)
        #expect(view.contentOffset == 0)  // no pull: not allowed here
        #expect(view.pullDistance == 0)
    }

    @Test func upAtTheTopPullsAsWheelNotchesDoFromThePixelThatReachesTheTop() throws {
        let harness = try RefreshTests.harness()
        let view = harness.view
        view.setContentOffset(10)
        view.scrollPrecisely(notches: -0.5, at: 0)  // 32 px up: 10 to the top, 22 beyond pull 11
        #expect((view.contentOffset, view.pullDistance) == (0, 11))
        view.scrollPrecisely(notches: -1, at: 0)  // 64 px: 32 more of pull, as a wheel notch pulls
        #expect((view.contentOffset, view.pullDistance, view.isPullArmed) == (0, 43, false))
        view.scrollPrecisely(notches: -1.25, at: 0)  // 80 px: 40 more
        #expect((view.pullDistance, view.isPullArmed) == (83, true))
        #expect(view.refreshView.message == "Release to refresh")
        try view.releasePull()
        #expect(harness.log.filter { $0 == "willRefresh" }.count == 1)
        #expect((view.contentOffset, view.pullDistance) == (0, 0))
    }

    @Test func downWhilePulledUndoesThePullFirstThenScrollsWithTheRest() throws {
        let harness = try RefreshTests.harness()
        let view = harness.view
        view.scrollPrecisely(notches: -1.5, at: 0)  // 96 px: pull 48
        #expect(view.pullDistance == 48)
        view.scrollPrecisely(notches: 0.5, at: 0)  // 32 px: pull 32
        #expect((view.contentOffset, view.pullDistance) == (0, 32))
        view.scrollPrecisely(notches: 1, at: 0)  // 64 px: the pull's 32 take 64... and none is left
        #expect((view.contentOffset, view.pullDistance) == (0, 0))
        view.scrollPrecisely(notches: -0.25, at: 0)  // pull 8
        view.scrollPrecisely(notches: 0.5, at: 0)  // 32 px: 16 undo the pull, 16 scroll
        #expect((view.contentOffset, view.pullDistance) == (16, 0))
        try view.releasePull()  // nothing pulled: nothing happens
        #expect(harness.log.filter { $0 == "willRefresh" }.isEmpty)
    }

    @Test func theOddPixelOfAPullWaitsForTheNextScroll() throws {
        let harness = try RefreshTests.harness()
        let view = harness.view
        view.scrollPrecisely(notches: -3 / 64, at: 0)  // 3 px up: a pixel of pull, one px owed
        #expect((view.pullDistance, view.preciseScrollRemainder) == (1, -1))
        view.scrollPrecisely(notches: -3 / 64, at: 0)  // 3 + 1 px: two more
        #expect((view.pullDistance, view.preciseScrollRemainder) == (3, 0))
        view.scrollPrecisely(notches: 3 / 64, at: 0)  // 3 px down: a pixel of pull undone, one owed
        #expect((view.pullDistance, view.preciseScrollRemainder, view.contentOffset) == (2, 1, 0))
        view.scrollPrecisely(notches: 5 / 64, at: 0)  // 5 + 1 px: the pull's 2 take 4, 2 scroll
        #expect((view.pullDistance, view.preciseScrollRemainder, view.contentOffset) == (0, 0, 2))
    }

    @Test func thePullStopsAtTwiceTheThreshold() throws {
        let harness = try RefreshTests.harness()
        let view = harness.view
        view.scrollPrecisely(notches: -10, at: 0)
        #expect(view.pullDistance == 160)
    }

    @Test func theDrawingMovesThePixelsItHasForAPreciseScroll() throws {
        let harness = try Self.harness()
        let view = harness.view
        view.draw(in: RecordingCanvas())
        view.scrollPrecisely(notches: 0.3, at: 0)  // 19.2 px: 19
        let canvas = RecordingCanvas()
        view.draw(in: canvas)
        #expect(canvas.commands.first == .copy(Rect(x: 0, y: 19, width: 340, height: 181), to: Point(x: 0, y: 0)))
    }
}
