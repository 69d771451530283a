import SeededRandom
import Testing

@testable import Waterfall

/// Only the cells in the viewport plus the overscan exist, and scrolling recycles them.
@Suite struct RecyclingTests {
    static let overscan: Double = 128

    static let wheelStep: Double = 120

    /// 5,000 items of whole and half heights from 20 to 120, in 4 columns of 187.5 in an 800 × 600 viewport,
    /// scrolled 120 per wheel notch (less than the overscan, so a notch keeps most cells).
    static func bigHarness() throws -> Harness {
        var random = SplitMix64(seed: 5000)
        let heights: [Double?] = (0..<5000).map { _ in random.whole(in: 40...240) / 2 }
        let harness = try Harness(
            heights: heights, columns: 4, overscan: overscan, wheelStep: wheelStep,
            viewport: Size(width: 800, height: 600))
        #expect(harness.view.layout.columnWidth == 187.5)
        return harness
    }

    /// Every item's frame, read once, and the brute-force answer to "which items does the viewport plus the
    /// overscan show at this offset".
    struct Reference {
        let frames: [Rect]
        private let tops: [Double]
        private let bottoms: [Double]

        init(_ layout: CollectionLayout) {
            frames = allAttributes(of: layout).map(\.frame)
            tops = frames.map(\.minY)
            bottoms = frames.map(\.maxY)
            // Every column lies inside the 800-wide viewport, so only the vertical spans decide; check that once.
            let viewport = Rect(x: 0, y: 0, width: 800, height: 1)
            #expect(frames.allSatisfy { shareArea(Rect(x: $0.minX, y: 0, width: $0.width, height: 1), viewport) })
            #expect(frames.allSatisfy { $0.height > 0 })
        }

        /// The indices of all frames that share area with the content rows `offset - overscan ..< offset + 600 + overscan`.
        func expected(atOffset offset: Double) -> [Int] {
            let top = offset - RecyclingTests.overscan
            let bottom = offset + 600 + RecyclingTests.overscan
            var result: [Int] = []
            for index in 0..<tops.count where tops[index] < bottom && top < bottoms[index] {
                result.append(index)
            }
            return result
        }
    }

    /// Checks that the visible cells are exactly the items whose frames share area with the viewport grown by the
    /// overscan above and below, each showing its own item at its own frame, and all the view's invariants.
    /// Returns the number of visible cells.
    @discardableResult
    static func checkVisibleCells(
        _ harness: Harness, _ reference: Reference, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Int {
        let view = harness.view
        view.checkInvariants()
        let expected = reference.expected(atOffset: view.contentOffset)
        let actual = view.visibleCells.keys.sorted().map(\.item)
        if actual != expected {
            Issue.record(
                "offset \(view.contentOffset): visible \(actual), expected \(expected)", sourceLocation: sourceLocation)
        }
        for (index, cell) in view.visibleCells {
            guard let cell = cell as? TestCell, cell.item == index.item, cell.frame == reference.frames[index.item]
            else {
                Issue.record("the cell of item \(index) shows the wrong item or frame", sourceLocation: sourceLocation)
                continue
            }
        }
        return view.visibleCells.count
    }

    /// The pool's books balance: every cell was made once, handed out `uses` times, and prepared before each reuse.
    static func checkPool(_ harness: Harness, peak: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let pool = harness.view.reusePool
        #expect(pool.created == harness.view.peakVisibleCellCount, sourceLocation: sourceLocation)
        #expect(pool.created == peak, sourceLocation: sourceLocation)
        #expect(pool.created == harness.cells.count, sourceLocation: sourceLocation)
        #expect(pool.reused > 0, sourceLocation: sourceLocation)
        #expect(
            pool.created + pool.reused == harness.cells.values.reduce(0) { $0 + $1.uses },
            sourceLocation: sourceLocation)
        #expect(harness.unpreparedReuses == [], sourceLocation: sourceLocation)
        #expect(pool.count + harness.view.visibleCells.count == pool.created, sourceLocation: sourceLocation)
    }

    @Test func wheelingFromTopToBottomAndBackRecycles() throws {
        let harness = try Self.bigHarness()
        let view = harness.view
        let reference = Reference(view.layout)
        var peak = Self.checkVisibleCells(harness, reference)
        var notches = 0
        while view.contentOffset < view.scroll.maxOffset {
            let before = view.contentOffset
            view.scrollWheel(notches: 1)
            notches += 1
            #expect(view.contentOffset == min(before + Self.wheelStep, view.scroll.maxOffset))
            peak = max(peak, Self.checkVisibleCells(harness, reference))
        }
        #expect(notches == Int((view.scroll.maxOffset / Self.wheelStep).rounded(.up)))
        #expect(view.contentOffset == view.contentSize.height - 600)
        #expect(view.visibleCells.keys.contains(4999))
        while view.contentOffset > 0 {
            view.scrollWheel(notches: -10)
            peak = max(peak, Self.checkVisibleCells(harness, reference))
        }
        #expect(view.visibleCells.keys.contains(0))
        Self.checkPool(harness, peak: peak)
        // Far more cells were shown than were made.
        #expect(view.reusePool.reused > 50 * view.reusePool.created)
    }

    @Test func jumpingAroundRecycles() throws {
        let harness = try Self.bigHarness()
        let view = harness.view
        let reference = Reference(view.layout)
        var peak = Self.checkVisibleCells(harness, reference)
        var random = SplitMix64(seed: 42)
        let last = Int(view.scroll.maxOffset)
        var targets: [Double] = [Double(last), 0, 700, 700.5, 1400, Double(last) + 500, -30]
        for _ in 0..<200 { targets.append(random.whole(in: 0...(2 * last)) / 2) }
        for target in targets {
            view.setContentOffset(target)
            #expect(view.contentOffset == min(max(0, target), view.scroll.maxOffset))
            peak = max(peak, Self.checkVisibleCells(harness, reference))
        }
        Self.checkPool(harness, peak: peak)
    }

    @Test func reloadAndResizeRecycleInsteadOfCreating() throws {
        let harness = try Self.bigHarness()
        let view = harness.view
        view.setContentOffset(10_000)
        let created = view.reusePool.created
        let shown = view.visibleCells.count
        try view.reloadData()
        #expect(view.reusePool.created == created)
        #expect(view.visibleCells.count == shown)
        #expect(view.reusePool.reused >= shown)
        #expect(view.contentOffset == 10_000)
        // A narrower viewport of the same column count moves and reuses the cells.
        try view.setViewportSize(Size(width: 400, height: 600))
        #expect(view.layout.columnWidth == 87.5)
        view.checkInvariants()
        let area = Rect(x: 0, y: view.contentOffset - Self.overscan, width: 400, height: 600 + 2 * Self.overscan)
        let expected = allAttributes(of: view.layout).filter { shareArea($0.frame, area) }
        #expect(view.visibleCells.keys.sorted() == expected.map(\.indexPath))
        #expect(expected.allSatisfy { view.visibleCells[$0.indexPath]?.frame == $0.frame })
        #expect(harness.unpreparedReuses == [])
        #expect(view.reusePool.created == view.peakVisibleCellCount)
    }

    @Test func cellsGoBackToThePoolPrepared() throws {
        let harness = try Grid.harness(viewportHeight: 100)
        let view = harness.view
        // Viewport 0..<100: items 0, 1, 2 and 3.
        #expect(view.visibleCells.keys.sorted() == [0, 1, 2, 3])
        view.selectItem(at: 1)
        let cell = try #require(harness.cell(1))
        #expect(cell.isSelected)
        // At 130 the viewport is 130..<230: item 1 (10..<60) has left.
        view.setContentOffset(130)
        // Items 0 to 3 left and 4 to 7 came in, so item 1's cell now shows one of those, unselected.
        #expect(view.visibleCells.keys.sorted() == [4, 5, 6, 7])
        #expect(cell.prepareForReuseCount == 1)
        #expect(cell.isSelected == false)
        #expect(cell.item.map { [4, 5, 6, 7].contains($0) } == true)
        #expect(view.reusePool.created == 4)
        #expect(view.reusePool.reused == 4)
        #expect(view.reusePool.count + view.visibleCells.count == view.reusePool.created)
        // Back at the top: item 1's cell shows as selected again, whichever cell it is.
        view.setContentOffset(0)
        #expect(harness.cell(1)?.isSelected == true)
        #expect(harness.cell(1)?.item == 1)
        #expect(harness.unpreparedReuses == [])
        view.checkInvariants()
    }

    @Test func thePoolKeepsCellsByIdentifierAndCountsThem() {
        let pool = ReusePool()
        pool.register(TestCell.identifier) { TestCell() }
        pool.register("other") { CollectionViewCell(reuseIdentifier: "other") }
        let first = pool.dequeue(TestCell.identifier)
        let second = pool.dequeue(TestCell.identifier)
        #expect(first !== second)
        #expect((pool.created, pool.reused, pool.count) == (2, 0, 0))
        pool.enqueue(first)
        pool.enqueue(second)
        #expect((first as? TestCell)?.prepareForReuseCount == 1)
        #expect(pool.count == 2)
        // A pooled cell of another identifier is not handed out.
        let other = pool.dequeue("other")
        #expect(other.reuseIdentifier == "other")
        #expect((pool.created, pool.reused, pool.count) == (3, 0, 2))
        // The last cell in is the first out.
        #expect(pool.dequeue(TestCell.identifier) === second)
        #expect(pool.dequeue(TestCell.identifier) === first)
        #expect((pool.created, pool.reused, pool.count) == (3, 2, 0))
    }

    @Test func withoutADataSourceNothingIsShown() throws {
        let view = CollectionView(layout: CollectionLayout(), columnPolicy: .fixed(2), scrollBarWidth: 0)
        try view.setViewportSize(Size(width: 200, height: 200))
        try view.reloadData()
        #expect(view.numberOfItems == 0)
        #expect(view.visibleCells.isEmpty)
        #expect(view.contentSize == Size(width: 200, height: 0))  // no data source, no sections
        #expect(view.reusePool.created == 0)
        view.checkInvariants()
    }
}

struct SteadyScrollingTests {
    @Test func steadyScrollingCreatesNoCells() throws {
        let harness = try Harness(
            heights: (0..<20_000).map { Double(40 + $0 % 7 * 20) }, columns: 5, overscan: 64,
            viewport: Size(width: 1000, height: 700))
        let view = harness.view
        for _ in 0..<50 { view.scrollWheel(notches: 1) }
        let created = view.reusePool.created
        let reused = view.reusePool.reused
        for _ in 0..<2000 { view.scrollWheel(notches: 1) }
        #expect(view.reusePool.created == created)
        #expect(view.reusePool.reused > reused)
    }
}
