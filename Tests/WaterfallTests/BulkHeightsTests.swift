import Testing

@testable import Waterfall

/// Heights asked in bulk, one call per run of items between banners, give the layout that heights asked one by one
/// give; a bad height is named as one asked alone would be.
struct BulkHeightsTests {
    static let heights: [Double] = (0..<300).map { Double(20 + ($0 * 37) % 90) }
    static let banners = [0, 41, 42, 170, 299]

    private func layout() -> WaterfallLayout {
        WaterfallLayout(columnCount: 4, columnSpacing: 10, rowSpacing: 7, insets: EdgeInsets(all: 9))
    }

    @Test func bulkHeightsLayOutAsHeightsAskedOneByOne() throws {
        let single = layout()
        try single.prepare(
            width: 500, itemCount: Self.heights.count,
            height: { index, width in
                Self.banners.contains(index) ? width / 4 : Self.heights[index]
            }, spansAllColumns: { Self.banners.contains($0) })
        let bulk = layout()
        var runs: [Range<Int>] = []
        var bannersAsked: [Int] = []
        try bulk.prepare(
            width: 500, itemCount: Self.heights.count, spanningItems: Self.banners,
            heights: { range, columnWidth, heights in
                #expect(columnWidth == bulk.columnWidth)
                runs.append(range)
                for item in range { heights[item - range.lowerBound] = Self.heights[item] }
            },
            bannerHeight: { index, fullWidth in
                #expect(fullWidth == 482)
                bannersAsked.append(index)
                return fullWidth / 4
            })
        bulk.checkInvariants()
        #expect(runs == [1..<41, 43..<170, 171..<299])
        #expect(bannersAsked == Self.banners)
        let all = { (layout: WaterfallLayout) in
            (0..<layout.numberOfItems).compactMap(layout.layoutAttributesForItem(at:))
        }
        #expect(all(bulk) == all(single))
        #expect(bulk.contentSize == single.contentSize)
    }

    @Test func aBadBulkHeightIsNamedAndLeavesTheLayoutEmpty() {
        let bulk = layout()
        #expect(throws: LayoutError.invalidHeight(index: 7, height: -1)) {
            try bulk.prepare(
                width: 500, itemCount: 10, spanningItems: [],
                heights: { range, _, heights in
                    for item in range { heights[item - range.lowerBound] = item == 7 ? -1 : 10 }
                }, bannerHeight: { _, _ in 10 })
        }
        #expect(bulk.numberOfItems == 0)
        #expect(!bulk.isValid)
    }

    @Test(arguments: [[3, 3], [5, 2], [10], [-1]])
    func bannersOutOfOrderOrRangeAreRefused(banners: [Int]) {
        let bulk = layout()
        #expect(throws: LayoutError.self) {
            try bulk.prepare(
                width: 500, itemCount: 10, spanningItems: banners,
                heights: { _, _, heights in
                    heights.initialize(repeating: 10)
                }, bannerHeight: { _, _ in 10 })
        }
        #expect(!bulk.isValid)
    }

    /// A source that answers one item at a time is asked in bulk through the defaults: each item once, in order.
    @Test func theDefaultsAskEachItemOnce() throws {
        let source = SectionsSource([Self.heights])
        source.banners = Set(Self.banners.map { ItemPath(item: $0, section: 0) })
        let collection = CollectionLayout(columnCount: 4, columnSpacing: 10, rowSpacing: 7, insets: EdgeInsets(all: 9))
        try collection.prepare(width: 500, source: source)
        #expect(source.asked.map(\.item).sorted() == Array(0..<Self.heights.count))
        #expect(Set(source.asked).count == Self.heights.count)
        collection.checkInvariants()
    }
}
