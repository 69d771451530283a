import SeededRandom
import Testing

@_spi(Testing) @testable import Waterfall

/// A 200 × 100 viewport over two columns of 85 at x 10 and 105, with 15 of overscan:
///
/// ```
/// column 0               column 1
/// 0:  10..<50            1:  10..<70
/// 2:  60..<110           3:  80..<110
/// 4: 120..<160           5: 120..<140
/// ```
/// The content is 170 high, so the offset runs from 0 to 70.
@Suite struct DrawingTests {
    let background = Color(rgb: 0xECEFF3)

    func harness() throws -> Harness {
        try Harness(
            heights: [40, 60, 50, 30, 40, 20], columns: 2, overscan: 15, viewport: Size(width: 200, height: 100))
    }

    func fill(_ item: Int, _ x: Double, _ y: Double, _ width: Double, _ height: Double) -> RecordingCanvas.Command {
        .fill(Rect(x: x, y: y, width: width, height: height), TestCell.color(ofItem: item))
    }

    @Test func drawsTheCellsInTheViewportTranslatedToTheOrigin() throws {
        let harness = try harness()
        let view = harness.view
        view.setContentOffset(50)
        // The overscan (35..<165) holds every item; item 0 ends at 50, exactly the viewport's top.
        #expect(view.visibleCells.keys.sorted() == [0, 1, 2, 3, 4, 5])
        let canvas = RecordingCanvas()
        view.draw(in: canvas, at: Point(x: 5, y: 7))
        let viewport = Rect(x: 5, y: 7, width: 200, height: 100)
        #expect(
            canvas.commands == [
                .clip(viewport),
                .fill(viewport, background),
                fill(1, 110, -33, 85, 60),
                fill(2, 15, 17, 85, 50),
                fill(3, 110, 37, 85, 30),
                fill(4, 15, 77, 85, 40),
                fill(5, 110, 77, 85, 20),
                .clip(nil),
            ])
    }

    @Test func cellsOnlyInTheOverscanAreNotDrawn() throws {
        let harness = try harness()
        let view = harness.view
        view.setContentOffset(1000)
        #expect(view.contentOffset == 70)
        // The overscan 55..<185 keeps item 1 (10..<70), which ends at the viewport's top (70).
        #expect(view.visibleCells.keys.sorted() == [1, 2, 3, 4, 5])
        #expect(view.indexPathsForItemsInViewport == [2, 3, 4, 5])
        view.selectItem(at: 3)
        view.backgroundColor = .white
        let canvas = RecordingCanvas()
        view.draw(in: canvas)
        let viewport = Rect(x: 0, y: 0, width: 200, height: 100)
        #expect(
            canvas.commands == [
                .clip(viewport),
                .fill(viewport, .white),
                fill(2, 10, -10, 85, 50),
                fill(3, 105, 10, 85, 30),
                .stroke(Rect(x: 105, y: 10, width: 85, height: 30), .black, lineWidth: 2),
                fill(4, 10, 50, 85, 40),
                fill(5, 105, 50, 85, 20),
                .clip(nil),
            ])
    }

    @Test func anEmptyViewDrawsOnlyItsBackground() throws {
        let harness = try Harness(heights: [], columns: 2, viewport: Size(width: 30, height: 20))
        let canvas = RecordingCanvas()
        harness.view.draw(in: canvas, at: Point(x: 1, y: 2))
        let viewport = Rect(x: 1, y: 2, width: 30, height: 20)
        #expect(canvas.commands == [.clip(viewport), .fill(viewport, background), .clip(nil)])
        canvas.reset()
        #expect(canvas.commands == [])
    }

    @Test func truncatingTextToAWidth() {
        let canvas = RecordingCanvas(characterWidth: 6)
        #expect(canvas.textWidth("Hello world") == 66)
        #expect(canvas.truncate("Hello world", toWidth: 66) == "Hello world")
        #expect(canvas.truncate("Hello world", toWidth: 65.5) == "Hello wor\u{2026}")
        #expect(canvas.truncate("Hello world", toWidth: 42) == "Hello\u{2026}")  // not "Hello …": the cut's space goes
        #expect(canvas.truncate("Hello world", toWidth: 18) == "He\u{2026}")
        #expect(canvas.truncate("Hello world", toWidth: 6) == "\u{2026}")
        #expect(canvas.truncate("Hello world", toWidth: 5) == "")
        #expect(canvas.truncate("", toWidth: 0) == "")
        #expect(canvas.commands == [])
    }

    /// A cut falls between characters as a reader sees them: an accent that combines with its letter, or a family
    /// emoji joined from four, is never split from it.
    @Test func truncatingNeverSplitsACharacter() {
        let canvas = RecordingCanvas(characterWidth: 6)
        let combining = "Cafe\u{301} cre\u{300}me"  // é and è as a letter and a combining accent
        #expect(canvas.truncate(combining, toWidth: 30) == "Cafe\u{301}\u{2026}")
        #expect(
            canvas.truncate("\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467} family", toWidth: 12)
                == "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{2026}")
        for width in stride(from: 0.0, through: 70, by: 0.5) {
            #expect(canvas.textWidth(canvas.truncate("Hello world", toWidth: width)) <= width)
        }
    }
}

/// Drawing only what changed (scroll blits, damaged cells) leaves exactly the pixels a full redraw leaves.
struct IncrementalDrawingTests {
    @Test(arguments: 1...6)
    func incrementalFramesEqualFullRedraws(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed))
        let harness = try Harness(
            heights: (0..<300).map { _ in random.whole(in: 10...90) }, columns: 3,
            overscan: 16, scrollBarWidth: 12, viewport: Size(width: 120, height: 100))
        try expectIncrementalFramesEqualFullRedraws(of: harness.view, random: &random, maxOffset: 3000) { view in
            view.scrollWheel(notches: 1)
        }
    }
}

/// Drives `view` (a 120 × 100 viewport) through 80 random steps of what a user does (wheel notches, at once or
/// smooth, frames of a smooth scroll, jumps to an offset up to `maxOffset`, presses, moves and releases, on the
/// cards or on the scroll bar at the right edge, arrow keys, or `otherStep`) and checks after each that drawing
/// only what changed leaves exactly the pixels a full redraw leaves, the scroll bar's too.
func expectIncrementalFramesEqualFullRedraws(
    of view: CollectionView, random: inout SplitMix64, maxOffset: Int,
    otherStep: (CollectionView) throws -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let screen = Raster(width: 140, height: 120)
    let origin = Point(x: 10, y: 10)
    var time = 0.0
    func anywhere() -> Point { Point(x: random.whole(in: 0...119), y: random.whole(in: 0...99)) }
    func onTheBar() -> Point { Point(x: 119 - random.whole(in: 0...11), y: random.whole(in: 0...99)) }
    for step in 0..<80 {
        switch random.int(in: 0...9) {
        case 0: view.scrollWheel(notches: random.int(in: -3...3))
        case 1: view.setContentOffset(random.whole(in: 0...maxOffset))
        case 2: view.pointerDown(at: random.int(in: 0...1) == 0 ? anywhere() : onTheBar())
        case 3: view.pointerUp(at: anywhere())
        case 4: view.handleKey([.up, .down, .left, .right][random.int(in: 0...3)])
        case 5: view.pointerMoved(to: random.int(in: 0...1) == 0 ? anywhere() : onTheBar())
        case 6, 7:
            time += random.whole(in: 1...40) / 1000
            if random.int(in: 0...1) == 0 {
                view.scrollWheel(notches: random.int(in: -3...3), at: time)
            } else {
                view.advanceAnimations(to: time)
            }
        default: try otherStep(view)
        }
        view.checkInvariants()
        view.draw(in: screen, at: origin)
        let fresh = Raster(width: 140, height: 120)
        view.setNeedsDisplay()
        view.draw(in: fresh, at: origin)
        let differing = fresh.pixels.indices.filter { fresh.pixels[$0] != screen.pixels[$0] }
        #expect(differing.isEmpty, "step \(step): \(differing.count) pixels differ", sourceLocation: sourceLocation)
    }
}

struct ScrollBlitTests {
    @Test func aWheelNotchMovesThePixelsAndDrawsOnlyTheNewStrip() throws {
        // One column 100 wide at x 0; items 40 high with no spacing: item i spans y 40i..<40(i+1).
        let harness = try Harness(
            heights: Array(repeating: 40, count: 20), columns: 1, columnSpacing: 0, rowSpacing: 0,
            insets: .zero, wheelStep: 30, viewport: Size(width: 100, height: 100))
        let view = harness.view
        let canvas = RecordingCanvas()
        view.draw(in: canvas, at: Point(x: 0, y: 0))
        canvas.reset()
        view.scrollWheel(notches: 1)  // offset 30: the strip y 70..<100 shows content 100..<130 (items 2, 3)
        view.draw(in: canvas, at: Point(x: 0, y: 0))
        let strip = Rect(x: 0, y: 70, width: 100, height: 30)
        #expect(
            canvas.commands == [
                .copy(Rect(x: 0, y: 30, width: 100, height: 70), to: Point(x: 0, y: 0)),
                .clip(strip),
                .fill(strip, view.backgroundColor),
                .fill(Rect(x: 0, y: 50, width: 100, height: 40), TestCell.color(ofItem: 2)),
                .fill(Rect(x: 0, y: 90, width: 100, height: 40), TestCell.color(ofItem: 3)),
                .clip(nil),
            ])
    }

    @Test func aSelectionDrawsOnlyTheCellsThatChanged() throws {
        let harness = try Harness(
            heights: Array(repeating: 40, count: 20), columns: 1, columnSpacing: 0, rowSpacing: 0,
            insets: .zero, viewport: Size(width: 100, height: 100))
        let view = harness.view
        let canvas = RecordingCanvas()
        view.draw(in: canvas, at: Point(x: 0, y: 0))
        canvas.reset()
        view.selectItem(at: 1)
        view.draw(in: canvas, at: Point(x: 0, y: 0))
        let cell = Rect(x: 0, y: 40, width: 100, height: 40)
        #expect(
            canvas.commands == [
                .clip(cell),
                .fill(cell, view.backgroundColor),
                .fill(cell, TestCell.color(ofItem: 1)),
                .stroke(cell, .black, lineWidth: 2),
                .clip(nil),
            ])
    }
}

struct RedrawTriggerTests {
    @Test func aNewBackgroundColourRedrawsEverything() throws {
        let harness = try Harness(heights: [40], columns: 1, insets: .zero, viewport: Size(width: 100, height: 100))
        let view = harness.view
        let canvas = RecordingCanvas()
        view.draw(in: canvas)
        canvas.reset()
        view.backgroundColor = .white
        view.draw(in: canvas)
        let viewport = Rect(x: 0, y: 0, width: 100, height: 100)
        #expect(
            canvas.commands == [
                .clip(viewport), .fill(viewport, .white),
                .fill(Rect(x: 0, y: 0, width: 100, height: 40), TestCell.color(ofItem: 0)), .clip(nil),
            ])
    }

    @Test func aSmallerOverscanDropsTheCellsOutsideIt() throws {
        let harness = try Harness(
            heights: Array(repeating: 50, count: 10), columns: 1, columnSpacing: 0, rowSpacing: 0,
            insets: .zero, overscan: 100, viewport: Size(width: 100, height: 100))
        let view = harness.view
        #expect(view.visibleCells.keys.sorted() == [0, 1, 2, 3])
        view.overscan = 0
        #expect(view.visibleCells.keys.sorted() == [0, 1])
        view.checkInvariants()
    }
}
