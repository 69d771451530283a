import CX11
import CXrender

/// The X Render extension's pictures, through which pictures are drawn scaled: `XRenderComposite` samples a source
/// picture through a transform and a filter, and computes only the destination rectangle it is given. Render is
/// registered on the connection before Xft (`registerRenderBeforeXft`), so these calls need no `ClientLibraryLock`.
extension Display {
    /// The Render format of the screen's visual (`XRenderFindVisualFormat`): the window's, its back buffer's and its
    /// pictures' Pixmaps'.
    var renderFormat: UnsafeMutablePointer<XRenderPictFormat>? {
        XRenderFindVisualFormat(handle, UnsafeMutablePointer<Visual>(connection.visual))
    }

    /// A Render picture of `drawable` (`XRenderCreatePicture`); with `padded`, a sample beyond its edges takes the
    /// nearest edge pixel's colour (`RepeatPad`), so a smoothed picture's border is not blended with black.
    func createRenderPicture(of drawable: UInt, format: UnsafeMutablePointer<XRenderPictFormat>, padded: Bool) -> UInt {
        var attributes = XRenderPictureAttributes()
        attributes.repeat = padded ? RepeatPad : RepeatNone
        return XRenderCreatePicture(handle, drawable, format, UInt(CPRepeat), &attributes)
    }

    /// `XRenderFreePicture`; nothing on a lost connection.
    func freeRenderPicture(_ picture: UInt) {
        if !isConnectionLost { XRenderFreePicture(handle, picture) }
    }

    /// Copies `source` into `destination` at `box` (whole pixels): destination pixel (x, y) shows the source at
    /// ((x - box.x) × `step.x` + `offset.x`, (y - box.y) × `step.y` + `offset.y`), sampled with `filter` ("nearest",
    /// "bilinear"): `XRenderSetPictureTransform`, `XRenderSetPictureFilter`, then one `XRenderComposite` (`PictOpSrc`).
    func composite(
        _ source: UInt, into destination: UInt, box: PixelBox, step: (x: Double, y: Double),
        offset: (x: Double, y: Double),
        filter: String
    ) {
        func fixed(_ value: Double) -> XFixed { XFixed((value * 65536).rounded()) }
        var transform = XTransform(
            matrix: ((fixed(step.x), 0, fixed(offset.x)), (0, fixed(step.y), fixed(offset.y)), (0, 0, fixed(1))))
        XRenderSetPictureTransform(handle, source, &transform)
        filter.withCString { XRenderSetPictureFilter(handle, source, $0, nil, 0) }
        XRenderComposite(handle, PictOpSrc, source, 0, destination, 0, 0, 0, 0, box.x, box.y, box.width, box.height)
    }
}
