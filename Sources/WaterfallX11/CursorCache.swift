import Waterfall

/// The X cursors of the shapes a view asks for, made from the cursor font (`XCreateFontCursor`) at first use, so
/// that they follow the user's cursor theme (libX11 loads the theme's cursor of the same name through libXcursor
/// when there is one), and freed (`XFreeCursor`) with the cache.
final class CursorCache {
    let display: Display
    private var cursors: [CursorShape: UInt] = [:]
    /// A drag's cursors, by whether the window under the pointer would take the drop.
    private var dragCursors: [Bool: UInt] = [:]

    init(display: Display) {
        self.display = display
    }

    deinit {
        for cursor in cursors.values { display.freeCursor(cursor) }
        for cursor in dragCursors.values { display.freeCursor(cursor) }
    }

    /// The cursor of a drag: `plus` over a window that would take the drop, `circle` (crossed out) elsewhere.
    func dragCursor(accepts: Bool) -> UInt {
        if let cursor = dragCursors[accepts] { return cursor }
        let cursor = display.createFontCursor(accepts ? Display.plusCursorGlyph : Display.circleCursorGlyph)
        dragCursors[accepts] = cursor
        return cursor
    }

    /// The X cursor of `shape`: `hand2` for `.pointingHand`, `watch` for `.busy`, and None (0) for `.default`, so
    /// that the window shows its parent's cursor, the desktop's default.
    func cursor(for shape: CursorShape) -> UInt {
        guard let glyph = Self.glyph(of: shape) else { return 0 }
        if let cursor = cursors[shape] { return cursor }
        let cursor = display.createFontCursor(glyph)
        cursors[shape] = cursor
        return cursor
    }

    /// The cursor font's glyph of `shape` (`XC_hand2`, `XC_watch`), `nil` for the default.
    static func glyph(of shape: CursorShape) -> UInt32? {
        switch shape {
        case .default: return nil
        case .pointingHand: return Display.handCursorGlyph
        case .busy: return Display.watchCursorGlyph
        }
    }
}
