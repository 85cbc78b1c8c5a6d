internal import CSQLite

/// A failed SQLite call: its result codes, SQLite's message and the SQL it ran, if any.
///
/// `code` is the primary result code (`SQLITE_CORRUPT` is 11), `extendedCode` the extended one that
/// says more (`SQLITE_CONSTRAINT_UNIQUE` is 2067, whose primary code is 19); compare `code` against the
/// constants below rather than `extendedCode`. Errors raised by the wrapper itself, not by SQLite, use
/// `SQLITE_MISUSE` (21) or, for a wrong number of bound values, `SQLITE_RANGE` (25).
public struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The primary result code: the low byte of `extendedCode`.
    public var code: Int32
    /// The extended result code; equal to `code` when SQLite gives nothing more precise.
    public var extendedCode: Int32
    /// SQLite's message for this error (`sqlite3_errmsg`), or the wrapper's own.
    public var message: String
    /// The SQL that failed, when the error comes from running SQL.
    public var sql: String?

    /// `SQLITE_BUSY`: the database stayed locked by another connection for the whole busy timeout.
    public static let busy: Int32 = 5
    /// `SQLITE_CORRUPT`: the file is a database but its content is damaged.
    public static let corrupt: Int32 = 11
    /// `SQLITE_CONSTRAINT`: a UNIQUE, NOT NULL, CHECK, PRIMARY KEY or FOREIGN KEY constraint failed.
    public static let constraint: Int32 = 19
    /// `SQLITE_MISUSE`: the API was used wrongly (also the wrapper's code for its own usage errors).
    public static let misuse: Int32 = 21
    /// `SQLITE_RANGE`: a parameter index out of range, or a wrong number of bound values.
    public static let range: Int32 = 25
    /// `SQLITE_NOTADB`: the file is not a SQLite database (or its header is destroyed).
    public static let notADatabase: Int32 = 26

    /// Whether the file is not a SQLite database at all (`SQLITE_NOTADB`).
    public var isNotADatabase: Bool { code == Self.notADatabase }
    /// Whether the database content is damaged (`SQLITE_CORRUPT`).
    public var isCorrupt: Bool { code == Self.corrupt }
    /// Whether a constraint failed (`SQLITE_CONSTRAINT`); `extendedCode` tells which kind.
    public var isConstraint: Bool { code == Self.constraint }
    /// Whether another connection held a lock for longer than the busy timeout (`SQLITE_BUSY`).
    public var isBusy: Bool { code == Self.busy }

    /// Makes an error; `extendedCode` defaults to `code`.
    public init(code: Int32, extendedCode: Int32? = nil, message: String, sql: String? = nil) {
        self.code = code
        self.extendedCode = extendedCode ?? code
        self.message = message
        self.sql = sql
    }

    /// For example "SQLite error 11 (database disk image is malformed): <message> [in: <sql>]".
    public var description: String {
        let meaning = String(cString: sqlite3_errstr(code))
        let context = sql.map { " [in: \($0)]" } ?? ""
        return "SQLite error \(code) (\(meaning)): \(message)\(context)"
    }
}

extension SQLiteError {
    /// The error for `resultCode`, with the connection's message when there is a connection.
    ///
    /// Call it right after the failing call: the connection's message belongs to its most recent call.
    init(resultCode: Int32, connection: OpaquePointer?, sql: String?) {
        let message =
            connection.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(resultCode))
        self.init(code: resultCode & 0xFF, extendedCode: resultCode, message: message, sql: sql)
    }
}
