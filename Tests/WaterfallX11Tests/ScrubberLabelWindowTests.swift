import Foundation
import Testing
import XvfbSupport

@testable import Waterfall
@_spi(Benchmarking) @testable import WaterfallX11

/// A cell that fills its frame with one colour, unlike the scrubber label's box.
private final class BlueCell: CollectionViewCell {
    static let rgb: UInt32 = 0x3D7EAA
    init() { super.init(reuseIdentifier: "cell") }
    override func draw(in canvas: Canvas, frame: Rect) { canvas.fill(frame, color: Color(rgb: Self.rgb)) }
}

/// Names the period at an offset as a photo timeline would: a month per 500 points of content.
private final class MonthsDelegate: CollectionViewDelegate {
    static let months = ["January", "February", "March", "April", "May", "June", "July", "August"]
    func collectionView(_ collectionView: CollectionView, scrubberLabelAtContentOffset offset: Double) -> String? {
        "\(Self.months[min(Self.months.count - 1, Int(offset / 500))]) 2024"
    }
}

/// The scrubber label on a real X server: the thumb dragged with xdotool's real button, the label's box and text
/// in the screenshot beside the thumb, gone after the release.
@Suite(.serialized)
struct ScrubberLabelWindowTests {
    @Test func draggingTheThumbShowsTheLabelBesideItUntilTheRelease() throws {
        let xvfb = try XvfbServer()
        defer { withExtendedLifetime(xvfb) {} }
        let display = try Display(name: xvfb.display)
        // 100 cards 60 high in 2 columns: 3500 of content in a 300 × 220 viewport with a 12 px bar, the thumb the
        // 24 px minimum at x 288..<300.
        let view = CollectionView(
            layout: CollectionLayout(columnCount: 2, columnSpacing: 10, rowSpacing: 10, insets: EdgeInsets(all: 10)),
            columnPolicy: .fixed(2), scrollBarWidth: 12)
        view.register(forCellWithReuseIdentifier: "cell", factory: BlueCell.init)
        let source = FixedHeightSource(count: 100, height: 60)
        let delegate = MonthsDelegate()
        view.dataSource = source
        view.delegate = delegate
        defer { withExtendedLifetime((source, delegate)) {} }
        let window = try WaterfallWindow(
            display: display, collectionView: view,
            configuration: .init(title: "Scrubber", size: Size(width: 300, height: 240), statusBar: .testBar()))
        try window.runUntilFirstFrame()
        #expect(view.scrollBar.thumb == Rect(x: 288, y: 0, width: 12, height: 24))

        func turn(until what: String, _ condition: () -> Bool) throws {
            var expired = false
            let guardTimer = window.schedule(after: 30) { expired = true }
            defer { window.cancel(guardTimer) }
            while !condition() {
                if expired { throw X11TestError("no \(what) within 30 s") }
                _ = try window.turn()
            }
        }
        let id = String(window.windowID)
        try xdotool(
            ["mousemove", "--window", id, "294", "12", "mousedown", "1", "mousemove", "--window", id, "294", "110"],
            display: xvfb.display)
        // Grabbed at the thumb's middle and moved 98 down: its top at 98, the offset 98 × 3280 / 196.
        try turn(until: "the dragged frame") { view.scrollBar.thumb?.minY == 98 && !window.needsDisplay }
        #expect(view.isDraggingScrollBar)
        let content = try #require(view.scrubberLabelContent)
        #expect(content == ScrubberLabelContent(text: "April 2024", thumbMidY: 110))
        let box = view.scrubberLabelFrame(content, measuring: window.canvas)
        #expect(box.maxX == 288 - 8)
        #expect(abs(box.midY - 110) <= 0.5)

        let xs = Int(box.minX)..<Int(box.maxX)
        let ys = Int(box.minY)..<Int(box.maxY)
        let boxRGB: UInt32 = 0x303338
        let textRGB: UInt32 = 0xF1F3F4
        #expect(view.scrubberLabelColor == Color(rgb: boxRGB) && view.scrubberLabelTextColor == Color(rgb: textRGB))
        let dragged = try Screenshot.of(window: window.windowID, display: xvfb.display)
        let boxPixels = count(of: RGB(boxRGB), in: dragged, xs: xs, ys: ys)
        #expect(boxPixels > xs.count * ys.count / 2, "the label's box: \(boxPixels) of \(xs.count * ys.count) pixels")
        let text = dragged.textInk(xs: xs, ys: ys, ink: RGB(textRGB), background: RGB(boxRGB))
        #expect(text.isText(), "the label's text: \(text)")
        // Beside the bar: the gap between box and thumb shows the view, not the box.
        #expect(dragged.pixel(x: Int(box.maxX) + 4, y: 110) != RGB(boxRGB))

        try xdotool(["mouseup", "1"], display: xvfb.display)
        try turn(until: "the frame after the release") { !view.isDraggingScrollBar && !window.needsDisplay }
        let released = try Screenshot.of(window: window.windowID, display: xvfb.display)
        #expect(count(of: RGB(boxRGB), in: released, xs: xs, ys: ys) == 0)
        #expect(!released.textInk(xs: xs, ys: ys, ink: RGB(textRGB), background: RGB(boxRGB)).isText())
        #expect(count(of: RGB(BlueCell.rgb), in: released, xs: xs, ys: ys) > 0)  // the cards are back under it
    }

    /// The pixels of exactly `color` in the box `xs` × `ys` of `shot`.
    private func count(of color: RGB, in shot: Screenshot, xs: Range<Int>, ys: Range<Int>) -> Int {
        ys.reduce(0) { sum, y in sum + xs.filter { shot.pixel(x: $0, y: y) == color }.count }
    }
}
