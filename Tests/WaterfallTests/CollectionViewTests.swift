import Testing

@testable import Waterfall

/// Reloading, resizing and coordinate conversion of a `CollectionView` over the `Grid`.
@Suite struct CollectionViewTests {
    @Test func viewCoordinatesSubtractTheOffset() throws {
        let harness = try Grid.harness()
        let view = harness.view
        view.setContentOffset(100)
        #expect(view.frameOfItem(5) == Rect(x: 10, y: 20, width: 100, height: 40))
        #expect(view.frameOfItem(12) == nil)
        #expect(view.indexPathForItem(at: Point(x: 60, y: 30)) == 5)
        #expect(view.indexPathForItem(at: Point(x: 60, y: 15)) == nil)  // content y 115: row spacing
        #expect(view.numberOfItems == 12)
        #expect(view.contentSize == Size(width: 340, height: 360))
        #expect(view.indexPathsForItemsInViewport == [0, 3, 4, 5, 6, 7, 8, 9, 10, 11])
    }

    @Test func scrollingTellsTheDelegateOnlyWhenTheOffsetChanges() throws {
        let harness = try Grid.harness()
        let view = harness.view
        harness.log = []
        view.setContentOffset(0)
        view.scrollWheel(notches: 0)
        view.scrollPages(-1)
        #expect(harness.log == [])
        view.setContentOffset(30)
        view.scrollItemToVisible(0)  // 0..<120 with the margin: back to 0
        view.scrollItemToVisible(99)  // no such item
        #expect(harness.log == ["didScroll", "didScroll"])
        #expect(view.contentOffset == 0)
    }

    @Test func aTallerViewportOnlyMovesTheScrollLimits() throws {
        let harness = try Grid.harness()
        let view = harness.view
        view.setContentOffset(160)
        harness.log = []
        try view.setViewportSize(Size(width: 340, height: 300))
        #expect(view.contentOffset == 60)
        #expect(harness.log == ["didScroll"])
        // 60..<360 shows everything but item 1 (10..<60).
        #expect(view.visibleCells.keys.sorted() == [0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
        try view.setViewportSize(Size(width: 340, height: 300))
        #expect(harness.log == ["didScroll"])
        view.checkInvariants()
    }

    @Test func reloadKeepsAnExistingSelection() throws {
        let harness = try Grid.harness()
        let view = harness.view
        view.selectItem(at: 4)
        harness.heights[4] = 20
        harness.log = []
        try view.reloadData()
        #expect(harness.log == ["didLayout"])
        #expect(view.selectedItem == 4)
        #expect(harness.cell(4)?.isSelected == true)
        #expect(view.frameOfItem(4) == Rect(x: 230, y: 100, width: 100, height: 20))
        #expect(harness.cell(4)?.frame == Rect(x: 230, y: 100, width: 100, height: 20))
        view.checkInvariants()
    }

    @Test func reloadWithFewerItemsDropsASelectionBeyondThem() throws {
        let harness = try Grid.harness()
        let view = harness.view
        view.setContentOffset(160)
        view.selectItem(at: 11)
        harness.heights = Array(Grid.heights.prefix(6))
        harness.log = []
        try view.reloadData()
        // The selection's item is gone, and the delegate hears so. Items 0 to 5 end at 220 (item 4): the
        // content is 230 high, so the offset goes to 30.
        #expect(harness.log == ["didDeselect(11)", "didScroll", "didLayout"])
        #expect(view.contentOffset == 30)
        #expect(view.selectedItem == nil)
        #expect(view.numberOfItems == 6)
        #expect(view.visibleCells.keys.sorted() == [0, 1, 2, 3, 4, 5])
        view.checkInvariants()
    }

    @Test func aFailedReloadLeavesTheViewEmpty() throws {
        let harness = try Grid.harness()
        let view = harness.view
        view.selectItem(at: 3)
        view.setContentOffset(100)
        view.pointerDown(at: Point(x: 60, y: 30))  // item 5
        #expect(view.highlightedItem == 5)
        harness.heights[7] = .nan
        harness.log = []
        let error = #expect(throws: LayoutError.self) { try view.reloadData() }
        guard case .inSection(0, .invalidHeight(index: 7, height: let height))? = error else {
            Issue.record("expected invalidHeight for item 7 of section 0, got \(String(describing: error))")
            return
        }
        #expect(height.isNaN)
        // The press and the selection end with the items, and the delegate hears both.
        #expect(harness.log == ["didUnhighlight(5)", "didDeselect(3)", "didScroll", "didLayout"])
        #expect(view.numberOfItems == 0)
        #expect(view.numberOfSections == 0)
        #expect(view.contentSize == Size(width: 340, height: 0))
        #expect(view.contentOffset == 0)
        #expect(view.visibleCells.isEmpty)
        #expect(view.reusePool.count == view.reusePool.created)
        #expect(view.selectedItem == nil)
        #expect(view.highlightedItem == nil)
        view.checkInvariants()

        // Fixed data brings everything back, with nothing selected.
        harness.heights[7] = 70
        try view.reloadData()
        #expect(view.numberOfItems == 12)
        #expect(view.visibleCells.keys.sorted() == [0, 1, 2, 3, 4, 5, 6, 7])
        #expect(view.selectedItem == nil)
        #expect(harness.unpreparedReuses == [])
        view.checkInvariants()
    }
}
