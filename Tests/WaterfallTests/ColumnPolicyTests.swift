import Testing

@testable import Waterfall

@Suite struct ColumnPolicyTests {
    let byAspect = ColumnPolicy(portraitColumns: 2, landscapeColumns: 4)
    let byWidth = ColumnPolicy(portraitColumns: 3, landscapeColumns: 5, landscapeMinimumWidth: 1000)

    @Test func withoutAnExplicitWidthLandscapeMeansWiderThanTall() {
        #expect(byAspect.isLandscape(Size(width: 599, height: 600)) == false)
        #expect(byAspect.isLandscape(Size(width: 600, height: 600)) == false)
        #expect(byAspect.isLandscape(Size(width: 600.5, height: 600)))
        #expect(byAspect.isLandscape(Size(width: 601, height: 600)))
        #expect(byAspect.columnCount(for: Size(width: 599, height: 600)) == 2)
        #expect(byAspect.columnCount(for: Size(width: 600, height: 600)) == 2)
        #expect(byAspect.columnCount(for: Size(width: 601, height: 600)) == 4)
        #expect(byAspect.columnCount(for: .zero) == 2)
    }

    @Test func anExplicitWidthIsInclusiveAndIgnoresTheHeight() {
        #expect(byWidth.columnCount(for: Size(width: 999, height: 100)) == 3)
        #expect(byWidth.columnCount(for: Size(width: 999.5, height: 100)) == 3)
        #expect(byWidth.columnCount(for: Size(width: 1000, height: 100)) == 5)
        #expect(byWidth.columnCount(for: Size(width: 1001, height: 100)) == 5)
        // Taller than wide, but wide enough.
        #expect(byWidth.columnCount(for: Size(width: 1000, height: 2000)) == 5)
        #expect(byWidth.isLandscape(Size(width: 1000, height: 2000)))
        #expect(byWidth.isLandscape(Size(width: 999, height: 10)) == false)
    }

    @Test func fixedIsTheSameInBothOrientations() {
        let policy = ColumnPolicy.fixed(3)
        #expect(policy == ColumnPolicy(portraitColumns: 3, landscapeColumns: 3, landscapeMinimumWidth: nil))
        #expect(policy.columnCount(for: Size(width: 100, height: 900)) == 3)
        #expect(policy.columnCount(for: Size(width: 900, height: 100)) == 3)
    }

    @Test func theCollectionViewRelayoutsWhenTheCountChanges() throws {
        let harness = try Harness(heights: [nil, nil, nil], columns: 2, viewport: Size(width: 230, height: 300))
        let view = harness.view
        view.columnPolicy = ColumnPolicy(portraitColumns: 2, landscapeColumns: 3)
        harness.log = []
        // Still portrait at width == height: no change of count, but a change of width relayouts.
        try view.setViewportSize(Size(width: 300, height: 300))
        #expect(view.layout.columnCount == 2)
        #expect(view.layout.columnWidth == 135)
        #expect(harness.log == ["didLayout"])
        // Landscape: 3 columns of (340 - 20 - 20) / 3.
        try view.setViewportSize(Size(width: 340, height: 300))
        #expect(view.layout.columnCount == 3)
        #expect(view.layout.columnWidth == 100)
        #expect(view.frameOfItem(2) == Rect(x: 230, y: 10, width: 100, height: 100))
        // Only the height changes, the count stays: no relayout.
        try view.setViewportSize(Size(width: 340, height: 320))
        #expect(harness.log == ["didLayout", "didLayout"])
        // Taller than wide by more than half the 16 px hysteresis band: back to 2 columns.
        try view.setViewportSize(Size(width: 340, height: 349))
        #expect(view.layout.columnCount == 2)
        #expect(view.layout.columnWidth == 155)
        #expect(harness.log == ["didLayout", "didLayout", "didLayout"])
        view.checkInvariants()
    }

    @Test func aViewKeepsItsOrientationInsideTheHysteresisBand() {
        // Threshold 1000, band 16: landscape from 1008.5 on for a portrait view, portrait below 992 for a landscape one.
        #expect(byWidth.hysteresis == 16)
        #expect(byWidth.columnCount(for: Size(width: 1008, height: 1), wasLandscape: false) == 3)
        #expect(byWidth.columnCount(for: Size(width: 1008.5, height: 1), wasLandscape: false) == 5)
        #expect(byWidth.columnCount(for: Size(width: 992, height: 1), wasLandscape: true) == 5)
        #expect(byWidth.columnCount(for: Size(width: 991.5, height: 1), wasLandscape: true) == 3)
        // Without an orientation yet, only the threshold decides.
        #expect(byWidth.columnCount(for: Size(width: 1000, height: 1)) == 5)
        #expect(byWidth.columnCount(for: Size(width: 999, height: 1)) == 3)
        // By aspect the margin is width - height.
        #expect(byAspect.columnCount(for: Size(width: 605, height: 600), wasLandscape: false) == 2)
        #expect(byAspect.columnCount(for: Size(width: 609, height: 600), wasLandscape: false) == 4)
        #expect(byAspect.columnCount(for: Size(width: 593, height: 600), wasLandscape: true) == 4)
        #expect(byAspect.columnCount(for: Size(width: 591, height: 600), wasLandscape: true) == 2)
        // No band: the threshold alone, whatever the history.
        let sharp = ColumnPolicy(portraitColumns: 3, landscapeColumns: 5, landscapeMinimumWidth: 1000, hysteresis: 0)
        #expect(sharp.columnCount(for: Size(width: 999, height: 1), wasLandscape: true) == 3)
        #expect(sharp.columnCount(for: Size(width: 1000, height: 1), wasLandscape: false) == 5)
    }

    @Test func aDragResizeAlongTheBoundaryDoesNotFlap() throws {
        let harness = try Harness(
            heights: Array(repeating: 40, count: 30), columns: 3, viewport: Size(width: 990, height: 300))
        let view = harness.view
        view.columnPolicy = ColumnPolicy(portraitColumns: 3, landscapeColumns: 5, landscapeMinimumWidth: 1000)
        try view.reloadData()
        #expect((view.layout.columnCount, view.isLandscape) == (3, false))
        var counts: [Int] = []
        for width in [995.0, 1001, 1004, 998, 1007, 1002, 1009, 1003, 995, 993, 1000, 992, 991] {
            try view.setViewportSize(Size(width: width, height: 300))
            counts.append(view.layout.columnCount)
        }
        // Portrait until 1009 (> 1008), then landscape until 991 (< 992).
        #expect(counts == [3, 3, 3, 3, 3, 3, 5, 5, 5, 5, 5, 5, 3])
        view.checkInvariants()
    }
}
