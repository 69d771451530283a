import Testing

@testable import Waterfall

/// Press, move and release on the `Grid` (viewport 340 × 200 at offset 0 unless moved).
/// Item 0 is at 10..<110 × 10..<110, item 1 at 120..<220 × 10..<60, item 2 at 230..<330 × 10..<90.
@Suite struct PointerTests {
    let onItem0 = Point(x: 60, y: 50)
    let onItem1 = Point(x: 150, y: 30)
    let onItem2 = Point(x: 280, y: 50)

    func grid(viewportHeight: Double = 200) throws -> Harness {
        let harness = try Grid.harness(viewportHeight: viewportHeight)
        harness.log = []
        return harness
    }

    func click(_ view: CollectionView, _ point: Point) {
        view.pointerDown(at: point)
        view.pointerUp(at: point)
    }

    @Test func pressHighlightsAndReleaseSelects() throws {
        let harness = try grid()
        let view = harness.view
        let cell = try #require(harness.cell(0))

        view.pointerDown(at: onItem0)
        #expect(harness.log == ["shouldHighlight(0)", "didHighlight(0)"])
        #expect(view.highlightedItem == 0)
        #expect(cell.isHighlighted)
        #expect(cell.isSelected == false)

        // Moving inside the pressed cell changes nothing.
        view.pointerMoved(to: Point(x: 109.5, y: 109.5))
        #expect(harness.log.count == 2)
        #expect(cell.isHighlighted)

        view.pointerUp(at: Point(x: 10, y: 10))
        #expect(
            harness.log == [
                "shouldHighlight(0)", "didHighlight(0)", "didUnhighlight(0)", "shouldSelect(0)", "didSelect(0)",
            ])
        #expect(view.highlightedItem == nil)
        #expect(view.selectedItem == 0)
        #expect(cell.isHighlighted == false)
        #expect(cell.isSelected)
        view.checkInvariants()
    }

    @Test func selectingAnotherItemDeselectsThePreviousFirst() throws {
        let harness = try grid()
        let view = harness.view
        click(view, onItem0)
        harness.log = []
        click(view, onItem1)
        #expect(
            harness.log == [
                "shouldHighlight(1)", "didHighlight(1)", "didUnhighlight(1)",
                "shouldSelect(1)", "didDeselect(0)", "didSelect(1)",
            ])
        #expect(view.selectedItem == 1)
        #expect(harness.cell(0)?.isSelected == false)
        #expect(harness.cell(1)?.isSelected == true)
        view.checkInvariants()
    }

    @Test func clickingTheSelectedItemAgainKeepsIt() throws {
        let harness = try grid()
        let view = harness.view
        click(view, onItem0)
        harness.log = []
        click(view, onItem0)
        #expect(harness.log == ["shouldHighlight(0)", "didHighlight(0)", "didUnhighlight(0)"])
        #expect(view.selectedItem == 0)
        #expect(harness.cell(0)?.isSelected == true)
    }

    @Test func movingOffThePressedCellCancels() throws {
        let harness = try grid()
        let view = harness.view
        view.pointerDown(at: onItem0)
        view.pointerMoved(to: Point(x: 60, y: 110))  // the row spacing below item 0
        #expect(harness.log == ["shouldHighlight(0)", "didHighlight(0)", "didUnhighlight(0)"])
        #expect(harness.cell(0)?.isHighlighted == false)
        // Back on the same cell and released there: still nothing.
        view.pointerMoved(to: onItem0)
        view.pointerUp(at: onItem0)
        #expect(harness.log == ["shouldHighlight(0)", "didHighlight(0)", "didUnhighlight(0)"])
        #expect(view.selectedItem == nil)
        #expect(view.highlightedItem == nil)
        #expect(harness.cell(0)?.isSelected == false)
    }

    @Test func movingOntoAnotherCellCancelsAndSelectsNeither() throws {
        let harness = try grid()
        let view = harness.view
        view.pointerDown(at: onItem0)
        view.pointerMoved(to: onItem1)
        view.pointerUp(at: onItem1)
        #expect(harness.log == ["shouldHighlight(0)", "didHighlight(0)", "didUnhighlight(0)"])
        #expect(view.selectedItem == nil)
        #expect(harness.cell(1)?.isHighlighted == false)
    }

    @Test func releasingElsewhereSelectsNothing() throws {
        let harness = try grid()
        let view = harness.view
        view.pointerDown(at: onItem0)
        view.pointerUp(at: onItem2)
        #expect(harness.log == ["shouldHighlight(0)", "didHighlight(0)", "didUnhighlight(0)"])
        #expect(view.selectedItem == nil)
    }

    @Test func aWheelNotchWhilePressedCancels() throws {
        let harness = try grid()
        let view = harness.view
        view.pointerDown(at: onItem0)
        view.scrollWheel(notches: 1)
        #expect(view.contentOffset == 64)
        #expect(harness.log == ["shouldHighlight(0)", "didHighlight(0)", "didUnhighlight(0)", "didScroll"])
        #expect(harness.cell(0)?.isHighlighted == false)
        // Item 0 is now at view y -54..<46: releasing on it selects nothing.
        #expect(view.indexPathForItem(at: Point(x: 60, y: 20)) == 0)
        view.pointerUp(at: Point(x: 60, y: 20))
        #expect(harness.log.count == 4)
        #expect(view.selectedItem == nil)
    }

    @Test func aWheelNotchThatCannotScrollStillCancels() throws {
        let harness = try grid()
        let view = harness.view
        view.pointerDown(at: onItem0)
        view.scrollWheel(notches: -1)
        #expect(view.contentOffset == 0)
        #expect(harness.log == ["shouldHighlight(0)", "didHighlight(0)", "didUnhighlight(0)"])
        view.pointerUp(at: onItem0)
        #expect(view.selectedItem == nil)
    }

    @Test func aSecondPressCancelsTheFirst() throws {
        let harness = try grid()
        let view = harness.view
        view.pointerDown(at: onItem0)
        view.pointerDown(at: onItem1)
        view.pointerUp(at: onItem1)
        #expect(
            harness.log == [
                "shouldHighlight(0)", "didHighlight(0)", "didUnhighlight(0)",
                "shouldHighlight(1)", "didHighlight(1)", "didUnhighlight(1)", "shouldSelect(1)", "didSelect(1)",
            ])
        #expect(view.selectedItem == 1)
    }

    @Test(arguments: [
        Point(x: 5, y: 50),  // left inset
        Point(x: 115, y: 50),  // column spacing
        Point(x: 110, y: 50),  // item 0's right edge
        Point(x: 60, y: 110),  // row spacing, item 0's bottom edge
        Point(x: 60, y: 5),  // top inset
        Point(x: 335, y: 50),  // right inset
        Point(x: 340, y: 50),  // right of the viewport
        Point(x: -1, y: 50),  // left of the viewport
        Point(x: 60, y: 200),  // below the viewport
    ])
    func pressingEmptySpaceDoesNothing(point: Point) throws {
        let harness = try grid()
        let view = harness.view
        click(view, point)
        #expect(harness.log == [])
        #expect(view.selectedItem == nil)
        #expect(view.highlightedItem == nil)
    }

    @Test func pressingBelowTheContentDoesNothing() throws {
        // Scrolled to the end (160): column 0 ends at content y 300, view y 140.
        let harness = try grid()
        let view = harness.view
        view.setContentOffset(1000)
        #expect(view.contentOffset == 160)
        harness.log = []
        click(view, Point(x: 60, y: 150))
        // A viewport taller than the content (360).
        let tall = try grid(viewportHeight: 400)
        click(tall.view, Point(x: 150, y: 370))
        #expect(harness.log == [])
        #expect(tall.log == [])
        #expect(view.selectedItem == nil)
        #expect(tall.view.selectedItem == nil)
    }

    @Test func pressingAScrolledViewHitsTheContentUnderThePointer() throws {
        let harness = try grid()
        let view = harness.view
        view.setContentOffset(100)
        harness.log = []
        click(view, Point(x: 60, y: 30))  // content y 130: item 5 (120..<160)
        #expect(
            harness.log == [
                "shouldHighlight(5)", "didHighlight(5)", "didUnhighlight(5)", "shouldSelect(5)", "didSelect(5)",
            ])
        #expect(harness.cell(5)?.isSelected == true)
    }

    @Test func refusingTheHighlightPreventsSelection() throws {
        let harness = try grid()
        let view = harness.view
        harness.refuseHighlight = [2]
        view.pointerDown(at: onItem2)
        #expect(view.highlightedItem == nil)
        #expect(harness.cell(2)?.isHighlighted == false)
        view.pointerUp(at: onItem2)
        #expect(harness.log == ["shouldHighlight(2)"])
        #expect(view.selectedItem == nil)
        #expect(harness.cell(2)?.isSelected == false)
    }

    @Test func refusingTheSelectionKeepsThePreviousOne() throws {
        let harness = try grid()
        let view = harness.view
        click(view, onItem0)
        harness.log = []
        harness.refuseSelection = [1]
        click(view, onItem1)
        #expect(harness.log == ["shouldHighlight(1)", "didHighlight(1)", "didUnhighlight(1)", "shouldSelect(1)"])
        #expect(view.selectedItem == 0)
        #expect(harness.cell(0)?.isSelected == true)
        #expect(harness.cell(1)?.isSelected == false)
        #expect(harness.cell(1)?.isHighlighted == false)
    }

    @Test func programmaticSelectionAndDeselection() throws {
        let harness = try grid()
        let view = harness.view
        #expect(view.selectItem(at: 12) == false)
        #expect(view.selectItem(at: -1) == false)
        #expect(view.selectItem(at: 3))
        view.deselectAllItems()
        view.deselectAllItems()
        #expect(harness.log == ["didSelect(3)", "didDeselect(3)"])  // told, not asked: the program selected it
        #expect(harness.cell(3)?.isSelected == false)
    }

    @Test func movingEightPointsFromThePressOffersADragWhichEndsThePressWithoutSelecting() throws {
        let harness = try grid()
        let view = harness.view
        harness.takesDrags = true
        view.pointerDown(at: onItem0)
        view.pointerMoved(to: Point(x: onItem0.x + 4, y: onItem0.y + 6.9))  // 7.98 points: a click with a shaking hand
        #expect(harness.log == ["shouldHighlight(0)", "didHighlight(0)"])
        view.pointerMoved(to: Point(x: onItem0.x - 8, y: onItem0.y))  // 8 points
        #expect(harness.log == ["shouldHighlight(0)", "didHighlight(0)", "beginDrag(0)", "didUnhighlight(0)"])
        #expect(view.highlightedItem == nil)
        #expect(try #require(harness.cell(0)).isHighlighted == false)
        // The release, wherever it is, selects nothing: the drag had the press.
        view.pointerUp(at: onItem0)
        #expect(harness.log.count == 4)
        #expect(view.selectedItem == nil)
        view.checkInvariants()
    }

    @Test func aDragDeclinedKeepsThePressUntilItLeavesTheItem() throws {
        let harness = try grid()
        let view = harness.view
        harness.takesDrags = false
        view.dragThreshold = 20
        view.pointerDown(at: onItem0)
        view.pointerMoved(to: Point(x: onItem0.x + 19, y: onItem0.y))
        #expect(harness.log == ["shouldHighlight(0)", "didHighlight(0)"])
        view.pointerMoved(to: Point(x: onItem0.x + 20, y: onItem0.y))
        view.pointerMoved(to: Point(x: onItem0.x + 30, y: onItem0.y))  // asked again, still inside the item
        #expect(harness.log == ["shouldHighlight(0)", "didHighlight(0)", "beginDrag(0)", "beginDrag(0)"])
        #expect(view.highlightedItem == 0)
        view.pointerMoved(to: onItem1)  // off the item: asked once more, then cancelled
        #expect(harness.log.suffix(2) == ["beginDrag(0)", "didUnhighlight(0)"])
        view.pointerUp(at: onItem0)
        #expect(view.selectedItem == nil)
    }

    @Test func aPressOnNothingOffersNoDrag() throws {
        let harness = try grid()
        harness.takesDrags = true
        harness.view.pointerDown(at: Point(x: 5, y: 150))  // the inset left of item 0's column, below it
        harness.view.pointerMoved(to: Point(x: 60, y: 50))
        #expect(harness.log == [])
    }
}
