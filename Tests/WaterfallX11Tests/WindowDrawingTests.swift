import Testing
import Waterfall
import XvfbSupport

@testable import WaterfallX11

/// A cell that fills its frame with one colour.
private final class SwatchCell: CollectionViewCell {
    var color = Color.black
    init() { super.init(reuseIdentifier: "swatch") }
    override func draw(in canvas: Canvas, frame: Rect) { canvas.fill(frame, color: color) }
}

private final class SwatchSource: CollectionViewDataSource {
    static let colors = [Color(rgb: 0xC0392B), Color(rgb: 0x27AE60), Color(rgb: 0x2980B9), Color(rgb: 0x8E44AD)]
    func numberOfItems(inSection section: Int) -> Int { 40 }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: ItemPath) -> CollectionViewCell {
        let index = indexPath.item
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "swatch")
        (cell as? SwatchCell)?.color = Self.colors[index % Self.colors.count]
        return cell
    }
    func heightOfItem(at indexPath: ItemPath, width columnWidth: Double) -> Double? {
        Double(60 + 20 * (indexPath.item % 3))
    }
}

/// The backend against a real X server: the window, its properties, and the pixels a frame leaves.
@Suite(.serialized)
struct WindowDrawingTests {
    /// A 242 × 320 window of swatches in 2 columns (100 px wide, spaced 10) with a status bar, through Xdbe or a
    /// Pixmap, and the view's data source (the view holds it weakly: keep it while the window draws).
    private func swatchWindow(
        on display: Display, useXdbe: Bool
    ) throws -> (CollectionView, WaterfallWindow, SwatchSource) {
        let view = CollectionView(
            layout: CollectionLayout(columnCount: 2, columnSpacing: 10, rowSpacing: 10, insets: EdgeInsets(all: 10)),
            columnPolicy: .fixed(2))
        view.register(forCellWithReuseIdentifier: "swatch", factory: SwatchCell.init)
        let source = SwatchSource()
        view.dataSource = source
        let window = try WaterfallWindow(
            display: display, collectionView: view,
            configuration: .init(
                title: "Waterfall", size: Size(width: 242, height: 320),
                statusBar: .testBar { "status" }, useDoubleBufferExtension: useXdbe))
        return (view, window, source)
    }

    @Test func aMissingDisplayIsNamedInTheError() {
        #expect(throws: X11Error.cannotOpenDisplay(name: ":4748")) { try Display(name: ":4748") }
        #expect(X11Error.cannotOpenDisplay(name: ":4748").description.contains("':4748'"))
        #expect(X11Error.cannotOpenDisplay(name: nil).description.contains("$DISPLAY is not set"))
    }

    @Test(arguments: [true, false])
    func aFrameShowsTheCellsBackgroundAndStatusBar(useXdbe: Bool) throws {
        let xvfb = try XvfbServer()
        defer { withExtendedLifetime(xvfb) {} }  // the server outlives every use of the connection
        let display = try Display(name: xvfb.display)
        #expect(display.hasDoubleBuffer)  // Xvfb has Xdbe; the `false` case forces the Pixmap path
        let (view, window, source) = try swatchWindow(on: display, useXdbe: useXdbe)
        defer { withExtendedLifetime(source) {} }
        #expect(window.usesDoubleBufferExtension == useXdbe)
        window.drawFrame()

        let shot = try Screenshot.of(window: window.windowID, display: xvfb.display)
        #expect(shot.width == 242 && shot.height == 320)
        // The cards' area is 230 wide, left of the 12 px scroll bar. Column width (230 - 20 - 10) / 2 = 100. Item 0 (60 px) at (10, 10); item 1 (80 px) at (120, 10);
        // item 2 (100 px) under item 0 at y 80.
        #expect(shot.pixel(x: 10, y: 10) == RGB(0xC0392B))
        #expect(shot.pixel(x: 109, y: 69) == RGB(0xC0392B))
        #expect(shot.pixel(x: 120, y: 10) == RGB(0x27AE60))
        #expect(shot.pixel(x: 50, y: 80) == RGB(0x2980B9))
        #expect(shot.pixel(x: 5, y: 5) == RGB(0xECEFF3))  // the background in the inset
        #expect(shot.pixel(x: 114, y: 40) == RGB(0xECEFF3))  // the gap between the columns
        #expect(shot.pixel(x: 241, y: 310) == RGB(0x2B2F36))  // the status bar below the viewport
        // The bar: its thumb (inset 2 px each side) at the top, the track below it and beside it.
        let thumb = try #require(view.scrollBar.thumb)
        #expect(thumb.minY == 0 && thumb.height < 300)
        #expect(shot.pixel(x: 236, y: 0) == RGB(0xA4ACB6))
        #expect(shot.pixel(x: 232, y: Int(thumb.maxY) - 1) == RGB(0xA4ACB6))
        #expect(shot.pixel(x: 236, y: Int(thumb.maxY)) == RGB(0xDCE0E5))
        #expect(shot.pixel(x: 230, y: 10) == RGB(0xDCE0E5))
        #expect(shot.pixel(x: 241, y: 299) == RGB(0xDCE0E5))
        #expect(window.viewportFrame == Rect(x: 0, y: 0, width: 242, height: 300))
        #expect(window.framesPresented == 1)
    }

    @Test(arguments: [true, false])
    func aFrameThatRedrawsOneCellShowsThatCellAlone(useXdbe: Bool) throws {
        let xvfb = try XvfbServer()
        defer { withExtendedLifetime(xvfb) {} }
        let display = try Display(name: xvfb.display)
        let (view, window, source) = try swatchWindow(on: display, useXdbe: useXdbe)
        defer { withExtendedLifetime(source) {} }
        window.drawFrame()
        #expect(window.backBuffer.lastPresented == nil)  // the first frame shows the whole buffer

        let item = ItemPath(item: 1, section: 0)  // 100 × 80 at (120, 10)
        let cell = try #require(view.visibleCells[item] as? SwatchCell)
        cell.color = Color(rgb: 0xF1C40F)
        view.setNeedsDisplay(forItem: item)
        window.drawFrame()

        #expect(window.backBuffer.lastPresented == [PixelBox(x: 120, y: 10, width: 100, height: 80)])
        let shot = try Screenshot.of(window: window.windowID, display: xvfb.display)
        #expect(shot.pixel(x: 120, y: 10) == RGB(0xF1C40F))
        #expect(shot.pixel(x: 219, y: 89) == RGB(0xF1C40F))
        #expect(shot.pixel(x: 225, y: 50) == RGB(0xECEFF3))  // the inset beside it, as it was
        #expect(shot.pixel(x: 230, y: 50) == RGB(0xDCE0E5))  // the scroll bar's track
        #expect(shot.pixel(x: 10, y: 10) == RGB(0xC0392B))  // item 0, as it was
        #expect(shot.pixel(x: 150, y: 95) == RGB(0xECEFF3))  // the gap below it
        #expect(shot.pixel(x: 241, y: 310) == RGB(0x2B2F36))  // the status bar
    }

    @Test func theWindowCarriesItsTitleClassAndCloseProtocol() throws {
        let xvfb = try XvfbServer()
        defer { withExtendedLifetime(xvfb) {} }
        let display = try Display(name: xvfb.display)
        let view = CollectionView()
        let window = try WaterfallWindow(
            display: display, collectionView: view,
            configuration: .init(
                title: "Wäterfall", size: Size(width: 100, height: 100),
                statusBar: .testBar(), className: "WaterfallTest", instanceName: "wf"))
        display.sync()
        let properties = String(
            decoding: try runTool("xprop", ["-id", String(window.windowID)], display: xvfb.display), as: UTF8.self)
        #expect(properties.contains("_NET_WM_NAME(UTF8_STRING) = \"Wäterfall\""))
        #expect(properties.contains("WM_CLASS(STRING) = \"wf\", \"WaterfallTest\""))
        #expect(properties.contains("WM_PROTOCOLS(ATOM): protocols  WM_DELETE_WINDOW"))
    }
}
