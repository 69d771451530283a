import CFontconfig
import CFreetype

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

    /// The best installed match, after fontconfig's and the default substitutions, as a new pattern the caller
    /// destroys. For use without a display; with one, Xft's `XftFontMatch` also applies the desktop's Xft settings.
    func bestMatch() throws -> OpaquePointer {
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
}
