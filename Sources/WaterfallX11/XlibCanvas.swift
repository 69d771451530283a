import CX11
import Waterfall

/// A `Canvas` that draws with Xlib into a drawable, using the core font `fixed`.
/// It changes the GC's foreground only when the colour changes, so runs of same-coloured fills go out as
/// consecutive `XFillRectangle` requests that libX11 merges into one `PolyFillRectangle`.
final class XlibCanvas: Canvas {
    private let display: Display
    let gc: GC
    private let font: UnsafeMutablePointer<XFontStruct>?
    private let pixels: PixelFormat
    private var currentPixel: UInt?
    /// The drawable that calls draw into.
    var drawable: UInt = 0

    let lineHeight: Double
    let ascent: Double

    init(display: Display, window: UInt, pixels: PixelFormat) {
        self.display = display
        self.pixels = pixels
        var values = XGCValues()
        values.graphics_exposures = 0
        gc = XCreateGC(display.handle, window, UInt(GCGraphicsExposures), &values)
        font = XLoadQueryFont(display.handle, "fixed")
        if let font {
            XSetFont(display.handle, gc, font.pointee.fid)
            ascent = Double(font.pointee.ascent)
            lineHeight = Double(font.pointee.ascent + font.pointee.descent)
        } else {
            ascent = 10
            lineHeight = 13
        }
    }

    deinit {
        if let font { XFreeFont(display.handle, font) }
        XFreeGC(display.handle, gc)
    }

    func textWidth(_ text: String) -> Double {
        guard let font else { return 0 }
        let bytes = latin1(text)
        return Double(XTextWidth(font, bytes, Int32(bytes.count)))
    }

    func fill(_ rect: Rect, color: Color) {
        let pixelRect = snapped(rect)
        guard pixelRect.width > 0, pixelRect.height > 0 else { return }
        setForeground(color)
        XFillRectangle(display.handle, drawable, gc, pixelRect.x, pixelRect.y, pixelRect.width, pixelRect.height)
    }

    func stroke(_ rect: Rect, color: Color, lineWidth: Double) {
        let line = min(lineWidth, rect.width / 2, rect.height / 2)
        guard line > 0 else { return }
        fill(Rect(x: rect.minX, y: rect.minY, width: rect.width, height: line), color: color)
        fill(Rect(x: rect.minX, y: rect.maxY - line, width: rect.width, height: line), color: color)
        fill(Rect(x: rect.minX, y: rect.minY + line, width: line, height: rect.height - 2 * line), color: color)
        fill(Rect(x: rect.maxX - line, y: rect.minY + line, width: line, height: rect.height - 2 * line), color: color)
    }

    func drawText(_ text: String, at origin: Point, color: Color) {
        guard font != nil else { return }
        let bytes = latin1(text)
        guard !bytes.isEmpty else { return }
        setForeground(color)
        XDrawString(display.handle, drawable, gc, Int32(origin.x.rounded()), Int32(origin.y.rounded()), bytes, Int32(bytes.count))
    }

    func setClip(_ rect: Rect?) {
        if let rect {
            let pixelRect = snapped(rect)
            var clip = XRectangle(x: Int16(clamping: pixelRect.x), y: Int16(clamping: pixelRect.y),
                                  width: UInt16(clamping: pixelRect.width), height: UInt16(clamping: pixelRect.height))
            XSetClipRectangles(display.handle, gc, 0, 0, &clip, 1, Unsorted)
        } else {
            XSetClipMask(display.handle, gc, 0)
        }
    }

    private func setForeground(_ color: Color) {
        let pixel = pixels.pixel(for: color)
        guard pixel != currentPixel else { return }
        currentPixel = pixel
        XSetForeground(display.handle, gc, pixel)
    }

    /// Whole pixels: edges rounded, so neighbouring rectangles neither overlap nor leave gaps.
    private func snapped(_ rect: Rect) -> (x: Int32, y: Int32, width: UInt32, height: UInt32) {
        let left = clampToInt32(rect.minX.rounded())
        let top = clampToInt32(rect.minY.rounded())
        let right = clampToInt32(rect.maxX.rounded())
        let bottom = clampToInt32(rect.maxY.rounded())
        return (left, top, UInt32(max(0, Int64(right) - Int64(left))), UInt32(max(0, Int64(bottom) - Int64(top))))
    }

    private func clampToInt32(_ value: Double) -> Int32 {
        guard value.isFinite else { return 0 }
        return Int32(max(-32_000, min(32_000, value)))
    }

    /// The core font speaks Latin-1: characters beyond it become '?'.
    private func latin1(_ text: String) -> [CChar] {
        text.unicodeScalars.map { $0.value < 256 ? CChar(bitPattern: UInt8($0.value)) : CChar(UInt8(ascii: "?")) }
    }
}
