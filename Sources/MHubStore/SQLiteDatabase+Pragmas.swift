internal import CSQLite
import MHubConfiguration

extension SQLiteDatabase {
    /// `PRAGMA user_version`: a number in the file's header free for the application, 0 in a new file;
    /// commonly the schema version for migrations.
    public var userVersion: Int32 {
        get throws(SQLiteError) { try integerPragma("user_version") }
    }

    /// Sets `PRAGMA user_version` (see `userVersion`); it takes part in an open transaction.
    public func setUserVersion(_ version: Int32) throws(SQLiteError) {
        try execute("PRAGMA user_version = \(version)")
    }

    /// `PRAGMA application_id`: a number in the file's header naming the application format, 0 in a
    /// new file.
    public var applicationID: Int32 {
        get throws(SQLiteError) { try integerPragma("application_id") }
    }

    /// Sets `PRAGMA application_id` (see `applicationID`).
    public func setApplicationID(_ identifier: Int32) throws(SQLiteError) {
        try execute("PRAGMA application_id = \(identifier)")
    }

    /// Runs `PRAGMA integrity_check` and returns its lines: `["ok"]` for a sound database, else one line
    /// per problem found (at most 100).
    ///
    /// Some damage stops the check itself: then it throws, usually with `isCorrupt`.
    public func integrityCheck() throws(SQLiteError) -> [String] {
        try query("PRAGMA integrity_check").map { row in
            row.first?.stringValue ?? "\(row)"
        }
    }

    /// Makes committed transactions durable, and enforces foreign keys, on this connection.
    ///
    /// `journal_mode=WAL` (kept in the file): a committed transaction survives the process being killed. With
    /// `synchronous=FULL` (`sync` `.full`) the write-ahead log is synced at every commit, so it survives a power
    /// loss too; with `NORMAL` only at checkpoints (sqlite.org/pragma.html#pragma_synchronous).
    /// `foreign_keys=ON` makes SQLite check `REFERENCES` clauses. The last two are settings of the
    /// connection, not the file: call this after every open. It throws if the journal mode cannot be
    /// WAL, for example for ":memory:" or inside a transaction.
    public func configureForDurability(sync: StorageSync = .full) throws(SQLiteError) {
        let sql = "PRAGMA journal_mode=WAL"
        let mode = try query(sql).first?.first?.stringValue ?? ""
        guard mode.lowercased() == "wal" else {
            throw SQLiteError(code: SQLITE_ERROR, message: "journal_mode is \"\(mode)\", not \"wal\"", sql: sql)
        }
        try execute("PRAGMA synchronous=\(sync == .full ? "FULL" : "NORMAL")")
        try execute("PRAGMA foreign_keys=ON")
    }

    /// Copies every commit the write-ahead log holds into the database file and empties the log
    /// (`PRAGMA wal_checkpoint(TRUNCATE)`, sqlite.org/pragma.html#pragma_wal_checkpoint). Throws if another
    /// connection kept it from finishing.
    public func checkpointAndEmptyLog() throws(SQLiteError) {
        let sql = "PRAGMA wal_checkpoint(TRUNCATE)"
        // One row: whether it was kept from finishing, the log's frames, the frames copied.
        guard let row = try query(sql).first, row.first?.int64Value == 0 else {
            throw SQLiteError(
                code: SQLITE_BUSY, message: "another connection kept the checkpoint from finishing", sql: sql)
        }
    }

    /// The value of an integer pragma that SQLite keeps as 32 bits in the file header.
    private func integerPragma(_ name: String) throws(SQLiteError) -> Int32 {
        let sql = "PRAGMA \(name)"
        guard let value = try query(sql).first?.first?.int64Value, let result = Int32(exactly: value) else {
            throw SQLiteError(code: SQLITE_ERROR, message: "PRAGMA \(name) did not return a 32-bit integer", sql: sql)
        }
        return result
    }
}
