import CX11
import CXft
import Waterfall

/// Draws runs of same-coloured work into a drawable: fills with Xlib (one `XFillRectangles`, a PolyFillRectangle
/// request, per colour run, the foreground changed only when the colour changes), text with Xft (one
/// `XftDrawGlyphFontSpec` per colour run, every glyph of every text of the run in it, each from the font that has
/// it). Wrapped in a `BatchingCanvas`, which forms the runs. Coordinates come in points and are drawn at `scale`
/// pixels each.
final class XlibRenderer: BatchDrawingTarget {
    private let display: Display
    /// Held so the window outlives the GCs made for it.
    private let window: Window
    let gc: GC
    /// A GC without a clip, for copies.
    let copyGC: GC
    private let fonts: FontSet
    private let pixels: PixelFormat
    private var currentPixel: UInt?
    private var rectangles: [XRectangle] = []
    private var glyphs: [XftGlyphFontSpec] = []
    /// Xft's colours, made from the visual's masks (no request) the first time each colour draws text.
    private var textColors: [Color: XftColor] = [:]
    /// Xft's handle on `drawable`, made when text is first drawn and moved when the drawable changes.
    private var textDraw: OpaquePointer?
    /// The drawable that calls draw into.
    var drawable: UInt = 0 {
        didSet { if let textDraw, drawable != oldValue { ClientLibraryLock.run { XftDrawChange(textDraw, drawable) } } }
    }
    /// Pixels per point.
    let scale: Double

    /// In points: the primary font's.
    let lineHeight: Double
    let ascent: Double
    var pixelScale: Double { scale }

    init(display: Display, window: Window, pixels: PixelFormat, fonts: FontSet, scale: Double) {
        self.display = display
        self.window = window
        self.pixels = pixels
        self.fonts = fonts
        self.scale = scale
        var values = XGCValues()
        values.graphics_exposures = 0
        gc = XCreateGC(display.handle, window.id, UInt(GCGraphicsExposures), &values)
        copyGC = XCreateGC(display.handle, window.id, UInt(GCGraphicsExposures), &values)
        ascent = fonts.ascent / scale
        lineHeight = (fonts.ascent + fonts.descent) / scale
    }

    deinit {
        ClientLibraryLock.run {
            if let textDraw { XftDrawDestroy(textDraw) }
            for var color in textColors.values { XftColorFree(display.handle, display.visual, display.colormap, &color) }
        }
        XFreeGC(display.handle, copyGC)
        XFreeGC(display.handle, gc)
    }

    func textWidth(_ text: String) -> Double {
        ClientLibraryLock.run { fonts.width(of: text) } / scale
    }

    func fillRectangles(_ rects: [Rect], color: Color) {
        rectangles.removeAll(keepingCapacity: true)
        for rect in rects {
            let box = PixelBox(rect, scale: scale)
            guard box.width > 0, box.height > 0 else { continue }
            rectangles.append(box.xRectangle)
        }
        guard !rectangles.isEmpty else { return }
        setForeground(color)
        XFillRectangles(display.handle, drawable, gc, &rectangles, Int32(rectangles.count))
    }

    func drawTexts(_ texts: [(text: String, origin: Point)], color: Color) {
        ClientLibraryLock.run {
            glyphs.removeAll(keepingCapacity: true)
            for item in texts {
                fonts.appendGlyphs(of: item.text, x: PixelBox.coordinate(item.origin.x * scale),
                                   y: PixelBox.coordinate(item.origin.y * scale), to: &glyphs)
            }
            guard !glyphs.isEmpty, let draw = textDrawHandle() else { return }
            var xftColor = textColor(color)
            XftDrawGlyphFontSpec(draw, &xftColor, &glyphs, Int32(glyphs.count))
        }
    }

    func setClip(_ rect: Rect?) {
        if let rect {
            var clip = PixelBox(rect, scale: scale).xRectangle
            XSetClipRectangles(display.handle, gc, 0, 0, &clip, 1, Unsorted)
            ClientLibraryLock.run { if let draw = textDrawHandle() { XftDrawSetClipRectangles(draw, 0, 0, &clip, 1) } }
        } else {
            XSetClipMask(display.handle, gc, 0)
            if let textDraw { ClientLibraryLock.run { _ = XftDrawSetClip(textDraw, nil) } }
        }
    }

    func copyRect(_ source: Rect, to destination: Point) {
        let box = PixelBox(source, scale: scale)
        guard box.width > 0, box.height > 0 else { return }
        XCopyArea(display.handle, drawable, drawable, copyGC, box.x, box.y, box.width, box.height,
                  PixelBox.coordinate(destination.x * scale), PixelBox.coordinate(destination.y * scale))
    }

    private func setForeground(_ color: Color) {
        let pixel = pixels.pixel(for: color)
        guard pixel != currentPixel else { return }
        currentPixel = pixel
        XSetForeground(display.handle, gc, pixel)
    }

    /// Xft's handle on the drawable, made the first time it is needed. With `ClientLibraryLock` held.
    private func textDrawHandle() -> OpaquePointer? {
        if textDraw == nil { textDraw = XftDrawCreate(display.handle, drawable, display.visual, display.colormap) }
        return textDraw
    }

    /// `color` as Xft takes it, opaque. With `ClientLibraryLock` held.
    private func textColor(_ color: Color) -> XftColor {
        if let known = textColors[color] { return known }
        var value = XRenderColor(red: UInt16(color.red) * 257, green: UInt16(color.green) * 257, blue: UInt16(color.blue) * 257, alpha: 0xFFFF)
        var made = XftColor()
        XftColorAllocValue(display.handle, display.visual, display.colormap, &value, &made)
        textColors[color] = made
        return made
    }
}
