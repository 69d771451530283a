import SeededRandom
import Testing

@testable import Waterfall

/// Heights asked again: keeping every item in its column (only what is below a changed item moves), or placing
/// the items from the first changed one again.
struct HeightInvalidationTests {
    /// The frames' y of re-stacking `columns` (nil for a banner) in index order with `heights`, written out
    /// plainly: each item at its column's bottom plus `spacing` (at `top` in a column not started), a banner
    /// below the tallest started column, every column continuing below it.
    private func restackedY(
        columns: [Int?], heights: [Double], columnCount: Int, top: Double, spacing: Double
    ) -> [Double] {
        var bottoms = [Double?](repeating: nil, count: columnCount)
        return zip(columns, heights).map { column, height in
            guard let column else {
                let y = bottoms.compactMap { $0 }.max().map { $0 + spacing } ?? top
                bottoms = Array(repeating: y + height, count: columnCount)
                return y
            }
            let y = bottoms[column].map { $0 + spacing } ?? top
            bottoms[column] = y + height
            return y
        }
    }

    @Test(arguments: 0..<40)
    func keepingColumnsMatchesAReStackingOfTheSameColumns(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed) &+ 77)
        let columnCount = random.int(in: 1...6)
        let layout = WaterfallLayout(
            columnCount: columnCount, columnSpacing: random.whole(in: 0...10),
            rowSpacing: random.whole(in: 0...10), insets: EdgeInsets(all: random.whole(in: 0...12)))
        layout.placement = [.shortestColumn, .leftToRight, .rightToLeft][random.int(in: 0...2)]
        var heights = (0..<random.int(in: 1...200)).map { _ in random.whole(in: 0...120) }
        let banners = Set((0..<random.int(in: 0...4)).map { _ in random.int(in: 0...(heights.count - 1)) })
        try layout.prepare(
            width: 700, itemCount: heights.count, height: { index, _ in heights[index] },
            spansAllColumns: banners.contains)
        for _ in 0..<5 {
            let columns = allAttributes(of: layout).map { $0.spansAllColumns ? nil : $0.column }
            let columnLists = (0..<columnCount).map(layout.items(inColumn:))
            let changed = (0..<random.int(in: 1...4)).map { _ in random.int(in: 0...(heights.count - 1)) }
            for index in changed { heights[index] = random.whole(in: 0...120) }
            var asked: [Int] = []
            try layout.invalidateHeights(ofItemsAt: changed) { index, _ in
                asked.append(index)
                return heights[index]
            }
            #expect(asked == changed)
            let attributes = allAttributes(of: layout)
            #expect(attributes.map { $0.spansAllColumns ? nil : $0.column } == columns)  // no item changed column
            #expect((0..<columnCount).map(layout.items(inColumn:)) == columnLists)
            #expect(attributes.map(\.frame.height) == heights)
            let expectedY = restackedY(
                columns: columns, heights: heights, columnCount: columnCount,
                top: layout.insets.top, spacing: layout.rowSpacing)
            #expect(attributes.map(\.frame.minY) == expectedY)
            let bottom = zip(expectedY, heights).map { $0 + $1 }.max() ?? layout.insets.top
            #expect(layout.contentSize.height == max(bottom, layout.insets.top) + layout.insets.bottom)
            layout.checkInvariants()
            // Appending after a re-stack continues from the columns' new bottoms, as a fresh placement would.
            let slot = nextSlot(after: allAttributes(of: layout), columnCount: columnCount, layout: layout)
            try layout.appendItems(count: 1) { _, _ in 10 }
            heights.append(10)
            let appended = try #require(allAttributes(of: layout).last)
            if layout.placement == .shortestColumn { #expect(appended.column == slot[0].column) }
            #expect(appended.frame.minY == slot.first { $0.column == appended.column }?.y)
        }
    }

    /// Where a next item would go in each column by the frames, shortest column first (the leftmost on a tie):
    /// below the column's last item or a banner below it, or at the top inset in a column not started.
    private func nextSlot(
        after attributes: [LayoutAttributes], columnCount: Int, layout: WaterfallLayout
    ) -> [(column: Int, y: Double)] {
        let slots = (0..<columnCount).map { column in
            let bottom = attributes.filter { $0.spansAllColumns || $0.column == column }.map(\.frame.maxY).max()
            return (
                column: column, y: bottom.map { $0 + layout.rowSpacing } ?? layout.insets.top,
                bottom: bottom ?? layout.insets.top
            )
        }
        return slots.sorted { ($0.bottom, $0.column) < ($1.bottom, $1.column) }.map { ($0.column, $0.y) }
    }

    @Test func onlyTheItemsBelowTheChangedOneInItsColumnMove() throws {
        let harness = try Grid.harness(viewportHeight: 400)
        let view = harness.view
        let before = allAttributes(of: view.layout)
        let cells = cellIdentities(view)
        harness.askedHeights = []
        harness.log = []
        harness.heights[3] = 100  // column 1, 70..<130: 40 px taller
        try view.invalidateHeight(ofItemAt: 3)
        #expect(harness.askedHeights == [3])
        let after = allAttributes(of: view.layout)
        for index in 0..<12 where ![3, 6, 9].contains(index) { #expect(after[index] == before[index], "item \(index)") }
        #expect(after[3].frame == Rect(x: 120, y: 70, width: 100, height: 100))
        #expect(after[6].frame == Rect(x: 120, y: 180, width: 100, height: 90))
        #expect(after[9].frame == Rect(x: 120, y: 280, width: 100, height: 110))
        #expect(view.contentSize.height == 400)
        #expect(cellIdentities(view) == cells)  // no cell asked again
        #expect(view.visibleCells[9]?.frame == after[9].frame)
        #expect(harness.log == ["didLayout"])
        view.checkInvariants()
    }

    @Test func withoutKeepingColumnsTheItemsArePlacedAgainFromTheChangedOne() throws {
        let harness = try Grid.harness()
        let view = harness.view
        let before = allAttributes(of: view.layout)
        harness.askedHeights = []
        harness.heights[3] = 100
        try view.invalidateHeights(ofItemsAt: [3], keepingColumns: false)
        #expect(harness.askedHeights == [3])
        let after = allAttributes(of: view.layout)
        #expect(Array(after.prefix(3)) == Array(before.prefix(3)))
        #expect((before[6].column, after[6].column) == (1, 0))  // re-placed into the now shortest column
        try expectFullLayout(view, of: SectionsSource([harness.heights.map { $0 ?? 100 }]))
    }

    @Test func inABatchHeightsApplyAfterTheStructuralChanges() throws {
        let harness = try Grid.harness()
        let view = harness.view
        harness.heights.insert(20, at: 0)
        harness.heights[4] = 100  // old item 3, now at 4
        harness.askedHeights = []
        try view.performBatchUpdates {
            try view.invalidateHeight(ofItemAt: 4)
            try view.insertItems(at: [0])
        }
        #expect(harness.askedHeights == [0, 4])
        // The reference: the insert placed with the old height, then the height changed keeping columns.
        var stale = harness.heights.map { $0 ?? 100 }
        stale[4] = 60
        let reference = WaterfallLayout(
            columnCount: 3, columnSpacing: 10, rowSpacing: 10,
            insets: EdgeInsets(top: 0, left: 10, bottom: 0, right: 10))
        try reference.prepare(width: 340, itemCount: stale.count) { index, _ in stale[index] }
        try reference.invalidateHeights(ofItemsAt: [4]) { _, _ in 100 }
        #expect(
            allAttributes(of: view.layout).map(\.frame)
                == allAttributes(of: reference).map { $0.frame.offsetBy(dx: 0, dy: 10) })
        view.checkInvariants()
    }

    @Test func aBannerAndWhatIsBelowItMoveWithTheTallestColumn() throws {
        let layout = WaterfallLayout(columnCount: 2, columnSpacing: 10, rowSpacing: 10, insets: .zero)
        var heights: [Double] = [40, 60, 20, 30, 50]
        try layout.prepare(
            width: 210, itemCount: 5, height: { index, _ in heights[index] }, spansAllColumns: { $0 == 2 })
        // 0: column 0 0..<40, 1: column 1 0..<60, banner 2: 70..<90, 3: column 0 100..<130, 4: column 1 100..<150.
        heights[0] = 80  // column 0 becomes the tallest: the banner goes below it
        try layout.invalidateHeights(ofItemsAt: [0]) { index, _ in heights[index] }
        #expect(
            allAttributes(of: layout).map(\.frame) == [
                Rect(x: 0, y: 0, width: 100, height: 80), Rect(x: 110, y: 0, width: 100, height: 60),
                Rect(x: 0, y: 90, width: 210, height: 20),
                Rect(x: 0, y: 120, width: 100, height: 30), Rect(x: 110, y: 120, width: 100, height: 50),
            ])
        #expect(layout.contentSize.height == 170)
        layout.checkInvariants()
    }

    @Test func aBadHeightOrIndexChangesNothing() throws {
        let layout = WaterfallLayout(columnCount: 2)
        try layout.prepare(width: 300, itemCount: 4) { _, _ in 50 }
        let before = allAttributes(of: layout)
        #expect(throws: LayoutError.invalidHeight(index: 2, height: -3)) {
            try layout.invalidateHeights(ofItemsAt: [1, 2]) { index, _ in index == 2 ? -3 : 10 }
        }
        #expect(throws: LayoutError.invalidIndex(4, count: 4)) {
            try layout.invalidateHeights(ofItemsAt: [4]) { _, _ in 1 }
        }
        #expect(allAttributes(of: layout) == before)
    }
}
