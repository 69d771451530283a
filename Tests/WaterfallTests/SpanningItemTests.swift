import SeededRandom
import Testing

@testable import Waterfall

/// Items that span all columns (banners): below the tallest column, with the columns continuing below.
struct SpanningItemTests {
    /// 3 columns of 100 in 340 (insets 10, spacing 10): columns at x 10, 120, 230; full width 320.
    private func layout(
        heights: [Double], banners: Set<Int>, placement: ItemPlacement = .shortestColumn,
        widths: inout [Int: Double]
    ) throws -> WaterfallLayout {
        let layout = WaterfallLayout(columnCount: 3, columnSpacing: 10, rowSpacing: 10, insets: EdgeInsets(all: 10))
        layout.placement = placement
        var asked: [Int: Double] = [:]
        try layout.prepare(
            width: 340, itemCount: heights.count,
            height: { index, width in
                asked[index] = width
                return heights[index]
            }, spansAllColumns: { banners.contains($0) })
        widths = asked
        layout.checkInvariants()
        return layout
    }

    private func frames(_ layout: WaterfallLayout) -> [Rect] {
        (0..<layout.numberOfItems).compactMap { layout.layoutAttributesForItem(at: $0)?.frame }
    }

    @Test func aBannerGoesBelowTheTallestColumnAndTheColumnsContinueBelowIt() throws {
        var widths: [Int: Double] = [:]
        let layout = try layout(heights: [100, 20, 30, 50, 40, 10, 10, 10], banners: [3], widths: &widths)
        #expect(
            frames(layout) == [
                Rect(x: 10, y: 10, width: 100, height: 100), Rect(x: 120, y: 10, width: 100, height: 20),
                Rect(x: 230, y: 10, width: 100, height: 30),
                Rect(x: 10, y: 120, width: 320, height: 50),  // below the tallest column (110) plus the spacing
                Rect(x: 10, y: 180, width: 100, height: 40), Rect(x: 120, y: 180, width: 100, height: 10),
                Rect(x: 230, y: 180, width: 100, height: 10), Rect(x: 120, y: 200, width: 100, height: 10),
            ])
        #expect(layout.contentSize.height == 230)
        #expect(widths[3] == 320)  // a banner's height is asked at the full width
        #expect(widths[0] == 100)
        #expect(layout.layoutAttributesForItem(at: 3)?.spansAllColumns == true)
        #expect(layout.layoutAttributesForItem(at: 4)?.spansAllColumns == false)
    }

    @Test func aBannerFirstStartsAtTheTopInset() throws {
        var widths: [Int: Double] = [:]
        let layout = try layout(heights: [60, 20, 30], banners: [0], widths: &widths)
        #expect(
            frames(layout) == [
                Rect(x: 10, y: 10, width: 320, height: 60),
                Rect(x: 10, y: 80, width: 100, height: 20), Rect(x: 120, y: 80, width: 100, height: 30),
            ])
    }

    @Test func orderedPlacementStartsANewRowAfterABanner() throws {
        var widths: [Int: Double] = [:]
        let layout = try layout(
            heights: [10, 20, 30, 40, 5, 6, 7], banners: [4], placement: .leftToRight, widths: &widths)
        // Items 0-3 in columns 0, 1, 2, 0; the banner below the tallest (item 3: 30 to 70); then columns 0, 1.
        #expect(layout.items(inColumn: 0) == [0, 3, 5])
        #expect(layout.items(inColumn: 1) == [1, 6])
        #expect(layout.layoutAttributesForItem(at: 4)?.frame == Rect(x: 10, y: 80, width: 320, height: 5))
        #expect(layout.layoutAttributesForItem(at: 5)?.frame == Rect(x: 10, y: 95, width: 100, height: 6))
    }

    @Test func hitTestingAndNeighboursFindBanners() throws {
        var widths: [Int: Double] = [:]
        let layout = try layout(heights: [100, 20, 30, 50, 40, 10, 10, 10], banners: [3], widths: &widths)
        #expect(layout.indexOfItem(at: Point(x: 300, y: 130)) == 3)  // over column 2's area, inside the banner
        #expect(layout.indexOfItem(at: Point(x: 300, y: 175)) == nil)  // the spacing below it
        #expect(layout.indexOfItem(at: Point(x: 5, y: 130)) == nil)  // the left inset
        #expect(layout.neighbour(ofItem: 3, inColumnBy: 1) == 4)
        #expect(layout.neighbour(ofItem: 3, inColumnBy: -1) == 2)
        let found = layout.layoutAttributesForElements(in: Rect(x: 250, y: 100, width: 10, height: 30)).map(\.index)
        #expect(found == [3])
    }

    @Test(arguments: 1...8)
    func queriesMatchAScanAndUpdatesMatchAFullLayout(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed))
        let placement: ItemPlacement = [.shortestColumn, .leftToRight, .rightToLeft][seed % 3]
        let columns = random.int(in: 1...9)
        var items = (0..<random.int(in: 1...200)).map { _ in
            (height: random.whole(in: 0...200), spans: random.int(in: 0...9) == 0)
        }
        func make() throws -> WaterfallLayout {
            let layout = WaterfallLayout(
                columnCount: columns, columnSpacing: 6, rowSpacing: 4, insets: EdgeInsets(all: 5))
            layout.placement = placement
            try layout.prepare(
                width: 900, itemCount: items.count, height: { index, _ in items[index].height },
                spansAllColumns: { items[$0].spans })
            return layout
        }
        let layout = try make()
        for _ in 0..<15 {
            switch random.int(in: 0...2) {
            case 0:
                let at = random.int(in: 0...items.count)
                let new = (0..<random.int(in: 1...6)).map { _ in
                    (height: random.whole(in: 0...200), spans: random.int(in: 0...3) == 0)
                }
                try layout.insertItems(
                    at: at, count: new.count, height: { index, _ in new[index - at].height },
                    spansAllColumns: { new[$0 - at].spans })
                items.insert(contentsOf: new, at: at)
            case 1 where items.count > 1:
                let from = random.int(in: 0...(items.count - 1))
                let range = from..<min(items.count, from + random.int(in: 1...5))
                try layout.deleteItems(in: range)
                items.removeSubrange(range)
            default:
                let new = (0..<random.int(in: 1...6)).map { _ in
                    (height: random.whole(in: 0...200), spans: random.int(in: 0...3) == 0)
                }
                let first = items.count
                try layout.appendItems(
                    count: new.count, height: { index, _ in new[index - first].height },
                    spansAllColumns: { new[$0 - first].spans })
                items += new
            }
            layout.checkInvariants()
            let reference = try make()
            #expect(frames(layout) == frames(reference))
            #expect(layout.contentSize == reference.contentSize)
            // The rect query against a scan of every frame.
            let rect = Rect(
                x: random.whole(in: 0...800), y: random.whole(in: 0...2000), width: random.whole(in: 1...400),
                height: random.whole(in: 1...600))
            let scanned = (0..<items.count).filter {
                layout.layoutAttributesForItem(at: $0)?.frame.intersects(rect) == true
            }
            #expect(layout.layoutAttributesForElements(in: rect).map(\.index) == scanned)
            let point = Point(x: random.whole(in: 0...899), y: random.whole(in: 0...3000))
            let hit = (0..<items.count).first { layout.layoutAttributesForItem(at: $0)?.frame.contains(point) == true }
            #expect(layout.indexOfItem(at: point) == hit)
        }
    }
}

/// A data source that marks item 2 as a banner.
private final class BannerSource: CollectionViewDataSource {
    func numberOfItems(inSection section: Int) -> Int { 6 }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: ItemPath) -> CollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: TestCell.identifier)
    }
    func heightOfItem(at indexPath: ItemPath, width columnWidth: Double) -> Double? { 30 }
    func itemSpansAllColumns(at indexPath: ItemPath) -> Bool { indexPath.item == 2 }
}

struct CollectionViewBannerTests {
    @Test func theDataSourceDecidesWhichItemsSpanAndClicksSelectThem() throws {
        let source = BannerSource()
        let view = CollectionView(
            layout: CollectionLayout(columnCount: 2, columnSpacing: 10, rowSpacing: 10, insets: .zero),
            columnPolicy: .fixed(2), scrollBarWidth: 0)
        view.register(forCellWithReuseIdentifier: TestCell.identifier) { TestCell() }
        view.dataSource = source
        try view.setViewportSize(Size(width: 210, height: 300))
        // Items 0 and 1 side by side (0-30); the banner at 40, 210 wide; items 3, 4 below it at 80.
        #expect(view.frameOfItem(2) == Rect(x: 0, y: 40, width: 210, height: 30))
        #expect(view.frameOfItem(3) == Rect(x: 0, y: 80, width: 100, height: 30))
        view.pointerDown(at: Point(x: 190, y: 50))
        view.pointerUp(at: Point(x: 190, y: 50))
        #expect(view.selectedItem == 2)
        view.checkInvariants()
    }
}
