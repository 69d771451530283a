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
        let (ascent, descent) = try request.bestMatchVerticalMetrics()
        self.init(ascent: ascent, descent: descent)
    }
}
