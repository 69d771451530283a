import SeededRandom
import Testing

@testable import Waterfall

/// Columns that are equally tall in exact arithmetic may differ in the last bit of a Double (50 + 7.08 + 100 against
/// 100 + 7.08 + 50), and the last bit must not decide where a card goes: bottoms within `tieTolerance` of the shortest
/// count as equal, and the leftmost wins, wherever the columns start.
@Suite struct TieBreakingTests {
    /// The case: 7 columns, insets 21,0,37,9, column and row spacing 18.38 and 7.08, heights of 50 and 100.
    static let rowSpacing = 7.08
    static let columnSpacing = 18.38
    static let insets = EdgeInsets(top: 21, left: 0, bottom: 37, right: 9)

    /// `count` heights of 50 and 100: alternating, then a seeded mix.
    static func heights(_ count: Int, seed: UInt64) -> [Double] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { index in
            index < count / 2 ? [50, 100][index % 2] : random.int(in: 0...1) == 0 ? 50 : 100
        }
    }

    /// The columns the leftmost-shortest rule gives in exact arithmetic: lengths in hundredths of a pixel, as integers.
    static func exactColumns(_ heights: [Double], columns: Int) -> [Int] {
        let spacing = Int((rowSpacing * 100).rounded())
        var bottoms = [Int](repeating: 0, count: columns)
        var started = [Bool](repeating: false, count: columns)
        return heights.map { height in
            let column = bottoms.firstIndex(of: bottoms.min() ?? 0) ?? 0
            bottoms[column] += (started[column] ? spacing : 0) + Int((height * 100).rounded())
            started[column] = true
            return column
        }
    }

    /// What a layout whose columns start at `top` does with `heights`.
    static func columns(_ heights: [Double], columnCount: Int, top: Double) throws -> [Int] {
        var insets = Self.insets
        insets.top = top
        let layout = WaterfallLayout(
            columnCount: columnCount, columnSpacing: columnSpacing, rowSpacing: rowSpacing, insets: insets)
        try layout.prepare(width: 1000, itemCount: heights.count) { index, _ in heights[index] }
        layout.checkInvariants()
        return (0..<heights.count).map { layout.layoutAttributesForItem(at: $0)?.column ?? -1 }
    }

    /// The origins the columns start at: whole, fractional, and far down (where a Double's last bit is coarser).
    static let origins: [Double] = [0, 21, 0.1, 1.0 / 3, 12_345.67, 1_000_000.7, 1_048_575.99]

    @Test(arguments: [7, 5, 12])  // 12 columns take the path for more than eight
    func theSameHeightsGoToTheSameColumnsAtEveryOrigin(columnCount: Int) throws {
        let heights = Self.heights(400, seed: 12)
        let exact = Self.exactColumns(heights, columns: columnCount)
        for top in Self.origins {
            #expect(
                try Self.columns(heights, columnCount: columnCount, top: top) == exact, "columns starting at \(top)")
        }
    }

    /// The test above could not fail if the last bit never decided: it does, with the plain `<` of the bottoms.
    @Test func thePlainComparisonOfBottomsGoesAstray() {
        let heights = Self.heights(400, seed: 12)
        var bottoms = [Double](repeating: 21, count: 7)
        var started = [Bool](repeating: false, count: 7)
        let plain = heights.map { height in
            let column = bottoms.indices.min { bottoms[$0] < bottoms[$1] } ?? 0
            bottoms[column] = (started[column] ? bottoms[column] + Self.rowSpacing : 21) + height
            started[column] = true
            return column
        }
        #expect(plain != Self.exactColumns(heights, columns: 7))
    }

    /// Sections stacked below headers of fractional heights, laid out at once and in pages appended one after another
    /// (the incremental path), with a banner in the middle: every section's columns are the exact ones.
    @Test func sectionsBelowFractionalHeadersAndAppendedPagesPlaceAlike() throws {
        let heights = Self.heights(300, seed: 3)
        let source = SectionsSource([heights, heights, heights])
        source.headers = [0: 0.3, 1: 17.77, 2: 1.0 / 7]
        let layout = CollectionLayout(
            columnCount: 7, columnSpacing: Self.columnSpacing, rowSpacing: Self.rowSpacing, insets: Self.insets)
        try layout.prepare(width: 1000, source: source)
        let exact = Self.exactColumns(heights, columns: 7)
        for section in 0..<3 {
            let columns = (0..<heights.count).map {
                layout.layoutAttributesForItem(at: ItemPath(item: $0, section: section))?.column
            }
            #expect(columns == exact, "section \(section)")
        }

        let paged = WaterfallLayout(
            columnCount: 7, columnSpacing: Self.columnSpacing, rowSpacing: Self.rowSpacing, insets: Self.insets)
        try paged.prepare(width: 1000, itemCount: 40) { index, _ in heights[index] }
        for start in stride(from: 40, to: heights.count, by: 40) {
            try paged.appendItems(count: min(40, heights.count - start)) { index, _ in heights[index] }
        }
        #expect((0..<heights.count).map { paged.layoutAttributesForItem(at: $0)?.column } == exact)
        paged.checkInvariants()
    }

    /// After a banner every column continues below it, equally tall: the columns after it are those of a fresh start.
    @Test func afterABannerTheColumnsStartAgainFromTheLeft() throws {
        let heights = Self.heights(200, seed: 5)
        let layout = WaterfallLayout(
            columnCount: 7, columnSpacing: Self.columnSpacing, rowSpacing: Self.rowSpacing, insets: Self.insets)
        try layout.prepare(
            width: 1000, itemCount: 301,
            height: { index, _ in index < 100 ? heights[index] : index == 100 ? 33.3 : heights[index - 101] },
            spansAllColumns: { $0 == 100 })
        layout.checkInvariants()
        #expect(
            (101..<301).map { layout.layoutAttributesForItem(at: $0)?.column } == Self.exactColumns(heights, columns: 7)
        )
    }

    /// Within the tolerance, the leftmost wins even when it is the taller: two columns 10⁻⁷ px apart.
    @Test func columnsWithinTheToleranceAreEqualAndTheLeftmostWins() throws {
        let layout = WaterfallLayout(columnCount: 3, columnSpacing: 0, rowSpacing: 0, insets: EdgeInsets(all: 0))
        try layout.prepare(width: 300, itemCount: 4) { index, _ in [100 + 1e-7, 100, 100 + 2e-6, 10][index] }
        // Bottoms 100.0000001, 100, 100.000002: columns 0 and 1 are equally short, column 2 is taller.
        #expect(layout.layoutAttributesForItem(at: 3)?.column == 0)
        #expect(WaterfallLayout.tieTolerance == 1e-6)
    }
}
