import Waterfall

/// The pictures a window's cells draw (`Canvas.drawImage(_:in:)`), each uploaded to the server once into a Pixmap
/// of its own and drawn with one `XCopyArea`: what `WaterfallWindow.addImage(pixels:width:height:)` made, until
/// `removeImage(_:)`. Uploads go through shared memory when the server has MIT-SHM (`SharedMemoryUploads`), else,
/// or while its segments are all busy, with `XPutImage`; neither waits for the server. A picture drawn scaled gets a
/// Render picture of its Pixmap too (`renderPicture(of:)`), freed with it.
final class ImageStore {
    private let display: Display
    private let window: Window
    private let pixels: PixelFormat
    private let gc: GraphicsContext
    private var pixmaps: [Int: UInt] = [:]
    /// The Render pictures of the Pixmaps drawn scaled, by handle id.
    private var renderPictures: [Int: UInt] = [:]
    private var nextID = 1
    /// The bytes the server holds for the pictures (4 a pixel).
    private(set) var byteCount = 0
    /// How the pictures were uploaded so far.
    private(set) var uploads = ImageUploads()

    init(display: Display, window: Window, pixels: PixelFormat) {
        self.display = display
        self.window = window
        self.pixels = pixels
        gc = GraphicsContext(display: display, drawable: window.id)
        display.prepareSharedMemoryUploads()
    }

    deinit {
        for picture in renderPictures.values { display.freeRenderPicture(picture) }
        for pixmap in pixmaps.values { display.freePixmap(pixmap) }
    }

    /// Uploads `rgb` (`0xRRGGBB` pixels, `width` × `height`) into a new Pixmap and returns its handle.
    func add(_ rgb: [UInt32], width: Int, height: Int) -> ImageHandle {
        let pixmap = display.createPixmap(for: window.id, width: UInt32(max(1, width)), height: UInt32(max(1, height)))
        let server = pixels.serverPixels(rgb)
        if let shared = display.sharedMemoryUploads,
            gc.put(server, width: width, height: height, into: pixmap, through: shared)
        {
            uploads.sharedMemory += 1
        } else {
            gc.put(server, width: width, height: height, into: pixmap, connection: display.connection)
            uploads.putImage += 1
        }
        let handle = ImageHandle(id: nextID, width: width, height: height)
        nextID += 1
        pixmaps[handle.id] = pixmap
        byteCount += width * height * 4
        return handle
    }

    /// Frees the picture's Pixmap; drawing the handle afterwards draws nothing.
    func remove(_ handle: ImageHandle) {
        guard let pixmap = pixmaps.removeValue(forKey: handle.id) else { return }
        if let picture = renderPictures.removeValue(forKey: handle.id) { display.freeRenderPicture(picture) }
        display.freePixmap(pixmap)
        byteCount -= handle.width * handle.height * 4
    }

    /// The Pixmap of `handle`, if it is still held.
    func pixmap(of handle: ImageHandle) -> UInt? { pixmaps[handle.id] }

    /// The Render picture of `handle`'s Pixmap, its edges padded, made the first time it is asked; `nil` when the
    /// picture is not held or the visual has no Render format.
    func renderPicture(of handle: ImageHandle) -> UInt? {
        if let picture = renderPictures[handle.id] { return picture }
        guard let pixmap = pixmaps[handle.id], let format = display.renderFormat else { return nil }
        let picture = display.createRenderPicture(of: pixmap, format: format, padded: true)
        renderPictures[handle.id] = picture
        return picture
    }
}

extension PixelFormat {
    /// `rgb` (`0xRRGGBB` each) as the visual's pixel values: the same values for the usual 24-bit TrueColor masks.
    func serverPixels(_ rgb: [UInt32]) -> [UInt32] {
        if pixel(for: Color(rgb: 0xFF0000)) == 0xFF0000, pixel(for: Color(rgb: 0x00FF00)) == 0x00FF00,
            pixel(for: Color(rgb: 0x0000FF)) == 0x0000FF
        {
            return rgb
        }
        return rgb.map { UInt32(truncatingIfNeeded: pixel(for: Color(rgb: $0))) }
    }
}
