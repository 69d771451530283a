import SeededRandom
import Testing

@_spi(Testing) @testable import Waterfall

/// The scroll bar's geometry, exact to the pixel.
struct ScrollBarGeometryTests {
    /// The `Grid`'s sizes: a 340 × 200 viewport over 360 of content, so the offset runs to 160.
    func gridBar(offset: Double) -> ScrollBar {
        ScrollBar(viewportSize: Size(width: 340, height: 200), contentHeight: 360, offset: offset, width: 12)
    }

    @Test func theThumbIsTheVisibleFractionAndMovesWithTheOffset() {
        // Length 200 × 200 / 360 = 111.1, rounded to 111; it travels 200 - 111 = 89.
        let top = gridBar(offset: 0)
        #expect(top.track == Rect(x: 328, y: 0, width: 12, height: 200))
        #expect(top.thumb == Rect(x: 328, y: 0, width: 12, height: 111))
        #expect(top.thumbTravel == 89)
        #expect(top.maxOffset == 160)
        #expect(gridBar(offset: 80).thumb == Rect(x: 328, y: 45, width: 12, height: 111))  // 44.5, rounded up
        #expect(gridBar(offset: 100).thumb == Rect(x: 328, y: 56, width: 12, height: 111))  // 55.6
        #expect(gridBar(offset: 160).thumb == Rect(x: 328, y: 89, width: 12, height: 111))  // its bottom at the track's
    }

    @Test func aLongContentGetsTheMinimumThumb() {
        // 100 × 100 / 10 000 = 1 px: the 24 px minimum instead, travelling 76 over offsets 0...9900.
        let bar = ScrollBar(viewportSize: Size(width: 200, height: 100), contentHeight: 10_000, offset: 4950, width: 12)
        #expect(bar.thumb == Rect(x: 188, y: 38, width: 12, height: 24))
        let custom = ScrollBar(
            viewportSize: Size(width: 200, height: 100), contentHeight: 10_000, offset: 9900, width: 10,
            minimumThumbLength: 40)
        #expect(custom.thumb == Rect(x: 190, y: 60, width: 10, height: 40))
    }

    @Test func contentThatFitsHasATrackWithoutAThumb() {
        let bar = ScrollBar(viewportSize: Size(width: 340, height: 200), contentHeight: 200, offset: 0, width: 12)
        #expect(bar.thumb == nil)
        #expect(bar.thumbTravel == 0)
        #expect(bar.part(at: Point(x: 330, y: 100)) == .track)
        #expect(bar.offset(forThumbTop: 50) == 0)
        // No width, no bar.
        let hidden = ScrollBar(viewportSize: Size(width: 340, height: 200), contentHeight: 900, offset: 0, width: 0)
        #expect(hidden.track == Rect(x: 340, y: 0, width: 0, height: 200))
        #expect(hidden.thumb == nil)
        #expect(hidden.part(at: Point(x: 339, y: 10)) == nil)
    }

    @Test func aTrackShorterThanTheMinimumIsAllThumbAndCannotScroll() {
        let bar = ScrollBar(viewportSize: Size(width: 100, height: 20), contentHeight: 1000, offset: 500, width: 12)
        #expect(bar.thumb == Rect(x: 88, y: 0, width: 12, height: 20))
        #expect(bar.offset(forThumbTop: 10) == 0)
    }

    @Test func partsOfTheBar() {
        let bar = gridBar(offset: 100)  // thumb 56..<167
        #expect(bar.part(at: Point(x: 327.9, y: 100)) == nil)
        #expect(bar.part(at: Point(x: 328, y: 55.5)) == .trackAbove)
        #expect(bar.part(at: Point(x: 339, y: 56)) == .thumb)
        #expect(bar.part(at: Point(x: 330, y: 166.5)) == .thumb)
        #expect(bar.part(at: Point(x: 330, y: 167)) == .trackBelow)
        #expect(bar.part(at: Point(x: 330, y: 200)) == nil)
    }

    @Test func theThumbTopMapsToExactOffsets() {
        let bar = gridBar(offset: 0)
        #expect(bar.offset(forThumbTop: 0) == 0)
        #expect(bar.offset(forThumbTop: 30) == 54)  // 30 × 160 / 89 = 53.93
        #expect(bar.offset(forThumbTop: 44.5) == 80)
        #expect(bar.offset(forThumbTop: 89) == 160)
        #expect(bar.offset(forThumbTop: 120) == 160)  // clamped
        #expect(bar.offset(forThumbTop: -5) == 0)
        // The thumb drawn at a dragged offset is where the pointer put it, for every whole-pixel top.
        for top in 0...89 {
            let offset = bar.offset(forThumbTop: Double(top))
            #expect(gridBar(offset: offset).thumb?.minY == Double(top))
        }
    }
}

/// The scroll bar in the collection view: its strip is outside the cards, presses drag or page, and it is drawn.
struct ScrollBarViewTests {
    /// One column of 50 items 40 high, no spacing or insets, in a 112 × 100 viewport with a 12 px bar: the cards
    /// are 100 wide, the content 2000 high (offsets 0...1900), the thumb the 24 px minimum travelling 76.
    func column() throws -> Harness {
        let harness = try Harness(
            heights: Array(repeating: 40, count: 50), columns: 1, columnSpacing: 0, rowSpacing: 0,
            insets: .zero, scrollBarWidth: 12, viewport: Size(width: 112, height: 100))
        harness.log = []
        return harness
    }

    @Test func theCardsAreLaidOutLeftOfTheBar() throws {
        let harness = try Grid.harness()
        let view = harness.view
        #expect(view.layoutWidth == 340)
        try view.setScrollBarWidth(12)
        #expect(view.layoutWidth == 328)
        #expect(view.layout.columnWidth == 96)  // (328 - 20 - 20) / 3
        #expect(view.frameOfItem(2) == Rect(x: 222, y: 10, width: 96, height: 80))
        #expect(view.scrollBar.track == Rect(x: 328, y: 0, width: 12, height: 200))
        try view.setScrollBarWidth(0)
        #expect(view.layout.columnWidth == 100)
        #expect(view.scrollBar.track.width == 0)
    }

    @Test(arguments: 1...6)
    func theBarNeverCoversACell(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed))
        let columns = random.int(in: 1...6)
        let width = random.whole(in: 150...700)
        let harness = try Harness(
            heights: (0..<200).map { _ in random.whole(in: 10...120) }, columns: columns,
            insets: EdgeInsets(all: random.whole(in: 0...20)), scrollBarWidth: random.whole(in: 6...20),
            viewport: Size(width: width, height: 300))
        let view = harness.view
        let track = view.scrollBar.track
        #expect(track.maxX == width)
        for attributes in view.layout.layoutAttributesForElements(
            in: Rect(x: 0, y: 0, width: width, height: view.contentSize.height))
        {
            #expect(attributes.frame.maxX <= track.minX, "item \(attributes.indexPath) reaches under the bar")
        }
        // Hit tests ignore the bar, whatever is at that height.
        for y in stride(from: 0.0, to: 300, by: 7) {
            #expect(view.element(at: Point(x: track.minX, y: y)) == nil)
            #expect(view.element(at: Point(x: track.maxX - 1, y: y)) == nil)
        }
    }

    @Test func draggingTheThumbScrollsSoThatItFollowsThePointer() throws {
        let harness = try Grid.harness()
        let view = harness.view
        try view.setScrollBarWidth(12)  // the thumb of the geometry tests: 111 long, travelling 89 over 0...160
        harness.log = []
        view.pointerDown(at: Point(x: 334, y: 50))  // grabbed 50 below its top
        #expect(view.isDraggingScrollBar)
        #expect(view.contentOffset == 0)
        view.pointerMoved(to: Point(x: 334, y: 80))  // top at 30: offset 30 × 160 / 89 = 53.93
        #expect(view.contentOffset == 54)
        #expect(view.scrollBar.thumb?.minY == 30)
        view.pointerMoved(to: Point(x: 20, y: 94.5))  // off the bar sideways: still dragging; top 44.5
        #expect(view.contentOffset == 80)
        view.pointerMoved(to: Point(x: 334, y: 400))  // past the end: clamped
        #expect(view.contentOffset == 160)
        view.pointerMoved(to: Point(x: 334, y: -20))
        #expect(view.contentOffset == 0)
        view.pointerMoved(to: Point(x: 334, y: 100))
        view.pointerUp(at: Point(x: 60, y: 50))  // released over item 0: not a click on it
        #expect(!view.isDraggingScrollBar)
        #expect(view.contentOffset == 90)  // top 50: 50 × 160 / 89 = 89.89
        #expect(harness.log == Array(repeating: "didScroll", count: 5))
        #expect(view.selectedItem == nil)
        // After the release, moves scroll nothing.
        view.pointerMoved(to: Point(x: 334, y: 10))
        #expect(view.contentOffset == 90)
        view.checkInvariants()
    }

    @Test func aPressOnTheTrackPagesAndNeverHighlights() throws {
        let harness = try column()
        let view = harness.view
        view.pointerDown(at: Point(x: 105, y: 50))  // below the thumb (0..<24): a page down
        #expect(view.contentOffset == 100)
        #expect(view.scrollBar.thumb == Rect(x: 100, y: 4, width: 12, height: 24))  // 76 × 100 / 1900
        view.pointerUp(at: Point(x: 105, y: 50))
        view.pointerDown(at: Point(x: 111, y: 90))
        view.pointerUp(at: Point(x: 111, y: 90))
        #expect(view.contentOffset == 200)
        view.pointerDown(at: Point(x: 100, y: 2))  // above the thumb (8..<32): a page up
        #expect(view.contentOffset == 100)
        view.pointerUp(at: Point(x: 50, y: 2))  // released over a card: nothing
        view.pointerDown(at: Point(x: 105, y: 10))  // on the thumb (4..<28): a drag begins, nothing scrolls
        #expect(view.contentOffset == 100)
        #expect(view.isDraggingScrollBar)
        view.pointerUp(at: Point(x: 105, y: 10))
        #expect(!harness.log.contains { $0.hasPrefix("shouldHighlight") || $0.hasPrefix("didSelect") })
        #expect(view.highlightedItem == nil && view.selectedItem == nil)
        // A press on the bar while a card is pressed ends the card's press.
        view.pointerDown(at: Point(x: 50, y: 50))
        #expect(view.highlightedItem != nil)
        view.pointerDown(at: Point(x: 105, y: 90))
        #expect(view.highlightedItem == nil)
    }

    @Test func theBarIsDrawnAndRedrawnOnlyWhenItChanges() throws {
        let harness = try column()
        let view = harness.view
        let canvas = RecordingCanvas()
        view.draw(in: canvas, at: Point(x: 3, y: 4))
        let track = RecordingCanvas.Command.fill(Rect(x: 103, y: 4, width: 12, height: 100), view.scrollBarTrackColor)
        #expect(
            Array(canvas.commands.suffix(3)) == [
                .clip(nil), track, .fill(Rect(x: 105, y: 4, width: 8, height: 24), view.scrollBarThumbColor),
            ])
        // A selection changes nothing on the bar: it is not drawn again.
        canvas.reset()
        view.selectItem(at: 1)
        view.draw(in: canvas, at: Point(x: 3, y: 4))
        #expect(!canvas.commands.contains(track))
        // A jump draws everything, the bar last with its thumb moved.
        canvas.reset()
        view.setContentOffset(950)  // 76 × 950 / 1900: the thumb's top at 38
        view.draw(in: canvas, at: Point(x: 3, y: 4))
        #expect(
            Array(canvas.commands.suffix(2)) == [
                track, .fill(Rect(x: 105, y: 42, width: 8, height: 24), view.scrollBarThumbColor),
            ])
        // Dragged, the thumb darkens; released, it is drawn in its colour again.
        canvas.reset()
        view.pointerDown(at: Point(x: 105, y: 40))
        view.draw(in: canvas, at: Point(x: 3, y: 4))
        #expect(
            Array(canvas.commands.suffix(2)) == [
                track, .fill(Rect(x: 105, y: 42, width: 8, height: 24), view.scrollBarDraggedThumbColor),
            ])
        canvas.reset()
        view.pointerUp(at: Point(x: 105, y: 40))
        view.draw(in: canvas, at: Point(x: 3, y: 4))
        #expect(
            canvas.commands == [
                .clip(nil), track, .fill(Rect(x: 105, y: 42, width: 8, height: 24), view.scrollBarThumbColor),
            ])
    }

    @Test func aSmallScrollBlitsOnlyTheCardsArea() throws {
        let harness = try column()
        let view = harness.view
        let canvas = RecordingCanvas()
        view.draw(in: canvas)
        canvas.reset()
        view.setContentOffset(30)  // the thumb stays at round(76 × 30 / 1900) = 1
        view.draw(in: canvas)
        let strip = Rect(x: 0, y: 70, width: 100, height: 30)
        #expect(
            canvas.commands == [
                .copy(Rect(x: 0, y: 30, width: 100, height: 70), to: Point(x: 0, y: 0)),
                .clip(strip),
                .fill(strip, view.backgroundColor),
                .fill(Rect(x: 0, y: 50, width: 100, height: 40), TestCell.color(ofItem: 2)),
                .fill(Rect(x: 0, y: 90, width: 100, height: 40), TestCell.color(ofItem: 3)),
                .clip(nil),
                .fill(Rect(x: 100, y: 0, width: 12, height: 100), view.scrollBarTrackColor),
                .fill(Rect(x: 102, y: 1, width: 8, height: 24), view.scrollBarThumbColor),
            ])
    }

    @Test func contentThatFitsDrawsTheTrackAlone() throws {
        let harness = try Harness(
            heights: [40], columns: 1, insets: .zero, scrollBarWidth: 12, viewport: Size(width: 112, height: 100))
        let canvas = RecordingCanvas()
        harness.view.draw(in: canvas)
        #expect(
            canvas.commands == [
                .clip(Rect(x: 0, y: 0, width: 112, height: 100)),
                .fill(Rect(x: 0, y: 0, width: 112, height: 100), harness.view.backgroundColor),
                .fill(Rect(x: 0, y: 0, width: 100, height: 40), TestCell.color(ofItem: 0)),
                .clip(nil),
                .fill(Rect(x: 100, y: 0, width: 12, height: 100), harness.view.scrollBarTrackColor),
            ])
    }
}
