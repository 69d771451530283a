import SeededRandom
import Testing

@testable import Waterfall

/// The three placements of CHT's `itemRenderDirection`: shortest column first, left to right, right to left.
struct PlacementTests {
    /// 3 columns of 100 in a width of 340 (insets 10, spacing 10): columns at x 10, 120, 230.
    private func frames(_ placement: ItemPlacement, heights: [Double]) throws -> [Rect] {
        let layout = WaterfallLayout(columnCount: 3, columnSpacing: 10, rowSpacing: 10, insets: EdgeInsets(all: 10))
        layout.placement = placement
        try layout.prepare(width: 340, itemCount: heights.count) { index, _ in heights[index] }
        layout.checkInvariants()
        return (0..<heights.count).compactMap { layout.layoutAttributesForItem(at: $0)?.frame }
    }

    private let heights: [Double] = [100, 20, 30, 40, 50, 60]

    @Test func shortestColumnFirstFillsTheShortest() throws {
        // After items 0-2: bottoms 110, 30, 40. Item 3 goes under item 1 (bottom 30), item 4 under item 2
        // (bottom 40), item 5 under item 3 (bottom 80).
        #expect(
            try frames(.shortestColumn, heights: heights) == [
                Rect(x: 10, y: 10, width: 100, height: 100), Rect(x: 120, y: 10, width: 100, height: 20),
                Rect(x: 230, y: 10, width: 100, height: 30), Rect(x: 120, y: 40, width: 100, height: 40),
                Rect(x: 230, y: 50, width: 100, height: 50), Rect(x: 120, y: 90, width: 100, height: 60),
            ])
    }

    @Test func leftToRightFillsRowsFromTheLeft() throws {
        #expect(
            try frames(.leftToRight, heights: heights) == [
                Rect(x: 10, y: 10, width: 100, height: 100), Rect(x: 120, y: 10, width: 100, height: 20),
                Rect(x: 230, y: 10, width: 100, height: 30), Rect(x: 10, y: 120, width: 100, height: 40),
                Rect(x: 120, y: 40, width: 100, height: 50), Rect(x: 230, y: 50, width: 100, height: 60),
            ])
    }

    @Test func rightToLeftFillsRowsFromTheRight() throws {
        #expect(
            try frames(.rightToLeft, heights: heights) == [
                Rect(x: 230, y: 10, width: 100, height: 100), Rect(x: 120, y: 10, width: 100, height: 20),
                Rect(x: 10, y: 10, width: 100, height: 30), Rect(x: 230, y: 120, width: 100, height: 40),
                Rect(x: 120, y: 40, width: 100, height: 50), Rect(x: 10, y: 50, width: 100, height: 60),
            ])
    }

    @Test(arguments: [ItemPlacement.leftToRight, .rightToLeft])
    func updatesMatchAFullLayout(placement: ItemPlacement) throws {
        var random = SplitMix64(seed: 7)
        var heights = (0..<200).map { _ in random.whole(in: 10...300) }
        let layout = WaterfallLayout(columnCount: 4, columnSpacing: 8, rowSpacing: 8, insets: EdgeInsets(all: 8))
        layout.placement = placement
        try layout.prepare(width: 800, itemCount: heights.count) { index, _ in heights[index] }
        try layout.insertItems(at: 37, count: 3) { _, _ in 55 }
        heights.insert(contentsOf: [55, 55, 55], at: 37)
        try layout.deleteItems(in: 100..<110)
        heights.removeSubrange(100..<110)
        try layout.appendItems(count: 5) { _, _ in 70 }
        heights += Array(repeating: 70, count: 5)

        let reference = WaterfallLayout(columnCount: 4, columnSpacing: 8, rowSpacing: 8, insets: EdgeInsets(all: 8))
        reference.placement = placement
        try reference.prepare(width: 800, itemCount: heights.count) { index, _ in heights[index] }
        let all = { (layout: WaterfallLayout) in
            (0..<layout.numberOfItems).compactMap(layout.layoutAttributesForItem(at:))
        }
        #expect(all(layout) == all(reference))
        #expect(layout.contentSize == reference.contentSize)
        let rect = Rect(x: 0, y: 500, width: 800, height: 900)
        #expect(layout.layoutAttributesForElements(in: rect) == reference.layoutAttributesForElements(in: rect))
    }

    @Test func changingThePlacementInvalidatesTheLayout() throws {
        let layout = WaterfallLayout(columnCount: 2)
        try layout.prepare(width: 300, itemCount: 2) { _, _ in 10 }
        #expect(layout.isValid)
        layout.placement = .rightToLeft
        #expect(!layout.isValid)
    }
}
