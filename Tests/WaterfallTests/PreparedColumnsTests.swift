import Testing

@testable import Waterfall

/// Columns laid out ahead by the source (`CollectionLayoutSource.preparedColumns`), as a photo wall lays out the
/// next grid zoom step on a thread of its own: the layout takes them only when they were prepared as it would
/// prepare them, and then gives the frames it would have computed. (A debug build asks every height once more, to
/// check the prepared ones.)
struct PreparedColumnsTests {
    static let heights: [[Double]] = [
        (0..<200).map { Double(30 + ($0 * 37) % 90) }, (0..<50).map { Double(40 + ($0 * 13) % 70) },
    ]

    /// Two sections with headers; `ready` gives each section's prepared columns, and every height asked is counted.
    final class Source: CollectionLayoutSource {
        var ready: [Int: WaterfallLayout] = [:]
        var heightsAsked = [0, 0]
        var numberOfSections: Int { PreparedColumnsTests.heights.count }
        func numberOfItems(inSection section: Int) -> Int { PreparedColumnsTests.heights[section].count }
        func heightsOfItems(
            inSection section: Int, range: Range<Int>, width: Double, into heights: UnsafeMutableBufferPointer<Double>
        ) {
            heightsAsked[section] += range.count
            for item in range { heights[item - range.lowerBound] = PreparedColumnsTests.heights[section][item] }
        }
        func heightOfSupplementaryElement(ofKind kind: ElementKind, inSection section: Int, width: Double) -> Double {
            kind == .header ? 24 : 0
        }
        func preparedColumns(inSection section: Int, width: Double, columnCount: Int) -> WaterfallLayout? {
            ready[section]
        }
    }

    static func layout(columns: Int = 4) -> CollectionLayout {
        CollectionLayout(columnCount: columns, columnSpacing: 10, rowSpacing: 7, insets: EdgeInsets(all: 9))
    }

    /// Section `section`'s columns as `CollectionLayout` prepares them: its spacing, its side insets, no top or bottom.
    static func columns(
        ofSection section: Int, count: Int = 4, width: Double = 600, spacing: Double = 10,
        items: Int? = nil
    ) throws -> WaterfallLayout {
        let columns = WaterfallLayout(
            columnCount: count, columnSpacing: spacing, rowSpacing: 7,
            insets: EdgeInsets(top: 0, left: 9, bottom: 0, right: 9))
        let heights = Array(Self.heights[section].prefix(items ?? Self.heights[section].count))
        try columns.prepare(
            width: width, itemCount: heights.count, spanningItems: [],
            heights: { range, _, out in
                for item in range { out[item - range.lowerBound] = heights[item] }
            }, bannerHeight: { _, _ in nil })
        return columns
    }

    static func frames(_ layout: CollectionLayout) -> [LayoutAttributes] {
        layout.layoutAttributesForElements(
            in: Rect(x: 0, y: 0, width: layout.contentSize.width, height: layout.contentSize.height))
    }

    @Test func columnsPreparedAsTheLayoutWouldAreTakenAndGiveTheSameFrames() throws {
        let expected = Self.layout()
        try expected.prepare(width: 600, source: Source())
        let source = Source()
        let ready = [try Self.columns(ofSection: 0), try Self.columns(ofSection: 1)]
        source.ready = [0: ready[0], 1: ready[1]]
        let layout = Self.layout()
        try layout.prepare(width: 600, source: source)
        #expect(layout.columns(ofSection: 0) === ready[0])
        #expect(layout.columns(ofSection: 1) === ready[1])
        #expect(Self.frames(layout) == Self.frames(expected))
        #expect(layout.contentSize == expected.contentSize)
        #expect(Self.frames(layout).count == 252)  // 250 cards and 2 headers
    }

    @Test(arguments: [
        ("another column count", 3, 600.0, 10.0, nil as Int?),
        ("another width", 4, 640.0, 10.0, nil),
        ("another spacing", 4, 600.0, 12.0, nil),
        ("fewer items", 4, 600.0, 10.0, 199),
    ])
    func columnsPreparedOtherwiseAreLaidOutAgain(
        _ difference: String, count: Int, width: Double, spacing: Double, items: Int?
    ) throws {
        let expected = Self.layout()
        try expected.prepare(width: 600, source: Source())
        let source = Source()
        let stale = try Self.columns(ofSection: 0, count: count, width: width, spacing: spacing, items: items)
        source.ready = [0: stale]
        let layout = Self.layout()
        try layout.prepare(width: 600, source: source)
        #expect(layout.columns(ofSection: 0) !== stale, "\(difference)")
        #expect(source.heightsAsked == [200, 50], "\(difference)")
        #expect(Self.frames(layout) == Self.frames(expected), "\(difference)")
    }

    @Test func columnsNotPreparedOrInvalidatedAreLaidOutAgain() throws {
        let source = Source()
        let unprepared = WaterfallLayout(
            columnCount: 4, columnSpacing: 10, rowSpacing: 7, insets: EdgeInsets(top: 0, left: 9, bottom: 0, right: 9))
        let invalidated = try Self.columns(ofSection: 1)
        invalidated.invalidateLayout()
        source.ready = [0: unprepared, 1: invalidated]
        let layout = Self.layout()
        try layout.prepare(width: 600, source: source)
        #expect(layout.columns(ofSection: 0) !== unprepared)
        #expect(layout.columns(ofSection: 1) !== invalidated)
        #expect(source.heightsAsked == [200, 50])
        #expect(layout.numberOfItems == 250)
    }
}
