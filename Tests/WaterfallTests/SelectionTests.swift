import Testing

@_spi(Testing) @testable import Waterfall

/// The selection model on the `Grid` (12 items in 3 columns, viewport 340 × 200): modes, Ctrl and Shift clicks,
/// keys, the delegate's questions and the order of what it is told.
@Suite struct SelectionTests {
    func grid(_ mode: SelectionMode) throws -> Harness {
        let harness = try Grid.harness()
        harness.view.selectionMode = mode
        harness.log = []
        return harness
    }

    /// Scrolls `item` into view and clicks the centre of its frame with `modifiers` held.
    func click(_ harness: Harness, _ item: Int, _ modifiers: ModifierKeys = []) throws {
        harness.view.scrollItemToVisible(ItemPath(item: item, section: 0))
        let frame = try #require(harness.view.frameOfItem(ItemPath(item: item, section: 0)))
        let point = Point(x: frame.midX, y: frame.midY)
        harness.view.pointerDown(at: point, modifiers: modifiers)
        harness.view.pointerUp(at: point)
        harness.view.checkInvariants()
    }

    func selected(_ view: CollectionView) -> [Int] { view.indexPathsForSelectedItems.map(\.item) }

    /// The delegate calls other than the press's highlight and unhighlight and the scrolls.
    func selectionLog(_ harness: Harness) -> [String] {
        harness.log.filter { !$0.contains("ighlight") && $0 != "didScroll" }
    }

    @Test func singleModeReplacesAndCtrlClickDeselects() throws {
        let harness = try grid(.single)
        let view = harness.view
        try click(harness, 0)
        try click(harness, 4)
        #expect(selected(view) == [4])
        #expect(harness.cell(0)?.isSelected == false)
        #expect(harness.cell(4)?.isSelected == true)
        try click(harness, 4, .control)
        #expect(selected(view) == [])
        #expect(
            selectionLog(harness) == [
                "shouldSelect(0)", "didSelect(0)", "shouldSelect(4)", "didDeselect(0)", "didSelect(4)",
                "shouldDeselect(4)", "didDeselect(4)",
            ])
    }

    @Test func noneModeSelectsNothingAndDoesNotHighlight() throws {
        let harness = try grid(.none)
        let view = harness.view
        try click(harness, 0)
        #expect(view.selectedItems.isEmpty)
        #expect(view.selectItem(at: 0) == false)
        #expect(harness.log == [])
        view.handleKey(.down)  // the keyboard still moves the focus
        #expect(view.focusedItem == 0)
        #expect(view.isFocusVisible)
        #expect(view.selectedItems.isEmpty)
    }

    @Test func ctrlClickTogglesInMultipleMode() throws {
        let harness = try grid(.multiple)
        let view = harness.view
        try click(harness, 1)
        try click(harness, 6, .control)
        try click(harness, 9, .control)
        #expect(selected(view) == [1, 6, 9])
        try click(harness, 6, .control)
        #expect(selected(view) == [1, 9])
        #expect(view.selectionAnchor == 6)
        #expect(view.focusedItem == 6)
        #expect(view.isFocusVisible == false)  // a click moves the focus without showing its ring
        #expect(
            selectionLog(harness) == [
                "shouldSelect(1)", "didSelect(1)", "shouldSelect(6)", "didSelect(6)",
                "shouldSelect(9)", "didSelect(9)", "shouldDeselect(6)", "didDeselect(6)",
            ])
        #expect(harness.cell(9)?.isSelected == true)
        #expect(harness.cell(6)?.isSelected == false)
    }

    @Test func aPlainClickReplacesAMultipleSelection() throws {
        let harness = try grid(.multiple)
        let view = harness.view
        try click(harness, 1)
        try click(harness, 3, .control)
        harness.log = []
        try click(harness, 5)
        #expect(selected(view) == [5])
        #expect(selectionLog(harness) == ["shouldSelect(5)", "didDeselect(1)", "didDeselect(3)", "didSelect(5)"])
    }

    @Test func shiftClickSelectsTheRangeInIndexOrderFromTheAnchor() throws {
        let harness = try grid(.multiple)
        let view = harness.view
        try click(harness, 7)
        try click(harness, 3, .shift)
        #expect(selected(view) == [3, 4, 5, 6, 7])
        try click(harness, 9, .shift)  // the anchor stays at 7: the range is 7...9 now
        #expect(selected(view) == [7, 8, 9])
        try click(harness, 1, .control)
        try click(harness, 3, [.control, .shift])  // Ctrl+Shift adds the range 1...3
        #expect(selected(view) == [1, 2, 3, 7, 8, 9])
    }

    @Test func refusedItemsStayOutOfARangeAndARefusedClickChangesNothing() throws {
        let harness = try grid(.multiple)
        let view = harness.view
        harness.refuseSelection = [2, 4]
        try click(harness, 0)
        try click(harness, 5, .shift)
        #expect(selected(view) == [0, 1, 3, 5])
        try click(harness, 4)
        #expect(selected(view) == [0, 1, 3, 5])
        harness.refuseDeselection = [3]
        try click(harness, 3, .control)
        #expect(selected(view) == [0, 1, 3, 5])
    }

    @Test func ctrlASelectsAllAndEscapeClears() throws {
        let harness = try grid(.multiple)
        let view = harness.view
        try click(harness, 2)
        harness.log = []
        try view.perform(.selectAll)
        #expect(selected(view) == Array(0..<12))
        #expect(harness.log.count == 22)  // asked and told for each of the 11 new ones
        harness.log = []
        view.handleKey(.cancel)
        #expect(view.selectedItems.isEmpty)
        #expect(harness.log == (0..<12).map { "didDeselect(\($0))" })
        #expect((0..<12).allSatisfy { harness.cell($0)?.isSelected != true })
        view.checkInvariants()
    }

    @Test func ctrlAInSingleModeDoesNothing() throws {
        let harness = try grid(.single)
        try click(harness, 2)
        try harness.view.perform(.selectAll)
        #expect(selected(harness.view) == [2])
    }

    @Test func leavingMultipleModeKeepsTheSelectedItem() throws {
        let harness = try grid(.multiple)
        let view = harness.view
        try click(harness, 2)
        try click(harness, 5, .control)
        try click(harness, 8, .control)
        try click(harness, 5)  // plain: 5 alone, focused
        try click(harness, 8, .control)
        #expect(view.selectedItem == 8)  // the focused one of several
        view.selectionMode = .single
        #expect(selected(view) == [8])
        view.selectionMode = .none
        #expect(view.selectedItems.isEmpty)
        view.checkInvariants()
    }

    @Test func programmaticSelectionAddsInMultipleModeAndTellsTheDelegate() throws {
        let harness = try grid(.multiple)
        let view = harness.view
        #expect(view.selectItem(at: 3))
        #expect(view.selectItem(at: 10))
        #expect(view.selectItem(at: ItemPath(item: 0, section: 1)) == false)
        view.deselectItem(at: 3)
        view.deselectItem(at: 3)
        #expect(selected(view) == [10])
        #expect(harness.log == ["didSelect(3)", "didSelect(10)", "didDeselect(3)"])
        view.selectAllItems()
        #expect(selected(view) == Array(0..<12))
        view.deselectAllItems()
        #expect(view.selectedItems.isEmpty)
    }

    @Test func theSelectionSurvivesAColumnChange() throws {
        let harness = try grid(.multiple)
        let view = harness.view
        try click(harness, 1)
        try click(harness, 11, .control)
        view.columnPolicy = .fixed(2)
        try view.reloadData()
        #expect(view.layout.columnCount == 2)
        #expect(selected(view) == [1, 11])
        #expect(view.focusedItem == 11)
        view.checkInvariants()
    }

    @Test func itemsThatLeaveTheDataLeaveTheSelectionTheFocusAndTheAnchor() throws {
        let harness = try grid(.multiple)
        let view = harness.view
        try click(harness, 2)
        try click(harness, 10, .control)
        harness.heights = Array(harness.heights.prefix(5))
        harness.log = []
        try view.reloadData()
        #expect(selected(view) == [2])
        #expect(view.focusedItem == nil)
        #expect(view.selectionAnchor == nil)
        #expect(harness.log.filter { $0 != "didScroll" }.first == "didDeselect(10)")
        view.checkInvariants()
    }
}

/// Keys on the `Grid`: Tab, Shift and Ctrl with arrows, Enter, Ctrl+Space, and the focus ring.
@Suite struct FocusKeyTests {
    func grid(_ mode: SelectionMode = .multiple) throws -> Harness {
        let harness = try Grid.harness()
        harness.view.selectionMode = mode
        harness.log = []
        return harness
    }

    @Test func tabAndShiftTabGoInIndexOrder() throws {
        let harness = try grid(.single)
        let view = harness.view
        var seen: [Int?] = []
        for _ in 0..<3 {
            view.handleKey(.tab)
            seen.append(view.selectedItem?.item)
        }
        view.handleKey(.tab, modifiers: .shift)
        seen.append(view.selectedItem?.item)
        #expect(seen == [0, 1, 2, 1])
        #expect(view.focusedItem == 1)
        #expect(view.isFocusVisible)
    }

    @Test func tabStopsAtTheEnds() throws {
        let harness = try grid(.single)
        let view = harness.view
        view.selectItem(at: 11)
        view.handleKey(.tab)
        #expect(view.selectedItem == 11)
        view.selectItem(at: 0)
        view.handleKey(.tab, modifiers: .shift)
        #expect(view.selectedItem == 0)
    }

    @Test func ctrlArrowsMoveTheFocusOnlyAndCtrlSpaceToggles() throws {
        let harness = try grid()
        let view = harness.view
        view.handleKey(.down)  // nothing focused: the first item, selected
        view.handleKey(.down, modifiers: .control)  // 0 -> 5 in column 0, focus only
        view.handleKey(.right, modifiers: .control)  // 5 (120..<160) -> column 1's nearest centre: 3 (70..<130)
        #expect(view.focusedItem == 3)
        #expect(view.indexPathsForSelectedItems == [0])
        view.handleKey(.space, modifiers: .control)
        #expect(view.indexPathsForSelectedItems == [0, 3])
        view.handleKey(.space, modifiers: .control)
        #expect(view.indexPathsForSelectedItems == [0])
        #expect(
            harness.log == [
                "shouldSelect(0)", "didSelect(0)", "shouldSelect(3)", "didSelect(3)", "shouldDeselect(3)",
                "didDeselect(3)",
            ])
    }

    @Test func shiftArrowsExtendTheRangeFromTheAnchor() throws {
        let harness = try grid()
        let view = harness.view
        view.selectItem(at: 1)
        view.handleKey(.down, modifiers: .shift)  // 1 -> 3 in column 1: range 1...3
        view.handleKey(.down, modifiers: .shift)  // 3 -> 6: range 1...6
        #expect(view.indexPathsForSelectedItems.map(\.item) == [1, 2, 3, 4, 5, 6])
        #expect(view.selectionAnchor == 1)
        view.handleKey(.up)  // plain: 6 -> 3, alone
        #expect(view.indexPathsForSelectedItems == [3])
    }

    @Test func enterActivatesTheFocusedItem() throws {
        let harness = try grid()
        let view = harness.view
        try view.perform(.activate)  // nothing focused: nothing happens
        #expect(harness.log == [])
        view.handleKey(.right)
        view.handleKey(.right)
        try view.perform(.activate)
        #expect(
            harness.log == [
                "shouldSelect(0)", "didSelect(0)", "shouldSelect(1)", "didDeselect(0)", "didSelect(1)",
                "didActivate(1)",
            ])
    }

    @Test func theFocusRingIsDrawnOutsideTheCellOnlyAfterAKey() throws {
        let harness = try grid()
        let view = harness.view
        let canvas = RecordingCanvas()
        view.draw(in: canvas)
        canvas.reset()
        view.selectItem(at: 1)  // a program (or a click) moves the focus without its ring
        view.draw(in: canvas)
        #expect(!canvas.commands.contains { if case .stroke(_, view.focusRingColor, _) = $0 { true } else { false } })
        canvas.reset()
        view.handleKey(.down)  // 1 -> 3 (120..<220 x 70..<130)
        view.draw(in: canvas)
        let ring = Rect(x: 116, y: 66, width: 108, height: 68)
        #expect(canvas.commands.contains(.stroke(ring, view.focusRingColor, lineWidth: 2)))
        // The old ring's area and the new one's are drawn again, nothing else.
        let clips = canvas.commands.compactMap { if case .clip(let rect?) = $0 { rect } else { nil } }
        #expect(clips.contains(ring))
        #expect(clips.allSatisfy { $0.height < 100 })
    }
}

/// `scrollToItem(at:position:)` on the `Grid` (viewport 200 of 360, offsets 0...160; margins of 10).
@Suite struct ScrollToItemTests {
    @Test(arguments: [
        (ScrollPosition.top, 6, 130.0),  // item 6 at 140..<230: its top less the margin
        (.center, 6, 85.0),  // 130..<240 centred in 200
        (.bottom, 6, 40.0),  // its bottom plus the margin at the viewport's bottom
        (.nearest, 6, 40.0),
        (.nearest, 1, 0.0),  // already visible: no scroll
        (.center, 5, 40.0),  // item 5 at 120..<160
        (.top, 11, 160.0),  // item 11 at 270..<330: clamped to the end
    ])
    func positions(position: ScrollPosition, item: Int, offset: Double) throws {
        let harness = try Grid.harness()
        harness.view.scrollToItem(at: ItemPath(item: item, section: 0), position: position)
        #expect(harness.view.contentOffset == offset)
    }

    @Test func selectingWithAScrollPositionScrolls() throws {
        let harness = try Grid.harness()
        #expect(harness.view.selectItem(at: 10, scrollPosition: .center))
        #expect(harness.view.contentOffset == 160)  // item 10 at 250..<300: (240 + 310 - 200) / 2 = 175, clamped
        #expect(harness.view.frameOfItem(10).map { $0.minY >= 0 && $0.maxY <= 200 } == true)
    }
}

/// A multiple selection, the focus and the anchor across inserts, deletes and moves on the `Grid`.
@Suite struct SelectionAcrossUpdatesTests {
    @Test func indicesShiftDeletedItemsLeaveAndMovesCarryTheirSelection() throws {
        let harness = try Grid.harness()
        let view = harness.view
        view.selectionMode = .multiple
        for item in [1, 4, 7] { view.selectItem(at: ItemPath(item: item, section: 0)) }
        view.handleKey(.down, modifiers: .control)  // focus 7 -> 10 (column 0), selection unchanged
        #expect(view.focusedItem == 10)
        #expect(view.selectionAnchor == 7)
        harness.log = []

        // Two items inserted at the front: every path moves up by two.
        harness.heights.insert(contentsOf: [20, 20], at: 0)
        try view.insertItems(at: [0, 1])
        #expect(view.indexPathsForSelectedItems == [3, 6, 9])
        #expect((view.focusedItem, view.selectionAnchor) == (12, 9))

        // Deleting selected 6 and unselected 0 in one batch: 6 leaves the selection, the rest shift by one or two.
        harness.heights.remove(at: 6)
        harness.heights.remove(at: 0)
        try view.deleteItems(at: [6, 0])
        #expect(view.indexPathsForSelectedItems == [2, 7])
        #expect((view.focusedItem, view.selectionAnchor) == (10, 7))

        // Moving selected 2 to the end carries its selection; 3...11 move up one.
        let moved = harness.heights.remove(at: 2)
        harness.heights.append(moved)
        try view.moveItem(at: 2, to: 11)
        #expect(view.indexPathsForSelectedItems == [6, 11])
        #expect((view.focusedItem, view.selectionAnchor) == (9, 6))
        #expect(harness.log.filter { $0 != "didScroll" } == ["didLayout", "didDeselect(6)", "didLayout", "didLayout"])
        #expect(view.visibleCells.allSatisfy { $0.value.isSelected == view.selectedItems.contains($0.key) })
        view.checkInvariants()

        // Shift+click now ranges from the remapped anchor (6).
        view.handleKey(.tab, modifiers: .control)
        view.scrollItemToVisible(8)
        let frame = try #require(view.frameOfItem(8))
        view.pointerDown(at: Point(x: frame.midX, y: frame.midY), modifiers: .shift)
        view.pointerUp(at: Point(x: frame.midX, y: frame.midY))
        #expect(view.indexPathsForSelectedItems == [6, 7, 8])
    }

    @Test func aDeletedFocusedItemPassesTheFocusToTheItemTakingItsPlaceOrTheOneBefore() throws {
        let harness = try Grid.harness()
        let view = harness.view
        view.selectionMode = .multiple
        for _ in 0..<6 { view.handleKey(.tab) }  // focus 5, ring shown
        #expect((view.focusedItem, view.isFocusVisible) == (5, true))

        // 5 and 6 deleted: old 7, now 5, takes the place; the ring stays.
        harness.heights.removeSubrange(5...6)
        try view.deleteItems(at: [5, 6])
        #expect((view.focusedItem, view.isFocusVisible) == (5, true))

        // The focus on the last item; the last two deleted: the one before them, now the last.
        view.scrollItemToVisible(9)
        for _ in 0..<4 { view.handleKey(.tab) }
        #expect(view.focusedItem == 9)
        harness.heights.removeSubrange(8...9)
        try view.deleteItems(at: [8, 9])
        #expect((view.focusedItem, view.isFocusVisible) == (7, true))

        // Everything deleted: no focus, no ring.
        harness.heights = []
        try view.deleteItems(at: (0..<8).map { ItemPath(item: $0, section: 0) })
        #expect((view.focusedItem, view.isFocusVisible) == (nil, false))
        view.checkInvariants()
    }

}
