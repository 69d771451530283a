/// Why a font could not be used.
public enum FontError: Error, Equatable, CustomStringConvertible {
    /// fontconfig could not read the pattern.
    case invalidPattern(String)
    /// No installed font matches the pattern.
    case noFont(pattern: String)
    /// The font file fontconfig chose could not be opened.
    case cannotOpen(file: String, pattern: String)

    public var description: String {
        switch self {
        case .invalidPattern(let pattern):
            return
                "the font pattern '\(pattern)' cannot be read; it must be a fontconfig pattern such as 'sans-serif:size=10'"
        case .noFont(let pattern):
            return "no installed font matches '\(pattern)'"
        case .cannotOpen(let file, let pattern):
            return "the font file \(file), which '\(pattern)' matches, cannot be opened"
        }
    }
}
