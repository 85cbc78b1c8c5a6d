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
    /// If `COMMIT` fails the transaction is rolled back and the commit's error is thrown. The error that
    /// caused a rollback is the one thrown, even when the `ROLLBACK` fails too; then the transaction stays
    /// open, `hasUnfinishedRollback` says so, and the next call rolls it back before it begins, or throws the
    /// rollback's error if it fails again, so a failed rollback never lets one transaction run inside another.
    /// (SQLite may also roll back on its own after an error such as `SQLITE_FULL`: see "Response To Errors
    /// Within A Transaction" in SQLite's `lang_transaction.html`.)
    ///
    /// - Precondition: No transaction is open but one whose rollback failed: transactions do not nest, whether
    ///   opened by this method or by `execute("BEGIN")`.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        precondition(
            !runningTransactionBody, "SQLiteDatabase.transaction(_:) cannot be nested in another transaction")
        if isInTransaction {
            precondition(
                hasUnfinishedRollback, "SQLiteDatabase.transaction(_:) cannot be nested in a transaction opened by SQL")
            try execute("ROLLBACK")
        }
        hasUnfinishedRollback = false
        try runTransactionStatement("BEGIN IMMEDIATE")
        let result: T
        do {
            runningTransactionBody = true
            defer { runningTransactionBody = false }
            result = try body()
        } catch {
            rollBackAfterFailure()
            throw error
        }
        do {
            try runTransactionStatement("COMMIT")
        } catch {
            rollBackAfterFailure()
            throw error
        }
        return result
    }

    /// Runs `sql`, a statement without values or rows, compiled once, not for every transaction.
    /// `refuseTransactionStatements(_:)` throws the compiled ones away, so that its authorizer, which SQLite asks
    /// while compiling, sees them again.
    func runTransactionStatement(_ sql: String) throws(SQLiteError) {
        let statement: OpaquePointer
        if let compiled = transactionStatements[sql] {
            statement = compiled
        } else {
            var compiled: OpaquePointer?
            let resultCode = sqlite3_prepare_v2(handle, sql, -1, &compiled, nil)
            guard resultCode == SQLITE_OK, let compiled else {
                let error = SQLiteError(resultCode: resultCode, connection: handle, sql: sql)
                sqlite3_finalize(compiled)
                throw error
            }
            transactionStatements[sql] = compiled
            statement = compiled
        }
        let resultCode = sqlite3_step(statement)
        let error = resultCode == SQLITE_DONE ? nil : SQLiteError(resultCode: resultCode, connection: handle, sql: sql)
        sqlite3_reset(statement)
        if let error { throw error }
    }

    /// Rolls back the open transaction, if any; a failure is not thrown (the caller reports the cause) but
    /// remembered in `hasUnfinishedRollback`.
    private func rollBackAfterFailure() {
        guard isInTransaction else { return }
        if sqlite3_exec(handle, "ROLLBACK", nil, nil, nil) != SQLITE_OK && isInTransaction {
            hasUnfinishedRollback = true
        }
    }
}
