internal import CSQLite

/// A connection to one SQLite database file, closed when the object goes away.
///
/// The connection is opened with `SQLITE_OPEN_NOMUTEX`: SQLite does not lock it for us, its owner
/// confines it (and its statements) to one thread or queue. Extended result codes are on, and a busy
/// timeout of 5 seconds makes a call wait that long for another connection's lock before it throws
/// `SQLiteError.busy`.
///
/// - Important: Use from one thread or queue at a time (the class is deliberately not `Sendable`).
public final class SQLiteDatabase {
    /// How long a call waits for another connection's lock before it fails with `SQLITE_BUSY`.
    public static let busyTimeoutMilliseconds: Int32 = 5000

    /// The path the database was opened with.
    public let path: String
    let handle: OpaquePointer
    /// Whether `transaction(_:)` is running its body (a nested call is a programming error).
    var runningTransactionBody = false
    /// Whether a `ROLLBACK` after a failed transaction failed too, so that transaction is still open.
    public internal(set) var hasUnfinishedRollback = false
    /// The transaction verbs the authorizer refuses (`refuseTransactionStatements(_:)`), kept alive while set.
    var refusedTransactionVerbs: TransactionVerbs?
    /// `transaction(_:)`'s `BEGIN IMMEDIATE` and `COMMIT`, each compiled once (`runTransactionStatement`); raw
    /// handles, finalized in `deinit`, since an `SQLiteStatement` holds its database.
    var transactionStatements: [String: OpaquePointer] = [:]

    /// Opens (and by default creates) the database at `path` and checks that it is a SQLite database.
    ///
    /// SQLite opens files lazily, so the initializer reads the schema version: a file that is not a
    /// database throws here, with `isNotADatabase`, rather than at the first query. `readOnly` opens
    /// without write access and never creates; `create: false` throws `SQLITE_CANTOPEN` (14) for a
    /// missing file. `path` is a plain file name (no `file:` URIs); ":memory:" is a private in-memory
    /// database.
    public init(path: String, readOnly: Bool = false, create: Bool = true) throws(SQLiteError) {
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        if readOnly {
            flags |= SQLITE_OPEN_READONLY
        } else {
            flags |= SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0)
        }
        var connection: OpaquePointer?
        let resultCode = sqlite3_open_v2(path, &connection, flags, nil)
        guard resultCode == SQLITE_OK, let connection else {
            let error = SQLiteError(resultCode: resultCode, connection: connection, sql: nil)
            sqlite3_close_v2(connection)
            throw error
        }
        sqlite3_extended_result_codes(connection, 1)
        sqlite3_busy_timeout(connection, Self.busyTimeoutMilliseconds)
        self.path = path
        self.handle = connection
        // From here on `deinit` closes the connection if the check throws.
        try execute("PRAGMA schema_version")
    }

    deinit {
        // Every `SQLiteStatement` holds a strong reference to its database, so only the transaction statements are
        // left to finalize.
        for statement in transactionStatements.values {
            sqlite3_finalize(statement)
        }
        sqlite3_close_v2(handle)
    }

    /// Runs one or more SQL statements separated by semicolons, discarding any rows they return.
    ///
    /// There are no parameters: use `run(_:_:)` for values from outside.
    public func execute(_ sql: String) throws(SQLiteError) {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let resultCode = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        defer { sqlite3_free(errorMessage) }
        guard resultCode == SQLITE_OK else {
            var error = SQLiteError(resultCode: resultCode, connection: handle, sql: sql)
            if let errorMessage { error.message = String(cString: errorMessage) }
            throw error
        }
    }

    /// Compiles exactly one SQL statement (a trailing semicolon, spaces and comments are fine).
    ///
    /// SQL with anything but whitespace and comments after the first statement, or with no statement,
    /// throws `SQLiteError.misuse` rather than ignoring the rest; `execute(_:)` runs several statements.
    public func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        guard !sql.utf8.contains(0) else {
            throw SQLiteError(code: SQLiteError.misuse, message: "SQL contains a NUL character", sql: sql)
        }
        let (resultCode, statement, trailingStatement) = sql.withCString { text in
            var statement: OpaquePointer?
            var tail: UnsafePointer<CChar>?
            let resultCode = sqlite3_prepare_v2(handle, text, -1, &statement, &tail)
            return (resultCode, statement, resultCode == SQLITE_OK ? hasStatement(tail) : false)
        }
        guard resultCode == SQLITE_OK else {
            throw SQLiteError(resultCode: resultCode, connection: handle, sql: sql)
        }
        guard let statement else {
            throw SQLiteError(code: SQLiteError.misuse, message: "SQL contains no statement", sql: sql)
        }
        guard !trailingStatement else {
            sqlite3_finalize(statement)
            let message = "SQL goes on after its first statement; use execute(_:) to run several statements"
            throw SQLiteError(code: SQLiteError.misuse, message: message, sql: sql)
        }
        return SQLiteStatement(handle: statement, database: self, sql: sql)
    }

    /// Prepares `sql`, binds `bindings` and runs it to the end, discarding any rows.
    public func run(_ sql: String, _ bindings: [SQLiteValue] = []) throws(SQLiteError) {
        let statement = try prepare(sql)
        try statement.bind(bindings)
        while try statement.step() {}
    }

    /// Prepares `sql`, binds `bindings` and returns all its rows, each as its columns' values.
    public func query(_ sql: String, _ bindings: [SQLiteValue] = []) throws(SQLiteError) -> [[SQLiteValue]] {
        let statement = try prepare(sql)
        try statement.bind(bindings)
        var rows: [[SQLiteValue]] = []
        while try statement.step() {
            rows.append(statement.row())
        }
        return rows
    }

    /// The row ID of the most recent successful `INSERT` on this connection (0 if none).
    public var lastInsertRowID: Int64 {
        sqlite3_last_insert_rowid(handle)
    }

    /// The number of rows the most recent `INSERT`, `UPDATE` or `DELETE` changed.
    public var changes: Int {
        Int(sqlite3_changes64(handle))
    }

    /// Whether the SQL after the first statement (`tail`) holds another statement, or is not valid SQL.
    private func hasStatement(_ tail: UnsafePointer<CChar>?) -> Bool {
        guard let tail, tail.pointee != 0 else { return false }
        var statement: OpaquePointer?
        let resultCode = sqlite3_prepare_v2(handle, tail, -1, &statement, nil)
        sqlite3_finalize(statement)
        return resultCode != SQLITE_OK || statement != nil
    }
}
