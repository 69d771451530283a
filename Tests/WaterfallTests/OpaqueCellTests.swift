import SeededRandom
import Testing

@_spi(Testing) @testable import Waterfall

/// Opaque cells (`CollectionViewCell.isOpaque`, as `UIView.isOpaque`): the view fills its background only around
/// them, so a frame that draws everything writes each of their pixels once, and the screen is the same.
struct OpaqueCellTests {
    /// Rasterizes `rects` into a `width` × `height` grid, counting how many cover each pixel.
    func coverage(_ rects: [Rect], width: Int, height: Int) -> [Int] {
        var counts = [Int](repeating: 0, count: width * height)
        for rect in rects {
            let raster = Raster(width: width, height: height)
            raster.fill(rect, color: .black)
            for index in counts.indices where raster.pixels[index] != nil { counts[index] += 1 }
        }
        return counts
    }

    @Test(arguments: 1...20)
    func whatIsLeftOfARectIsEveryPixelNoCoverHasOnce(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        let area = Rect(x: 3.5, y: 2, width: 50, height: 40)
        // Covers inside, across the edges and outside, some overlapping, at whole and half points.
        let covers = (0..<random.int(in: 0...12)).map { _ in
            Rect(
                x: random.whole(in: 0...60) / 2 * 2 - 4 + (random.int(in: 0...1) == 0 ? 0.5 : 0),
                y: random.whole(in: -5...45),
                width: random.whole(in: 1...30), height: random.whole(in: 1...30))
        }
        let gaps = area.subtracting(covers)
        let gapCount = coverage(gaps, width: 60, height: 50)
        let coverCount = coverage(covers, width: 60, height: 50)
        let areaCount = coverage([area], width: 60, height: 50)
        for index in gapCount.indices {
            // In the area: a pixel is in exactly one gap when no cover has it, else in none; outside: in no gap.
            let expected = areaCount[index] == 1 && coverCount[index] == 0 ? 1 : 0
            #expect(gapCount[index] == expected, "pixel \(index % 60), \(index / 60): \(gapCount[index]) gaps")
        }
        #expect(gaps.allSatisfy { area.intersection($0) == $0 })
    }

    @Test func aRectWithNothingOverItIsLeftWhole() {
        let area = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(area.subtracting([]) == [area])
        #expect(area.subtracting([Rect(x: 20, y: 0, width: 5, height: 5)]) == [area])
        #expect(area.subtracting([Rect(x: -1, y: -1, width: 12, height: 12)]) == [])
    }

    @Test func aGapContinuesDownTheBandsWhileItKeepsItsEdges() {
        // Two columns of two cards, 10 apart, in a 100 × 100 area.
        let area = Rect(x: 0, y: 0, width: 100, height: 100)
        let cards = [
            Rect(x: 10, y: 10, width: 35, height: 40), Rect(x: 10, y: 60, width: 35, height: 30),
            Rect(x: 55, y: 10, width: 35, height: 20), Rect(x: 55, y: 40, width: 35, height: 60),
        ]
        let gaps = area.subtracting(cards)
        #expect(
            gaps == [
                Rect(x: 0, y: 0, width: 100, height: 10),  // above everything
                Rect(x: 0, y: 10, width: 10, height: 40),  // left of card 0, one rect down its bands
                Rect(x: 45, y: 10, width: 10, height: 20),  // between the columns
                Rect(x: 90, y: 10, width: 10, height: 20),  // right of card 2
                Rect(x: 45, y: 30, width: 55, height: 10),  // below card 2, from the column gap to the edge
                Rect(x: 45, y: 40, width: 10, height: 10),
                Rect(x: 90, y: 40, width: 10, height: 60),  // right of card 3, down to the bottom
                Rect(x: 0, y: 50, width: 55, height: 10),  // below card 0
                Rect(x: 0, y: 60, width: 10, height: 30),
                Rect(x: 45, y: 60, width: 10, height: 30),
                Rect(x: 0, y: 90, width: 55, height: 10),  // below card 1
            ])
        #expect(coverage(gaps + cards, width: 100, height: 100).allSatisfy { $0 == 1 })
    }

    @Test(arguments: 1...4)
    func opaqueCellsDrawTheScreenThatCellsPaintedOverTheBackgroundDraw(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed))
        let heights = (0..<200).map { _ in random.whole(in: 10...90) }
        let plain = try Harness(
            heights: heights, columns: 3, overscan: 16, scrollBarWidth: 12, viewport: Size(width: 120, height: 100))
        let opaque = try Harness(
            heights: heights, columns: 3, overscan: 16, scrollBarWidth: 12, viewport: Size(width: 120, height: 100))
        for offset in [0.0, random.whole(in: 1...900), random.whole(in: 1...900), opaque.view.scroll.maxOffset] {
            plain.view.setContentOffset(offset)
            opaque.view.setContentOffset(offset)
            opaque.view.visibleCells.values.forEach { ($0 as? TestCell)?.opaque = true }
            let (plainScreen, opaqueScreen) = (Raster(width: 140, height: 120), Raster(width: 140, height: 120))
            plain.view.setNeedsDisplay()
            opaque.view.setNeedsDisplay()
            plain.view.draw(in: plainScreen, at: Point(x: 10, y: 10))
            opaque.view.draw(in: opaqueScreen, at: Point(x: 10, y: 10))
            #expect(
                opaqueScreen.pixels.indices.filter { opaqueScreen.pixels[$0] != plainScreen.pixels[$0] }.isEmpty,
                "offset \(offset)")
            // No background under an opaque cell: the background fills and the cells in the viewport tile it.
            let canvas = RecordingCanvas()
            opaque.view.setNeedsDisplay()
            opaque.view.draw(in: canvas, at: .zero)
            let background = canvas.commands.compactMap { command -> Rect? in
                if case .fill(let rect, let color) = command, color == opaque.view.backgroundColor { return rect }
                return nil
            }
            let cells = opaque.view.visibleCells.values.map { $0.frame.offsetBy(dx: 0, dy: -offset) }
            // the scroll bar's strip too, drawn over
            let viewport = Rect(origin: .zero, size: opaque.view.viewportSize)
            let counts = coverage(background + cells.compactMap { $0.intersection(viewport) }, width: 140, height: 120)
            let inViewport = coverage([viewport], width: 140, height: 120)
            let wrong = counts.indices.filter { counts[$0] != inViewport[$0] }
            #expect(
                wrong.isEmpty,
                "offset \(offset): \(wrong.count) pixels not covered once, the first at \(wrong.first.map { ($0 % 140, $0 / 140) } ?? (0, 0)), \(wrong.first.map { counts[$0] } ?? 0) times"
            )
        }
    }
}
