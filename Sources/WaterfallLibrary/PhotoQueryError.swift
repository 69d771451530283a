/// Why a query cannot be read, and where: the column (from 1, in characters as people count them) of the term or
/// value at fault. The filter bar shows it there; `--search` says it on stderr.
public struct PhotoQueryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The column of what is wrong, from 1.
    public var column: Int
    /// What is wrong, in a few words: "rating is 0 to 5 stars, not 7".
    public var message: String

    /// The error at `column`, saying `message`.
    public init(column: Int, _ message: String) {
        self.column = column
        self.message = message
    }

    /// "column 8: rating is 0 to 5 stars, not 7".
    public var description: String { "column \(column): \(message)" }
}
