import Testing

@_spi(Testing) @testable import Waterfall

/// The scrubber label beside the scroll bar's thumb while it is dragged: the delegate's text for the offset, at the
/// thumb's centre, drawn over the cards and gone after the release, with only what changed drawn again.
struct ScrubberLabelTests {
    /// One column of 50 items 40 high in a 112 × 100 viewport with a 12 px bar: cards 100 wide, offsets 0...1900, the
    /// thumb the 24 px minimum travelling 76. The label names the row at the offset ("Row 23" at 950).
    func column() throws -> Harness {
        let harness = try Harness(
            heights: Array(repeating: 40, count: 50), columns: 1, columnSpacing: 0, rowSpacing: 0,
            insets: .zero, scrollBarWidth: 12, viewport: Size(width: 112, height: 100))
        harness.scrubberLabel = { "Row \(Int($0 / 40))" }
        return harness
    }

    /// The commands that draw the label `text` in `box` (the RecordingCanvas's font: 6 wide a character, lines 13
    /// high, ascent 10): clipped to the cards' area, the box, then the text 8 in and centred.
    func label(_ text: String, in box: Rect, of view: CollectionView) -> [RecordingCanvas.Command] {
        [
            .clip(Rect(x: 0, y: 0, width: 100, height: 100)), .fill(box, view.scrubberLabelColor),
            .text(text, Point(x: box.minX + 8, y: box.minY + 4 + 10), view.scrubberLabelTextColor), .clip(nil),
        ]
    }

    @Test func theLabelShowsTheDelegatesTextAtTheThumbsCentreWhileDraggingOnly() throws {
        let harness = try column()
        let view = harness.view
        let canvas = RecordingCanvas()
        view.draw(in: canvas)
        #expect(!canvas.commands.contains { if case .text = $0 { true } else { false } })  // no drag, no label
        // Grabbed 10 below the thumb's top: "Row 0", 46 wide (5 × 6 + 16) and 21 high, 8 left of the bar, centred
        // on the thumb's centre 12 (1.5 rounds to 2).
        view.pointerDown(at: Point(x: 105, y: 10))
        #expect(view.needsDisplay)
        canvas.reset()
        view.draw(in: canvas)
        let track = RecordingCanvas.Command.fill(Rect(x: 100, y: 0, width: 12, height: 100), view.scrollBarTrackColor)
        #expect(
            Array(canvas.commands.suffix(6)) == label("Row 0", in: Rect(x: 46, y: 2, width: 46, height: 21), of: view)
                + [track, .fill(Rect(x: 102, y: 0, width: 8, height: 24), view.scrollBarDraggedThumbColor)])
        #expect(!view.needsDisplay)  // nothing changed: the label is not drawn again

        // Dragged to a thumb top of 38: offset 950, "Row 23" (52 wide) centred on 50; a jump, so all is drawn.
        view.pointerMoved(to: Point(x: 105, y: 48))
        #expect(view.contentOffset == 950)
        canvas.reset()
        view.draw(in: canvas)
        #expect(
            Array(canvas.commands.suffix(6)) == label("Row 23", in: Rect(x: 40, y: 40, width: 52, height: 21), of: view)
                + [track, .fill(Rect(x: 102, y: 38, width: 8, height: 24), view.scrollBarDraggedThumbColor)])

        // One pixel further: offset 975, a scroll of 25 moved with copyRect; the old label's pixels moved up with the
        // cards to y 15, and that box is drawn again (cards only) besides the strip; the new label at 51 (40.5 → 41).
        view.pointerMoved(to: Point(x: 105, y: 49))
        #expect(view.contentOffset == 975)
        canvas.reset()
        view.draw(in: canvas)
        #expect(canvas.commands.first == .copy(Rect(x: 0, y: 25, width: 100, height: 75), to: Point(x: 0, y: 0)))
        #expect(canvas.commands.contains(.clip(Rect(x: 0, y: 75, width: 100, height: 25))))
        #expect(canvas.commands.contains(.clip(Rect(x: 40, y: 15, width: 52, height: 21))))
        #expect(
            Array(canvas.commands.suffix(6)) == label("Row 24", in: Rect(x: 40, y: 41, width: 52, height: 21), of: view)
                + [track, .fill(Rect(x: 102, y: 39, width: 8, height: 24), view.scrollBarDraggedThumbColor)])

        // Released: the label goes; only its box's cards are drawn again, and no text.
        view.pointerUp(at: Point(x: 105, y: 49))
        #expect(view.needsDisplay)
        canvas.reset()
        view.draw(in: canvas)
        let box = Rect(x: 40, y: 41, width: 52, height: 21)
        #expect(canvas.commands.first == .clip(box))
        #expect(canvas.commands.contains(.fill(box, view.backgroundColor)))
        #expect(!canvas.commands.contains { if case .text = $0 { true } else { false } })
        #expect(!canvas.commands.contains(.fill(box, view.scrubberLabelColor)))
        #expect(!view.needsDisplay)
    }

    @Test func theLabelStaysInsideTheViewportAndTheCardsWidth() throws {
        let harness = try column()
        let view = harness.view
        harness.scrubberLabel = { _ in "The twenty-first of March" }  // 25 characters: 166 wide with padding
        let canvas = RecordingCanvas(lineHeight: 40, ascent: 30)  // a box 48 high
        view.pointerDown(at: Point(x: 105, y: 10))
        view.pointerMoved(to: Point(x: 105, y: 200))  // the thumb at the bottom: 76..<100, centre 88
        #expect(view.contentOffset == 1900)
        view.draw(in: canvas)
        // 88 - 24 = 64 would end at 112: kept inside, ending at the viewport's bottom; no wider than 100 - 8.
        let box = Rect(x: 0, y: 52, width: 92, height: 48)
        let shown = canvas.truncate("The twenty-first of March", toWidth: 76)
        #expect(shown.hasSuffix("…") && canvas.textWidth(shown) <= 76)
        #expect(
            Array(canvas.commands.suffix(6)).prefix(4) == [
                .clip(Rect(x: 0, y: 0, width: 100, height: 100)), .fill(box, view.scrubberLabelColor),
                .text(shown, Point(x: 8, y: 52 + 4 + 30), view.scrubberLabelTextColor), .clip(nil),
            ])
    }

    @Test func aNewTextAtTheSameOffsetIsDrawnAndNoTextShowsNoLabel() throws {
        let harness = try column()
        let view = harness.view
        let canvas = RecordingCanvas()
        view.pointerDown(at: Point(x: 105, y: 10))
        view.draw(in: canvas)
        // The delegate's answer changes without a move (the sections were regrouped): the view needs drawing.
        harness.scrubberLabel = { _ in "March 2024" }
        #expect(view.needsDisplay)
        canvas.reset()
        view.draw(in: canvas)
        // 10 × 6 + 16 = 76 wide; the old, narrower box lies inside the new one, whose cards are drawn first.
        #expect(canvas.commands.first == .clip(Rect(x: 46, y: 2, width: 46, height: 21)))
        #expect(
            Array(canvas.commands.suffix(4))
                == label("March 2024", in: Rect(x: 16, y: 2, width: 76, height: 21), of: view))
        // No text: no label, its box drawn over with the cards.
        harness.scrubberLabel = { _ in nil }
        #expect(view.needsDisplay)
        canvas.reset()
        view.draw(in: canvas)
        #expect(canvas.commands.first == .clip(Rect(x: 16, y: 2, width: 76, height: 21)))
        #expect(!canvas.commands.contains { if case .text = $0 { true } else { false } })
    }
}
