import Foundation
import MHubTestSupport
import Testing

@testable import MHubStore

/// Values, statements, transactions, errors and header pragmas; files on disk are in `SQLiteFileTests`.
@Suite final class SQLiteDatabaseTests {
    let directory: TemporaryDirectory
    let database: SQLiteDatabase

    init() throws {
        directory = try TemporaryDirectory()
        database = try SQLiteDatabase(path: directory.path("test.sqlite"))
        try database.execute("CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, value)")
    }

    func count() throws -> Int64? {
        try database.query("SELECT count(*) FROM item").first?.first?.int64Value
    }

    @Test func roundTripsEveryKindOfValue() throws {
        let values: [SQLiteValue] = [
            .null, .integer(0), .integer(-1), .integer(.min), .integer(.max),
            .real(3.141_592_653_589_793), .real(-1.5e-300), .real(2.0), .real(.greatestFiniteMagnitude),
            .real(.leastNonzeroMagnitude), .real(.infinity), .real(-.infinity),
            .text(""), .text("Küche · 日本語 · 😀"), .text("a\u{0}b\u{0}"),
            .blob([]), .blob([0, 1, 0, 255]), .blob(Array(0...255)),
        ]
        let insert = try database.prepare("INSERT INTO item (name, value) VALUES (?, ?)")
        for (index, value) in values.enumerated() {
            try insert.bind([.text("v\(index)"), value])
            #expect(try insert.step() == false)
            #expect(database.lastInsertRowID == Int64(index + 1))
        }
        let rows = try database.query("SELECT value, typeof(value), length(CAST(value AS BLOB)) FROM item ORDER BY id")
        #expect(rows.map { $0[0] } == values)
        // Stored as such, not merely read back alike: the empty blob is a blob, and the NULs are in the text.
        #expect(rows[15] == [.blob([]), .text("blob"), .integer(0)])
        #expect(rows[0] == [.null, .text("null"), .null])
        #expect(rows[12] == [.text(""), .text("text"), .integer(0)])
        #expect(rows[14] == [.text("a\u{0}b\u{0}"), .text("text"), .integer(4)])
        #expect(rows[13][2] == .integer(Int64("Küche · 日本語 · 😀".utf8.count)))
    }

    @Test func valueAccessorsAndLiterals() {
        let values: [SQLiteValue] = [7, 2.5, "seven", .blob([7]), .null]
        #expect(values.map(\.int64Value) == [7, nil, nil, nil, nil])
        #expect(values.map(\.intValue) == [7, nil, nil, nil, nil])
        #expect(values.map(\.doubleValue) == [7.0, 2.5, nil, nil, nil])
        #expect(values.map(\.stringValue) == [nil, nil, "seven", nil, nil])
        #expect(values.map(\.blobValue) == [nil, nil, nil, [7], nil])
        #expect(values.map(\.isNull) == [false, false, false, false, true])
    }

    @Test func aStatementIsReusedWithDifferentBindings() throws {
        let insert = try database.prepare("INSERT INTO item (name, value) VALUES (?, ?)")
        for (name, value) in [("a", 1), ("b", 2), ("c", 3)] {
            try insert.bind([.text(name), .integer(Int64(value))])
            #expect(try insert.step() == false)
        }
        let select = try database.prepare("SELECT name, value FROM item WHERE value >= ? ORDER BY value")
        #expect(select.parameterCount == 1)
        #expect(select.columnCount == 2)
        #expect(select.columnName(0) == "name")
        try select.bind([2])
        #expect(try select.step())
        #expect(select.row() == ["b", 2])
        // Rebinding in the middle of the rows starts the statement again.
        try select.bind([1])
        var names: [SQLiteValue] = []
        while try select.step() {
            names.append(select.column(0))
        }
        #expect(names == ["a", "b", "c"])
        // Stepping a finished statement starts it over (SQLite resets it automatically).
        #expect(try select.step())
        #expect(select.column(0) == "a")
        try select.bind([3])
        #expect(try select.step())
        #expect(select.row() == ["c", 3])
    }

    @Test func bindingTheWrongNumberOfValuesThrows() throws {
        let insert = try database.prepare("INSERT INTO item (name, value) VALUES (?, ?)")
        for values: [SQLiteValue] in [[], ["only one"], ["a", 1, 2]] {
            let error = #expect(throws: SQLiteError.self) { try insert.bind(values) }
            #expect(error?.code == SQLiteError.range)
        }
        #expect(try count() == 0)
    }

    @Test func runReportsChanges() throws {
        try database.run("INSERT INTO item (name, value) VALUES (?, ?), (?, ?)", ["a", 1, "b", 2])
        #expect(database.changes == 2)
        try database.run("UPDATE item SET value = value + 1")
        #expect(database.changes == 2)
        try database.run("DELETE FROM item WHERE name = ?", ["a"])
        #expect(database.changes == 1)
        #expect(try database.query("SELECT name, value FROM item") == [["b", 3]])
    }

    @Test func prepareTakesExactlyOneStatementButExecuteTakesMany() throws {
        _ = try database.prepare("SELECT 1; -- a comment\n  ")
        for sql in ["SELECT 1; SELECT 2", "SELECT 1; nonsense", "", "  -- only a comment"] {
            let error = #expect(throws: SQLiteError.self) { try self.database.prepare(sql) }
            #expect(error?.code == SQLiteError.misuse)
            #expect(error?.sql == sql)
        }
        try database.execute("INSERT INTO item (name) VALUES ('a'); INSERT INTO item (name) VALUES ('b');")
        #expect(try count() == 2)
    }

    @Test func syntaxErrorsNameTheSQL() throws {
        let error = #expect(throws: SQLiteError.self) { try self.database.query("SELEC 1") }
        #expect(error?.code == 1)
        #expect(error?.message.contains("syntax error") == true)
        #expect(error?.description == "SQLite error 1 (SQL logic error): \(error?.message ?? "") [in: SELEC 1]")
    }

    @Test func constraintViolationsThrowCode19AndLeaveTheDatabaseUsable() throws {
        try database.run("INSERT INTO item (name, value) VALUES (?, ?)", ["a", 1])
        let duplicate = #expect(throws: SQLiteError.self) {
            try self.database.run("INSERT INTO item (name, value) VALUES (?, ?)", ["a", 2])
        }
        #expect(duplicate?.isConstraint == true)
        #expect(duplicate?.code == 19)
        #expect(duplicate?.extendedCode == 2067)  // SQLITE_CONSTRAINT_UNIQUE
        #expect(duplicate?.message == "UNIQUE constraint failed: item.name")
        #expect(duplicate?.sql == "INSERT INTO item (name, value) VALUES (?, ?)")
        let missingName = #expect(throws: SQLiteError.self) {
            try self.database.run("INSERT INTO item (value) VALUES (3)")
        }
        #expect(missingName?.extendedCode == 1299)  // SQLITE_CONSTRAINT_NOTNULL
        try database.run("INSERT INTO item (name, value) VALUES (?, ?)", ["b", 2])
        #expect(try database.query("SELECT name, value FROM item ORDER BY id") == [["a", 1], ["b", 2]])
        #expect(!database.isInTransaction)
    }

    @Test func errorDescriptionsNameCodeMeaningMessageAndSQL() {
        let error = SQLiteError(code: 11, message: "bad page", sql: "SELECT 1")
        #expect(error.description == "SQLite error 11 (database disk image is malformed): bad page [in: SELECT 1]")
        #expect(error.extendedCode == 11)
        #expect(error.isCorrupt && !error.isBusy && !error.isConstraint && !error.isNotADatabase)
        #expect(SQLiteError(code: 5, message: "").isBusy)
        #expect(SQLiteError(code: 26, message: "m").description == "SQLite error 26 (file is not a database): m")
    }

    @Test func transactionCommitsAndReturnsTheBodysValue() throws {
        let identifier = try database.transaction {
            try database.run("INSERT INTO item (name) VALUES ('a')")
            #expect(database.isInTransaction)
            return database.lastInsertRowID
        }
        #expect(identifier == 1)
        #expect(!database.isInTransaction)
        // A second connection sees the row, so it was committed.
        let other = try SQLiteDatabase(path: directory.path("test.sqlite"))
        #expect(try other.query("SELECT id, name FROM item") == [[1, "a"]])
    }

    struct Failure: Error, Equatable {}

    @Test func transactionRollsBackAndRethrowsWhenTheBodyThrows() throws {
        #expect(throws: Failure()) {
            try self.database.transaction {
                try self.database.run("INSERT INTO item (name) VALUES ('a')")
                try self.database.setUserVersion(9)
                throw Failure()
            }
        }
        #expect(!database.isInTransaction)
        #expect(try count() == 0)
        #expect(try database.userVersion == 0)
        // A constraint violation in the body rolls back what came before it.
        let error = #expect(throws: SQLiteError.self) {
            try self.database.transaction {
                try self.database.run("INSERT INTO item (name) VALUES ('b')")
                try self.database.run("INSERT INTO item (name) VALUES ('b')")
            }
        }
        #expect(error?.isConstraint == true)
        #expect(try count() == 0)
        // And the database takes the next transaction.
        try database.transaction { try database.run("INSERT INTO item (name) VALUES ('c')") }
        #expect(try count() == 1)
    }

    @Test func aFailedRollbackIsFinishedByTheNextTransaction() throws {
        database.refuseTransactionStatements(["ROLLBACK"])
        // The body's error is what the caller hears; the transaction stays open.
        #expect(throws: Failure()) {
            try self.database.transaction {
                try self.database.run("INSERT INTO item (name) VALUES ('lost')")
                throw Failure()
            }
        }
        #expect(database.isInTransaction && database.hasUnfinishedRollback)
        // While ROLLBACK keeps failing, the next transaction throws that failure (SQLITE_AUTH) instead of
        // trapping as a nested one, and runs nothing.
        var ran = false
        let error = #expect(throws: SQLiteError.self) { try self.database.transaction { ran = true } }
        #expect(error?.code == 23 && !ran)
        #expect(database.hasUnfinishedRollback)
        // Once it works, the next transaction rolls the old one back first and then commits its own.
        database.refuseTransactionStatements([])
        try database.transaction { try database.run("INSERT INTO item (name) VALUES ('kept')") }
        #expect(!database.isInTransaction && !database.hasUnfinishedRollback)
        let other = try SQLiteDatabase(path: directory.path("test.sqlite"))
        #expect(try other.query("SELECT name FROM item") == [["kept"]])
    }

    @Test func aFailedCommitWhoseRollbackFailsLeavesNothingCommitted() throws {
        database.refuseTransactionStatements(["COMMIT", "ROLLBACK"])
        let error = #expect(throws: SQLiteError.self) {
            try self.database.transaction { try self.database.run("INSERT INTO item (name) VALUES ('lost')") }
        }
        #expect(error?.code == 23)
        #expect(database.hasUnfinishedRollback)
        database.refuseTransactionStatements([])
        try database.transaction { try database.run("INSERT INTO item (name) VALUES ('kept')") }
        #expect(try database.query("SELECT name FROM item") == [["kept"]])
    }

    @Test func aTransactionInsideOneOpenedBySQLIsAProgrammingError() async {
        await #expect(processExitsWith: .failure) {
            let database = try SQLiteDatabase(path: ":memory:")
            try database.execute("BEGIN")
            _ = try? database.transaction {}
        }
    }

    @Test func nestedTransactionsAreAProgrammingError() async {
        await #expect(processExitsWith: .failure) {
            let database = try SQLiteDatabase(path: ":memory:")
            // Without the precondition the inner BEGIN would throw, the error be ignored and the process exit 0.
            try database.transaction {
                _ = try? database.transaction {}
            }
        }
    }

    @Test func userVersionAndApplicationIDRoundTrip() throws {
        #expect(try database.userVersion == 0)
        #expect(try database.applicationID == 0)
        for value: Int32 in [1, -7, .min, .max] {
            try database.setUserVersion(value)
            try database.setApplicationID(value ^ 0x4D48_5542)
            #expect(try database.userVersion == value)
            #expect(try database.applicationID == value ^ 0x4D48_5542)
        }
        let reopened = try SQLiteDatabase(path: directory.path("test.sqlite"))
        #expect(try reopened.userVersion == .max)
        #expect(try reopened.applicationID == .max ^ 0x4D48_5542)
    }

    @Test func aStatementKeepsItsDatabaseOpen() throws {
        weak var weakDatabase: SQLiteDatabase?
        var statement: SQLiteStatement?
        do {
            let local = try SQLiteDatabase(path: ":memory:")
            weakDatabase = local
            statement = try local.prepare("SELECT 42")
        }
        #expect(weakDatabase != nil)
        #expect(try statement?.step() == true)
        #expect(statement?.column(0) == 42)
        statement = nil
        #expect(weakDatabase == nil)
    }
}
