import SeededRandom
import Testing

@testable import Waterfall

struct BatchingCanvasTests {
    @Test(arguments: 1...40)
    func randomCallsLeaveTheSamePixelsAsDrawingInOrder(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        let direct = Raster()
        let target = Raster()
        let batching = BatchingCanvas(target: target)
        let palette = (0..<4).map { Color(rgb: UInt32(0x102030 * ($0 + 1))) }
        for _ in 0..<random.int(in: 1...60) {
            let color = palette[random.int(in: 0...3)]
            let rect = Rect(
                x: random.whole(in: 0...40), y: random.whole(in: 0...40), width: random.whole(in: 1...20),
                height: random.whole(in: 1...20))
            let lineWidth = random.whole(in: 1...3)
            let clip = random.int(in: 0...1) == 0 ? nil : rect
            let image = ImageHandle(id: random.int(in: 1...3), width: 12, height: 9)
            let canvases: [Canvas] = [direct, batching]
            switch random.int(in: 0...10) {
            case 0...5: canvases.forEach { $0.fill(rect, color: color) }
            case 6: canvases.forEach { $0.stroke(rect, color: color, lineWidth: lineWidth) }
            case 7:
                canvases.forEach {
                    $0.drawText(String(repeating: "a", count: 1 + Int(rect.width) % 4), at: rect.origin, color: color)
                }
            case 8: canvases.forEach { $0.setClip(clip) }
            case 9: canvases.forEach { $0.drawImage(image, in: rect) }
            default: canvases.forEach { $0.copyRect(rect, to: Point(x: rect.minX, y: rect.minY + 3)) }
            }
        }
        batching.flush()
        let differing = target.pixels.indices.filter { target.pixels[$0] != direct.pixels[$0] }
        #expect(
            differing.isEmpty,
            "\(differing.count) pixels differ, the first at \(differing.first.map { ($0 % 48, $0 / 48) } ?? (0, 0))")
    }

    @Test func cardsShareOneRunPerColour() {
        let target = Raster()
        let canvas = BatchingCanvas(target: target)
        let caption = Color(rgb: 0xFFFFFF)
        let title = Color(rgb: 0x111111)
        for (index, picture) in [Color(rgb: 0xAA0000), Color(rgb: 0x00AA00), Color(rgb: 0xAA0000)].enumerated() {
            let x = Double(index) * 16
            canvas.fill(Rect(x: x, y: 0, width: 14, height: 20), color: picture)
            canvas.fill(Rect(x: x, y: 20, width: 14, height: 14), color: caption)
            canvas.drawText("a", at: Point(x: x + 1, y: 31), color: title)
        }
        canvas.flush()
        #expect(target.batches == ["fill #AA0000 x2", "fill #FFFFFF x3", "fill #00AA00 x1", "text #111111 x3"])
        #expect(canvas.runsDrawn == 4)
    }

    @Test func cardsWithPicturesCostOneCopyEachAndKeepTheirRuns() {
        let target = Raster()
        let canvas = BatchingCanvas(target: target)
        for index in 0..<3 {
            let x = Double(index) * 16
            canvas.fill(Rect(x: x, y: 0, width: 14, height: 20), color: Color(rgb: 0xD5DAE1))  // the placeholder
            canvas.drawImage(
                ImageHandle(id: index + 1, width: 14, height: 20), in: Rect(x: x, y: 0, width: 14, height: 20))
            canvas.fill(Rect(x: x, y: 20, width: 14, height: 14), color: .white)
            canvas.drawText("a", at: Point(x: x + 1, y: 31), color: .black)
        }
        canvas.flush()
        #expect(target.batches == ["fill #D5DAE1 x3", "fill #FFFFFF x3", "images x3", "text #000000 x3"])
        #expect(target.pixels[5 * 48 + 20] == Raster.colour(of: ImageHandle(id: 2, width: 14, height: 20)))
        // A border drawn over a picture must come out after it: the canvas flushes first.
        canvas.drawImage(ImageHandle(id: 9, width: 10, height: 10), in: Rect(x: 0, y: 0, width: 10, height: 10))
        canvas.stroke(Rect(x: 0, y: 0, width: 10, height: 10), color: .black, lineWidth: 2)
        canvas.flush()
        #expect(target.batches.suffix(2) == ["images x1", "fill #000000 x4"])
        #expect(
            target.pixels[0] == .black
                && target.pixels[5 * 48 + 5] == Raster.colour(of: ImageHandle(id: 9, width: 10, height: 10)))
    }

    @Test func aFillOverAnEarlierTextFlushesFirst() {
        let target = Raster()
        let canvas = BatchingCanvas(target: target)
        canvas.drawText("ab", at: Point(x: 0, y: 10), color: .black)
        canvas.fill(Rect(x: 2, y: 2, width: 4, height: 4), color: .white)
        canvas.flush()
        #expect(target.batches == ["text #000000 x1", "fill #FFFFFF x1"])
        #expect(target.pixels[2 * 48 + 2] == .white)
    }

    @Test func aFillJoiningAnOlderRunUnderANewerOverlappingColourFlushesFirst() {
        let target = Raster()
        let canvas = BatchingCanvas(target: target)
        canvas.fill(Rect(x: 0, y: 0, width: 10, height: 10), color: .black)  // run 0
        canvas.fill(Rect(x: 20, y: 0, width: 10, height: 10), color: .white)  // run 1
        canvas.fill(Rect(x: 0, y: 20, width: 10, height: 10), color: .black)  // joins run 0: no overlap
        canvas.fill(Rect(x: 22, y: 2, width: 4, height: 4), color: .black)  // over white: would go out under it
        canvas.flush()
        #expect(target.batches == ["fill #000000 x2", "fill #FFFFFF x1", "fill #000000 x1"])
        #expect(target.pixels[2 * 48 + 22] == .black)
    }
}
