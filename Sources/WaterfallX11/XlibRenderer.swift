import CX11
import Waterfall

/// Draws runs of same-coloured work with Xlib into a drawable, using the core font `fixed`: one
/// `XFillRectangles` (one PolyFillRectangle request) per colour run, and the foreground changed only when the
/// colour changes. Wrapped in a `BatchingCanvas`, which forms the runs.
final class XlibRenderer: BatchDrawingTarget {
    private let display: Display
    /// Held so the window outlives the GCs made for it.
    private let window: Window
    let gc: GC
    /// A second GC for text drawn with its own background (`XDrawImageString`), so its colours never change.
    private let imageTextGC: GC
    /// A GC without a clip, for copies.
    let copyGC: GC
    private var imageTextColors: (foreground: UInt, background: UInt)?
    private let font: UnsafeMutablePointer<XFontStruct>?
    private let pixels: PixelFormat
    private var currentPixel: UInt?
    private var rectangles: [XRectangle] = []
    /// The drawable that calls draw into.
    var drawable: UInt = 0

    let lineHeight: Double
    let ascent: Double

    init(display: Display, window: Window, pixels: PixelFormat) {
        self.display = display
        self.window = window
        self.pixels = pixels
        var values = XGCValues()
        values.graphics_exposures = 0
        gc = XCreateGC(display.handle, window.id, UInt(GCGraphicsExposures), &values)
        imageTextGC = XCreateGC(display.handle, window.id, UInt(GCGraphicsExposures), &values)
        copyGC = XCreateGC(display.handle, window.id, UInt(GCGraphicsExposures), &values)
        font = XLoadQueryFont(display.handle, "fixed")
        if let font {
            XSetFont(display.handle, gc, font.pointee.fid)
            XSetFont(display.handle, imageTextGC, font.pointee.fid)
            ascent = Double(font.pointee.ascent)
            lineHeight = Double(font.pointee.ascent + font.pointee.descent)
        } else {
            ascent = 10
            lineHeight = 13
        }
    }

    deinit {
        if let font { XFreeFont(display.handle, font) }
        XFreeGC(display.handle, imageTextGC)
        XFreeGC(display.handle, copyGC)
        XFreeGC(display.handle, gc)
    }

    func textWidth(_ text: String) -> Double {
        guard let font else { return 0 }
        let bytes = latin1(text)
        return Double(XTextWidth(font, bytes, Int32(bytes.count)))
    }

    func fillRectangles(_ rects: [Rect], color: Color) {
        rectangles.removeAll(keepingCapacity: true)
        for rect in rects {
            let box = PixelBox(rect)
            guard box.width > 0, box.height > 0 else { continue }
            rectangles.append(box.xRectangle)
        }
        guard !rectangles.isEmpty else { return }
        setForeground(color)
        XFillRectangles(display.handle, drawable, gc, &rectangles, Int32(rectangles.count))
    }

    func drawTexts(_ texts: [(text: String, origin: Point)], color: Color) {
        guard font != nil else { return }
        setForeground(color)
        for item in texts {
            let bytes = latin1(item.text)
            guard !bytes.isEmpty else { continue }
            XDrawString(display.handle, drawable, gc, PixelBox.coordinate(item.origin.x), PixelBox.coordinate(item.origin.y),
                        bytes, Int32(bytes.count))
        }
    }

    func setClip(_ rect: Rect?) {
        if let rect {
            var clip = PixelBox(rect).xRectangle
            XSetClipRectangles(display.handle, gc, 0, 0, &clip, 1, Unsorted)
        } else {
            XSetClipMask(display.handle, gc, 0)
        }
    }

    func copyRect(_ source: Rect, to destination: Point) {
        let box = PixelBox(source)
        guard box.width > 0, box.height > 0 else { return }
        XCopyArea(display.handle, drawable, drawable, copyGC, box.x, box.y, box.width, box.height,
                  PixelBox.coordinate(destination.x), PixelBox.coordinate(destination.y))
    }

    /// Draws `text` on a box of `background` (`XDrawImageString`: one request for both), with the baseline at
    /// `origin`. The box spans the text's width, from the font's ascent above the baseline to its descent below.
    /// Text is sent in pieces of at most 255 characters placed with the font's local metrics: given a longer
    /// string, libX11 asks the server for each piece's extents, a round trip per piece.
    func drawImageText(_ text: String, at origin: Point, foreground: Color, background: Color) {
        let bytes = latin1(text)
        guard let font, !bytes.isEmpty else { return }
        let colors = (pixels.pixel(for: foreground), pixels.pixel(for: background))
        if imageTextColors.map({ $0 != colors }) ?? true {
            imageTextColors = colors
            XSetForeground(display.handle, imageTextGC, colors.0)
            XSetBackground(display.handle, imageTextGC, colors.1)
        }
        var x = PixelBox.coordinate(origin.x)
        for start in stride(from: 0, to: bytes.count, by: 255) {
            let piece = Array(bytes[start..<min(bytes.count, start + 255)])
            XDrawImageString(display.handle, drawable, imageTextGC, x, PixelBox.coordinate(origin.y), piece, Int32(piece.count))
            x += XTextWidth(font, piece, Int32(piece.count))
        }
    }

    private func setForeground(_ color: Color) {
        let pixel = pixels.pixel(for: color)
        guard pixel != currentPixel else { return }
        currentPixel = pixel
        XSetForeground(display.handle, gc, pixel)
    }

    private func latin1(_ text: String) -> [CChar] {
        latin1Bytes(text).map { CChar(bitPattern: $0) }
    }
}
