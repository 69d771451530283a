import SeededRandom
import Testing

@testable import Waterfall

/// Appends, inserts and deletes re-place only from the first affected item, and give exactly the frames
/// a full layout of the final heights gives.
struct LayoutUpdateTests {
    private func fullLayout(heights: [Double], like layout: WaterfallLayout) throws -> WaterfallLayout {
        let fresh = WaterfallLayout(
            columnCount: layout.columnCount, columnSpacing: layout.columnSpacing,
            rowSpacing: layout.rowSpacing, insets: layout.insets)
        try fresh.prepare(width: layout.width, itemCount: heights.count) { index, _ in heights[index] }
        return fresh
    }

    private func allAttributes(_ layout: WaterfallLayout) -> [LayoutAttributes] {
        (0..<layout.numberOfItems).compactMap(layout.layoutAttributesForItem(at:))
    }

    private func expectSameFrames(_ layout: WaterfallLayout, heights: [Double]) throws {
        let reference = try fullLayout(heights: heights, like: layout)
        #expect(allAttributes(layout) == allAttributes(reference))
        #expect(layout.contentSize == reference.contentSize)
        for column in 0..<layout.columnCount {
            #expect(layout.items(inColumn: column) == reference.items(inColumn: column))
        }
        layout.checkInvariants()
    }

    @Test(arguments: 1...12)
    func randomUpdateSequencesMatchAFullLayout(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed))
        let layout = WaterfallLayout(
            columnCount: random.int(in: 1...7), columnSpacing: random.whole(in: 0...12),
            rowSpacing: Double(random.int(in: 0...20)) / 4, insets: EdgeInsets(all: random.whole(in: 0...16)))
        func randomHeight() -> Double { Double(random.int(in: 0...4000)) / 8 }
        var heights = (0..<random.int(in: 0...300)).map { _ in randomHeight() }
        try layout.prepare(width: random.whole(in: 200...1600), itemCount: heights.count) { index, _ in heights[index] }

        for _ in 0..<40 {
            switch random.int(in: 0...2) {
            case 0:
                let new = (0..<random.int(in: 0...30)).map { _ in randomHeight() }
                try layout.appendItems(count: new.count) { index, _ in new[index - heights.count] }
                heights += new
            case 1:
                let at = random.int(in: 0...heights.count)
                let new = (0..<random.int(in: 1...20)).map { _ in randomHeight() }
                try layout.insertItems(at: at, count: new.count) { index, _ in new[index - at] }
                heights.insert(contentsOf: new, at: at)
            default:
                guard !heights.isEmpty else { continue }
                let start = random.int(in: 0...(heights.count - 1))
                let range = start..<min(heights.count, start + random.int(in: 1...25))
                try layout.deleteItems(in: range)
                heights.removeSubrange(range)
            }
            try expectSameFrames(layout, heights: heights)
        }
    }

    @Test func appendingLeavesExistingFramesInPlaceAndAsksOnlyTheNewItems() throws {
        let layout = WaterfallLayout(columnCount: 3, columnSpacing: 10, rowSpacing: 10, insets: EdgeInsets(all: 10))
        try layout.prepare(width: 340, itemCount: 5) { index, _ in Double(50 + 10 * index) }
        let before = allAttributes(layout)
        var asked: [Int] = []
        try layout.appendItems(count: 2) { index, columnWidth in
            asked.append(index)
            #expect(columnWidth == 100)
            return 30
        }
        #expect(asked == [5, 6])
        #expect(Array(allAttributes(layout).prefix(5)) == before)
        // Bottoms after 5 items: column 0 = 10+50+10+80 = 150, column 1 = 10+60+10+90 = 170, column 2 = 80.
        #expect(layout.layoutAttributesForItem(at: 5)?.frame == Rect(x: 230, y: 90, width: 100, height: 30))
        #expect(layout.layoutAttributesForItem(at: 6)?.frame == Rect(x: 230, y: 130, width: 100, height: 30))
    }

    @Test func insertingAtTheFrontAsksOnlyTheNewItemsAndKeepsTheStoredHeights() throws {
        let layout = WaterfallLayout(columnCount: 2, columnSpacing: 0, rowSpacing: 0, insets: .zero)
        try layout.prepare(width: 200, itemCount: 3) { index, _ in [40, 20, 30][index] }
        var asked: [Int] = []
        try layout.insertItems(at: 0, count: 1) { index, _ in
            asked.append(index)
            return 25
        }
        #expect(asked == [0])
        #expect(allAttributes(layout).map(\.frame.height) == [25, 40, 20, 30])
        try expectSameFrames(layout, heights: [25, 40, 20, 30])
    }

    @Test func aBadHeightInAnUpdateLeavesTheLayoutAsItWas() throws {
        let layout = WaterfallLayout(columnCount: 2)
        try layout.prepare(width: 300, itemCount: 4) { _, _ in 50 }
        let before = allAttributes(layout)
        #expect(throws: LayoutError.invalidHeight(index: 5, height: -1)) {
            try layout.appendItems(count: 3) { index, _ in index == 5 ? -1 : 10 }
        }
        #expect(throws: LayoutError.invalidHeight(index: 1, height: .infinity)) {
            try layout.insertItems(at: 1, count: 1) { _, _ in .infinity }
        }
        #expect(allAttributes(layout) == before)
        #expect(throws: LayoutError.invalidIndex(5, count: 4)) { try layout.insertItems(at: 5, count: 1) { _, _ in 1 } }
        #expect(throws: LayoutError.invalidIndex(9, count: 4)) { try layout.deleteItems(in: 2..<9) }
        #expect(throws: LayoutError.notPrepared) { try WaterfallLayout().appendItems(count: 1) { _, _ in 1 } }
    }

    @Test func storageStaysWithin24BytesPerItemWithRoomToAppend() throws {
        let layout = WaterfallLayout(columnCount: 5)
        let count = 100_000
        try layout.prepare(width: 1200, itemCount: count) { index, _ in Double(100 + index % 97) }
        #expect(layout.storageBytes <= 24 * count)
        let bytes = layout.storageBytes
        try layout.appendItems(count: 1000) { _, _ in 120 }
        #expect(layout.storageBytes == bytes)  // the headroom took the append: nothing was copied or grown
    }
}

/// The placement loop keeps up to eight columns' bottoms in registers and more in memory: both give the
/// frames of the rule written out plainly.
struct PlacementPathTests {
    private func referenceFrames(
        heights: [Double], columns: Int, width: Double, spacing: Double, insets: EdgeInsets
    ) -> [Rect] {
        let columnWidth = (width - insets.left - insets.right - Double(columns - 1) * spacing) / Double(columns)
        var bottoms = [Double?](repeating: nil, count: columns)
        return heights.map { height in
            var column = 0
            for candidate in 1..<max(1, columns)
            where (bottoms[candidate] ?? insets.top) < (bottoms[column] ?? insets.top) {
                column = candidate
            }
            let y = bottoms[column].map { $0 + spacing } ?? insets.top
            bottoms[column] = y + height
            return Rect(
                x: insets.left + Double(column) * (columnWidth + spacing), y: y, width: columnWidth, height: height)
        }
    }

    @Test(arguments: [1, 2, 7, 8, 9, 12, 64])
    func bothStoragesFollowTheRule(columns: Int) throws {
        var random = SplitMix64(seed: UInt64(columns))
        let heights = (0..<2000).map { _ in Double(random.int(in: 0...800)) / 4 }
        let insets = EdgeInsets(top: 5, left: 7, bottom: 9, right: 3)
        let layout = WaterfallLayout(columnCount: columns, columnSpacing: 6, rowSpacing: 6, insets: insets)
        try layout.prepare(width: 4000, itemCount: heights.count) { index, _ in heights[index] }
        let frames = (0..<heights.count).compactMap { layout.layoutAttributesForItem(at: $0)?.frame }
        #expect(frames == referenceFrames(heights: heights, columns: columns, width: 4000, spacing: 6, insets: insets))
        layout.checkInvariants()
    }
}

struct StorageReuseTests {
    @Test func preparingAgainReusesStorageButNotWhenItShrinksFar() throws {
        let layout = WaterfallLayout(columnCount: 4)
        try layout.prepare(width: 1000, itemCount: 50_000) { index, _ in Double(50 + index % 13) }
        let bytes = layout.storageBytes
        try layout.prepare(width: 1000, itemCount: 49_000) { index, _ in Double(60 + index % 7) }
        #expect(layout.storageBytes == bytes)  // the same storage, filled again
        try layout.prepare(width: 1000, itemCount: 1_000) { index, _ in Double(60 + index % 7) }
        // Released: 50,000 items' storage is not kept for 1,000 (what remains is 1,000 items plus headroom).
        #expect(layout.storageBytes < bytes / 20)
        layout.checkInvariants()
    }
}
