import SeededRandom
import Testing

@testable import Waterfall

/// Random batches of inserts, deletes, moves and reloads of items and sections, and height changes: the
/// incremental layout equals a full layout of the final data, cells follow their items, the selection too.
struct RandomUpdateTests {
    @Test(arguments: 0..<200)
    func incrementalUpdatesMatchAFullLayout(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed) &+ 0x5EED)
        var model = UpdateModel(sections: [])
        for _ in 0..<random.int(in: 1...4) { model.sections.append(model.newSection(&random)) }
        let source = SectionsSource([])
        model.write(to: source)
        let columns = random.int(in: 1...4)
        let width = random.whole(in: 180...400)
        let harness = try SectionHarness(
            source, columns: columns, viewport: Size(width: width, height: random.whole(in: 80...300)),
            overscan: random.whole(in: 0...60))
        let view = harness.view
        for step in 0..<random.int(in: 1...8) {
            view.setContentOffset(random.whole(in: 0...Int(view.scroll.maxOffset)))
            let selected = model.sections.indices.flatMap { s in model.sections[s].items.map { ($0.id, s) } }
                .randomElement(using: &random)
            if let (id, _) = selected, let path = model.path(ofItem: id) { view.selectItem(at: path) }
            let isBatch = random.int(in: 0...1) == 0
            let operations = model.randomBatch(&random, budget: isBatch ? random.int(in: 2...5) : 1)
            model.write(to: source)
            if isBatch {
                try view.performBatchUpdates { for operation in operations { try view.perform(operation) } }
            } else {
                for operation in operations { try view.perform(operation) }
            }
            let reference = CollectionLayout(
                columnCount: columns, columnSpacing: 10, rowSpacing: 10, insets: EdgeInsets(all: 10))
            try reference.prepare(width: width, source: source)
            let (elements, expected) = (everyElement(of: view.layout), everyElement(of: reference))
            let difference = zip(elements, expected).first { $0 != $1 }
            #expect(
                elements.count == expected.count && difference == nil,
                "seed \(seed) step \(step): \(operations); first difference: \(String(describing: difference))")
            #expect(view.contentSize == reference.contentSize, "seed \(seed) step \(step)")
            view.checkInvariants()
            for (path, cell) in view.visibleCells {
                #expect(
                    (cell as? TestCell)?.item == source.ids?[path.section][path.item],
                    "seed \(seed) step \(step): cell at \(path)")
            }
            #expect(view.selectedItem == selected.flatMap { model.path(ofItem: $0.0) }, "seed \(seed) step \(step)")
        }
    }
}

/// UIKit's batch semantics on hand-made cases: deletes, reloads and move sources name old indices; inserts and
/// move destinations new ones; the surviving items keep their order and fill the free positions.
struct BatchSemanticsTests {
    /// The Grid's heights as a layout source (one section).
    private func gridSource(_ heights: [Double?]) -> SectionsSource {
        SectionsSource([heights.map { $0 ?? 100 }])
    }

    @Test func deletingAndInsertingItemZeroInOneBatchReplacesOnlyIt() throws {
        let harness = try Grid.harness()
        let view = harness.view
        let before = cellIdentities(view)
        let oldCell = try #require(harness.cell(0))
        harness.heights[0] = 40
        harness.askedHeights = []
        harness.log = []
        try view.performBatchUpdates {
            try view.deleteItems(at: [0])
            try view.insertItems(at: [0])
        }
        #expect(harness.askedHeights == [0])
        #expect(oldCell.prepareForReuseCount == 1)  // the deleted item's cell went to the pool
        for (path, cell) in cellIdentities(view) where path != 0 { #expect(before[path] == cell, "cell \(path)") }
        #expect(harness.log.filter { $0 == "didLayout" }.count == 1)
        try expectFullLayout(view, of: gridSource(harness.heights))
    }

    @Test func oldAndNewIndicesMixInOneBatch() throws {
        let harness = try Grid.harness()
        let view = harness.view
        let before = cellIdentities(view)
        // Old items 0...11; delete 1, move 3 to the front, insert a new item at 1: 3, new, 0, 2, 4, 5...
        let old = harness.heights
        harness.heights = [old[3], 35, old[0], old[2]] + old[4...]
        harness.askedHeights = []
        try view.performBatchUpdates {
            try view.insertItems(at: [1])
            try view.moveItem(at: 3, to: 0)
            try view.deleteItems(at: [1])
        }
        #expect(harness.askedHeights == [1])  // the moved item keeps its height: same width
        let after = cellIdentities(view)
        for (oldPath, newPath) in [(3, 0), (0, 2), (2, 3), (4, 4), (5, 5)] as [(ItemPath, ItemPath)]
        where after[newPath] != nil {
            #expect(after[newPath] == before[oldPath], "old \(oldPath) at \(newPath)")
        }
        #expect(harness.cell(0)?.item == 3)  // the cell still shows the item it was made for
        try expectFullLayout(view, of: gridSource(harness.heights))
    }

    @Test func aMoveAcrossSectionsKeepsTheCellAndAsksTheHeightOnlyForANewWidth() throws {
        let source = SectionsSource([[50, 30, 40], [20, 20, 20]])
        source.styles[2] = SectionStyle(columnCount: 3)
        source.sections.append([10])
        let harness = try SectionHarness(source, viewport: Size(width: 230, height: 400))
        let view = harness.view
        let moving = try #require(view.visibleCells[ItemPath(item: 1, section: 0)])
        source.sections = [[50, 40], [30, 20, 20, 20], [10]]
        source.forgetAsked()
        try view.moveItem(at: ItemPath(item: 1, section: 0), to: ItemPath(item: 0, section: 1))
        #expect(source.asked == [])
        #expect(view.visibleCells[ItemPath(item: 0, section: 1)] === moving)
        try expectFullLayout(view, of: source)
        source.forgetAsked()  // the reference layout asked everything
        // Into the 3-column section: a narrower column, so its height is asked at that width.
        source.sections = [[50, 40], [20, 20, 20], [10, 30]]
        try view.moveItem(at: ItemPath(item: 0, section: 1), to: ItemPath(item: 1, section: 2))
        #expect(source.asked == [ItemPath(item: 1, section: 2)])
        #expect(view.visibleCells[ItemPath(item: 1, section: 2)] === moving)
        try expectFullLayout(view, of: source)
    }

    @Test func onlyNewAndReloadedItemsAreAskedAndOtherSectionsKeepTheirColumns() throws {
        let source = SectionsSource([(0..<30).map { Double(20 + $0 % 7 * 5) }, [40, 40, 40], [10, 20]])
        source.headers = [0: 20, 2: 20]
        let harness = try SectionHarness(source)
        let view = harness.view
        let columns = (0..<3).compactMap { view.layout.columns(ofSection: $0) }
        let before = everyElement(of: view.layout)
        source.forgetAsked()
        source.sections[0].insert(33, at: 20)
        source.sections[0][25] = 44  // old item 24, reloaded
        try view.performBatchUpdates {
            try view.reloadItems(at: [ItemPath(item: 24, section: 0)])
            try view.insertItems(at: [ItemPath(item: 20, section: 0)])
        }
        #expect(source.asked == [ItemPath(item: 20, section: 0), ItemPath(item: 25, section: 0)])
        // Every section keeps its column layout; the items before 20 keep their frames.
        #expect(zip(columns, (0..<3).compactMap { view.layout.columns(ofSection: $0) }).allSatisfy { $0 === $1 })
        let after = everyElement(of: view.layout)
        #expect(Array(after.prefix(21)) == Array(before.prefix(21)))  // header 0 and items 0.0...0.19
        // The sections below only moved down, by as much as section 0 grew.
        let growth =
            try #require(view.layout.columnsTop(ofSection: 1))
            - (before.first { $0.indexPath.section == 1 }?.frame.minY ?? 0)
        #expect(
            after.filter { $0.indexPath.section > 0 }
                == before.filter { $0.indexPath.section > 0 }.map { attributes in
                    var moved = attributes
                    moved.frame = moved.frame.offsetBy(dx: 0, dy: growth)
                    return moved
                })
        source.forgetAsked()
        try expectFullLayout(view, of: source)
    }

    @Test func aReloadAsksTheItemAgainAndKeepsItsSelection() throws {
        let harness = try Grid.harness()
        let view = harness.view
        view.selectItem(at: 2)
        let oldCell = try #require(harness.cell(2))
        let requests = harness.cellRequests
        harness.heights[2] = 60
        harness.askedHeights = []
        harness.log = []
        try view.reloadItems(at: [2])
        #expect(harness.askedHeights == [2])
        #expect(oldCell.prepareForReuseCount == 1)
        #expect(harness.cellRequests == requests + 1)  // a fresh cell from the data source
        #expect(view.selectedItem == 2)
        #expect(harness.cell(2)?.isSelected == true)
        #expect(harness.log == ["didLayout"])
        try expectFullLayout(view, of: gridSource(harness.heights))
    }

    @Test func sectionsMoveInsertAndDeleteInOneBatch() throws {
        let source = SectionsSource([[50], [30], [40]])
        source.headers = [0: 20, 1: 20, 2: 20]
        let harness = try SectionHarness(source, viewport: Size(width: 230, height: 400))
        let view = harness.view
        let headers = view.visibleSupplementaryViews
        // Delete section 0, move section 2 to the front, insert a new section at the end: old 2, old 1, new.
        source.sections = [[40], [30], [60]]
        source.forgetAsked()
        try view.performBatchUpdates {
            try view.deleteSections([0])
            try view.insertSections([2])
            try view.moveSection(2, toSection: 0)
        }
        #expect(source.asked == [ItemPath(item: 0, section: 2)])  // only the new section's item
        #expect(view.visibleSupplementaryViews[.header(0)] === headers[.header(2)])
        #expect(view.visibleSupplementaryViews[.header(1)] === headers[.header(1)])
        #expect((view.visibleSupplementaryViews[.header(2)] as? BarView)?.element == .header(2))
        #expect((view.visibleCells[ItemPath(item: 0, section: 0)] as? TestCell)?.item == 2000)  // made for old 2.0
        try expectFullLayout(view, of: source)
    }

    @Test func aChangedSectionsHeaderIsAskedAgainAndTheOthersAreKept() throws {
        let source = SectionsSource([Array(repeating: 50, count: 4), [30]])
        source.headers = [0: 20, 1: 20]
        let harness = try SectionHarness(source, viewport: Size(width: 230, height: 400))
        let view = harness.view
        let header0 = try #require(view.visibleSupplementaryViews[.header(0)])
        let header1 = try #require(view.visibleSupplementaryViews[.header(1)])
        let reused = view.reusePool.reused
        source.sections[0].append(50)
        source.headers[0] = 24  // e.g. a header that shows the count
        try view.insertItems(at: [ItemPath(item: 4, section: 0)])
        #expect(view.visibleSupplementaryViews[.header(0)]?.frame.height == 24)
        #expect(view.visibleSupplementaryViews[.header(1)] === header1)
        // Header 0 went to the pool and the data source dequeued it again; the new item's cell is a new one.
        #expect(view.reusePool.reused == reused + 1)
        #expect(view.visibleSupplementaryViews[.header(0)] === header0)
        #expect((view.visibleSupplementaryViews[.header(0)] as? BarView)?.element == .header(0))
        try expectFullLayout(view, of: source)
    }
}

/// What the view does with its cells, selection and press on an update.
struct UpdatedViewStateTests {
    @Test func deletingAVisibleItemRecyclesItsCellAndCreatesNone() throws {
        let harness = try Grid.harness()
        let view = harness.view
        let before = cellIdentities(view)
        let created = view.reusePool.created
        // Item 7 (column 0, 170..<240) goes; item 8 (30 high) takes its place at 170..<200, still in view.
        let deleted = try #require(harness.cell(7))
        harness.heights.remove(at: 7)
        try view.deleteItems(at: [7])
        #expect(deleted.prepareForReuseCount == 1)
        #expect(view.reusePool.created == created)  // the entering item reused the deleted item's cell
        #expect(harness.cell(7) === deleted)
        #expect(harness.cell(7)?.uses == 2)  // handed out again by the data source for the item now at 7
        let after = cellIdentities(view)
        #expect(after.count == before.count)
        for old in 0..<7 { #expect(after[ItemPath(item: old, section: 0)] == before[ItemPath(item: old, section: 0)]) }
        #expect(harness.unpreparedReuses == [])
        try expectFullLayout(view, of: SectionsSource([harness.heights.map { $0 ?? 100 }]))
    }

    @Test func theSelectionAndThePressFollowTheirItems() throws {
        let harness = try Grid.harness()
        let view = harness.view
        view.selectItem(at: 5)
        view.pointerDown(at: Point(x: 250, y: 50))  // item 2
        #expect(view.highlightedItem == 2)
        harness.heights.insert(20, at: 0)
        harness.log = []
        try view.insertItems(at: [0])
        #expect(view.selectedItem == 6)
        #expect(view.highlightedItem == 3)
        #expect(view.visibleCells[6]?.isSelected == true)
        #expect(view.visibleCells[3]?.isHighlighted == true)
        #expect(harness.log == ["didLayout"])
        // Deleting them deselects and cancels the press, naming their paths before the update.
        harness.heights.remove(at: 6)
        harness.heights.remove(at: 3)
        try view.deleteItems(at: [6, 3])
        #expect(view.selectedItem == nil)
        #expect(view.highlightedItem == nil)
        #expect(harness.log == ["didLayout", "didUnhighlight(3)", "didDeselect(6)", "didLayout"])
        view.checkInvariants()
    }

    @Test func anUpdateBeforeTheFirstLayoutChangesNothing() throws {
        let view = CollectionView()
        try view.insertItems(at: [0])
        #expect(view.numberOfItems == 0)
    }

    @Test func aThrowingBatchAppliesNothing() throws {
        struct Stop: Error {}
        let harness = try Grid.harness()
        let view = harness.view
        harness.log = []
        #expect(throws: Stop.self) {
            try view.performBatchUpdates {
                try view.deleteItems(at: [0])
                throw Stop()
            }
        }
        #expect(view.numberOfItems == 12)
        #expect(harness.log == [])
        // The next batch starts empty.
        harness.heights.append(10)
        try view.insertItems(at: [12])
        #expect(view.numberOfItems == 13)
    }
}
