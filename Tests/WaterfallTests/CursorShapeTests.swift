import Testing

@testable import Waterfall

/// The pointer's shape over the view: a hand over what a click acts on, busy while the loading view shows, the
/// default elsewhere.
struct CursorShapeTests {
    /// Section 0: a 30 px header, `items` 50 px items in 2 columns of 100 (rows of 60 from y 50), a 20 px footer,
    /// in a 230 × 200 viewport.
    static func harness(items: Int = 4) throws -> SectionHarness {
        let data = SectionsSource([Array(repeating: 50, count: items)])
        data.headers = [0: 30]
        data.footers = [0: 20]
        return try SectionHarness(data)
    }

    @Test func aHandOverCellsAndTheDefaultOverEverythingElse() throws {
        let view = try Self.harness().view
        let header = try #require(view.frame(of: .header(0)))
        let footer = try #require(view.frame(of: .footer(0)))
        let first = try #require(view.frameOfItem(ItemPath(item: 0, section: 0)))
        let last = try #require(view.frameOfItem(ItemPath(item: 3, section: 0)))
        #expect(first == Rect(x: 10, y: 50, width: 100, height: 50))
        #expect(view.cursorShape(at: Point(x: first.midX, y: first.midY)) == .pointingHand)
        #expect(view.cursorShape(at: Point(x: first.minX, y: first.minY)) == .pointingHand)  // its corner
        #expect(view.cursorShape(at: Point(x: last.maxX - 1, y: last.maxY - 1)) == .pointingHand)
        #expect(view.cursorShape(at: Point(x: 5, y: 70)) == .default)  // the left inset
        #expect(view.cursorShape(at: Point(x: 115, y: 70)) == .default)  // between the columns
        #expect(view.cursorShape(at: Point(x: 50, y: 105)) == .default)  // between two rows
        #expect(view.cursorShape(at: Point(x: header.midX, y: header.midY)) == .default)  // headers are not selectable
        #expect(view.cursorShape(at: Point(x: footer.midX, y: footer.midY)) == .default)
        #expect(view.cursorShape(at: Point(x: 50, y: 250)) == .default)  // below everything
        #expect(view.cursorShape(at: Point(x: -5, y: 70)) == .default)  // outside the view
        #expect(view.cursorShape(at: Point(x: 50, y: 500)) == .default)
    }

    @Test func theShapeFollowsTheContentUnderAStillPointer() throws {
        let view = try Self.harness(items: 8).view  // content 330: it scrolls
        let point = Point(x: 50, y: 75)  // on item 0 (y 50-100)
        #expect(view.cursorShape(at: point) == .pointingHand)
        view.setContentOffset(30)  // item 0 at y 20-70, the gap below it at 70-80
        #expect(view.cursorShape(at: point) == .default)
        view.setContentOffset(40)  // item 2 at y 70-120
        #expect(view.cursorShape(at: point) == .pointingHand)
    }

    @Test func cellsThatCannotBeSelectedKeepTheDefault() throws {
        let view = try Self.harness().view
        view.selectionMode = .none
        #expect(view.cursorShape(at: Point(x: 60, y: 75)) == .default)
        view.selectionMode = .multiple
        #expect(view.cursorShape(at: Point(x: 60, y: 75)) == .pointingHand)
    }

    @Test func theScrollBarKeepsTheDefault() throws {
        let view = CollectionView(
            layout: CollectionLayout(columnCount: 2, columnSpacing: 10, rowSpacing: 10, insets: EdgeInsets(all: 10)),
            columnPolicy: .fixed(2), scrollBarWidth: 12)
        let source = SectionsSource([Array(repeating: 90, count: 20)])
        let harness = try SectionHarness(source)  // only for its data source: the view below is the one tested
        view.register(forCellWithReuseIdentifier: TestCell.identifier) { TestCell() }
        view.dataSource = harness
        try view.setViewportSize(Size(width: 242, height: 200))
        #expect(view.scrollBar.thumb != nil)
        #expect(view.cursorShape(at: Point(x: 236, y: 5)) == .default)  // on the thumb
        #expect(view.cursorShape(at: Point(x: 236, y: 190)) == .default)  // on the track
        #expect(view.cursorShape(at: Point(x: 60, y: 50)) == .pointingHand)
    }

    @Test func busyEverywhereWhileTheLoadingViewShowsThenAHandOnTheCards() throws {
        let harness = try SectionHarness(SectionsSource([]))
        let view = harness.view
        view.loadingView = MessageView(message: "Loading cards...")
        view.emptyView = MessageView(message: "Nothing here")
        view.isLoadMoreEnabled = true  // the first page is asked for at once
        #expect(harness.loadMoreRequests == 1)
        for point in [
            Point(x: 60, y: 30), Point(x: 0, y: 0), Point(x: 229, y: 199), Point(x: 100, y: 400), Point(x: -1, y: -1),
        ] {
            #expect(view.cursorShape(at: point) == .busy)
        }
        harness.data.sections = [[50, 50]]
        try view.finishLoadingMore(.loaded(hasMore: false))
        #expect(view.cursorShape(at: Point(x: 60, y: 30)) == .pointingHand)
        #expect(view.cursorShape(at: Point(x: 60, y: 100)) == .default)
    }

    @Test func aDataSourceStillLoadingItsFirstItemsIsBusyTooButTheEmptyViewIsNot() throws {
        let harness = try SectionHarness(SectionsSource([]))
        let view = harness.view
        view.loadingView = MessageView(message: "Loading cards...")
        view.emptyView = MessageView(message: "Nothing here")
        harness.isLoading = true
        try view.reloadData()
        #expect(view.cursorShape(at: Point(x: 60, y: 30)) == .busy)
        harness.isLoading = false
        try view.reloadData()
        #expect(view.placeholderView === view.emptyView)
        #expect(view.cursorShape(at: Point(x: 60, y: 30)) == .default)
    }

    @Test func theLoadMoreFooterIsAHandOnlyWhenItsClickRetries() throws {
        let harness = try LoadMoreTests.harness(items: 4)  // content 130: the footer (y 130-186) is asked at once
        let view = harness.view
        let inFooter = Point(x: 100, y: 150)
        #expect(view.element(at: inFooter) == .loadMoreFooter)
        #expect(view.loadMoreState == .loading)
        #expect(view.cursorShape(at: inFooter) == .default)
        try view.finishLoadingMore(.failed("offline"))
        #expect(view.cursorShape(at: inFooter) == .pointingHand)
        #expect(view.cursorShape(at: Point(x: 5, y: 150)) == .default)  // beside the footer, in the inset
        try view.perform(.activate)  // retried: loading again
        #expect(view.cursorShape(at: inFooter) == .default)
    }

    @Test func theFirstPageFailingLeavesTheBusyShapeForTheRetryFooter() throws {
        let harness = try SectionHarness(SectionsSource([]))
        let view = harness.view
        view.loadingView = MessageView(message: "Loading cards...")
        view.isLoadMoreEnabled = true
        #expect(view.cursorShape(at: Point(x: 100, y: 20)) == .busy)
        try view.finishLoadingMore(.failed("offline"))  // the footer at y 0-56 shows the error
        #expect(view.cursorShape(at: Point(x: 100, y: 20)) == .pointingHand)
        #expect(view.cursorShape(at: Point(x: 100, y: 80)) == .default)
    }
}
