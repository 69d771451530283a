import Waterfall

/// Draws pictures scaled to fill a rectangle through the X Render extension: the picture's Pixmap sampled through a
/// scaling transform, bilinear (`.smooth`) or nearest neighbour (`.nearest`, each pixel a block with hard edges).
/// Only the part of the rectangle in view is composited, so a picture magnified 8× costs the pixels on screen and
/// no intermediate of its whole size.
final class ScaledImageDraw {
    private let display: Display
    private let images: ImageStore
    /// The Render picture of the drawable drawn into, made the first time a picture is drawn scaled into it.
    private var destination: UInt?
    /// The drawable drawn into, and how many times the server made its pixels anew (see `BackBuffer.generation`).
    private var target: (drawable: UInt, generation: Int) = (0, 0)

    init(display: Display, images: ImageStore) {
        self.display = display
        self.images = images
    }

    deinit {
        if let destination { display.freeRenderPicture(destination) }
    }

    /// Draws into `drawable` from now on: a picture holds the pixels it was made on, so the destination is made anew
    /// when the drawable or its pixels changed.
    func setTarget(_ drawable: UInt, generation: Int) {
        guard target != (drawable, generation) else { return }
        target = (drawable, generation)
        if let destination { display.freeRenderPicture(destination) }
        destination = nil
    }

    /// Draws `image` scaled to fill the whole box from `left`, `top` to `right`, `bottom` (device pixels, edges whole
    /// and possibly far beyond the screen), only its part in `visible` (within the X protocol's 16-bit coordinates).
    func draw(
        _ image: ImageHandle, left: Double, top: Double, right: Double, bottom: Double, visible: PixelBox,
        scaling: ImageScaling
    ) {
        guard scaling != .unscaled, right > left, bottom > top, image.width > 0, image.height > 0,
            let source = images.renderPicture(of: image), let destination = destinationPicture()
        else { return }
        let step = (x: Double(image.width) / (right - left), y: Double(image.height) / (bottom - top))
        display.composite(
            source, into: destination, box: visible, step: step,
            offset: ((Double(visible.x) - left) * step.x, (Double(visible.y) - top) * step.y),
            filter: scaling == .nearest ? "nearest" : "bilinear")
    }

    private func destinationPicture() -> UInt? {
        if let destination { return destination }
        guard let format = display.renderFormat else { return nil }
        destination = display.createRenderPicture(of: target.drawable, format: format, padded: false)
        return destination
    }
}
