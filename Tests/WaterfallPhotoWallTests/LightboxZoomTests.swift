import Testing
import Waterfall

@testable import WaterfallPhotoWall

/// The lightbox's zoom model: the steps from fit to 800 %, the photo's point under the anchor kept there, and the
/// photo held within its edges.
struct LightboxZoomTests {
    /// A 6000 × 4000 photo in an 800 × 600 viewport: fitted 800 × 533 (13.3 %), from y 33.5.
    static func landscape() -> LightboxZoom {
        LightboxZoom(photoWidth: 6000, aspect: 4000.0 / 6000, viewport: Size(width: 800, height: 600))
    }

    /// Where the photo's point at `anchor` is, as a fraction of its width and height.
    static func fraction(at anchor: Point, of zoom: LightboxZoom) -> Point {
        let frame = zoom.photoFrame
        return Point(x: (anchor.x - frame.minX) / frame.width, y: (anchor.y - frame.minY) / frame.height)
    }

    @Test func stepsInFromTheFittedScalesNextStepUpTo800PercentAndOutBackToFit() {
        var zoom = Self.landscape()
        #expect(zoom.isFitted && zoom.fitWidth == 800 && zoom.shownSize == Size(width: 800, height: 533))
        #expect(zoom.photoFrame == Rect(x: 0, y: 33.5, width: 800, height: 533))
        var widths: [Int] = []
        var decoded: [Int] = []
        let centre = Point(x: 400, y: 300)
        while zoom.zoomIn(at: centre) {
            widths.append(zoom.shownWidth)
            decoded.append(zoom.decodeWidth)
        }
        // 25 % is the step after the fitted 13.3 %; 12.5 % is below it.
        #expect(widths == [1500, 2000, 3000, 4000, 6000, 9000, 12000, 18000, 24000, 33000, 48000])
        #expect(decoded == [1500, 2000, 3000, 4000, 6000, 6000, 6000, 6000, 6000, 6000, 6000])
        #expect(zoom.level == .scale(8) && zoom.stepIn == nil)
        var levels: [LightboxZoom.Level] = []
        while zoom.zoomOut(at: centre) { levels.append(zoom.level) }
        let expected: [LightboxZoom.Level] =
            [5.5, 4, 3, 2, 1.5, 1, 2.0 / 3, 0.5, 1.0 / 3, 0.25].map { .scale($0) } + [.fit]
        #expect(levels == expected)
        #expect(zoom.isFitted && zoom.pan == Point(x: 0, y: 0) && zoom.levelOut == nil)
    }

    @Test func aPhotoSmallerThanTheViewportFitsAt1To1AndStepsFrom150Percent() {
        var zoom = LightboxZoom(photoWidth: 400, aspect: 0.75, viewport: Size(width: 800, height: 600))
        #expect(zoom.fitWidth == 400 && zoom.scale == 1)  // never enlarged to fit
        let zoomedIn = zoom.zoomIn(at: Point(x: 10, y: 10))
        #expect(zoomedIn)
        #expect(zoom.level == .scale(1.5) && zoom.shownSize == Size(width: 600, height: 450))
        // Smaller than the viewport on both axes: centred, wherever the anchor was.
        #expect(zoom.photoFrame == Rect(x: 100, y: 75, width: 600, height: 450))
        let zoomedOut = zoom.zoomOut(at: Point(x: 10, y: 10))
        #expect(zoomedOut && zoom.isFitted)  // 100 % is no larger than fitting: fit
        let zoomedOutAgain = zoom.zoomOut(at: Point(x: 10, y: 10))
        #expect(!zoomedOutAgain)
    }

    @Test func eachStepKeepsThePhotosPointUnderTheAnchor() {
        var zoom = Self.landscape()
        // Anchors far enough inside that no step pushes an edge into the viewport.
        for anchor in [Point(x: 300, y: 250), Point(x: 517.25, y: 281.5), Point(x: 400, y: 300)] {
            zoom = Self.landscape()
            var before = Self.fraction(at: anchor, of: zoom)
            while zoom.zoomIn(at: anchor) {
                let after = Self.fraction(at: anchor, of: zoom)
                #expect(
                    abs(after.x - before.x) < 1e-12 && abs(after.y - before.y) < 1e-12,
                    "at \(zoom.level) about \(anchor)")
                before = after
            }
            while zoom.zoomOut(at: anchor), !zoom.isFitted {
                let after = Self.fraction(at: anchor, of: zoom)
                #expect(
                    abs(after.x - before.x) < 1e-12 && abs(after.y - before.y) < 1e-12,
                    "at \(zoom.level) about \(anchor)")
                before = after
            }
        }
        // 25 % about (300, 250): the point at 3/8 across stays at x 300, so the photo starts at 300 - 1500 × 3/8.
        zoom = Self.landscape()
        zoom.zoomIn(at: Point(x: 300, y: 250))
        #expect(zoom.photoFrame.minX == 300 - 562.5 && zoom.pan.x == 300 - 562.5 + 750 - 400)
    }

    @Test func anAnchorNearAnEdgeStopsThePhotoAtIt() {
        var zoom = Self.landscape()
        // The top-left corner is above the fitted photo (which starts at y 33.5): at 25 % the photo's top edge
        // would come down into the viewport; it stops at the viewport's top and left instead.
        zoom.zoomIn(at: Point(x: 0, y: 0))
        #expect(zoom.photoFrame == Rect(x: 0, y: 0, width: 1500, height: 1000))
        #expect(zoom.pan == Point(x: 350, y: 200))
        // The bottom-right corner: below the photo's bottom edge, which stops at the viewport's bottom.
        zoom = Self.landscape()
        zoom.zoomIn(at: Point(x: 800, y: 600))
        #expect(zoom.photoFrame == Rect(x: -700, y: -400, width: 1500, height: 1000))
    }

    @Test func aPanoramaSmallerThanTheViewportOnOneAxisStaysCentredOnIt() {
        var zoom = LightboxZoom(photoWidth: 8000, aspect: 1000.0 / 8000, viewport: Size(width: 800, height: 600))
        #expect(zoom.shownSize == Size(width: 800, height: 100))
        zoom.zoom(to: .scale(0.5), at: Point(x: 100, y: 20))
        #expect(zoom.shownSize == Size(width: 4000, height: 500))
        #expect(zoom.photoFrame.minY == 50 && zoom.pan.y == 0)  // 500 high in 600: centred
        #expect(zoom.photoFrame.minX == 100 - 4000 * (100.0 / 800))  // across, anchored
        let panned = zoom.pan(byX: 0, y: 80)
        #expect(!panned)  // nothing to pan vertically
    }

    @Test func panningStopsAtTheEdges() {
        var zoom = Self.landscape()
        zoom.zoom(to: .scale(1), at: Point(x: 400, y: 300))
        #expect(zoom.pan == Point(x: 0, y: 0) && zoom.photoFrame == Rect(x: -2600, y: -1700, width: 6000, height: 4000))
        var moved = zoom.pan(byX: 100, y: -50)
        #expect(moved && zoom.pan == Point(x: 100, y: -50))
        moved = zoom.pan(byX: 10_000, y: -10_000)
        #expect(moved)
        #expect(zoom.pan == Point(x: 2600, y: -1700))  // the left edge at the viewport's left, the bottom at its bottom
        #expect(zoom.photoFrame.minX == 0 && zoom.photoFrame.maxY == 600)
        moved = zoom.pan(byX: 1, y: -1)
        #expect(!moved)
        zoom.setPan(Point(x: -9999, y: 9999))
        #expect(zoom.pan == Point(x: -2600, y: 1700))
        #expect(zoom.clamped(Point(x: 12, y: -34)) == Point(x: 12, y: -34))
    }

    /// A step's width is rounded to whole pixels, a hair off the step (533 of 800 pixels at 2/3, 401 of 801 at 1/2):
    /// the next step either way is counted from the step itself, never the same step again.
    @Test func aStepWhoseWidthIsRoundedStillStepsOnEitherWay() {
        let anchor = Point(x: 200, y: 150)
        var zoom = LightboxZoom(photoWidth: 800, aspect: 0.75, viewport: Size(width: 400, height: 300))
        #expect(zoom.fitWidth == 400)
        var levels: [LightboxZoom.Level] = []
        for step in [1, 1, -1, -1] {
            let changed = step > 0 ? zoom.zoomIn(at: anchor) : zoom.zoomOut(at: anchor)
            #expect(changed)
            levels.append(zoom.level)
        }
        #expect(levels == [.scale(2.0 / 3), .scale(1), .scale(2.0 / 3), .fit])
        #expect(zoom.shownWidth == 400)

        var odd = LightboxZoom(
            photoWidth: 801, aspect: 0.75, viewport: Size(width: 200, height: 150), level: .scale(0.5))
        #expect(odd.shownWidth == 401)  // 400.5, rounded up
        levels = []
        for step in [-1, 1, 1] {
            let changed = step > 0 ? odd.zoomIn(at: anchor) : odd.zoomOut(at: anchor)
            #expect(changed)
            levels.append(odd.level)
        }
        #expect(levels == [.scale(1.0 / 3), .scale(0.5), .scale(2.0 / 3)])
    }
}
