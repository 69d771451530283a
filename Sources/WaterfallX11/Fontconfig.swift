import CFontconfig
import CFreetype

// Every fontconfig and FreeType call of the backend outside Xft.swift: the patterns fonts are asked for, and the
// metrics of the font one matches, read without a display (`FontMetrics`). The rest of the backend calls these typed
// wrappers, each named in its doc after the calls it makes.

/// A fontconfig pattern read for a scale: its sizes in points are set at 96 dots per inch times the scale (never
/// the screen's millimetre size, which virtual screens report wrongly), and a size in pixels is multiplied by it.
/// Owns the `FcPattern`.
final class FontPattern {
    /// The default pattern: the desktop's sans-serif face at 10 points (13⅓ px at scale 1).
    static let defaultPattern = "sans-serif:size=10"

    let pointer: OpaquePointer
    /// The pattern as given, for messages.
    let text: String

    /// - Throws: `FontError.invalidPattern` when fontconfig cannot parse `text`.
    init(_ text: String, scale: Double) throws {
        guard let pattern = FcNameParse(text) else { throw FontError.invalidPattern(text) }
        pointer = pattern
        self.text = text
        var pixels = 0.0
        if FcPatternGetDouble(pattern, FC_PIXEL_SIZE, 0, &pixels) == FcResultMatch {
            FcPatternDel(pattern, FC_PIXEL_SIZE)
            FcPatternAddDouble(pattern, FC_PIXEL_SIZE, pixels * scale)
        }
        FcPatternDel(pattern, FC_DPI)
        FcPatternAddDouble(pattern, FC_DPI, 96 * scale)
    }

    /// A copy of `other` (for a fallback query built on it).
    init(copying other: FontPattern) {
        pointer = FcPatternDuplicate(other.pointer)
        text = other.text
    }

    deinit {
        FcPatternDestroy(pointer)
    }

    /// The best installed match, after fontconfig's and the default substitutions (`FcConfigSubstitute`,
    /// `FcDefaultSubstitute`, `FcFontMatch`), as a new pattern the caller destroys. For use without a display; with
    /// one, Xft's `XftFontMatch` also applies the desktop's Xft settings.
    private func bestMatch() throws -> OpaquePointer {
        let query = FcPatternDuplicate(pointer)
        defer { FcPatternDestroy(query) }
        FcConfigSubstitute(nil, query, FcMatchPattern)
        FcDefaultSubstitute(query)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(nil, query, &result), result == FcResultMatch else {
            throw FontError.noFont(pattern: text)
        }
        return match
    }

    /// The ascent and descent of the best installed match (`bestMatch()`), in whole pixels of the pattern's size, read
    /// with FreeType as Xft sizes a face: the match's file and face index (`FC_FILE`, `FC_INDEX`) opened with
    /// `FT_New_Face`, sized with `FT_Set_Char_Size` to its pixel size (`FC_PIXEL_SIZE`, else 10 points at 96 dots per
    /// inch) in 26.6 at 72 dots per inch, where a point is a pixel; both rounded up.
    /// - Throws: `FontError.noFont` when nothing matches, `FontError.cannotOpen` when the match's file cannot be read.
    func bestMatchVerticalMetrics() throws -> (ascent: Double, descent: Double) {
        let match = try bestMatch()
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<FcChar8>?
        var index: Int32 = 0
        var pixels = 0.0
        guard FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file else {
            throw FontError.noFont(pattern: text)
        }
        _ = FcPatternGetInteger(match, FC_INDEX, 0, &index)
        if FcPatternGetDouble(match, FC_PIXEL_SIZE, 0, &pixels) != FcResultMatch { pixels = 96.0 / 72 * 10 }
        let path = String(cString: file)
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw FontError.cannotOpen(file: path, pattern: text)
        }
        defer { FT_Done_FreeType(library) }
        var face: FT_Face?
        guard FT_New_Face(library, path, FT_Long(index), &face) == 0, let face else {
            throw FontError.cannotOpen(file: path, pattern: text)
        }
        defer { FT_Done_Face(face) }
        FT_Set_Char_Size(face, 0, FT_F26Dot6((pixels * 64).rounded()), 72, 72)
        guard let size = face.pointee.size else { throw FontError.cannotOpen(file: path, pattern: text) }
        let metrics = size.pointee.metrics
        return ((Double(metrics.ascender) / 64).rounded(.up), (Double(-metrics.descender) / 64).rounded(.up))
    }
}
