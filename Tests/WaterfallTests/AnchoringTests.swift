import Testing

@testable import Waterfall

/// The item at the top of the viewport keeps its place on screen across updates and resizes.
/// 40 items of height 50 in 2 columns of 100 (viewport 230 × 200, spacing and insets 10): item i is in row
/// i / 2, at y 10 + 60 × row.
struct AnchoringTests {
    static func harness() throws -> SectionHarness {
        try SectionHarness(SectionsSource([Array(repeating: 50, count: 40)]))
    }

    @Test func anInsertAboveTheViewportKeepsTheTopItemInPlace() throws {
        let harness = try Self.harness()
        let view = harness.view
        view.setContentOffset(615)  // item 20 (row 10 at y 610) is at the top, 5 px cut off
        #expect(view.frameOfItem(20)?.minY == -5)
        let cells = cellIdentities(view)
        let created = view.reusePool.created
        harness.data.sections[0].insert(contentsOf: [50, 50, 50, 50], at: 0)
        try view.insertItems(at: [0, 1, 2, 3])
        #expect(view.layout.layoutAttributesForItem(at: 24)?.frame.minY == 730)  // two rows further down
        #expect(view.contentOffset == 735)
        #expect(view.frameOfItem(24)?.minY == -5)
        #expect(view.reusePool.created == created)
        // The same cells, each at its item's new path.
        #expect(Set(cellIdentities(view).values) == Set(cells.values))
        #expect(cellIdentities(view)[24] == cells[20])
        view.checkInvariants()
    }

    @Test func deletingTheTopItemAnchorsTheNextOneAndNoSurvivorLeavesTheClamp() throws {
        let harness = try Self.harness()
        let view = harness.view
        view.setContentOffset(615)
        // Item 20 goes: item 21 (at x 120, same top) was next; it becomes item 20 at x 10, same y.
        harness.data.sections[0].remove(at: 20)
        try view.deleteItems(at: [20])
        #expect(view.contentOffset == 615)
        #expect(view.frameOfItem(20) == Rect(x: 10, y: -5, width: 100, height: 50))
        // At the end, delete everything in the viewport: the offset is only clamped to the shorter content.
        view.setContentOffset(view.scroll.maxOffset)
        let inView = view.indexPathsForItemsInViewport
        harness.data.sections[0].removeLast(inView.count)
        try view.deleteItems(at: inView)
        #expect(view.contentOffset == view.scroll.maxOffset)
        #expect(view.contentOffset == view.contentSize.height - 200)
        view.checkInvariants()
    }

    @Test func aWidthChangeThatChangesTheColumnCountKeepsTheTopItemInPlace() throws {
        let harness = try Self.harness()
        let view = harness.view
        view.columnPolicy = ColumnPolicy(portraitColumns: 2, landscapeColumns: 3, landscapeMinimumWidth: 300)
        view.setContentOffset(615)
        // 3 columns of 100: item 20 is in row 6, at y 370.
        try view.setViewportSize(Size(width: 340, height: 200))
        #expect(view.layout.columnCount == 3)
        #expect(view.contentOffset == 375)
        #expect(view.frameOfItem(20)?.minY == -5)
        // Back to 2 columns: now item 18 (row 6, x 10) is the top item; in 2 columns it is in row 9, at y 550.
        try view.setViewportSize(Size(width: 230, height: 200))
        #expect(view.layout.columnCount == 2)
        #expect(view.frameOfItem(18)?.minY == -5)
        #expect(view.contentOffset == 555)
        view.checkInvariants()
    }

    @Test func theAnchorIsClampedToTheScrollLimits() throws {
        let harness = try Self.harness()
        let view = harness.view
        view.setContentOffset(view.scroll.maxOffset)  // 1010: item 32 (row 16 at 970) is at the top, at -40
        #expect(view.frameOfItem(32)?.minY == -40)
        // Wider, 4 columns: 10 rows, content 610; item 32 (row 8 at 490) would need offset 530, past the largest, 410.
        view.columnPolicy = ColumnPolicy(portraitColumns: 2, landscapeColumns: 4, landscapeMinimumWidth: 300)
        try view.setViewportSize(Size(width: 340, height: 200))
        #expect(view.layout.layoutAttributesForItem(at: 32)?.frame.minY == 490)
        #expect(view.contentOffset == 410)
        #expect(view.frameOfItem(32)?.minY == 80)
        view.checkInvariants()
    }
}

/// A grid zoom: the column policy changes at once, keeping the point under the pointer (or the focused item) in place.
/// The harness of `AnchoringTests`: 40 items of height 50 in 2 columns of 100, a viewport of 230 × 200.
struct ColumnZoomTests {
    @Test func aFittingPolicyGivesTheMostColumnsAtLeastThatWide() {
        // 210 points inside the insets, 10 apart: 2 of 100, 3 of 63.3, 4 of 45, exactly 4 of 45 too.
        #expect(ColumnPolicy.fitting(columnWidth: 100).fittingColumnCount(inWidth: 210, spacing: 10) == 2)
        #expect(ColumnPolicy.fitting(columnWidth: 60).fittingColumnCount(inWidth: 210, spacing: 10) == 3)
        #expect(ColumnPolicy.fitting(columnWidth: 45).fittingColumnCount(inWidth: 210, spacing: 10) == 4)
        #expect(ColumnPolicy.fitting(columnWidth: 45.0001).fittingColumnCount(inWidth: 210, spacing: 10) == 3)
        #expect(ColumnPolicy.fitting(columnWidth: 500).fittingColumnCount(inWidth: 210, spacing: 10) == 1)
        #expect(
            ColumnPolicy.fitting(columnWidth: 0.001).fittingColumnCount(inWidth: 210, spacing: 0)
                == WaterfallLayout.maximumColumnCount)
        #expect(ColumnPolicy.fixed(3).fittingColumnCount(inWidth: 210, spacing: 10) == nil)
    }

    @Test func theItemUnderThePointerKeepsThePointUnderIt() throws {
        let harness = try AnchoringTests.harness()
        let view = harness.view
        view.setContentOffset(615)  // item 23 (row 11, x 120) has its top at screen y 55
        #expect(view.frameOfItem(23)?.minY == 55)
        try view.setColumnPolicy(.fitting(columnWidth: 40), keepingPointAt: Point(x: 150, y: 100))
        // 4 columns of 45: item 23 is in row 5, at y 310; the pointer was 45 into it, and still is.
        #expect(view.layout.columnCount == 4)
        #expect(view.frameOfItem(23)?.minY == 55)
        #expect(view.contentOffset == 255)
        view.checkInvariants()
    }

    @Test func withoutAnItemUnderThePointerTheFocusedItemStays() throws {
        let harness = try AnchoringTests.harness()
        let view = harness.view
        view.setContentOffset(615)
        view.handleKey(.down, modifiers: .control)  // focuses the first item in the viewport: 20
        view.handleKey(.down, modifiers: .control)  // 22
        view.handleKey(.right, modifiers: .control)  // then 23, a row below the top item
        #expect(view.focusedItem == ItemPath(item: 23, section: 0))
        let top = try #require(view.frameOfItem(23)?.minY)
        // not the top item: the top's anchor would not keep it
        #expect(top == view.frameOfItem(20).map { $0.minY + 60 })
        try view.setColumnPolicy(.fitting(columnWidth: 40), keepingPointAt: Point(x: 115, y: 100))  // between columns
        #expect(view.layout.columnCount == 4)
        #expect(view.frameOfItem(23)?.minY == top)
    }

    @Test func withNeitherTheTopItemKeepsItsPlace() throws {
        let harness = try AnchoringTests.harness()
        let view = harness.view
        view.setContentOffset(615)
        try view.setColumnPolicy(.fitting(columnWidth: 40))
        #expect(view.frameOfItem(20)?.minY == -5)
        #expect(view.contentOffset == 315)
        try view.setColumnPolicy(.fixed(2))
        #expect(view.layout.columnCount == 2)
        #expect(view.frameOfItem(20)?.minY == -5)
    }
}
