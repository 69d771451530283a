import SeededRandom
import Testing

@testable import Waterfall

/// Sections stacked one below the other, each with its header, columns and footer, and its own style.
struct SectionLayoutTests {
    /// Width 230, insets and spacings 10, 2 columns of 100 by default.
    ///
    /// ```
    /// section 0 (0..<170): header 10..<40; columns from 50: 0.0 col 0 50..<100, 0.1 col 1 50..<80,
    ///                      0.2 col 1 90..<130; footer 140..<160
    /// section 1 (170..<248): style 3 columns of 70, insets 5,0,5,0, row spacing 4, no header: columns from 175;
    ///                      1.0-1.2 175..<195 at x 0, 80, 160; banner 1.3 199..<229; 1.4 col 0 233..<243
    /// section 2 (248..<293): header only, 258..<283
    /// ```
    static func threeSections() -> SectionsSource {
        let source = SectionsSource([[50, 30, 40], [20, 20, 20, 30, 10], []])
        source.headers = [0: 30, 2: 25]
        source.footers = [0: 20]
        source.styles[1] = SectionStyle(
            columnCount: 3, insets: EdgeInsets(top: 5, left: 0, bottom: 5, right: 0),
            columnSpacing: 10, rowSpacing: 4)
        source.banners = [ItemPath(item: 3, section: 1)]
        return source
    }

    static func prepared(_ source: SectionsSource, width: Double = 230) throws -> CollectionLayout {
        let layout = CollectionLayout(columnCount: 2, columnSpacing: 10, rowSpacing: 10, insets: EdgeInsets(all: 10))
        try layout.prepare(width: width, source: source)
        layout.checkInvariants()
        return layout
    }

    @Test func headersColumnsAndFootersStackWithEachSectionsStyle() throws {
        let layout = try Self.prepared(Self.threeSections())
        #expect(layout.numberOfSections == 3)
        #expect(layout.numberOfItems == 8)
        #expect(layout.contentSize == Size(width: 230, height: 293))
        let all = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 230, height: 293))
        #expect(
            all.map(\.id.description) == [
                "header 0", "cell 0.0", "cell 0.1", "cell 0.2", "footer 0",
                "cell 1.0", "cell 1.1", "cell 1.2", "cell 1.3", "cell 1.4", "header 2",
            ])
        #expect(
            all.map(\.frame) == [
                Rect(x: 10, y: 10, width: 210, height: 30),
                Rect(x: 10, y: 50, width: 100, height: 50), Rect(x: 120, y: 50, width: 100, height: 30),
                Rect(x: 120, y: 90, width: 100, height: 40),
                Rect(x: 10, y: 140, width: 210, height: 20),
                Rect(x: 0, y: 175, width: 70, height: 20), Rect(x: 80, y: 175, width: 70, height: 20),
                Rect(x: 160, y: 175, width: 70, height: 20),
                Rect(x: 0, y: 199, width: 230, height: 30),
                Rect(x: 0, y: 233, width: 70, height: 10),
                Rect(x: 10, y: 258, width: 210, height: 25),
            ])
        #expect(
            all.map(\.spansAllColumns) == [true, false, false, false, true, false, false, false, true, false, true])
        #expect(layout.columnsTop(ofSection: 1) == 175)
    }

    @Test func hitTestingNamesEachKind() throws {
        let layout = try Self.prepared(Self.threeSections())
        #expect(layout.element(at: Point(x: 20, y: 20)) == .header(0))
        #expect(layout.element(at: Point(x: 20, y: 60)) == .cell(ItemPath(item: 0, section: 0)))
        #expect(layout.element(at: Point(x: 20, y: 150)) == .footer(0))
        #expect(layout.element(at: Point(x: 200, y: 210)) == .cell(ItemPath(item: 3, section: 1)))
        #expect(layout.element(at: Point(x: 20, y: 265)) == .header(2))
        #expect(layout.element(at: Point(x: 20, y: 135)) == nil)  // below column 0's last item, above the footer
        #expect(layout.element(at: Point(x: 5, y: 20)) == nil)  // the header's left inset
        #expect(layout.element(at: Point(x: 20, y: 290)) == nil)  // the last section's bottom inset
        #expect(layout.element(at: Point(x: 20, y: 400)) == nil)  // below the content
        #expect(layout.indexPathForItem(at: Point(x: 20, y: 20)) == nil)
        #expect(layout.indexPathForItem(at: Point(x: 30, y: 240)) == ItemPath(item: 4, section: 1))
    }

    @Test func rectQueriesFindEveryKindThatIntersects() throws {
        let layout = try Self.prepared(Self.threeSections())
        // Rows 150..<180: footer 0 and the top row of section 1.
        let ids = layout.layoutAttributesForElements(in: Rect(x: 0, y: 150, width: 230, height: 30)).map(
            \.id.description)
        #expect(ids == ["footer 0", "cell 1.0", "cell 1.1", "cell 1.2"])
        // A query matches a brute-force scan of every element, for random rects.
        let everything = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 230, height: 293))
        var random = SplitMix64(seed: 4)
        for _ in 0..<300 {
            let rect = Rect(
                x: random.whole(in: -20...240), y: random.whole(in: -20...300),
                width: random.whole(in: 1...100), height: random.whole(in: 1...100))
            let expected = everything.filter { shareArea($0.frame, rect) }
            #expect(layout.layoutAttributesForElements(in: rect) == expected, "rect \(rect)")
        }
    }

    @Test func eachSectionHasItsOwnPlacement() throws {
        let source = SectionsSource([[10, 40, 10, 10], [10, 40, 10, 10]])
        source.styles[0] = SectionStyle(insets: .zero, placement: .rightToLeft)
        source.styles[1] = SectionStyle(insets: .zero, placement: .leftToRight)
        let layout = try Self.prepared(source)
        let columns = (0..<2).flatMap { section in
            (0..<4).compactMap { layout.layoutAttributesForItem(at: ItemPath(item: $0, section: section))?.column }
        }
        #expect(columns == [1, 0, 1, 0, 0, 1, 0, 1])
        // Section 1 starts below section 0's tallest column (40 + 10 + 10 = 60).
        #expect(layout.layoutAttributesForItem(at: ItemPath(item: 0, section: 1))?.frame.minY == 60)
    }

    @Test func anEmptyLayoutHasOnlyWhatTheSectionsShow() throws {
        let none = try Self.prepared(SectionsSource([]))
        #expect(none.contentSize.height == 0)
        #expect(none.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 230, height: 100)) == [])
        let bare = try Self.prepared(SectionsSource([[]]))
        #expect(bare.contentSize.height == 20)  // the insets alone
        #expect(bare.firstItemPath == nil)
        let headed = SectionsSource([[]])
        headed.headers[0] = 30
        headed.footers[0] = 20
        let layout = try Self.prepared(headed)
        #expect(
            layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 230, height: 100)).map(\.frame)
                == [Rect(x: 10, y: 10, width: 210, height: 30), Rect(x: 10, y: 50, width: 210, height: 20)])
        #expect(layout.contentSize.height == 80)
    }

    @Test func errorsNameTheSection() throws {
        let badHeader = Self.threeSections()
        badHeader.headers[1] = -1
        #expect(throws: LayoutError.inSection(1, .invalidSupplementaryHeight(kind: .header, height: -1))) {
            try Self.prepared(badHeader)
        }
        #expect(
            LayoutError.inSection(1, .invalidSupplementaryHeight(kind: .header, height: -1)).description
                == "section 1: the header has height -1.0; a height must be finite and not negative")
        let badItem = Self.threeSections()
        badItem.sections[1][2] = -5
        #expect(throws: LayoutError.inSection(1, .invalidHeight(index: 2, height: -5))) { try Self.prepared(badItem) }
        let badStyle = Self.threeSections()
        badStyle.styles[2] = SectionStyle(columnCount: 0)
        #expect(throws: LayoutError.inSection(2, .invalidColumnCount(0))) { try Self.prepared(badStyle) }
        let badInset = Self.threeSections()
        badInset.styles[0] = SectionStyle(insets: EdgeInsets(top: .nan, left: 0, bottom: 0, right: 0))
        #expect(throws: LayoutError.self) { try Self.prepared(badInset) }
        // A failed prepare leaves the layout empty and invalid.
        let layout = try Self.prepared(Self.threeSections())
        #expect(throws: LayoutError.self) { try layout.prepare(width: 230, source: badItem) }
        #expect((layout.isValid, layout.numberOfSections, layout.contentSize.height) == (false, 0, 0))
    }

    @Test func appendingLaysOutOnlyTheNewItemsAndMovesNothing() throws {
        let source = SectionsSource([[50, 30, 40], [20, 20]])
        source.headers = [0: 30, 1: 30, 2: 30]
        source.footers = [1: 20]
        let layout = try Self.prepared(source)
        let before = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 230, height: 10_000)).filter {
            $0.kind == .cell
        }
        source.sections[1] += [60, 10]
        source.sections.append([25, 35])
        source.forgetAsked()
        try layout.appendItems(from: source)
        layout.checkInvariants()
        #expect(
            source.asked == [
                ItemPath(item: 2, section: 1), ItemPath(item: 3, section: 1),
                ItemPath(item: 0, section: 2), ItemPath(item: 1, section: 2),
            ])
        let after = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 230, height: 10_000))
        #expect(Array(after.filter { $0.kind == .cell }.prefix(before.count)) == before)
        // The whole result equals a layout of the final data from scratch.
        let fresh = try Self.prepared(source)
        #expect(after == fresh.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 230, height: 10_000)))
        #expect(layout.contentSize == fresh.contentSize)
        // Fewer sections than laid out is not an append.
        source.sections.removeLast()
        #expect(throws: LayoutError.invalidSectionCount(2)) { try layout.appendItems(from: source) }
    }

    @Test func theLoadMoreFooterSitsBelowTheLastSection() throws {
        let layout = try Self.prepared(Self.threeSections())
        layout.loadMoreFooterHeight = 40
        #expect(layout.contentSize.height == 333)
        #expect(
            layout.layoutAttributesForSupplementaryElement(ofKind: .loadMoreFooter, inSection: 0)?.frame
                == Rect(x: 10, y: 293, width: 210, height: 40))
        #expect(layout.element(at: Point(x: 100, y: 300)) == .loadMoreFooter)
        #expect(
            layout.layoutAttributesForElements(in: Rect(x: 0, y: 280, width: 230, height: 100)).map(\.id.description)
                == ["header 2", "loadMoreFooter"])
        layout.loadMoreFooterHeight = 0
        #expect(layout.element(at: Point(x: 100, y: 300)) == nil)
        #expect(layout.contentSize.height == 293)
    }

    @Test func anAppendAsksTheLastSectionsFooterAgainAndFailsWhole() throws {
        let source = SectionsSource([[50, 30], [20]])
        let layout = try Self.prepared(source)
        #expect(layout.layoutAttributesForSupplementaryElement(ofKind: .footer, inSection: 1) == nil)
        source.sections[1] += [20, 20]
        source.footers[1] = 20  // the section is complete now: its footer appears
        try layout.appendItems(from: source)
        #expect(
            layout.layoutAttributesForSupplementaryElement(ofKind: .footer, inSection: 1)?.frame
                == Rect(x: 10, y: 140, width: 210, height: 20))  // 10 below the columns that end at 130
        #expect(layout.contentSize.height == 170)
        // A bad new section undoes the whole append: the last section loses its new items again.
        let before = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 230, height: 1000))
        source.sections[1] += [20]
        source.sections.append([-1])
        #expect(throws: LayoutError.inSection(2, .invalidHeight(index: 0, height: -1))) {
            try layout.appendItems(from: source)
        }
        #expect(layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 230, height: 1000)) == before)
        #expect((layout.numberOfSections, layout.numberOfItems, layout.contentSize.height) == (2, 5, 170))
        layout.checkInvariants()
    }
}
