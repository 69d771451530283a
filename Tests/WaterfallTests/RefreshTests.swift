import Testing

@_spi(Testing) @testable import Waterfall

/// Pull to refresh and F5: the pull, its threshold, the refresh, and the top item kept in place.
struct RefreshTests {
    static func harness() throws -> SectionHarness {
        let harness = try SectionHarness(SectionsSource([Array(repeating: 50, count: 40)]))
        harness.view.allowsPullToRefresh = true
        return harness
    }

    @Test func wheelingUpAtTheTopPullsAndAReleaseBelowTheThresholdSpringsBack() throws {
        let harness = try Self.harness()
        let view = harness.view
        view.scrollWheel(notches: -1)
        #expect(view.pullDistance == 32)  // half the 64 px wheel step
        #expect(view.contentOffset == 0)
        #expect(view.refreshView.message == "Pull to refresh")
        #expect(view.frameOfItem(0) == Rect(x: 10, y: 42, width: 100, height: 50))  // everything moved down
        #expect(view.indexPathForItem(at: Point(x: 20, y: 50)) == 0)
        try view.releasePull()
        #expect(view.pullDistance == 0)
        #expect(harness.log.filter { $0 == "willRefresh" }.isEmpty)
    }

    @Test func aReleasePastTheThresholdRefreshes() throws {
        let harness = try Self.harness()
        let view = harness.view
        view.scrollWheel(notches: -2)
        #expect((view.pullDistance, view.isPullArmed) == (64, false))
        view.scrollWheel(notches: -1)
        #expect((view.pullDistance, view.isPullArmed) == (96, true))
        #expect(view.refreshView.message == "Release to refresh")
        view.scrollWheel(notches: -10)
        #expect(view.pullDistance == 160)  // at most twice the threshold
        view.scrollWheel(notches: 1)  // a notch down undoes some pull before it scrolls
        #expect((view.pullDistance, view.contentOffset) == (128, 0))
        try view.releasePull()
        #expect(harness.log.filter { $0 == "willRefresh" }.count == 1)
        #expect((view.pullDistance, view.contentOffset) == (0, 0))
        view.checkInvariants()
    }

    @Test func thePulledStripShowsTheIndicatorAboveTheContent() throws {
        let harness = try Self.harness()
        let view = harness.view
        view.scrollWheel(notches: -3)
        let canvas = RecordingCanvas()
        view.draw(in: canvas)
        #expect(
            canvas.commands.contains(
                .fill(Rect(x: 10, y: 0, width: 210, height: 50).offsetBy(dx: 0, dy: 0), view.refreshView.panelColor))
                == false)
        let panel = canvas.commands.first {
            if case .fill(_, view.refreshView.panelColor) = $0 { return true }
            return false
        }
        guard case .fill(let rect, _)? = panel else {
            Issue.record("no refresh panel drawn")
            return
        }
        #expect(rect.minY >= 0 && rect.maxY <= 96)  // inside the strip above the content
        #expect(
            canvas.commands.contains {
                if case .text("Release to refresh", _, _) = $0 { return true }
                return false
            })
    }

    @Test func wheelingUpAwayFromTheTopScrollsWithoutPulling() throws {
        let harness = try Self.harness()
        let view = harness.view
        view.setContentOffset(100)
        view.scrollWheel(notches: -3)
        #expect((view.contentOffset, view.pullDistance) == (0, 0))  // stops at the top
        view.allowsPullToRefresh = false
        view.scrollWheel(notches: -3)
        #expect(view.pullDistance == 0)
    }

    @Test func aRefreshKeepsTheTopItemWhereItWasOnScreen() throws {
        let harness = try Self.harness()
        let view = harness.view
        view.setContentOffset(615)  // item 20 (row 10 at y 610) is at the top, 5 px cut off
        let top = try #require(view.indexPathsForItemsInViewport.first)
        #expect(top == 20)
        let screenY = try #require(view.frameOfItem(top)).minY
        #expect(screenY == -5)
        // The data changes above it: the first ten items grow by 30, so row 10 moves down by 150.
        for item in 0..<10 { harness.data.sections[0][item] = 80 }
        try view.perform(.refresh)
        #expect(harness.log.filter { $0 == "willRefresh" }.count == 1)
        #expect(view.layout.layoutAttributesForItem(at: 20)?.frame.minY == 760)
        #expect(view.frameOfItem(20)?.minY == screenY)
        #expect(view.contentOffset == 765)
        // An item that no longer exists leaves the offset to the clamp.
        harness.data.sections[0] = [50]
        try view.refresh()
        #expect(view.contentOffset == 0)
        view.checkInvariants()
    }

    @Test func f5DuringAPullRefreshesOnce() throws {
        let harness = try Self.harness()
        let view = harness.view
        view.scrollWheel(notches: -3)
        #expect(view.isPullArmed)
        try view.perform(.refresh)
        #expect(view.pullDistance == 0)
        try view.releasePull()
        #expect(harness.log.filter { $0 == "willRefresh" }.count == 1)
    }
}
