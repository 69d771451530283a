import SeededRandom
import Testing

@_spi(Testing) @testable import Waterfall

/// Headers and footers in the collection view: recycled like cells, hit tested, never selected.
struct SupplementaryViewTests {
    /// 12 sections of 6 items of 40 with a header of 30 and a footer of 20 each, in a 230 × 200 viewport.
    static func harness(overscan: Double = 0) throws -> SectionHarness {
        let data = SectionsSource(Array(repeating: Array(repeating: 40, count: 6), count: 12))
        for section in 0..<12 {
            data.headers[section] = 30
            data.footers[section] = 20
        }
        return try SectionHarness(data, overscan: overscan)
    }

    @Test func headersAndFootersAreLaidOutAndHitTested() throws {
        let harness = try Self.harness()
        let view = harness.view
        // Section 0: header 10..<40, items from 50 in rows of 50 (3 rows: 50..<190), footer 200..<220, bottom 230.
        #expect(view.frame(of: .header(0)) == Rect(x: 10, y: 10, width: 210, height: 30))
        #expect(view.frame(of: .footer(0)) == Rect(x: 10, y: 200, width: 210, height: 20))
        #expect(view.frame(of: .header(1)) == Rect(x: 10, y: 240, width: 210, height: 30))
        #expect(view.element(at: Point(x: 50, y: 20)) == .header(0))
        #expect(view.element(at: Point(x: 50, y: 60)) == .cell(ItemPath(item: 0, section: 0)))
        #expect(view.element(at: Point(x: 50, y: 205)) == nil)  // below the 200 px viewport
        #expect(view.layout.element(at: Point(x: 50, y: 205)) == .footer(0))
        #expect(view.element(at: Point(x: 50, y: 45)) == nil)
        #expect(view.element(at: Point(x: 50, y: 195)) == nil)
        view.setContentOffset(230)
        #expect(view.element(at: Point(x: 50, y: 20)) == .header(1))
        #expect(view.indexPathForItem(at: Point(x: 150, y: 50)) == ItemPath(item: 1, section: 1))
    }

    @Test func aClickOnAHeaderIsNotASelection() throws {
        let harness = try Self.harness()
        let view = harness.view
        view.pointerDown(at: Point(x: 50, y: 20))
        #expect(view.highlightedItem == nil)
        view.pointerUp(at: Point(x: 50, y: 20))
        #expect(view.selectedItem == nil)
        #expect(harness.log == [])
        view.pointerDown(at: Point(x: 50, y: 60))
        view.pointerUp(at: Point(x: 50, y: 60))
        #expect(harness.log == ["shouldHighlight(0.0)", "didSelect(0.0)"])
    }

    @Test func scrollingRecyclesHeadersAndFootersWithTheCells() throws {
        let harness = try Self.harness(overscan: 16)
        let view = harness.view
        var peak = 0
        while view.contentOffset < view.scroll.maxOffset {
            view.scrollWheel(notches: 1)
            view.checkInvariants()
            let area = Rect(x: 0, y: view.contentOffset - 16, width: 230, height: 232)
            let expected = view.layout.layoutAttributesForElements(in: area)
            #expect(Set(view.visibleSupplementaryViews.keys) == Set(expected.filter { $0.kind != .cell }.map(\.id)))
            #expect(Set(view.visibleCells.keys) == Set(expected.filter { $0.kind == .cell }.map(\.indexPath)))
            for (id, bar) in view.visibleSupplementaryViews {
                #expect((bar as? BarView)?.element == id)
                #expect(bar.frame == view.layout.layoutAttributes(for: id)?.frame)
            }
            peak = max(peak, view.visibleCells.count + view.visibleSupplementaryViews.count)
        }
        #expect(view.contentOffset == view.scroll.maxOffset)
        // Every view made is still in use or in the pool, and no more were made than were ever on screen at once
        // plus one of each kind of view in flight.
        #expect(view.reusePool.created <= peak + 3)
        #expect(view.reusePool.reused > 50)
    }

    @Test func theEmptyViewFillsTheViewportBelowTheHeader() throws {
        let data = SectionsSource([[]])
        data.headers[0] = 30
        let harness = try SectionHarness(data)
        let view = harness.view
        let empty = MessageView(message: "Nothing here")
        view.emptyView = empty
        #expect(view.placeholderView === empty)
        #expect(view.placeholderFrame == Rect(x: 0, y: 50, width: 230, height: 150))  // header 10..<40, then 10
        let canvas = RecordingCanvas()
        view.draw(in: canvas)
        // The header is drawn, and the empty view's panel lies below it.
        #expect(canvas.commands.contains(.fill(Rect(x: 10, y: 10, width: 210, height: 30), Color(rgb: 0x102030))))
        let panel = canvas.commands.first {
            if case .fill(_, empty.panelColor) = $0 { return true }
            return false
        }
        guard case .fill(let rect, _)? = panel else {
            Issue.record("no empty view drawn")
            return
        }
        #expect(rect.minY >= 50 && rect.maxY <= 200)
        #expect(view.element(at: Point(x: 100, y: 20)) == nil)  // nothing is hit while the placeholder shows
    }

    @Test func aReloadDropsHeadersThatAreGone() throws {
        let harness = try Self.harness()
        let view = harness.view
        #expect(view.visibleSupplementaryViews.keys.contains(.header(0)))
        harness.data.headers[0] = nil
        try view.reloadData()
        #expect(!view.visibleSupplementaryViews.keys.contains(.header(0)))
        #expect(view.frame(of: .header(0)) == nil)
        view.checkInvariants()
    }

    @Test(arguments: 1...4)
    func incrementalFramesEqualFullRedrawsAcrossSections(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed))
        let data = SectionsSource(
            (0..<8).map { _ in (0..<random.int(in: 0...9)).map { _ in random.whole(in: 10...90) } })
        for section in 0..<8 where random.int(in: 0...1) == 1 { data.headers[section] = random.whole(in: 10...40) }
        for section in 0..<8 where random.int(in: 0...1) == 1 { data.footers[section] = random.whole(in: 10...30) }
        data.banners = [ItemPath(item: 2, section: 1), ItemPath(item: 0, section: 3)]
        let harness = try SectionHarness(data, columns: 3, viewport: Size(width: 120, height: 100), overscan: 16)
        harness.view.allowsPullToRefresh = true
        try harness.view.setScrollBarWidth(12)
        try expectIncrementalFramesEqualFullRedraws(of: harness.view, random: &random, maxOffset: 1500) { view in
            try view.releasePull()
        }
    }

    @Test func arrowsCrossIntoTheNextAndPreviousSection() throws {
        let harness = try Self.harness()
        let view = harness.view
        view.selectItem(at: ItemPath(item: 5, section: 0))  // column 1, bottom row of section 0
        view.handleKey(.down)
        #expect(view.selectedItem == ItemPath(item: 1, section: 1))  // column 1, top row of section 1
        view.handleKey(.up)
        #expect(view.selectedItem == ItemPath(item: 5, section: 0))
        for _ in 0..<3 { view.handleKey(.up) }
        #expect(view.selectedItem == ItemPath(item: 1, section: 0))  // nothing above the first section
    }

    @Test func downIntoASectionWhoseNearestColumnIsEmptyFindsTheNearestFilledColumn() throws {
        let data = SectionsSource([[40, 40, 40], [40]])
        let harness = try SectionHarness(data, columns: 3, viewport: Size(width: 340, height: 400))
        let view = harness.view
        view.selectItem(at: ItemPath(item: 2, section: 0))  // column 2
        view.handleKey(.down)
        #expect(view.selectedItem == ItemPath(item: 0, section: 1))  // section 1 has only column 0
        view.handleKey(.up)
        #expect(view.selectedItem == ItemPath(item: 0, section: 0))  // column 0, the column under it
    }
}
