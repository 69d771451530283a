import CX11
import Foundation

/// Sets the format-8 property `name` (of type CARDINAL) of the root window of `display` to `bytes`, as colour
/// management tools publish the display's ICC profile in `_ICC_PROFILE` (xprop cannot: it sets at most 64 items).
/// - Throws: `X11TestError` when the display cannot be opened.
public func setRootProperty(_ name: String, to bytes: [UInt8], display displayName: String) throws {
    guard let display = XOpenDisplay(displayName) else {
        throw X11TestError("cannot open \(displayName) to set \(name)")
    }
    defer { XCloseDisplay(display) }
    let property = XInternAtom(display, name, 0)
    bytes.withUnsafeBufferPointer { buffer in
        _ = XChangeProperty(
            display, XDefaultRootWindow(display), property, Atom(XA_CARDINAL), 8, PropModeReplace,
            buffer.baseAddress, Int32(buffer.count))
    }
    XSync(display, 0)
}
