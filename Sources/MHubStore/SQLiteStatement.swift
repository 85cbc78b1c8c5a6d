internal import CSQLite

/// A prepared SQL statement of a `SQLiteDatabase`: bind values, step through rows, read columns.
///
/// It keeps its database open (a strong reference) until it is finalized in `deinit`, so the database
/// is never closed under it.
///
/// - Important: Use it from one thread or queue at a time, the same as its database.
public final class SQLiteStatement {
    /// The database the statement belongs to.
    public let database: SQLiteDatabase
    /// The SQL the statement was prepared from, for error messages.
    public let sql: String
    private let handle: OpaquePointer

    init(handle: OpaquePointer, database: SQLiteDatabase, sql: String) {
        self.handle = handle
        self.database = database
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// The number of `?` parameters in the statement.
    public var parameterCount: Int {
        Int(sqlite3_bind_parameter_count(handle))
    }

    /// The number of columns in each result row (0 for statements that return no rows).
    public var columnCount: Int32 {
        sqlite3_column_count(handle)
    }

    /// The name of column `index` as the statement gives it (its `AS` name if there is one).
    public func columnName(_ index: Int32) -> String {
        precondition(index >= 0 && index < columnCount, "column \(index) out of range 0..<\(columnCount)")
        return sqlite3_column_name(handle, index).map { String(cString: $0) } ?? ""
    }

    /// Resets the statement, clears all bindings and binds `values` to its parameters, in order.
    ///
    /// `values` must have one value per parameter (`parameterCount`); otherwise it throws
    /// `SQLiteError.range`. Text and blobs are copied (`SQLITE_TRANSIENT`), so the statement does not
    /// depend on the arrays' storage.
    public func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        reset()
        sqlite3_clear_bindings(handle)
        guard values.count == parameterCount else {
            let message = "the statement has \(parameterCount) parameters but \(values.count) values were bound"
            throw SQLiteError(code: SQLiteError.range, message: message, sql: sql)
        }
        for (offset, value) in values.enumerated() {
            let resultCode = bind(value, at: Int32(offset + 1))
            guard resultCode == SQLITE_OK else {
                throw SQLiteError(resultCode: resultCode, connection: database.handle, sql: sql)
            }
        }
    }

    /// Runs the statement to its next row: `true` when a row is available to read with `column(_:)`,
    /// `false` when the statement is done.
    ///
    /// Stepping again after `false` starts the statement over with the same bindings (SQLite resets it
    /// automatically). After an error the statement is reset, so it can be bound and run again.
    public func step() throws(SQLiteError) -> Bool {
        let resultCode = sqlite3_step(handle)
        switch resultCode {
        case SQLITE_ROW:
            return true
        case SQLITE_DONE:
            return false
        default:
            let error = SQLiteError(resultCode: resultCode, connection: database.handle, sql: sql)
            reset()
            throw error
        }
    }

    /// The value of column `index` (from 0) of the current row; only valid after `step()` returned `true`.
    ///
    /// Text that is not valid UTF-8 is repaired with U+FFFD replacement characters.
    public func column(_ index: Int32) -> SQLiteValue {
        precondition(index >= 0 && index < columnCount, "column \(index) out of range 0..<\(columnCount)")
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT:
            // The pointer first, then the length, as sqlite3_column_bytes(3) asks.
            let bytes = sqlite3_column_text(handle, index)
            let count = bytes == nil ? 0 : Int(sqlite3_column_bytes(handle, index))
            return .text(String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let bytes = sqlite3_column_blob(handle, index)
            let count = bytes == nil ? 0 : Int(sqlite3_column_bytes(handle, index))
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default:
            return .null
        }
    }

    /// The bytes of column `index` of the current row (a blob's, or a text's UTF-8), lent to `body` without a copy;
    /// only valid after `step()` returned `true`, and only inside `body`.
    public func withBytes<Result>(ofColumn index: Int32, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        precondition(index >= 0 && index < columnCount, "column \(index) out of range 0..<\(columnCount)")
        let bytes = sqlite3_column_blob(handle, index)
        let count = bytes == nil ? 0 : Int(sqlite3_column_bytes(handle, index))
        return body(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    /// All the columns of the current row; only valid after `step()` returned `true`.
    public func row() -> [SQLiteValue] {
        (0..<columnCount).map { column($0) }
    }

    /// Resets the statement so it runs again from the start; the bindings stay.
    ///
    /// It ends the statement's read or write in progress. Errors are reported by `step()`, not here.
    public func reset() {
        sqlite3_reset(handle)
    }

    /// `SQLITE_TRANSIENT`, which does not import into Swift: SQLite copies the bytes before the call returns.
    private static var transient: sqlite3_destructor_type {
        unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    }

    /// Binds one value to parameter `index` (from 1) and returns SQLite's result code.
    private func bind(_ value: SQLiteValue, at index: Int32) -> Int32 {
        switch value {
        case .null:
            return sqlite3_bind_null(handle, index)
        case .integer(let integer):
            return sqlite3_bind_int64(handle, index, integer)
        case .real(let real):
            return sqlite3_bind_double(handle, index, real)
        case .text(let text):
            // The length is given, so embedded NULs are kept; an empty text still gets a non-NULL pointer
            // (a NULL pointer would bind NULL).
            return text.withCString { characters in
                sqlite3_bind_text64(
                    handle, index, characters, UInt64(text.utf8.count), Self.transient, UInt8(SQLITE_UTF8))
            }
        case .blob(let blob):
            // A NULL pointer would bind NULL, so an empty blob is bound as a zero-length zeroblob.
            guard !blob.isEmpty else { return sqlite3_bind_zeroblob(handle, index, 0) }
            return blob.withUnsafeBytes { bytes in
                sqlite3_bind_blob64(handle, index, bytes.baseAddress, UInt64(bytes.count), Self.transient)
            }
        }
    }
}
