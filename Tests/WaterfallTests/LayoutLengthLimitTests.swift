import Testing

@testable import Waterfall

/// Found by the fuzz target (scripts/fuzz.sh): finite heights, insets and spacing so large that their sums
/// overflowed gave a "valid" layout whose content was infinitely tall, or whose frames had lost their pixels (an
/// item at y = 1e308 that no hit test finds). Every length is now refused above 2^20 px, naming what is too large.
@Suite struct LayoutLengthLimitTests {
    @Test func anItemTallerThanTheLimitIsRefusedAndTheLayoutLeftEmpty() throws {
        let layout = WaterfallLayout(
            columnCount: 2, columnSpacing: 10, rowSpacing: 10,
            insets: EdgeInsets(top: 3, left: 10, bottom: 4, right: 10))
        #expect(throws: LayoutError.invalidHeight(index: 1, height: 1e308)) {
            try layout.prepare(width: 230, itemCount: 3) { index, _ in index == 1 ? 1e308 : 10 }
        }
        #expect(layout.isValid == false)
        #expect(layout.numberOfItems == 0)
        #expect(layout.contentSize.height == 7)
        #expect(
            LayoutError.invalidHeight(index: 1, height: 1e308).description
                == "item 1 has height 1e+308; a height must be at most 1048576 (2^20)")
        #expect(throws: LayoutError.invalidHeight(index: 0, height: 1_048_577)) {
            try layout.prepare(width: 230, itemCount: 1) { _, _ in 1_048_577 }
        }
    }

    @Test func theLimitItselfIsLaidOut() throws {
        let layout = WaterfallLayout(
            columnCount: 1, columnSpacing: 0, rowSpacing: WaterfallLayout.maximumLength,
            insets: EdgeInsets(top: WaterfallLayout.maximumLength, left: 0, bottom: 0, right: 0))
        try layout.prepare(width: 100, itemCount: 2) { _, _ in WaterfallLayout.maximumLength }
        #expect(
            layout.layoutAttributesForItem(at: 1)?.frame == Rect(x: 0, y: 3 * 1_048_576, width: 100, height: 1_048_576))
        #expect(layout.contentSize.height == 4 * 1_048_576)
        #expect(layout.indexOfItem(at: Point(x: 50, y: 3.5 * 1_048_576)) == 1)
    }

    @Test(arguments: [("row spacing", 1e308), ("column spacing", 2e6), ("top inset", 1_048_577)])
    func spacingAndInsetsAboveTheLimitAreRefused(name: String, value: Double) throws {
        let layout = WaterfallLayout(columnCount: 2)
        switch name {
        case "row spacing": layout.rowSpacing = value
        case "column spacing": layout.columnSpacing = value
        default: layout.insets.top = value
        }
        #expect(throws: LayoutError.invalidMetric(name: name, value: value)) {
            try layout.prepare(width: 1e7, itemCount: 2) { _, _ in 10 }
        }
        #expect(
            LayoutError.invalidMetric(name: name, value: value).description
                == "\(name) is \(value); it must be at most 1048576 (2^20)")
    }

    @Test func headersFootersAndSectionInsetsAboveTheLimitAreRefused() throws {
        let header = SectionsSource([[10, 20], [30]])
        header.headers[1] = 1e308
        let layout = CollectionLayout(columnCount: 2, columnSpacing: 10, rowSpacing: 10, insets: EdgeInsets(all: 10))
        #expect(throws: LayoutError.inSection(1, .invalidSupplementaryHeight(kind: .header, height: 1e308))) {
            try layout.prepare(width: 230, source: header)
        }
        #expect(
            LayoutError.inSection(1, .invalidSupplementaryHeight(kind: .header, height: 1e308)).description
                == "section 1: the header has height 1e+308; a height must be at most 1048576 (2^20)")
        let inset = SectionsSource([[10, 20], [30]])
        inset.styles[0] = SectionStyle(insets: EdgeInsets(top: 0, left: 0, bottom: 1e300, right: 0))
        #expect(throws: LayoutError.inSection(0, .invalidMetric(name: "bottom inset", value: 1e300))) {
            try layout.prepare(width: 230, source: inset)
        }
        #expect(layout.numberOfSections == 0)
        #expect(layout.isValid == false)
    }

    /// Found by the fuzz target: a section's bottom was computed as the footer's place (the columns' end plus the
    /// row spacing) less the row spacing, and with items of 5e-324 px under a spacing of 32767 px that sum lost
    /// them: the section ended at 0, above its own items, the next section overlapped them and queries missed them.
    /// (One item: a second one would go below it, its column being as short as the empty one within `tieTolerance`.)
    @Test func aSectionEndsBelowItsItemsHoweverThinThey() throws {
        let tiny = Double.leastNonzeroMagnitude
        let source = SectionsSource([[tiny], [10]])
        source.styles[0] = SectionStyle(rowSpacing: 32767)
        let layout = CollectionLayout(columnCount: 2, columnSpacing: 0, rowSpacing: 0, insets: EdgeInsets(all: 0))
        try layout.prepare(width: 230, source: source)
        #expect(layout.columnsTop(ofSection: 1) == tiny)
        #expect(
            layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 230, height: 1)).map(\.indexPath)
                == [ItemPath(item: 0, section: 0), ItemPath(item: 0, section: 1)])
        #expect(layout.contentSize.height == tiny + 10)
        layout.checkInvariants()
    }
}
