import Testing

@testable import Waterfall

@Suite struct LayoutErrorTests {
    /// A layout that holds 3 valid items, so that a failed prepare visibly empties it.
    func preparedLayout() throws -> WaterfallLayout {
        let layout = WaterfallLayout(
            columnCount: 2, columnSpacing: 10, rowSpacing: 10,
            insets: EdgeInsets(top: 3, left: 10, bottom: 4, right: 10))
        try layout.prepare(width: 230, itemCount: 3) { _, _ in 50 }
        #expect(layout.numberOfItems == 3)
        return layout
    }

    func expectEmptyAndInvalid(_ layout: WaterfallLayout) {
        #expect(layout.isValid == false)
        #expect(layout.numberOfItems == 0)
        #expect(layout.contentSize.height == 7)
        #expect(layout.layoutAttributesForItem(at: 0) == nil)
        #expect(layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 1000, height: 1000)) == [])
        #expect(layout.indexOfItem(at: Point(x: 20, y: 10)) == nil)
        layout.checkInvariants()
    }

    @Test(arguments: [-1.0, -0.5, Double.nan, Double.infinity, -Double.infinity])
    func invalidHeightNamesTheItem(height: Double) throws {
        let layout = try preparedLayout()
        let heights: [Double?] = [10, 20, nil, height, 30]
        var asked: [Int] = []
        let error = #expect(throws: LayoutError.self) {
            try layout.prepare(width: 230, itemCount: heights.count) { index, _ in
                asked.append(index)
                return heights[index]
            }
        }
        guard case .invalidHeight(let index, let reported)? = error else {
            Issue.record("expected invalidHeight, got \(String(describing: error))")
            return
        }
        #expect(index == 3)
        #expect(reported.isNaN ? height.isNaN : reported == height)
        #expect(asked == [0, 1, 2, 3])
        #expect(error?.description == "item 3 has height \(height); a height must be finite and not negative")
        expectEmptyAndInvalid(layout)
    }

    @Test func descriptionsSpellOutTheProblem() {
        #expect(
            LayoutError.invalidHeight(index: 7, height: -2).description
                == "item 7 has height -2.0; a height must be finite and not negative")
        #expect(
            LayoutError.invalidHeight(index: 0, height: .nan).description
                == "item 0 has height nan; a height must be finite and not negative")
        #expect(
            LayoutError.invalidHeight(index: 12, height: .infinity).description
                == "item 12 has height inf; a height must be finite and not negative")
        #expect(LayoutError.invalidColumnCount(65).description == "column count 65 is outside 1...64")
        #expect(
            LayoutError.invalidMetric(name: "row spacing", value: -1).description
                == "row spacing is -1.0; it must be finite and not negative")
        #expect(
            LayoutError.invalidItemCount(-3).description
                == "the data source reported -3 items; the count must be from 0 to 2147483647")
    }

    @Test(arguments: [0, -1, 65, 1000])
    func invalidColumnCount(columns: Int) throws {
        let layout = try preparedLayout()
        layout.columnCount = columns
        #expect(throws: LayoutError.invalidColumnCount(columns)) {
            try layout.prepare(width: 230, itemCount: 3) { _, _ in 50 }
        }
        expectEmptyAndInvalid(layout)
    }

    @Test(arguments: [1, 64])
    func columnCountsAtTheLimitsAreValid(columns: Int) throws {
        let layout = WaterfallLayout(columnCount: columns, columnSpacing: 0, rowSpacing: 0, insets: .zero)
        try layout.prepare(width: 128, itemCount: columns + 1) { _, _ in 1 }
        #expect(layout.columnWidth == 128 / Double(columns))
        #expect(
            layout.layoutAttributesForItem(at: columns)?.frame
                == Rect(x: 0, y: 1, width: 128 / Double(columns), height: 1))
        #expect(layout.contentSize == Size(width: 128, height: 2))
    }

    @Test func negativeMetricsNameTheMetric() throws {
        let cases: [(String, (WaterfallLayout) -> Void)] = [
            ("column spacing", { $0.columnSpacing = -1 }),
            ("row spacing", { $0.rowSpacing = -1 }),
            ("top inset", { $0.insets.top = -1 }),
            ("left inset", { $0.insets.left = -1 }),
            ("bottom inset", { $0.insets.bottom = -1 }),
            ("right inset", { $0.insets.right = -1 }),
        ]
        for (name, spoil) in cases {
            let layout = WaterfallLayout(columnCount: 2)
            spoil(layout)
            #expect(throws: LayoutError.invalidMetric(name: name, value: -1)) {
                try layout.prepare(width: 230, itemCount: 3) { _, _ in 50 }
            }
            #expect(layout.numberOfItems == 0)
            #expect(layout.isValid == false)
        }
    }

    @Test func negativeOrInfiniteWidthIsAnInvalidMetric() {
        let layout = WaterfallLayout()
        #expect(throws: LayoutError.invalidMetric(name: "width", value: -10)) {
            try layout.prepare(width: -10, itemCount: 1) { _, _ in 1 }
        }
        #expect(throws: LayoutError.invalidMetric(name: "width", value: .infinity)) {
            try layout.prepare(width: .infinity, itemCount: 1) { _, _ in 1 }
        }
    }

    @Test func negativeItemCount() throws {
        let layout = try preparedLayout()
        var asked = 0
        #expect(throws: LayoutError.invalidItemCount(-1)) {
            try layout.prepare(width: 230, itemCount: -1) { _, _ in
                asked += 1
                return 1
            }
        }
        #expect(asked == 0)
        expectEmptyAndInvalid(layout)
    }

    struct SourceFailure: Error, Equatable {}

    @Test func anErrorFromTheHeightClosurePassesThroughAndEmptiesTheLayout() throws {
        let layout = try preparedLayout()
        #expect(throws: SourceFailure()) {
            try layout.prepare(width: 230, itemCount: 5) { index, _ in
                if index == 2 { throw SourceFailure() }
                return 10
            }
        }
        expectEmptyAndInvalid(layout)
    }

    @Test func aValidPrepareAfterAnErrorRecovers() throws {
        let layout = try preparedLayout()
        #expect(throws: LayoutError.invalidHeight(index: 0, height: -1)) {
            try layout.prepare(width: 230, itemCount: 1) { _, _ in -1 }
        }
        try layout.prepare(width: 230, itemCount: 2) { _, _ in 5 }
        #expect(layout.isValid)
        #expect(
            allAttributes(of: layout).map(\.frame) == [
                Rect(x: 10, y: 3, width: 100, height: 5),
                Rect(x: 120, y: 3, width: 100, height: 5),
            ])
        #expect(layout.contentSize == Size(width: 230, height: 12))
    }
}
