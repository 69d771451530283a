import SeededRandom
import Testing

@testable import Waterfall

/// The binary-search queries must answer exactly what a scan of every frame answers.
@Suite struct LayoutQueryTests {
    /// A pseudo-random layout: any column count, width, spacing and inset, heights that are whole, half,
    /// zero or square.
    static func randomLayout(seed: UInt64) throws -> WaterfallLayout {
        var random = SplitMix64(seed: seed)
        let insets = EdgeInsets(
            top: random.whole(in: 0...30), left: random.whole(in: 0...30),
            bottom: random.whole(in: 0...30), right: random.whole(in: 0...30))
        let layout = WaterfallLayout(
            columnCount: random.int(in: 1...8), columnSpacing: random.whole(in: 0...20) / 2,
            rowSpacing: random.whole(in: 0...3) * 4, insets: insets)
        let width = random.whole(in: 60...1200)
        let count = random.int(in: 0...400)
        var heights: [Double?] = []
        for _ in 0..<count {
            switch random.int(in: 0...19) {
            case 0: heights.append(nil)
            case 1: heights.append(0)
            case 2: heights.append(random.whole(in: 1...99) + 0.5)
            default: heights.append(random.whole(in: 1...300))
            }
        }
        try layout.prepare(width: width, itemCount: count) { index, _ in heights[index] }
        layout.checkInvariants()
        return layout
    }

    static let seeds: [UInt64] = Array(1...24)

    @Test(arguments: seeds)
    func rectQueriesMatchABruteForceScan(seed: UInt64) throws {
        let layout = try Self.randomLayout(seed: seed)
        let everything = allAttributes(of: layout)
        var random = SplitMix64(seed: seed &* 7919)
        let width = Int(layout.contentSize.width)
        let height = Int(layout.contentSize.height)
        for _ in 0..<150 {
            let rect = Rect(
                x: random.whole(in: -50...(width + 50)), y: random.whole(in: -50...(height + 50)),
                width: random.whole(in: 0...300), height: random.whole(in: 0...400))
            let expected = everything.filter { shareArea($0.frame, rect) }

            #expect(layout.layoutAttributesForElements(in: rect) == expected, "rect \(rect)")
            var visited: [Int] = []
            layout.forEachItem(in: rect) { visited.append($0) }
            #expect(visited.sorted() == expected.map(\.index), "rect \(rect)")
        }
        // The whole content returns every item of non-zero area.
        let all = Rect(origin: .zero, size: layout.contentSize)
        #expect(
            layout.layoutAttributesForElements(in: all)
                == everything.filter { $0.frame.width > 0 && $0.frame.height > 0 })
    }

    @Test(arguments: seeds)
    func pointQueriesMatchABruteForceScan(seed: UInt64) throws {
        let layout = try Self.randomLayout(seed: seed)
        let everything = allAttributes(of: layout)
        func expected(_ point: Point) -> Int? {
            let hits = everything.filter { $0.frame.contains(point) }
            #expect(hits.count <= 1, "items overlap at \(point)")
            return hits.first?.index
        }
        var random = SplitMix64(seed: seed &* 104_729)
        let width = Int(layout.contentSize.width)
        let height = Int(layout.contentSize.height)
        for _ in 0..<300 {
            let point = Point(
                x: random.whole(in: -20...(2 * width + 40)) / 2, y: random.whole(in: -20...(2 * height + 40)) / 2)
            #expect(layout.indexOfItem(at: point) == expected(point), "point \(point)")
        }
        // Every frame's corners and centre, and the closest doubles either side of its left and right edges:
        // the top-left corner is inside, the right and bottom edges are not.
        for attributes in everything {
            let frame = attributes.frame
            for point in [
                Point(x: frame.minX, y: frame.minY), Point(x: frame.maxX, y: frame.minY),
                Point(x: frame.minX, y: frame.maxY), Point(x: frame.midX, y: frame.midY),
                Point(x: frame.minX.nextDown, y: frame.minY), Point(x: frame.maxX.nextDown, y: frame.minY),
            ] {
                #expect(layout.indexOfItem(at: point) == expected(point), "item \(attributes.index) point \(point)")
            }
        }
    }

    @Test func forEachItemVisitsColumnByColumnTopToBottom() throws {
        let layout = WaterfallLayout(columnCount: 3, columnSpacing: 10, rowSpacing: 10, insets: EdgeInsets(all: 10))
        try layout.prepare(width: 340, itemCount: Grid.heights.count) { index, _ in Grid.heights[index] }
        var visited: [Int] = []
        layout.forEachItem(in: Rect(x: 0, y: 100, width: 340, height: 150)) { visited.append($0) }
        #expect(visited == [0, 5, 7, 3, 6, 9, 4, 8])
        #expect(
            layout.layoutAttributesForElements(in: Rect(x: 0, y: 100, width: 340, height: 150)).map(\.index)
                == [0, 3, 4, 5, 6, 7, 8, 9])
    }

    @Test func edgesAreHalfOpen() throws {
        let layout = WaterfallLayout(columnCount: 3, columnSpacing: 10, rowSpacing: 10, insets: EdgeInsets(all: 10))
        try layout.prepare(width: 340, itemCount: Grid.heights.count) { index, _ in Grid.heights[index] }
        func query(_ rect: Rect) -> [Int] { layout.layoutAttributesForElements(in: rect).map(\.index) }
        // Item 0 is 10..<110 in both directions.
        #expect(query(Rect(x: 0, y: 0, width: 10, height: 10)) == [])
        #expect(query(Rect(x: 0, y: 0, width: 10.5, height: 10.5)) == [0])
        #expect(query(Rect(x: 110, y: 50, width: 10, height: 1)) == [])
        #expect(query(Rect(x: 109.5, y: 110, width: 1, height: 10)) == [])
        #expect(query(Rect(x: 109.5, y: 109.5, width: 1, height: 10)) == [0])
        // A rect without area finds nothing, even inside an item.
        #expect(query(Rect(x: 50, y: 50, width: 0, height: 10)) == [])
        #expect(query(Rect(x: 50, y: 50, width: 10, height: 0)) == [])
        #expect(layout.indexOfItem(at: Point(x: 110, y: 50)) == nil)
        #expect(layout.indexOfItem(at: Point(x: 109.5, y: 109.5)) == 0)
        #expect(layout.indexOfItem(at: Point(x: 120, y: 60)) == nil)
        #expect(layout.indexOfItem(at: Point(x: 120, y: 70)) == 3)
        #expect(layout.indexOfItem(at: Point(x: 400, y: 50)) == nil)
        #expect(layout.indexOfItem(at: Point(x: -1, y: 50)) == nil)
    }

    @Test func zeroWidthColumnsHoldNothingToFind() throws {
        // 2 columns in 20 points with insets and spacing of 10: the columns are 0 wide.
        let layout = WaterfallLayout(columnCount: 2, columnSpacing: 10, rowSpacing: 10, insets: EdgeInsets(all: 10))
        try layout.prepare(width: 20, itemCount: 3) { _, _ in 5 }
        #expect(layout.columnWidth == 0)
        #expect(layout.numberOfItems == 3)
        #expect(layout.layoutAttributesForElements(in: Rect(x: -100, y: -100, width: 1000, height: 1000)) == [])
        var visited: [Int] = []
        layout.forEachItem(in: Rect(x: 0, y: 0, width: 20, height: 100)) { visited.append($0) }
        #expect(visited == [])
        #expect(layout.indexOfItem(at: Point(x: 10, y: 10)) == nil)
    }

    @Test func pointsFarAwayOrNotANumberHitNothing() throws {
        let layout = WaterfallLayout(columnCount: 3, columnSpacing: 10, rowSpacing: 10, insets: EdgeInsets(all: 10))
        try layout.prepare(width: 340, itemCount: Grid.heights.count) { index, _ in Grid.heights[index] }
        for x in [1e300, Double.infinity, -Double.infinity, Double.nan, 330, 339.5] {
            #expect(layout.indexOfItem(at: Point(x: x, y: 20)) == nil, "x \(x)")
        }
        for y in [1e300, Double.infinity, -Double.infinity, Double.nan, -1, 360] {
            #expect(layout.indexOfItem(at: Point(x: 20, y: y)) == nil, "y \(y)")
        }
        #expect(layout.indexOfItem(at: Point(x: 329.5, y: 20)) == 2)
    }

    @Test func neighboursInAColumn() throws {
        let layout = WaterfallLayout(columnCount: 3, columnSpacing: 10, rowSpacing: 10, insets: EdgeInsets(all: 10))
        try layout.prepare(width: 340, itemCount: Grid.heights.count) { index, _ in Grid.heights[index] }
        #expect(layout.neighbour(ofItem: 5, inColumnBy: -1) == 0)
        #expect(layout.neighbour(ofItem: 5, inColumnBy: 1) == 7)
        #expect(layout.neighbour(ofItem: 0, inColumnBy: -1) == nil)
        #expect(layout.neighbour(ofItem: 9, inColumnBy: 1) == nil)
        #expect(layout.neighbour(ofItem: 12, inColumnBy: -1) == nil)
        // Column 1's centres are 35, 100, 185 and 295.
        #expect(layout.item(inColumn: 1, nearestToY: 0) == 1)
        #expect(layout.item(inColumn: 1, nearestToY: 67.5) == 1)  // a tie goes to the upper item
        #expect(layout.item(inColumn: 1, nearestToY: 68) == 3)
        #expect(layout.item(inColumn: 1, nearestToY: 142.5) == 3)  // tie
        #expect(layout.item(inColumn: 1, nearestToY: 143) == 6)
        #expect(layout.item(inColumn: 1, nearestToY: 10_000) == 9)
        #expect(layout.item(inColumn: 3, nearestToY: 50) == nil)
        #expect(layout.item(inColumn: -1, nearestToY: 50) == nil)
    }

    /// Found by the fuzz target: when the spacing left the columns no width, a rect query returned nothing, not even
    /// the banners, which are as wide as the insets allow, so a view never showed them.
    @Test func bannersAreFoundWhenTheColumnsHaveNoWidth() throws {
        let layout = WaterfallLayout(columnCount: 5, columnSpacing: 32767, rowSpacing: 8, insets: EdgeInsets(all: 8))
        try layout.prepare(width: 1024, itemCount: 3, height: { _, _ in 40 }, spansAllColumns: { $0 == 1 })
        #expect(layout.columnWidth == 0)
        let banner = LayoutAttributes(
            index: 1, column: 0,
            frame: Rect(x: 8, y: 56, width: 1008, height: 40), spansAllColumns: true)
        #expect(layout.layoutAttributesForItem(at: 1) == banner)
        #expect(layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 1024, height: 200)) == [banner])
        #expect(layout.indexOfItem(at: Point(x: 500, y: 60)) == 1)
    }

    /// Found by the fuzz target: with no row spacing, banners of no height sit at the same y as the next banner,
    /// and a point on that banner's top row hit the first of them (which holds no point) instead of it.
    @Test func aPointOnABannerIsFoundAfterBannersOfNoHeightAtTheSameY() throws {
        let layout = WaterfallLayout(columnCount: 2, columnSpacing: 0, rowSpacing: 0, insets: EdgeInsets(all: 0))
        try layout.prepare(
            width: 100, itemCount: 4, height: { index, _ in index < 2 ? 0 : 30 }, spansAllColumns: { $0 < 3 })
        #expect(layout.layoutAttributesForItem(at: 2)?.frame == Rect(x: 0, y: 0, width: 100, height: 30))
        #expect(layout.indexOfItem(at: Point(x: 10, y: 0)) == 2)
        #expect(layout.indexOfItem(at: Point(x: 10, y: 29.5)) == 2)
        #expect(layout.indexOfItem(at: Point(x: 10, y: 30)) == 3)
    }
}
