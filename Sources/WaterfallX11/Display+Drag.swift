import CX11
import CXrender

// The libX11 and Render calls of drag and drop (XDND), as Xlib.swift keeps the rest: the messages, the look-up of the
// window under the pointer, the keyboard's grab, the drop's conversion and the drag's picture.

extension Display {
    /// Sends `window` a format-32 client message of `type` with `longs` (five items), to the window's owner only
    /// (`XSendEvent` with no event mask), as XDND's messages go.
    func sendClientMessage(to window: UInt, type: Atom, longs: [UInt]) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = window
        event.xclient.message_type = type
        event.xclient.format = 32
        let items = (longs + [0, 0, 0, 0, 0]).map { Int(bitPattern: $0) }
        event.xclient.data.l = (items[0], items[1], items[2], items[3], items[4])
        XSendEvent(handle, window, 0, NoEventMask, &event)
    }

    /// The window under the root position (`x`, `y`) that takes drops: going down from the root through the child
    /// under the point (`XTranslateCoordinates`), the first whose `XdndAware` property names a version (a window
    /// manager's frame has none; the program's window inside it has), with that version; `nil` when none does. A
    /// round trip or two a level: for a drag's motion, not a frame.
    func dropTarget(atRootX x: Int, y: Int) -> (window: UInt, version: UInt)? {
        var window = root
        for _ in 0..<8 {
            var child: UInt = 0
            var childX: Int32 = 0
            var childY: Int32 = 0
            guard
                XTranslateCoordinates(
                    handle, root, window, Int32(clamping: x), Int32(clamping: y), &childX, &childY, &child) != 0,
                child != 0
            else { return nil }
            window = child
            if let version = longProperty(atoms.xdnd.aware, of: window, maximumLongs: 1)?.first {
                return (window, version)
            }
        }
        return nil
    }

    /// Takes the keyboard for `window` at the server `time` (`XGrabKeyboard`, asynchronous), so that Escape reaches it
    /// wherever the pointer is; whether the server gave it.
    func grabKeyboard(for window: UInt, time: XTimestamp) -> Bool {
        XGrabKeyboard(handle, window, 0, GrabModeAsync, GrabModeAsync, time) == GrabSuccess
    }

    /// Gives the keyboard back (`XUngrabKeyboard`).
    func ungrabKeyboard(time: XTimestamp) {
        XUngrabKeyboard(handle, time)
    }

    /// Asks the owner of `selection` for it as `target` into `property` of `window`, at the server `time`
    /// (`XConvertSelection`); the answer is a SelectionNotify.
    func convertSelection(_ selection: Atom, to target: Atom, into property: Atom, of window: UInt, time: XTimestamp) {
        XConvertSelection(handle, selection, target, property, window, time)
    }

    /// A window for a drag's picture: `picture` (a Render picture of `pictureSize` pixels) scaled to `size`, with a
    /// white border of a pixel, above every window and left alone by the window manager (`override_redirect`,
    /// `save_under`), unmapped. The server keeps the picture as the window's background, so it needs no drawing.
    func createDragPictureWindow(
        picture: UInt, pictureSize: (width: Int, height: Int), size: (width: UInt32, height: UInt32)
    ) -> UInt {
        let width = max(1, size.width)
        let height = max(1, size.height)
        let pixmap = XCreatePixmap(handle, root, width, height, UInt32(connection.depth))
        defer { XFreePixmap(handle, pixmap) }
        if let format = renderFormat {
            let destination = createRenderPicture(of: pixmap, format: format, padded: false)
            composite(
                picture, into: destination, box: PixelBox(x: 0, y: 0, width: width, height: height),
                step: (Double(pictureSize.width) / Double(width), Double(pictureSize.height) / Double(height)),
                offset: (0, 0), filter: "bilinear")
            freeRenderPicture(destination)
        }
        var attributes = XSetWindowAttributes()
        attributes.background_pixmap = pixmap
        attributes.border_pixel = 0xFF_FFFF
        attributes.override_redirect = 1
        attributes.save_under = 1
        let mask = CWBackPixmap | CWBorderPixel | CWOverrideRedirect | CWSaveUnder
        return XCreateWindow(
            handle, root, -1000, -1000, width, height, 1, connection.depth, UInt32(InputOutput),
            UnsafeMutablePointer<Visual>(connection.visual), UInt(mask), &attributes)
    }

    /// Moves `window` to (`x`, `y`) on the root, above its siblings, and shows it (`XMoveWindow`, `XRaiseWindow`,
    /// `XMapWindow`).
    func moveAndShow(_ window: UInt, x: Int, y: Int) {
        XMoveWindow(handle, window, Int32(clamping: x), Int32(clamping: y))
        XMapRaised(handle, window)
    }
}
