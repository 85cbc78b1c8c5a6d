internal import CSQLite

extension SQLiteDatabase {
    /// Whether a transaction is open (SQLite is not in autocommit mode).
    public var isInTransaction: Bool {
        sqlite3_get_autocommit(handle) == 0
    }

    /// Runs `body` in a write transaction (`BEGIN IMMEDIATE`) and commits it, or rolls it back if `body`
    /// throws, then rethrows `body`'s error.
    ///
    /// `BEGIN IMMEDIATE` takes the write lock up front, so `body` cannot fail half-way for want of it.
    /// If `COMMIT` fails the transaction is rolled back and the commit's error is thrown. A rollback
    /// that fails, or that SQLite already did on its own after an error, is not reported: the error
    /// that caused it is.
    ///
    /// - Precondition: No transaction is open: transactions do not nest, whether opened by this method
    ///   or by `execute("BEGIN")`.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        precondition(!isInTransaction, "SQLiteDatabase.transaction(_:) cannot be nested in another transaction")
        try execute("BEGIN IMMEDIATE")
        let result: T
        do {
            result = try body()
        } catch {
            rollBackIfOpen()
            throw error
        }
        do {
            try execute("COMMIT")
        } catch {
            rollBackIfOpen()
            throw error
        }
        return result
    }

    /// Rolls back the open transaction, if any; a failure is ignored (the caller reports the cause).
    private func rollBackIfOpen() {
        guard isInTransaction else { return }
        sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
    }
}
