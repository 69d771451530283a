import CFontconfig
import CX11
import CXft
import CXrender
import Waterfall

// Every Xft and X Render call of the backend: the fonts (`FontSet`), the text drawn with them (`TextDraw`), and
// Render's registration on a new connection. Xft and FreeType have no locks: every call here runs under
// `ClientLibraryLock` (see ClientLibraryLock.swift).

extension Display {
    /// Registers the Render extension's client library on `connection`, which must be new: before anything uses Xft.
    ///
    /// `XCloseDisplay` runs the libraries' close hooks newest first, and Xft's hook frees the fonts it keeps for
    /// reuse through Render. Xft registers its own hook before it first asks for Render, so on its own Render's
    /// hook would run first, and Xft's freeing would register Render on the closing connection again. That record
    /// outlives the connection: the next display that `XOpenDisplay` allocates at the same address inherits it,
    /// and Xft then sends requests with the freed record's opcode (`BadRequest`, `BadLength`, or a hang).
    /// Registered here first, Render's hook runs last. Under `ClientLibraryLock`, as every first extension call.
    static func registerRenderBeforeXft(on connection: XlibConnection) {
        var eventBase: Int32 = 0
        var errorBase: Int32 = 0
        _ = ClientLibraryLock.run { XRenderQueryExtension(connection.handle, &eventBase, &errorBase) }
    }
}

/// The fonts text is drawn in on one display at one scale, as dwm's and st's `drw.c` keep them: the primary font a
/// pattern names, and the fallback fonts found for the characters it lacks (a fontconfig match for a pattern with
/// the character in its charset). Each character's answer is cached, "no font has it" included, so a character is
/// looked up once. A character meant to be shown as a colour emoji looks for a colour font first.
///
/// Xft and FreeType have no locks: a font set belongs to one thread, the window's, and every Xft call runs under
/// `ClientLibraryLock` (the init and deinit take it; the other methods are called with it held, by `TextDraw` and `XlibRenderer`).
final class FontSet {
    /// A character's glyph: which font, its index in that font, and its advance in pixels.
    struct Glyph {
        var font: Int
        var index: FT_UInt
        var advance: Int32
    }

    private let display: Display
    private let pattern: FontPattern
    /// The primary font first, then each fallback as it was found.
    private(set) var fonts: [UnsafeMutablePointer<XftFont>] = []
    /// The files of `fonts`, so that a fallback already open is not opened twice.
    private var files: [String] = []
    /// The glyphs of the ASCII characters (most text), then of the others.
    private var asciiGlyphs = [Glyph?](repeating: nil, count: 128)
    private var otherGlyphs: [UInt32: Glyph] = [:]

    /// The primary font's ascent and descent, in pixels.
    let ascent: Double
    let descent: Double

    /// Opens the font `pattern` matches at `scale` on `display`, with the desktop's Xft settings (antialiasing,
    /// hinting, subpixel order) applied by `XftFontMatch`.
    /// - Throws: `FontError` when the pattern cannot be read or no font matches it.
    init(display: Display, pattern text: String, scale: Double) throws {
        self.display = display
        pattern = try FontPattern(text, scale: scale)
        let pattern = pattern
        guard let primary = ClientLibraryLock.run({ Self.open(pattern.pointer, on: display) }) else {
            throw FontError.noFont(pattern: text)
        }
        fonts = [primary.font]
        files = [primary.file]
        ascent = Double(primary.font.pointee.ascent)
        descent = Double(primary.font.pointee.descent)
    }

    deinit {
        // On a lost connection libX11 sends nothing more (see `Display.isConnectionLost`): the fonts' few bytes here
        // are left rather than queue requests that can never leave.
        guard !display.isConnectionLost else { return }
        ClientLibraryLock.run { for font in fonts { XftFontClose(display.handle, font) } }
    }

    /// The glyph that shows `scalar`: from the first font that has it, a fallback found for it, or the primary
    /// font's "missing" glyph when no installed font has it. With `ClientLibraryLock` held.
    func glyph(for scalar: Unicode.Scalar) -> Glyph {
        let value = scalar.value
        if value < 128, let glyph = asciiGlyphs[Int(value)] { return glyph }
        if value >= 128, let glyph = otherGlyphs[value] { return glyph }
        let font = fontIndex(for: scalar)
        var index = XftCharIndex(display.handle, fonts[font], value)
        var info = XGlyphInfo()
        XftGlyphExtents(display.handle, fonts[font], &index, 1, &info)
        let glyph = Glyph(font: font, index: index, advance: Int32(info.xOff))
        if value < 128 { asciiGlyphs[Int(value)] = glyph } else { otherGlyphs[value] = glyph }
        return glyph
    }

    /// The advance of `text` in pixels: its glyphs' advances, each character from the font that has it. With
    /// `ClientLibraryLock` held.
    func width(of text: String) -> Double {
        var width: Int32 = 0
        for scalar in text.unicodeScalars { width &+= glyph(for: scalar).advance }
        return Double(width)
    }

    /// The font that has `scalar`: one already open, or a fallback found and opened now; the primary when none has it.
    private func fontIndex(for scalar: Unicode.Scalar) -> Int {
        let wantsColour = scalar.properties.isEmojiPresentation
        if !wantsColour, let open = fonts.firstIndex(where: { XftCharExists(display.handle, $0, scalar.value) != 0 }) {
            return open
        }
        if let found = fallback(for: scalar, colour: wantsColour)
            ?? (wantsColour ? fallback(for: scalar, colour: false) : nil)
        {
            return found
        }
        return fonts.firstIndex { XftCharExists(display.handle, $0, scalar.value) != 0 } ?? 0
    }

    /// A font with `scalar` (a colour one when `colour`), matched for the primary pattern plus the character, as
    /// drw.c does; opened unless it is open already. `nil` when the best match lacks the character.
    private func fallback(for scalar: Unicode.Scalar, colour: Bool) -> Int? {
        let query = FontPattern(copying: pattern)
        let charset = FcCharSetCreate()
        defer { FcCharSetDestroy(charset) }
        FcCharSetAddChar(charset, scalar.value)
        FcPatternAddCharSet(query.pointer, FC_CHARSET, charset)
        FcPatternAddBool(query.pointer, FC_SCALABLE, 1)
        if colour { FcPatternAddBool(query.pointer, FC_COLOR, 1) }
        guard let found = Self.open(query.pointer, on: display) else { return nil }
        if let open = files.firstIndex(of: found.file) {
            XftFontClose(display.handle, found.font)
            return XftCharExists(display.handle, fonts[open], scalar.value) != 0 ? open : nil
        }
        guard XftCharExists(display.handle, found.font, scalar.value) != 0,
            !colour || Self.isColour(found.font)
        else {
            XftFontClose(display.handle, found.font)
            return nil
        }
        fonts.append(found.font)
        files.append(found.file)
        return fonts.count - 1
    }

    /// Opens the best match for `request` with the desktop's Xft settings, and names its file.
    private static func open(
        _ request: OpaquePointer, on display: Display
    ) -> (font: UnsafeMutablePointer<XftFont>, file: String)? {
        let query = FcPatternDuplicate(request)
        defer { FcPatternDestroy(query) }
        FcConfigSubstitute(nil, query, FcMatchPattern)
        FcDefaultSubstitute(query)
        var result = FcResultNoMatch
        guard let match = XftFontMatch(display.handle, display.connection.screen, query, &result) else { return nil }
        var file: UnsafeMutablePointer<FcChar8>?
        let path =
            FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch ? file.map { String(cString: $0) } ?? "" : ""
        // XftFontOpenPattern takes the match and frees it with the font (or on failure).
        guard let font = XftFontOpenPattern(display.handle, match) else { return nil }
        return (font, path)
    }

    /// Whether `font` is a colour font (an emoji font of colour bitmaps or layers).
    private static func isColour(_ font: UnsafeMutablePointer<XftFont>) -> Bool {
        var colour: FcBool = 0
        return FcPatternGetBool(font.pointee.pattern, FC_COLOR, 0, &colour) == FcResultMatch && colour != 0
    }
}

/// Xft's handle on a drawable (`XftDrawCreate`), and the colours text is drawn in: draws runs of glyphs from a
/// `FontSet`, each in the font that has it, one `XftDrawGlyphFontSpec` per run. Every method takes
/// `ClientLibraryLock` itself.
final class TextDraw {
    private let display: Display
    private let fonts: FontSet
    private var draw: OpaquePointer?
    private var glyphs: [XftGlyphFontSpec] = []
    /// Xft's colours, made from the visual's masks (no request) the first time each colour draws text.
    private var colors: [Color: XftColor] = [:]
    /// The drawable text goes into, and how many times the server made its pixels anew.
    private var target: (drawable: UInt, generation: Int) = (0, 0)

    init(display: Display, fonts: FontSet) {
        self.display = display
        self.fonts = fonts
    }

    deinit {
        guard !display.isConnectionLost else { return }  // as `FontSet`'s
        ClientLibraryLock.run {
            if let draw { XftDrawDestroy(draw) }
            for var color in colors.values {
                XftColorFree(display.handle, visual, display.connection.colormap, &color)
            }
        }
    }

    /// Draws into `drawable` from now on, whose pixels the server made anew `generation` times. When either changed,
    /// Xft's handle lets go of its picture (`XftDrawChange`, which frees it): a picture holds the pixels it was made
    /// on, so after an Xdbe buffer's resize the old one would draw text where nothing shows. The next text makes a
    /// new picture, with the clip rectangles set before.
    func setTarget(_ drawable: UInt, generation: Int) {
        guard target != (drawable, generation) else { return }
        target = (drawable, generation)
        if let draw { ClientLibraryLock.run { XftDrawChange(draw, drawable) } }
    }

    private var visual: UnsafeMutablePointer<Visual> { UnsafeMutablePointer<Visual>(display.connection.visual) }

    /// Draws `texts` in `color`, each with its baseline starting at its origin in pixels, in one
    /// `XftDrawGlyphFontSpec`.
    func drawTexts(_ texts: [(text: String, x: Int32, y: Int32)], color: Color) {
        ClientLibraryLock.run {
            glyphs.removeAll(keepingCapacity: true)
            for item in texts {
                var pen = item.x
                for scalar in item.text.unicodeScalars {
                    let glyph = fonts.glyph(for: scalar)
                    glyphs.append(
                        XftGlyphFontSpec(
                            font: fonts.fonts[glyph.font], glyph: glyph.index,
                            x: Int16(clamping: pen), y: Int16(clamping: item.y)))
                    pen &+= glyph.advance
                }
            }
            guard !glyphs.isEmpty, let draw = handle() else { return }
            var xftColor = xftColor(color)
            XftDrawGlyphFontSpec(draw, &xftColor, &glyphs, Int32(glyphs.count))
        }
    }

    /// Clips text to `box` (`XftDrawSetClipRectangles`), or not at all for `nil` (`XftDrawSetClip`).
    func setClip(_ box: PixelBox?) {
        ClientLibraryLock.run {
            if var clip = box.map(XRectangle.init) {
                if let draw = handle() { XftDrawSetClipRectangles(draw, 0, 0, &clip, 1) }
            } else if let draw {
                _ = XftDrawSetClip(draw, nil)
            }
        }
    }

    /// Xft's handle on the drawable, made the first time it is needed. With `ClientLibraryLock` held.
    private func handle() -> OpaquePointer? {
        if draw == nil { draw = XftDrawCreate(display.handle, target.drawable, visual, display.connection.colormap) }
        return draw
    }

    /// `color` as Xft takes it, opaque (`XftColorAllocValue`). With `ClientLibraryLock` held.
    private func xftColor(_ color: Color) -> XftColor {
        if let known = colors[color] { return known }
        var value = XRenderColor(
            red: UInt16(color.red) * 257, green: UInt16(color.green) * 257, blue: UInt16(color.blue) * 257,
            alpha: 0xFFFF)
        var made = XftColor()
        XftColorAllocValue(display.handle, visual, display.connection.colormap, &value, &made)
        colors[color] = made
        return made
    }
}
