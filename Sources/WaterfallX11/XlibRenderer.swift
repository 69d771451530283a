import Waterfall

/// Draws runs of same-coloured work into a drawable: fills with Xlib (one `XFillRectangles`, a PolyFillRectangle
/// request, per colour run, the foreground changed only when the colour changes), text with Xft (one
/// `XftDrawGlyphFontSpec` per colour run, every glyph of every text of the run in it, each from the font that has
/// it), pictures with `XCopyArea`, or through X Render when drawn scaled (`ScaledImageDraw`). Wrapped in a `BatchingCanvas`, which forms the runs. Coordinates come in points and are drawn at `scale`
/// pixels each.
final class XlibRenderer: BatchDrawingTarget {
    /// Held so the window outlives the GCs made for it.
    private let window: Window
    private let gc: GraphicsContext
    /// A GC without a clip, for copies (and the back buffer's presents).
    let copyGC: GraphicsContext
    private let fonts: FontSet
    private let text: TextDraw
    /// The pictures the cells draw.
    let images: ImageStore
    private let scaledImages: ScaledImageDraw
    private let pixels: PixelFormat
    private var currentPixel: UInt?
    private var boxes: [PixelBox] = []
    private var texts: [(text: String, x: Int32, y: Int32)] = []
    /// The clip of later fills, texts and pictures, in device pixels.
    private var clip: PixelBox?
    /// What the frame drew so far: what presenting it must show.
    var damage = FrameDamage()
    /// The drawable that calls draw into.
    private(set) var drawable: UInt = 0

    /// Draws into `drawable` from now on, whose pixels the server made anew `generation` times (see
    /// `BackBuffer.generation`): text is drawn through a new picture whenever either changed.
    func setTarget(_ drawable: UInt, generation: Int) {
        self.drawable = drawable
        text.setTarget(drawable, generation: generation)
        scaledImages.setTarget(drawable, generation: generation)
    }
    /// Pixels per point.
    let scale: Double

    /// In points: the primary font's.
    let lineHeight: Double
    let ascent: Double
    var pixelScale: Double { scale }

    init(display: Display, window: Window, pixels: PixelFormat, fonts: FontSet, scale: Double) {
        self.window = window
        self.pixels = pixels
        self.fonts = fonts
        self.scale = scale
        gc = GraphicsContext(display: display, drawable: window.id)
        copyGC = GraphicsContext(display: display, drawable: window.id)
        text = TextDraw(display: display, fonts: fonts)
        images = ImageStore(display: display, window: window, pixels: pixels)
        scaledImages = ScaledImageDraw(display: display, images: images)
        ascent = fonts.ascent / scale
        lineHeight = (fonts.ascent + fonts.descent) / scale
    }

    func textWidth(_ text: String) -> Double {
        ClientLibraryLock.run { fonts.width(of: text) } / scale
    }

    func fillRectangles(_ rects: [Rect], color: Color) {
        boxes.removeAll(keepingCapacity: true)
        for rect in rects {
            let box = PixelBox(rect, scale: scale)
            if box.width > 0, box.height > 0 {
                boxes.append(box)
                damage.add(box, clippedTo: clip)
            }
        }
        guard !boxes.isEmpty else { return }
        setForeground(color)
        gc.fill(boxes, in: drawable)
    }

    func drawTexts(_ texts: [(text: String, origin: Point)], color: Color) {
        self.texts.removeAll(keepingCapacity: true)
        for item in texts {
            self.texts.append(
                (item.text, PixelBox.coordinate(item.origin.x * scale), PixelBox.coordinate(item.origin.y * scale)))
        }
        if let clip { damage.add(clip) } else { damage.addWhole() }
        text.drawTexts(self.texts, color: color)
    }

    func drawImages(_ images: [(image: ImageHandle, rect: Rect, scaling: ImageScaling)]) {
        for (image, rect, scaling) in images {
            guard scaling == .unscaled else {
                drawScaled(image, in: rect, scaling: scaling)
                continue
            }
            guard let pixmap = self.images.pixmap(of: image) else { continue }
            let box = PixelBox(rect, scale: scale)
            let width = min(UInt32(image.width), box.width)
            let height = min(UInt32(image.height), box.height)
            guard width > 0, height > 0 else { continue }
            gc.copy(PixelBox(x: 0, y: 0, width: width, height: height), from: pixmap, to: drawable, x: box.x, y: box.y)
            damage.add(PixelBox(x: box.x, y: box.y, width: width, height: height), clippedTo: clip)
        }
    }

    /// Draws `image` scaled to fill `rect`, only its part under the clip and within the X protocol's coordinates:
    /// `rect` in pixels may be far larger than the screen (a photo magnified 8×), so its edges are not clamped.
    private func drawScaled(_ image: ImageHandle, in rect: Rect, scaling: ImageScaling) {
        let left = (rect.minX * scale).rounded()
        let top = (rect.minY * scale).rounded()
        let right = (rect.maxX * scale).rounded()
        let bottom = (rect.maxY * scale).rounded()
        var minX = max(left, 0)
        var minY = max(top, 0)
        var maxX = min(right, 32_000)
        var maxY = min(bottom, 32_000)
        if let clip {
            minX = max(minX, Double(clip.x))
            minY = max(minY, Double(clip.y))
            maxX = min(maxX, Double(clip.x) + Double(clip.width))
            maxY = min(maxY, Double(clip.y) + Double(clip.height))
        }
        guard maxX > minX, maxY > minY else { return }
        let visible = PixelBox(x: Int32(minX), y: Int32(minY), width: UInt32(maxX - minX), height: UInt32(maxY - minY))
        scaledImages.draw(image, left: left, top: top, right: right, bottom: bottom, visible: visible, scaling: scaling)
        damage.add(visible)
    }

    func setClip(_ rect: Rect?) {
        let box = rect.map { PixelBox($0, scale: scale) }
        clip = box
        gc.setClip(box)
        text.setClip(box)
    }

    func copyRect(_ source: Rect, to destination: Point) {
        let box = PixelBox(source, scale: scale)
        guard box.width > 0, box.height > 0 else { return }
        let x = PixelBox.coordinate(destination.x * scale)
        let y = PixelBox.coordinate(destination.y * scale)
        copyGC.copy(box, from: drawable, to: drawable, x: x, y: y)
        damage.add(PixelBox(x: x, y: y, width: box.width, height: box.height))
    }

    private func setForeground(_ color: Color) {
        let pixel = pixels.pixel(for: color)
        guard pixel != currentPixel else { return }
        currentPixel = pixel
        gc.setForeground(pixel)
    }
}
