import Testing

@testable import Waterfall

/// Arrow keys move the selection over the `Grid` by geometry; the new selection is scrolled into view with a
/// margin of the row spacing (10). The viewport is 200 high, so the offset runs from 0 to 160.
@Suite struct KeyboardTests {
    func grid(viewportHeight: Double = 200) throws -> Harness {
        let harness = try Grid.harness(viewportHeight: viewportHeight)
        harness.log = []
        return harness
    }

    /// Presses `keys` in turn and returns the selection and the offset after each.
    func press(_ keys: [NavigationKey], on view: CollectionView) throws -> [(Int?, Double)] {
        keys.map { key in
            view.handleKey(key)
            view.checkInvariants()
            return (view.selectedItem?.item, view.contentOffset)
        }
    }

    func expectSteps(
        _ actual: [(Int?, Double)], _ expected: [(Int?, Double)], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(actual.map(\.0) == expected.map(\.0), "selections", sourceLocation: sourceLocation)
        #expect(actual.map(\.1) == expected.map(\.1), "offsets", sourceLocation: sourceLocation)
    }

    @Test(arguments: [NavigationKey.up, .down, .left, .right])
    func anArrowWithNothingSelectedSelectsTheFirstItemInTheViewport(key: NavigationKey) throws {
        let harness = try grid()
        let view = harness.view
        view.handleKey(key)
        #expect(view.selectedItem == 0)
        #expect(view.contentOffset == 0)
        #expect(harness.log == ["shouldSelect(0)", "didSelect(0)"])
        #expect(harness.cell(0)?.isSelected == true)
    }

    @Test func theFirstItemInAScrolledViewportIsScrolledFullyIntoView() throws {
        let harness = try grid()
        let view = harness.view
        // The viewport 115..<315 holds items 3..11 but not 0, 1 or 2; the lowest index is 3 (70..<130).
        view.setContentOffset(115)
        #expect(view.indexPathsForItemsInViewport == [3, 4, 5, 6, 7, 8, 9, 10, 11])
        harness.log = []
        view.handleKey(.right)
        #expect(view.selectedItem == 3)
        #expect(view.contentOffset == 60)
        #expect(harness.log == ["shouldSelect(3)", "didSelect(3)", "didScroll"])
    }

    @Test func upAndDownFollowTheColumn() throws {
        let harness = try grid()
        let view = harness.view
        let steps = try press([.down, .down, .down, .down, .down, .up, .up, .up, .up], on: view)
        expectSteps(
            steps,
            [
                (0, 0),  // nothing selected: the first item in the viewport
                (5, 0),  // 120..<160 (110..<170 with the margin) is visible
                (7, 50),  // 170..<240: the margin's bottom 250 goes to the viewport's bottom
                (10, 110),  // 250..<300
                (10, 110),  // the bottom of column 0: nothing changes
                (7, 110),  // 160..<250 is visible in 110..<310
                (5, 110),  // 110..<170: its top is exactly at the viewport's top
                (0, 0),  // 0..<120
                (0, 0),  // the top of column 0
            ])
        #expect(
            harness.log == [
                "shouldSelect(0)", "didSelect(0)",
                "shouldSelect(5)", "didDeselect(0)", "didSelect(5)",
                "shouldSelect(7)", "didDeselect(5)", "didSelect(7)", "didScroll",
                "shouldSelect(10)", "didDeselect(7)", "didSelect(10)", "didScroll",
                "shouldSelect(7)", "didDeselect(10)", "didSelect(7)",
                "shouldSelect(5)", "didDeselect(7)", "didSelect(5)",
                "shouldSelect(0)", "didDeselect(5)", "didSelect(0)", "didScroll",
            ])
    }

    @Test func leftAndRightGoToTheNearestCentreInTheNextColumn() throws {
        let harness = try grid()
        let view = harness.view
        let steps = try press(
            [.right, .right, .right, .right, .down, .left, .left, .left, .right, .right, .right], on: view)
        expectSteps(
            steps,
            [
                (0, 0),  // nothing selected
                (1, 0),  // from centre 60: column 1's centres 35 and 100 -> item 1
                (2, 0),  // from 35: column 2's centre 50 -> item 2
                (2, 0),  // no column 3
                (4, 30),  // 100..<220: bottom margin 230
                (6, 40),  // from 160: column 1's 100 and 185 -> item 6 (140..<230)
                (7, 50),  // from 185: column 0's 140 and 205 -> item 7 (170..<240)
                (7, 50),  // no column -1
                (6, 50),  // from 205: column 1's 185 and 295 -> item 6, visible
                (4, 50),  // from 185: column 2's 160 and 245 -> item 4 (90..<230 with the margin), visible
                (4, 50),  // no column 3
            ])
    }

    @Test func aRefusedSelectionNeitherMovesNorScrolls() throws {
        let harness = try grid()
        let view = harness.view
        view.handleKey(.down)
        harness.refuseSelection = [5]
        harness.log = []
        view.handleKey(.down)
        #expect(view.selectedItem == 0)
        #expect(view.contentOffset == 0)
        #expect(harness.log == ["shouldSelect(5)"])
    }

    @Test func anArrowCancelsAPress() throws {
        let harness = try grid()
        let view = harness.view
        view.pointerDown(at: Point(x: 150, y: 30))
        view.handleKey(.down)
        view.pointerUp(at: Point(x: 150, y: 30))
        #expect(
            harness.log == [
                "shouldHighlight(1)", "didHighlight(1)", "didUnhighlight(1)", "shouldSelect(0)", "didSelect(0)",
            ])
        #expect(view.selectedItem == 0)
    }

    @Test func pagesScrollAndKeepTheSelection() throws {
        // A viewport 150 high: the offset runs from 0 to 210.
        let harness = try grid(viewportHeight: 150)
        let view = harness.view
        let steps = try press([.pageDown, .pageDown, .pageDown, .pageUp, .pageUp, .pageUp], on: view)
        #expect(steps.map(\.1) == [150, 210, 210, 60, 0, 0])
        #expect(steps.allSatisfy { $0.0 == nil })
        #expect(harness.log == Array(repeating: "didScroll", count: 4))
        view.handleKey(.down)
        view.handleKey(.pageDown)
        view.handleKey(.pageDown)
        #expect(view.selectedItem == 0)
        #expect(view.contentOffset == 210)
        // Item 0 is off screen; its cell went back to the pool, and it comes back selected.
        #expect(view.visibleCells[0] == nil)
        view.handleKey(.pageUp)
        view.handleKey(.pageUp)
        #expect(harness.cell(0)?.isSelected == true)
    }

    @Test func endAndHomeMoveTheFocusToTheLastAndFirstItemAndScrollToThatEnd() throws {
        let harness = try grid(viewportHeight: 150)
        let view = harness.view
        // As a file manager's icon view: the item is selected alone, its ring shown.
        expectSteps(try press([.end, .end, .home, .home], on: view), [(11, 210), (11, 210), (0, 0), (0, 0)])
        #expect(view.focusedItem == 0 && view.isFocusVisible)
        #expect(view.selectedItems == [0])
    }

    @Test func shiftEndSelectsUpToTheLastItemAndCtrlHomeMovesOnlyTheFocus() throws {
        let harness = try grid(viewportHeight: 150)
        let view = harness.view
        view.selectionMode = .multiple
        view.handleKey(.down)  // item 0, the anchor
        view.handleKey(.end, modifiers: .shift)
        #expect(view.selectedItems == Set((0...11).map { ItemPath(item: $0, section: 0) }))
        #expect(view.focusedItem == 11 && view.contentOffset == 210)
        view.handleKey(.home, modifiers: .control)
        #expect(view.focusedItem == 0 && view.selectedItems.count == 12 && view.contentOffset == 0)
        view.checkInvariants()
    }
}
