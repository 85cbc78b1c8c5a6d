internal import CSQLite

/// The transaction verbs (`"BEGIN"`, `"COMMIT"`, `"ROLLBACK"`, …) an authorizer refuses.
final class TransactionVerbs {
    let refused: Set<String>

    init(_ refused: Set<String>) {
        self.refused = refused
    }
}

extension SQLiteDatabase {
    /// Makes SQLite refuse to compile the transaction statements named in `verbs` (`SQLITE_AUTH`, 23), through
    /// an authorizer (`sqlite3_set_authorizer`); an empty set removes it. A fault for tests: a `COMMIT` or
    /// `ROLLBACK` that fails the way one can when the disk or the file system fails.
    func refuseTransactionStatements(_ verbs: Set<String>) {
        // The authorizer is asked when a statement is compiled. SQLite also recompiles statements compiled before
        // a new authorizer (sqlite3_set_authorizer expires them); the cached transaction statements go anyway.
        for statement in transactionStatements.values {
            sqlite3_finalize(statement)
        }
        transactionStatements = [:]
        guard !verbs.isEmpty else {
            sqlite3_set_authorizer(handle, nil, nil)
            refusedTransactionVerbs = nil
            return
        }
        let box = TransactionVerbs(verbs)
        refusedTransactionVerbs = box
        sqlite3_set_authorizer(
            handle,
            { userData, action, verb, _, _, _ in
                guard action == SQLITE_TRANSACTION, let userData, let verb else { return SQLITE_OK }
                let refused = Unmanaged<TransactionVerbs>.fromOpaque(userData).takeUnretainedValue().refused
                return refused.contains(String(cString: verb).uppercased()) ? SQLITE_DENY : SQLITE_OK
            }, Unmanaged.passUnretained(box).toOpaque())
    }
}
