import SeededRandom
import Testing

@_spi(Testing) @testable import Waterfall

/// The eased animation itself: positions at given times, whole pixels, the exact end.
struct ScrollAnimationTests {
    let notch = ScrollAnimation(from: 0, to: 64, startTime: 10, duration: 0.1)

    @Test func easesOutFromTheStartToTheTarget() {
        #expect(notch.offset(at: 9) == 0)  // before the start
        #expect(notch.offset(at: 10) == 0)
        #expect(notch.offset(at: 10.025) == 37)  // a quarter of the time: 1 - 0.75³ = 0.578 of the way (37.0)
        #expect(notch.offset(at: 10.05) == 56)  // half the time: 1 - 0.5³ = 0.875 (56.0)
        #expect(notch.offset(at: 10.075) == 63)  // 1 - 0.25³ = 0.984 (63.0)
        #expect(notch.offset(at: 10.1) == 64)
        #expect(notch.offset(at: 11) == 64)
        #expect(!notch.isFinished(at: 10.099))
        #expect(notch.isFinished(at: 10.1))
        #expect(notch.endTime == 10.1)
    }

    @Test func everyPositionIsAWholePixelAndTheEndIsExactlyTheTarget() {
        let animation = ScrollAnimation(from: 13, to: 1900.5, startTime: 0, duration: 0.1)
        var previous = 13.0
        for millisecond in 0..<100 {
            let offset = animation.offset(at: Double(millisecond) / 1000)
            #expect(offset == offset.rounded(), "at \(millisecond) ms: \(offset)")
            #expect(offset >= previous)
            previous = offset
        }
        #expect(animation.offset(at: 0.1) == 1900.5)  // a fractional target is reached exactly
        // 200 - 128 × 0.875
        #expect(ScrollAnimation(from: 200, to: 72, startTime: 0, duration: 0.1).offset(at: 0.05) == 88)
        #expect(ScrollAnimation(from: 0, to: 64, startTime: 0, duration: 0).offset(at: 0) == 64)
    }
}

/// Smooth wheel scrolling in the collection view.
struct SmoothScrollingTests {
    /// One column of 50 items 40 high (content 2000), a 100 × 100 viewport (offsets 0...1900), 64 px notches.
    func column() throws -> Harness {
        let harness = try Harness(
            heights: Array(repeating: 40, count: 50), columns: 1, columnSpacing: 0, rowSpacing: 0,
            insets: .zero, viewport: Size(width: 100, height: 100))
        harness.log = []
        return harness
    }

    @Test func aNotchAnimatesToItsTarget() throws {
        let harness = try column()
        let view = harness.view
        #expect(view.isSmoothScrollingEnabled)
        view.scrollWheel(notches: 1, at: 5)
        #expect(view.isAnimatingScroll)
        #expect(view.contentOffset == 0)
        #expect(harness.log == [])
        #expect(view.advanceAnimations(to: 5.05))
        #expect(view.contentOffset == 56)
        #expect(view.advanceAnimations(to: 5.075))
        #expect(view.contentOffset == 63)
        #expect(!view.advanceAnimations(to: 5.2))  // late frames land exactly on the target
        #expect(view.contentOffset == 64)
        #expect(!view.isAnimatingScroll)
        #expect(!view.advanceAnimations(to: 6))
        #expect(harness.log == ["didScroll", "didScroll", "didScroll"])
        view.checkInvariants()
    }

    @Test func notchesDuringAnAnimationExtendTheTargetFromWhereItIs() throws {
        let harness = try column()
        let view = harness.view
        view.scrollWheel(notches: 1, at: 0)
        view.advanceAnimations(to: 0.025)
        #expect(view.contentOffset == 37)
        // At 0.05 the first animation is at 56: the second runs from there to 64 + 64 = 128, over a new 0.1 s.
        view.scrollWheel(notches: 1, at: 0.05)
        #expect(view.contentOffset == 56)
        #expect(view.scrollAnimation == ScrollAnimation(from: 56, to: 128, startTime: 0.05, duration: 0.1))
        #expect(view.advanceAnimations(to: 0.1))
        #expect(view.contentOffset == 119)  // 56 + 72 × 0.875
        view.scrollWheel(notches: -3, at: 0.1)  // back up: 128 - 192 = -64, clamped to the top
        #expect(view.scrollAnimation?.to == 0)
        #expect(!view.advanceAnimations(to: 0.2))
        #expect(view.contentOffset == 0)
        // At the end the target is clamped, and a notch that changes nothing starts nothing.
        view.setContentOffset(1880)
        view.scrollWheel(notches: 2, at: 1)
        #expect(view.scrollAnimation?.to == 1900)
        #expect(!view.advanceAnimations(to: 1.1))
        #expect(view.contentOffset == 1900)
        view.scrollWheel(notches: 1, at: 2)
        #expect(!view.isAnimatingScroll)
    }

    @Test func withoutSmoothScrollingANotchJumps() throws {
        let harness = try column()
        let view = harness.view
        view.isSmoothScrollingEnabled = false
        view.scrollWheel(notches: 2, at: 0)
        #expect(view.contentOffset == 128)
        #expect(!view.isAnimatingScroll)
        #expect(harness.log == ["didScroll"])
    }

    @Test func aPressStopsTheAnimationWhereItIs() throws {
        let harness = try column()
        let view = harness.view
        view.scrollWheel(notches: 1, at: 0)
        view.advanceAnimations(to: 0.05)
        view.pointerDown(at: Point(x: 50, y: 50))  // on item 2 (80..<120), where it is on screen now (offset 56)
        #expect(!view.isAnimatingScroll)
        #expect(view.highlightedItem == 2)
        #expect(!view.advanceAnimations(to: 0.2))
        #expect(view.contentOffset == 56)
    }

    @Test func aKeyFinishesTheAnimationFirst() throws {
        let harness = try column()
        let view = harness.view
        view.scrollWheel(notches: 1, at: 0)
        view.advanceAnimations(to: 0.05)
        view.handleKey(.pageDown)  // from the target 64, not from 56
        #expect(view.contentOffset == 164)
        #expect(!view.isAnimatingScroll)
        view.scrollWheel(notches: 1, at: 1)
        view.setContentOffset(500)  // an explicit scroll replaces the animation
        #expect(!view.isAnimatingScroll)
        #expect(!view.advanceAnimations(to: 2))
        #expect(view.contentOffset == 500)
        view.scrollWheel(notches: 1, at: 3)
        view.scrollWheel(notches: 1)  // a notch at once lands the animation, then scrolls
        #expect(view.contentOffset == 628)
        #expect(!view.isAnimatingScroll)
    }

    @Test func wheelingUpToTheTopStillPulls() throws {
        let harness = try column()
        let view = harness.view
        view.allowsPullToRefresh = true
        view.setContentOffset(120)
        view.scrollWheel(notches: -2, at: 0)  // 120 - 128: animates to the top
        #expect(view.scrollAnimation?.to == 0)
        view.advanceAnimations(to: 0.05)
        #expect(view.contentOffset == 15)  // 120 - 120 × 0.875
        #expect(view.pullDistance == 0)
        view.scrollWheel(notches: -1, at: 0.06)  // the target is the top: land there and pull half a step
        #expect(view.contentOffset == 0)
        #expect(!view.isAnimatingScroll)
        #expect(view.pullDistance == 32)
        view.scrollWheel(notches: 1, at: 0.07)  // a notch down undoes the pull first, at once
        #expect(view.pullDistance == 0)
        #expect(view.contentOffset == 0)
        #expect(!view.isAnimatingScroll)
        view.scrollWheel(notches: 1, at: 0.08)
        #expect(view.scrollAnimation?.to == 64)
    }

    @Test func loadMoreIsAskedDuringTheAnimation() throws {
        let harness = try LoadMoreTests.harness(items: 20)  // content 666, viewport 200: asked from offset 366
        let view = harness.view
        view.scrollWheel(notches: 6, at: 0)  // to 384
        view.advanceAnimations(to: 0.025)  // 384 × 0.578 = 222
        #expect(view.contentOffset == 222)
        #expect(harness.loadMoreRequests == 0)
        view.advanceAnimations(to: 0.05)  // 336
        #expect(harness.loadMoreRequests == 0)
        view.advanceAnimations(to: 0.075)  // 378: the bottom within 100 of the end
        #expect(view.contentOffset == 378)
        #expect(harness.loadMoreRequests == 1)
        #expect(view.isAnimatingScroll)
        view.checkInvariants()
    }
}

/// What the pixels show during a smooth scroll: drawing each frame incrementally equals a full redraw.
struct SmoothScrollingDrawingTests {
    @Test func needsDisplayTellsWhetherADrawWouldDrawAnything() throws {
        let harness = try Harness(
            heights: Array(repeating: 40, count: 50), columns: 1, columnSpacing: 0, rowSpacing: 0,
            insets: .zero, scrollBarWidth: 12, viewport: Size(width: 112, height: 100))
        let view = harness.view
        let canvas = RecordingCanvas()
        #expect(view.needsDisplay)  // never drawn
        view.draw(in: canvas)
        #expect(!view.needsDisplay)
        view.scrollWheel(notches: 1, at: 0)  // an animation that has not moved yet
        #expect(!view.needsDisplay)
        view.advanceAnimations(to: 0.05)
        #expect(view.needsDisplay)  // scrolled
        view.draw(in: canvas)
        #expect(!view.needsDisplay)
        view.pointerDown(at: Point(x: 105, y: 95))  // a page down by the track: stops the animation, scrolls
        view.draw(in: canvas)
        view.pointerDown(at: Point(x: 105, y: 10))  // the thumb (at 6..<30 for offset 156) is grabbed: it darkens
        #expect(view.isDraggingScrollBar)
        #expect(view.needsDisplay)
        view.draw(in: canvas)
        #expect(!view.needsDisplay)
        view.selectItem(at: 4)  // a cell changed
        #expect(view.needsDisplay)
    }

    @Test func everyFrameOfAnAnimationBlitsAndEqualsAFullRedraw() throws {
        var random = SplitMix64(seed: 7)
        let harness = try Harness(
            heights: (0..<200).map { _ in random.whole(in: 10...90) }, columns: 3, overscan: 16,
            scrollBarWidth: 12, viewport: Size(width: 120, height: 100))
        let view = harness.view
        let screen = Raster(width: 140, height: 120)
        view.draw(in: screen, at: Point(x: 10, y: 10))
        var time = 0.0
        var blits = 0
        for notches in [3, 1, -2, 5, -1] {
            view.scrollWheel(notches: notches, at: time)
            repeat {
                time += 1.0 / 60
                let before = view.contentOffset
                let running = view.advanceAnimations(to: time)
                #expect(view.contentOffset == view.contentOffset.rounded())
                let frame = TeeCanvas(screen)
                view.draw(in: frame, at: Point(x: 10, y: 10))
                let dy = view.contentOffset - before
                if dy != 0, abs(dy) < 100 {  // a move smaller than the viewport is a blit of the cards' area
                    #expect(frame.recording.commands.first == .copy(copySource(for: dy), to: copyDestination(for: dy)))
                    blits += 1
                }
                let fresh = Raster(width: 140, height: 120)
                view.setNeedsDisplay()
                view.draw(in: fresh, at: Point(x: 10, y: 10))
                #expect(fresh.pixels == screen.pixels, "at \(time) s, offset \(view.contentOffset)")
                if !running { break }
            } while true
        }
        #expect(view.contentOffset == 6 * 64)
        #expect(blits >= 10)
    }

    /// The cards' area (108 × 100 at 10, 10) part that a scroll by `dy` keeps, and where it goes.
    private func copySource(for dy: Double) -> Rect {
        dy > 0
            ? Rect(x: 10, y: 10 + dy, width: 108, height: 100 - dy) : Rect(x: 10, y: 10, width: 108, height: 100 + dy)
    }

    private func copyDestination(for dy: Double) -> Point {
        dy > 0 ? Point(x: 10, y: 10) : Point(x: 10, y: 10 - dy)
    }
}

/// Draws into a raster and records the calls too.
private final class TeeCanvas: Canvas {
    let raster: Raster
    let recording = RecordingCanvas()
    init(_ raster: Raster) { self.raster = raster }
    var lineHeight: Double { raster.lineHeight }
    var ascent: Double { raster.ascent }
    func textWidth(_ text: String) -> Double { raster.textWidth(text) }
    func fill(_ rect: Rect, color: Color) {
        raster.fill(rect, color: color)
        recording.fill(rect, color: color)
    }
    func stroke(_ rect: Rect, color: Color, lineWidth: Double) {
        raster.stroke(rect, color: color, lineWidth: lineWidth)
        recording.stroke(rect, color: color, lineWidth: lineWidth)
    }
    func drawText(_ text: String, at origin: Point, color: Color) {
        raster.drawText(text, at: origin, color: color)
        recording.drawText(text, at: origin, color: color)
    }
    func setClip(_ rect: Rect?) {
        raster.setClip(rect)
        recording.setClip(rect)
    }
    func drawImage(_ image: ImageHandle, in rect: Rect, scaling: ImageScaling) {
        raster.drawImage(image, in: rect, scaling: scaling)
        recording.drawImage(image, in: rect, scaling: scaling)
    }
    func copyRect(_ source: Rect, to destination: Point) {
        raster.copyRect(source, to: destination)
        recording.copyRect(source, to: destination)
    }
}
