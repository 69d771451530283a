import CFontconfig
import CFreetype

/// The vertical metrics of the font a fontconfig pattern names, in points at scale 1, read with fontconfig and
/// FreeType without a display: what a layout needs before any window exists (the `layout` subcommand), and what a
/// window at any scale lays out with, so that a window at 200 % shows the layout of one at 100 %, doubled.
public struct FontMetrics: Equatable, Sendable {
    /// From a line's top to its baseline, in whole points (FreeType rounds it up).
    public var ascent: Double
    /// From the baseline to the line's bottom, in whole points (FreeType rounds it down).
    public var descent: Double
    /// The height of one line: ascent plus descent.
    public var lineHeight: Double { ascent + descent }

    /// Metrics given directly.
    public init(ascent: Double, descent: Double) {
        self.ascent = ascent
        self.descent = descent
    }

    /// The metrics of the font `pattern` matches at scale 1 (`FontPattern.defaultPattern` when it is `nil`).
    /// - Throws: `FontError` when the pattern cannot be read, no font matches it, or its file cannot be opened.
    public init(pattern: String? = nil) throws {
        let request = try FontPattern(pattern ?? FontPattern.defaultPattern, scale: 1)
        let match = try request.bestMatch()
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<FcChar8>?
        var index: Int32 = 0
        var pixels = 0.0
        guard FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file else {
            throw FontError.noFont(pattern: request.text)
        }
        _ = FcPatternGetInteger(match, FC_INDEX, 0, &index)
        if FcPatternGetDouble(match, FC_PIXEL_SIZE, 0, &pixels) != FcResultMatch { pixels = 96.0 / 72 * 10 }
        let path = String(cString: file)
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw FontError.cannotOpen(file: path, pattern: request.text)
        }
        defer { FT_Done_FreeType(library) }
        var face: FT_Face?
        guard FT_New_Face(library, path, FT_Long(index), &face) == 0, let face else {
            throw FontError.cannotOpen(file: path, pattern: request.text)
        }
        defer { FT_Done_Face(face) }
        // As Xft sizes a face: the pixel size in 26.6 at 72 dots per inch, where a point is a pixel.
        FT_Set_Char_Size(face, 0, FT_F26Dot6((pixels * 64).rounded()), 72, 72)
        guard let size = face.pointee.size else { throw FontError.cannotOpen(file: path, pattern: request.text) }
        let metrics = size.pointee.metrics
        self.init(
            ascent: (Double(metrics.ascender) / 64).rounded(.up),
            descent: (Double(-metrics.descender) / 64).rounded(.up))
    }
}
