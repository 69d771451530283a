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
        // Taller than wide at the same width: back to 2 columns.
        try view.setViewportSize(Size(width: 340, height: 341))
        #expect(view.layout.columnCount == 2)
        #expect(view.layout.columnWidth == 155)
        #expect(harness.log == ["didLayout", "didLayout", "didLayout"])
        view.checkInvariants()
    }
}
