import Testing

@testable import Waterfall

/// Frames computed by hand from the rule in `WaterfallLayout`'s documentation.
@Suite struct LayoutTests {
    /// Prepares `layout` with fixed heights and returns the column widths the height closure was given.
    @discardableResult
    func prepare(_ layout: WaterfallLayout, width: Double, heights: [Double?]) throws -> [Double] {
        var widths: [Double] = []
        try layout.prepare(width: width, itemCount: heights.count) { index, columnWidth in
            widths.append(columnWidth)
            return heights[index]
        }
        layout.checkInvariants()
        return widths
    }

    @Test func threeColumnsWithSpacingAndInsets() throws {
        let layout = WaterfallLayout(columnCount: 3, columnSpacing: 10, rowSpacing: 10, insets: EdgeInsets(all: 10))
        let widths = try prepare(layout, width: 340, heights: Grid.heights)
        #expect(widths == Array(repeating: 100, count: 12))
        #expect(layout.columnWidth == 100)
        #expect(layout.isValid)
        #expect(layout.numberOfItems == 12)
        #expect(layout.contentSize == Size(width: 340, height: 360))
        let attributes = allAttributes(of: layout)
        #expect(attributes.map(\.index) == Array(0..<12))
        #expect(attributes.map(\.column) == [0, 1, 2, 1, 2, 0, 1, 0, 2, 1, 0, 2])
        #expect(
            attributes.map(\.frame) == [
                Rect(x: 10, y: 10, width: 100, height: 100),
                Rect(x: 120, y: 10, width: 100, height: 50),
                Rect(x: 230, y: 10, width: 100, height: 80),
                Rect(x: 120, y: 70, width: 100, height: 60),
                Rect(x: 230, y: 100, width: 100, height: 120),
                Rect(x: 10, y: 120, width: 100, height: 40),
                Rect(x: 120, y: 140, width: 100, height: 90),
                Rect(x: 10, y: 170, width: 100, height: 70),
                Rect(x: 230, y: 230, width: 100, height: 30),
                Rect(x: 120, y: 240, width: 100, height: 110),
                Rect(x: 10, y: 250, width: 100, height: 50),
                Rect(x: 230, y: 270, width: 100, height: 60),
            ])
        #expect(layout.items(inColumn: 0) == [0, 5, 7, 10])
        #expect(layout.items(inColumn: 1) == [1, 3, 6, 9])
        #expect(layout.items(inColumn: 2) == [2, 4, 8, 11])
        #expect(layout.items(inColumn: 3) == [])
        #expect(layout.minX(ofColumn: 2) == 230)
    }

    @Test func oneColumnWithUnevenInsetsHalvesAndASquare() throws {
        let insets = EdgeInsets(top: 5, left: 20, bottom: 7, right: 30)
        let layout = WaterfallLayout(columnCount: 1, columnSpacing: 100, rowSpacing: 4, insets: insets)
        let widths = try prepare(layout, width: 200, heights: [10, nil, 0.5, 30])
        #expect(widths == [150, 150, 150, 150])
        #expect(
            allAttributes(of: layout).map(\.frame) == [
                Rect(x: 20, y: 5, width: 150, height: 10),
                Rect(x: 20, y: 19, width: 150, height: 150),
                Rect(x: 20, y: 173, width: 150, height: 0.5),
                Rect(x: 20, y: 177.5, width: 150, height: 30),
            ])
        #expect(layout.contentSize == Size(width: 200, height: 214.5))
    }

    @Test func twoColumnsTiesGoToTheLeftmostColumn() throws {
        let layout = WaterfallLayout(columnCount: 2, columnSpacing: 1, rowSpacing: 0, insets: .zero)
        let widths = try prepare(layout, width: 101, heights: [20, 20, 10, 30, 5])
        #expect(widths == Array(repeating: 50, count: 5))
        let attributes = allAttributes(of: layout)
        #expect(attributes.map(\.column) == [0, 1, 0, 1, 0])
        #expect(
            attributes.map(\.frame) == [
                Rect(x: 0, y: 0, width: 50, height: 20),
                Rect(x: 51, y: 0, width: 50, height: 20),
                Rect(x: 0, y: 20, width: 50, height: 10),
                Rect(x: 51, y: 20, width: 50, height: 30),
                Rect(x: 0, y: 30, width: 50, height: 5),
            ])
        #expect(layout.contentSize == Size(width: 101, height: 50))
    }

    @Test func fiveColumnsWithFractionalSpacings() throws {
        let insets = EdgeInsets(top: 4, left: 12, bottom: 6, right: 8)
        let layout = WaterfallLayout(columnCount: 5, columnSpacing: 2.5, rowSpacing: 1.5, insets: insets)
        let widths = try prepare(layout, width: 500, heights: [10, 10, 10, 10, 10, 3, 7, 3, nil, 1])
        #expect(widths == Array(repeating: 94, count: 10))
        let attributes = allAttributes(of: layout)
        #expect(attributes.map(\.column) == [0, 1, 2, 3, 4, 0, 1, 2, 3, 4])
        #expect(
            attributes.map(\.frame) == [
                Rect(x: 12, y: 4, width: 94, height: 10),
                Rect(x: 108.5, y: 4, width: 94, height: 10),
                Rect(x: 205, y: 4, width: 94, height: 10),
                Rect(x: 301.5, y: 4, width: 94, height: 10),
                Rect(x: 398, y: 4, width: 94, height: 10),
                Rect(x: 12, y: 15.5, width: 94, height: 3),
                Rect(x: 108.5, y: 15.5, width: 94, height: 7),
                Rect(x: 205, y: 15.5, width: 94, height: 3),
                Rect(x: 301.5, y: 15.5, width: 94, height: 94),
                Rect(x: 398, y: 15.5, width: 94, height: 1),
            ])
        #expect(layout.contentSize == Size(width: 500, height: 115.5))
    }

    @Test func aNewWidthGivesNewColumnWidthsAndSquares() throws {
        let layout = WaterfallLayout(columnCount: 3, columnSpacing: 10, rowSpacing: 10, insets: EdgeInsets(all: 10))
        let squares: [Double?] = [nil, nil, nil, nil]
        try prepare(layout, width: 340, heights: squares)
        #expect(layout.layoutAttributesForItem(at: 3)?.frame == Rect(x: 10, y: 120, width: 100, height: 100))
        #expect(layout.contentSize == Size(width: 340, height: 230))

        #expect(layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 500, width: 340, height: 1)) == false)
        #expect(layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 0, width: 232, height: 600)))
        let widths = try prepare(layout, width: 232, heights: squares)
        #expect(widths == [64, 64, 64, 64])
        #expect(
            allAttributes(of: layout).map(\.frame) == [
                Rect(x: 10, y: 10, width: 64, height: 64),
                Rect(x: 84, y: 10, width: 64, height: 64),
                Rect(x: 158, y: 10, width: 64, height: 64),
                Rect(x: 10, y: 84, width: 64, height: 64),
            ])
        #expect(layout.contentSize == Size(width: 232, height: 158))
        #expect(layout.width == 232)
    }

    @Test func noItemsGiveTheInsetsAsContentHeight() throws {
        let layout = WaterfallLayout(
            columnCount: 4, columnSpacing: 3, rowSpacing: 3, insets: EdgeInsets(top: 3, left: 1, bottom: 4, right: 1))
        try prepare(layout, width: 91, heights: [])
        #expect(layout.numberOfItems == 0)
        #expect(layout.isValid)
        #expect(layout.columnWidth == 20)
        #expect(layout.contentSize == Size(width: 91, height: 7))
        #expect(layout.layoutAttributesForItem(at: 0) == nil)
        #expect(layout.layoutAttributesForItem(at: -1) == nil)
    }

    @Test func aTooNarrowWidthGivesZeroWidthColumns() throws {
        let layout = WaterfallLayout(columnCount: 2, columnSpacing: 10, rowSpacing: 10, insets: EdgeInsets(all: 10))
        let widths = try prepare(layout, width: 20, heights: [nil, 5])
        #expect(widths == [0, 0])
        #expect(
            allAttributes(of: layout).map(\.frame) == [
                Rect(x: 10, y: 10, width: 0, height: 0),
                // Column 0's bottom (10 + 0) ties with the empty column 1's top inset: the leftmost wins.
                Rect(x: 10, y: 20, width: 0, height: 5),
            ])
        #expect(layout.contentSize == Size(width: 20, height: 35))
    }

    @Test func changingASettingInvalidates() throws {
        let layout = WaterfallLayout()
        #expect(layout.isValid == false)
        try prepare(layout, width: 100, heights: [1])
        #expect(layout.isValid)
        layout.columnCount = 2
        #expect(layout.isValid == false)
        try prepare(layout, width: 100, heights: [1])
        layout.rowSpacing = 1
        #expect(layout.isValid == false)
        try prepare(layout, width: 100, heights: [1])
        layout.columnSpacing = 1
        #expect(layout.isValid == false)
        try prepare(layout, width: 100, heights: [1])
        layout.insets = .zero
        #expect(layout.isValid == false)
        try prepare(layout, width: 100, heights: [1])
        layout.invalidateLayout()
        #expect(layout.isValid == false)
    }
}
