import Testing

@_spi(Testing) @testable import Waterfall

/// Loading more at the end: asked once per approach, a footer meanwhile, appended items that move nothing,
/// failures shown with a retry that works.
struct LoadMoreTests {
    /// Section 0 with `count` items of 50 in 2 columns of 100 (rows of 60 from y 10): content 10 + 60 × rows.
    static func harness(items count: Int, viewportHeight: Double = 200) throws -> SectionHarness {
        let harness = try SectionHarness(
            SectionsSource([Array(repeating: 50, count: count)]),
            viewport: Size(width: 230, height: viewportHeight))
        harness.view.loadMoreDistance = 100
        harness.view.isLoadMoreEnabled = true
        return harness
    }

    @Test func theDelegateIsAskedOnceUntilItAnswers() throws {
        let harness = try Self.harness(items: 20)  // content 610 + the 56 px footer: far below a 200 viewport
        let view = harness.view
        #expect(harness.loadMoreRequests == 0)
        #expect(view.loadMoreState == .idle)
        #expect(view.contentSize.height == 666)  // the footer is there whenever more may come
        view.setContentOffset(365)  // bottom at 565: not yet within 100 of the end at 666
        #expect(harness.loadMoreRequests == 0)
        view.setContentOffset(366)  // bottom at 566 = 666 - 100: asked
        #expect(harness.loadMoreRequests == 1)
        #expect(view.loadMoreState == .loading)
        for offset in [320.0, 400, 300, 500] { view.setContentOffset(offset) }
        view.scrollWheel(notches: 3)
        #expect(harness.loadMoreRequests == 1)  // not again until answered
        view.checkInvariants()
    }

    @Test func aPendingLoadShowsTheFooterBelowTheLastSection() throws {
        let harness = try Self.harness(items: 4)  // content 130: asked at once
        let view = harness.view
        #expect(harness.loadMoreRequests == 1)
        #expect(view.layout.contentSize.height == 130 + 56)
        #expect(view.frame(of: .loadMoreFooter) == Rect(x: 10, y: 130, width: 210, height: 56))
        #expect(view.element(at: Point(x: 100, y: 150)) == .loadMoreFooter)
        #expect(view.loadMoreFooterView.message == "Loading more...")
        let canvas = RecordingCanvas()
        view.draw(in: canvas)
        let texts = canvas.commands.compactMap { command -> (String, Point)? in
            if case .text(let text, let origin, _) = command { return (text, origin) }
            return nil
        }
        #expect(texts.map(\.0) == ["Loading more..."])
        #expect(texts.allSatisfy { $0.1.y > 130 && $0.1.y < 186 })  // on the footer
    }

    @Test func appendedItemsMoveNothingAndKeepTheOffset() throws {
        let harness = try Self.harness(items: 20)
        let view = harness.view
        view.setContentOffset(400)
        #expect(harness.loadMoreRequests == 1)
        let before = (0..<20).map { view.layout.layoutAttributesForItem(at: ItemPath(item: $0, section: 0)) }
        harness.data.sections[0] += Array(repeating: 30, count: 10)
        harness.data.sections.append([40, 40])
        try view.finishLoadingMore(.loaded(hasMore: true))
        #expect((0..<20).map { view.layout.layoutAttributesForItem(at: ItemPath(item: $0, section: 0)) } == before)
        #expect(view.contentOffset == 400)
        #expect(view.numberOfItems == 32)
        #expect(view.numberOfSections == 2)
        #expect(view.loadMoreState == .idle)
        #expect(view.frame(of: .loadMoreFooter)?.minY == view.contentSize.height - 56 - view.contentOffset)
        #expect(harness.loadMoreRequests == 1)  // the new end is far away again
        view.setContentOffset(view.scroll.maxOffset)
        #expect(harness.loadMoreRequests == 2)  // the next approach asks again
        view.checkInvariants()
    }

    @Test func aFinishedSourceIsNotAskedAgain() throws {
        let harness = try Self.harness(items: 4)
        let view = harness.view
        harness.data.sections[0] += [50, 50]
        try view.finishLoadingMore(.loaded(hasMore: false))
        #expect(view.loadMoreState == .finished)
        #expect(view.contentSize.height == 190)  // three rows; the footer is gone
        view.setContentOffset(1000)
        view.scrollWheel(notches: 5)
        #expect(harness.loadMoreRequests == 1)
        #expect(view.frame(of: .loadMoreFooter) == nil)
    }

    @Test func aFailureIsShownWithARetryByClickOrEnter() throws {
        let harness = try Self.harness(items: 4)  // footer at content y 130..<186
        let view = harness.view
        try view.finishLoadingMore(.failed("the network is down"))
        #expect(view.loadMoreState == .failed("the network is down"))
        #expect(
            view.loadMoreFooterView.message
                == "Could not load more: the network is down. Click or press Enter to retry.")
        #expect(view.frame(of: .loadMoreFooter) == Rect(x: 10, y: 130, width: 210, height: 56))
        view.setContentOffset(100)  // scrolling does not retry by itself
        #expect(harness.loadMoreRequests == 1)
        // A click on the footer retries; a press that leaves it does not.
        let footer = try #require(view.frame(of: .loadMoreFooter))
        view.pointerDown(at: Point(x: footer.midX, y: footer.midY))
        view.pointerMoved(to: Point(x: footer.midX, y: footer.minY - 30))
        view.pointerUp(at: Point(x: footer.midX, y: footer.minY - 30))
        #expect(harness.loadMoreRequests == 1)
        view.pointerDown(at: Point(x: footer.midX, y: footer.midY))
        view.pointerUp(at: Point(x: footer.midX, y: footer.midY))
        #expect(harness.loadMoreRequests == 2)
        #expect(view.loadMoreState == .loading)
        #expect(view.selectedItem == nil)
        try view.finishLoadingMore(.failed("again"))
        try view.perform(.activate)
        #expect(harness.loadMoreRequests == 3)
        try view.perform(.activate)  // Enter while loading does nothing
        #expect(harness.loadMoreRequests == 3)
        harness.data.sections[0] += [50]
        try view.finishLoadingMore(.loaded(hasMore: true))
        #expect(view.numberOfItems == 5)
        view.checkInvariants()
    }

    /// The view reads no clock: the only times it knows are those its inputs carry. On a clock the test moves, smooth
    /// scrolls away from the end and back (which ask when loading is idle), an hour's jump and a resize leave a
    /// failed load failed; only a retry asks again.
    @Test func aFailureIsRetriedOnlyByARetryWhateverTheInputsAndTheirTimes() throws {
        let harness = try Self.harness(items: 20)  // content 610 + the 56 px footer; the end is offset 466
        let view = harness.view
        try view.apply(.key(.end, modifiers: []))
        #expect(harness.loadMoreRequests == 1)
        try view.finishLoadingMore(.failed("offline"))
        var time = 100.0
        /// Wheel notches, then animation frames a display frame apart until the scroll has landed.
        func wheel(_ notches: Int) throws {
            try view.apply(.wheel(notches: notches, time: time))
            for _ in 0..<600 where view.isAnimatingScroll {
                time += 1.0 / 60
                try view.apply(.animationFrame(time: time))
            }
            #expect(!view.isAnimatingScroll)
        }
        try wheel(-3)
        #expect(view.contentOffset == 466 - 3 * 64)  // bottom at 474: far from the end
        try wheel(5)
        #expect(view.contentOffset == 466)  // at the end again
        time += 3600
        try view.apply(.animationFrame(time: time))
        try view.apply(.resize(Size(width: 230, height: 260)))
        #expect(harness.loadMoreRequests == 1)
        #expect(view.loadMoreState == .failed("offline"))
        try view.apply(.command(.activate))  // Enter retries
        #expect(harness.loadMoreRequests == 2)
        #expect(view.loadMoreState == .loading)
        view.checkInvariants()
    }

    @Test func theFirstPageShowsTheLoadingViewNotTheFooter() throws {
        let harness = try SectionHarness(SectionsSource([]))
        let view = harness.view
        let loading = MessageView(message: "Loading cards...")
        let empty = MessageView(message: "Nothing here")
        view.loadingView = loading
        view.emptyView = empty
        view.isLoadMoreEnabled = true
        #expect(harness.loadMoreRequests == 1)
        #expect(view.placeholderView === loading)
        #expect(view.layout.loadMoreFooterHeight == 0)
        try view.finishLoadingMore(.failed("offline"))
        #expect(view.placeholderView == nil)  // the footer shows the error and the retry instead
        #expect(view.frame(of: .loadMoreFooter) == Rect(x: 10, y: 0, width: 210, height: 56))
        try view.perform(.activate)
        harness.data.sections = [[50, 50]]
        try view.finishLoadingMore(.loaded(hasMore: false))
        #expect(view.placeholderView == nil)
        #expect(view.numberOfItems == 2)
    }

    @Test func invalidNewItemsFailTheLoadAndKeepTheOldOnes() throws {
        let harness = try Self.harness(items: 4)
        let view = harness.view
        harness.data.sections[0] += [50, -3]
        #expect(throws: LayoutError.inSection(0, .invalidHeight(index: 5, height: -3))) {
            try view.finishLoadingMore(.loaded(hasMore: true))
        }
        #expect(view.numberOfItems == 4)
        #expect(
            view.loadMoreState == .failed("section 0: item 5 has height -3.0; a height must be finite and not negative")
        )
        view.checkInvariants()
    }

    @Test func aDelegateThatAnswersAtOnceFillsTheViewportWithoutRecursing() throws {
        let harness = try SectionHarness(SectionsSource([[]]), viewport: Size(width: 230, height: 200))
        let view = harness.view
        view.loadMoreDistance = 0
        var pages = 0
        harness.onLoadMore = { harness in  // a page of two items of 50: one row of 60 per page
            pages += 1
            harness.data.sections[0] += [50, 50]
            try harness.view.finishLoadingMore(.loaded(hasMore: pages < 100))
        }
        view.isLoadMoreEnabled = true
        // Rows of 60 from y 10 plus the 56 px footer: asked until the content passes the 200 px viewport's bottom.
        #expect(pages == 3)
        #expect(harness.loadMoreRequests == 3)
        #expect(view.numberOfItems == 6)
        #expect(view.loadMoreState == .idle)
        view.checkInvariants()
    }

    @Test func anEmptyPageWaitsForTheNextScroll() throws {
        let harness = try Self.harness(items: 2)
        let view = harness.view
        #expect(harness.loadMoreRequests == 1)
        try view.finishLoadingMore(.loaded(hasMore: true))  // nothing new
        #expect(harness.loadMoreRequests == 1)
        #expect(view.loadMoreState == .idle)
        harness.onLoadMore = { harness in try harness.view.finishLoadingMore(.loaded(hasMore: true)) }
        view.scrollWheel(notches: 1)  // content fits: no scroll, so no new request
        #expect(harness.loadMoreRequests == 1)
        harness.data.sections[0] += Array(repeating: 50, count: 10)
        try view.refresh()  // a relayout with more items
        view.setContentOffset(1000)  // a scroll asks again, answered empty at once
        #expect(harness.loadMoreRequests == 2)
        view.checkInvariants()
    }

    @Test func withoutALoadingViewTheFooterSaysItNotTheEmptyView() throws {
        let harness = try SectionHarness(SectionsSource([]))
        let view = harness.view
        view.emptyView = MessageView(message: "Nothing here")
        view.isLoadMoreEnabled = true
        #expect(view.loadMoreState == .loading)
        #expect(view.placeholderView == nil)
        #expect(view.frame(of: .loadMoreFooter) == Rect(x: 10, y: 0, width: 210, height: 56))
        view.loadingView = MessageView(message: "Loading...")
        #expect(view.frame(of: .loadMoreFooter) == nil)  // now the loading view says it
        #expect(view.placeholderView === view.loadingView)
    }
}
