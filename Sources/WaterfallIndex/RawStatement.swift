import GRDB
import GRDBSQLite

// The index's only file that calls SQLite itself: where a million photos' rows pass, at a launch and in the first walk.

/// The columns of the row a statement is at, read with SQLite's own calls: a launch reads a million photos' rows, and
/// GRDB's `Row` costs an object for each blob and a type check for each optional column.
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

/// A statement's parameters bound with SQLite's own calls, and its run: the first walk stores a million photos' rows,
/// and GRDB's arguments cost an array of values and an object for each blob, per row. Each value is copied by SQLite
/// (`SQLITE_TRANSIENT`).
struct StatementBindings {
    private let statement: SQLiteStatement
    private let sql: String

    /// The parameters of `statement`, numbered from 1 as in SQLite.
    init(_ statement: Statement) {
        self.statement = statement.sqliteStatement
        sql = statement.sql
    }

    /// Binds `value` (NULL for `nil`) to parameter `index`.
    func bind(_ value: Int?, at index: Int32) {
        guard let value else { return bindNull(at: index) }
        sqlite3_bind_int64(statement, index, Int64(value))
    }

    /// Binds `value` (NULL for `nil`) to parameter `index`.
    func bind(_ value: Double?, at index: Int32) {
        guard let value else { return bindNull(at: index) }
        sqlite3_bind_double(statement, index, value)
    }

    /// Binds `value` as text (NULL for `nil`) to parameter `index`.
    func bind(_ value: String?, at index: Int32) {
        guard var value else { return bindNull(at: index) }
        value.withUTF8 { text in
            text.withMemoryRebound(to: CChar.self) {
                _ = sqlite3_bind_text(statement, index, $0.baseAddress, Int32($0.count), Self.transient)
            }
        }
    }

    /// Binds `bytes` as a blob (an empty one when there are none) to parameter `index`.
    func bind(bytes: UnsafeRawBufferPointer, at index: Int32) {
        guard let start = bytes.baseAddress, !bytes.isEmpty else {
            sqlite3_bind_zeroblob(statement, index, 0)
            return
        }
        sqlite3_bind_blob(statement, index, start, Int32(bytes.count), Self.transient)
    }

    /// Binds NULL to parameter `index`.
    func bindNull(at index: Int32) { sqlite3_bind_null(statement, index) }

    /// Runs the statement once with the values bound, and resets it for the next.
    /// - Throws: `DatabaseError` with SQLite's code and message (a full disk, a corrupt page).
    func execute() throws {
        let code = sqlite3_step(statement)
        sqlite3_reset(statement)
        guard code == SQLITE_DONE else {
            let message = String(cString: sqlite3_errmsg(sqlite3_db_handle(statement)))
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: sql)
        }
    }

    /// SQLite's "copy the value now" destructor.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
