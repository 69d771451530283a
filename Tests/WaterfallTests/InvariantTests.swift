import Testing

@testable import Waterfall

/// Each invariant check trips on the state that breaks it, with a message naming what broke, and a healthy view
/// breaks none. The states are broken by hand (the checks exist to catch bugs the code does not have yet).
@Suite struct InvariantTests {
    /// `Grid`'s layout alone: 3 columns of 100 at x 10, 120, 230, 12 items, content height 360.
    private func gridLayout() throws -> WaterfallLayout {
        let layout = WaterfallLayout(columnCount: 3, columnSpacing: 10, rowSpacing: 10, insets: EdgeInsets(all: 10))
        try layout.prepare(width: 340, itemCount: Grid.heights.count) { index, _ in Grid.heights[index] }
        layout.indexAllItems()
        #expect(layout.invariantViolations() == [])
        return layout
    }

    @Test func twoFramesOverlappingInAColumnAreNamed() throws {
        let layout = try gridLayout()
        layout.itemY[3] = 40  // column 1: item 1 is at 10..<60, item 3 now starts inside it
        #expect(layout.invariantViolations() == ["item 3 (y 40.0) overlaps item 1 above it in column 1 (bottom 60.0)"])
    }

    @Test func aColumnListedOutOfOrderIsNamed() throws {
        let layout = try gridLayout()
        layout.columnItems[1].swapAt(0, 1)  // item 3 (70..<130) listed above item 1 (10..<60)
        #expect(
            layout.invariantViolations() == [
                "column 1 lists the items [3, 1, 6, 9], but its items among the first 12 are [1, 3, 6, 9]"
            ])
    }

    @Test func aBannerOverlappingAColumnsItemIsNamed() throws {
        // Banner 3 spans the columns at 120..<170; item 4 is below it in column 0 at 180..<220.
        let layout = WaterfallLayout(columnCount: 3, columnSpacing: 10, rowSpacing: 10, insets: EdgeInsets(all: 10))
        let heights: [Double] = [100, 20, 30, 50, 40, 10, 10, 10]
        try layout.prepare(
            width: 340, itemCount: heights.count, height: { index, _ in heights[index] }, spansAllColumns: { $0 == 3 })
        #expect(layout.invariantViolations() == [])
        layout.itemY[4] = 160
        #expect(
            layout.invariantViolations() == [
                "item 4 of column 0 (y 160.0 to 200.0) overlaps banner 3 above it (y 120.0 to 170.0)"
            ])
    }

    @Test func itemsInTheWrongColumnMissingFromTheIndexOrBelowTheContentAreNamed() throws {
        let layout = try gridLayout()
        layout.columnItems[0].removeLast()  // item 10
        layout.itemColumn[0] = 2  // item 0 (10..<110) now lies under item 2 (10..<40) in column 2
        layout.itemHeight[9] = 200  // 240..<440, below the content's 360
        #expect(
            layout.invariantViolations() == [
                "item 2 (y 10.0) overlaps item 0 above it in column 2 (bottom 110.0)",
                "item 9 reaches to 440.0, below the content's height 360.0",
                "column 0 lists the items [0, 5, 7], but its items among the first 12 are [5, 7, 10]",
                "column 2 lists the items [2, 4, 8, 11], but its items among the first 12 are [0, 2, 4, 8, 11]",
                "the column index's bottoms are [300.0, 350.0, 330.0], below its 12 items they are [300.0, 440.0, 330.0]",
            ])
    }

    /// 2,000 items of 100 in 3 columns: a query of the top 50 px lists the items above it in proportion to the content
    /// (1) and 256 more, and the check covers those.
    @Test func theIndexIsCheckedAsFarAsItHasListedItems() throws {
        let layout = WaterfallLayout(columnCount: 3, columnSpacing: 10, rowSpacing: 10, insets: EdgeInsets(all: 10))
        try layout.prepare(width: 340, itemCount: 2000) { _, _ in 100 }
        #expect(layout.indexedCount == 0)
        #expect(layout.invariantViolations() == [])
        layout.forEachItem(in: Rect(x: 0, y: 0, width: 340, height: 50)) { _ in }
        #expect(layout.indexedCount == 257)
        #expect(layout.invariantViolations() == [])
        layout.columnItems[1].removeAll()
        #expect(
            layout.invariantViolations() == [
                "column 1 lists the items [], but its items among the first 257 are [1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34]"
            ])
    }

    @Test func theCollectionLayoutNamesTheSection() throws {
        let harness = try Grid.harness()
        let layout = harness.view.layout
        // A section's columns start at y 0 (its top inset is the section's): item 1 is at 0..<50 there.
        layout.sections[0].columns.itemY[3] = 40
        layout.sections[0].top = 5
        #expect(
            layout.invariantViolations() == [
                "section 0: item 3 (y 40.0) overlaps item 1 above it in column 1 (bottom 50.0)",
                "section 0 starts at 5.0, not at the previous section's bottom 0.0",
                "the content ends at 360.0, above the last section's bottom 365.0",
            ])
    }

    /// The per-frame check in debug builds checks the layout's invariants again only after a change of its frames:
    /// every change counts a revision, scrolling and a change of height alone do not.
    @Test func everyChangeOfTheFramesCountsARevision() throws {
        let harness = try Grid.harness()
        let view = harness.view
        var revision = view.layout.revision
        func changed() -> Bool {
            defer { revision = view.layout.revision }
            return view.layout.revision != revision
        }
        view.setContentOffset(50)
        try view.setViewportSize(Size(width: 340, height: 150))
        #expect(!changed())
        harness.heights.append(40)
        try view.insertItems(at: [ItemPath(item: 12, section: 0)])
        #expect(changed())
        harness.heights[0] = 20
        try view.invalidateHeights(ofItemsAt: [ItemPath(item: 0, section: 0)])
        #expect(changed())
        try view.setViewportSize(Size(width: 400, height: 150))
        #expect(changed())
        try view.reloadData()
        #expect(changed())
        view.layout.loadMoreFooterHeight = 30
        #expect(changed())
        view.checkInvariantsInDebugBuilds()
        #expect(view.checkedLayoutRevision == view.layout.revision)
    }

    @Test func aHealthyViewBreaksNone() throws {
        let harness = try Grid.harness(overscan: 20)
        let view = harness.view
        view.selectionMode = .multiple
        view.pointerDown(at: Point(x: 50, y: 50))
        #expect(view.invariantViolations() == [])  // pressed
        view.pointerUp(at: Point(x: 50, y: 50))
        view.setContentOffset(100)
        view.handleKey(.down, modifiers: .shift)
        try view.setViewportSize(Size(width: 500, height: 150))
        #expect(!view.selectedItems.isEmpty)
        #expect(view.invariantViolations() == [])
        view.checkInvariants()
        view.checkInvariantsInDebugBuilds()
    }

    /// The grid at offset 0 in a viewport of 200 without overscan shows items 0-7 (8 cells, all created).
    @Test func aCellOutsideTheViewportIsNamed() throws {
        let view = try Grid.harness().view
        #expect(view.visibleCells.count == 8)
        let stray = view.dequeueReusableCell(withReuseIdentifier: TestCell.identifier)
        stray.frame = try #require(view.layout.layoutAttributesForItem(at: ItemPath(item: 9, section: 0))).frame
        view.visibleCells[ItemPath(item: 9, section: 0)] = stray
        #expect(
            view.invariantViolations() == [
                "the cell of item 0.9 at (120.0, 240.0) 100.0×110.0 is visible outside the viewport and overscan (0.0, 0.0) 340.0×200.0"
            ])
    }

    @Test func aCellAtAnotherFrameOrShowingAnotherStateIsNamed() throws {
        let view = try Grid.harness().view
        let cell = try #require(view.visibleCells[ItemPath(item: 0, section: 0)])
        cell.frame.origin.y = 20
        view.visibleCells[ItemPath(item: 1, section: 0)]?.isSelected = true
        view.visibleCells[ItemPath(item: 2, section: 0)]?.isHighlighted = true
        #expect(
            view.invariantViolations() == [
                "the cell of item 0.0 is at (10.0, 20.0) 100.0×100.0, its item at (10.0, 10.0) 100.0×100.0",
                "the cell of item 0.1 shows isSelected true, its item's selection is false",
                "the cell of item 0.2 shows isHighlighted true against the press",
            ])
    }

    @Test func aCellNeitherVisibleNorPooledBreaksTheCount() throws {
        let view = try Grid.harness().view
        view.visibleCells.removeValue(forKey: ItemPath(item: 0, section: 0))
        #expect(
            view.invariantViolations() == [
                "7 visible cells + 0 visible headers and footers + 0 pooled views = 7, but 8 were created"
            ])
    }

    @Test func selectingFocusingOrPressingAnItemThatDoesNotExistIsNamed() throws {
        let view = try Grid.harness().view
        view.selectionMode = .multiple
        view.selectedItems = [ItemPath(item: 12, section: 0)]
        view.focusedItem = ItemPath(item: 0, section: 3)
        view.selectionAnchor = ItemPath(item: -1, section: 0)
        view.press = .cell(ItemPath(item: 99, section: 0), modifiers: [], at: Point(x: 0, y: 0))
        #expect(
            view.invariantViolations() == [
                "item 0.12 is selected but is not laid out (12 items)",
                "item 3.0 is focused but is not laid out (12 items)",
                "item 0.-1 is the selection anchor but is not laid out (12 items)",
                "item 0.99 is pressed but is not laid out (12 items)",
            ])
    }

    @Test func tooManySelectedItemsForTheModeAreCounted() throws {
        let view = try Grid.harness().view
        view.selectedItems = [ItemPath(item: 9, section: 0), ItemPath(item: 10, section: 0)]  // both out of view
        #expect(view.selectionMode == .single)
        #expect(view.invariantViolations() == ["2 items are selected in single selection mode"])
    }
}
