/// One picture of a window's icon (`_NET_WM_ICON`): `width` × `height` pixels, row by row from the top-left, each
/// `0xAARRGGBB` with straight (not premultiplied) alpha, as EWMH has them. A window usually gets the same picture at
/// a few sizes (16, 32 and 48 px), of which the window manager and the task bar pick the one they show.
public struct WindowIcon: Hashable, Sendable {
    /// The largest side an icon may have: more than any desktop shows, and several such icons still fit in one request.
    public static let maximumSide = 512

    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// `width` × `height` pixels, `0xAARRGGBB`, row by row from the top-left.
    public let pixels: [UInt32]

    /// A picture of `width` × `height` `pixels`; `nil` unless both sides are 1 to `maximumSide` and there are exactly
    /// `width` × `height` pixels.
    public init?(width: Int, height: Int, pixels: [UInt32]) {
        guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height),
            pixels.count == width * height
        else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The value of `_NET_WM_ICON` for `icons`: for each, its width, its height and its pixels, one C long each (the
    /// form Xlib takes format-32 data in; the server stores 32 bits of each).
    static func propertyValue(of icons: [WindowIcon]) -> [Int] {
        var values: [Int] = []
        values.reserveCapacity(icons.reduce(0) { $0 + 2 + $1.pixels.count })
        for icon in icons {
            values.append(icon.width)
            values.append(icon.height)
            values.append(contentsOf: icon.pixels.lazy.map { Int($0) })
        }
        return values
    }
}

extension Window {
    /// Sets `_NET_WM_ICON` to `icons` (deletes it for none); returns false, and changes nothing, when they together
    /// exceed the largest request the server takes.
    func setIcons(_ icons: [WindowIcon]) -> Bool {
        let value = WindowIcon.propertyValue(of: icons)
        // ChangeProperty's header: 6 or 7 words
        guard value.count + 7 <= display.maximumRequestLength else { return false }
        setIcon(value)
        return true
    }
}

extension WaterfallWindow {
    /// Sets the window's icon (`_NET_WM_ICON`): the same picture at a few sizes, of which the window manager and the
    /// task bar pick the one they show; an empty list removes it. Returns false, and changes nothing, when the icons
    /// together exceed the largest request the server takes. Pass the first icons to `init(icons:)` instead, so that
    /// the window manager finds them when it manages the window.
    @discardableResult
    public func setIcons(_ icons: [WindowIcon]) -> Bool {
        window.setIcons(icons)
    }
}
