import GRDB
import GRDBSQLite

/// The columns of the row a statement is at, read with SQLite's own calls: a launch reads a million photos' rows, and
/// GRDB's `Row` costs an object for each blob and a type check for each optional column. The index's only file that
/// calls SQLite itself.
struct StatementColumns {
    private let statement: SQLiteStatement

    /// The columns of `statement`'s current row: valid while a cursor over it stands on a row.
    init(_ statement: Statement) {
        self.statement = statement.sqliteStatement
    }

    /// Whether the column holds NULL.
    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

    /// The column as an integer; 0 for NULL.
    func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(statement, column)) }

    /// The column as a floating-point number; 0 for NULL.
    func double(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }

    /// The column as text (UTF-8, each invalid byte U+FFFD); `nil` for NULL.
    func text(_ column: Int32) -> String? {
        guard let text = sqlite3_column_text(statement, column) else { return nil }
        let count = Int(sqlite3_column_bytes(statement, column))  // after the text, as SQLite asks
        return String(decoding: UnsafeRawBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// `body`'s result with the column's bytes, as SQLite holds them (empty for NULL), for the length of the call.
    func withBytes<Result>(_ column: Int32, _ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        let bytes = sqlite3_column_blob(statement, column)
        let count = Int(sqlite3_column_bytes(statement, column))  // after the blob, as SQLite asks
        return try body(UnsafeRawBufferPointer(start: count > 0 ? bytes : nil, count: count))
    }
}
