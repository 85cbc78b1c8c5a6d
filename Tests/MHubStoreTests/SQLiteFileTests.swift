import Foundation
import MHubTestSupport
import Testing

@testable import MHubStore

/// Database files: foreign and damaged files, durability settings, data surviving a reopen.
@Suite final class SQLiteFileTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// Writes `bytes` as file `name` in the test's directory and returns its path.
    func write(_ bytes: [UInt8], to name: String) throws -> String {
        let path = directory.path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(arguments: [false, true])
    func aFileOfRandomBytesIsNotADatabase(readOnly: Bool) throws {
        var generator = SeededGenerator(seed: 26)
        let path = try write(generator.bytes(4096), to: "garbage.sqlite")
        let error = #expect(throws: SQLiteError.self) { try SQLiteDatabase(path: path, readOnly: readOnly) }
        #expect(error?.isNotADatabase == true)
        #expect(error?.code == 26)
    }

    @Test func aTextFileIsNotADatabase() throws {
        let text = #"{"log_level": "info", "hub": {"name": "mhub"}}"# + String(repeating: "\n", count: 200)
        let path = try write(Array(text.utf8), to: "mhubd.json")
        let error = #expect(throws: SQLiteError.self) { try SQLiteDatabase(path: path) }
        #expect(error?.isNotADatabase == true)
        // The foreign file is left as it was.
        #expect(FileManager.default.contents(atPath: path) == Data(text.utf8))
    }

    @Test func aMissingFileIsCreatedOnlyWhenAsked() throws {
        let path = directory.path("missing.sqlite")
        for (readOnly, create) in [(false, false), (true, true), (true, false)] {
            let error = #expect(throws: SQLiteError.self) {
                try SQLiteDatabase(path: path, readOnly: readOnly, create: create)
            }
            #expect(error?.code == 14)  // SQLITE_CANTOPEN
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        _ = try SQLiteDatabase(path: path)
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func aReadOnlyDatabaseRefusesWrites() throws {
        let path = directory.path("test.sqlite")
        try SQLiteDatabase(path: path).execute("CREATE TABLE item (name TEXT)")
        let database = try SQLiteDatabase(path: path, readOnly: true)
        #expect(try database.query("SELECT count(*) FROM item") == [[0]])
        let error = #expect(throws: SQLiteError.self) { try database.run("INSERT INTO item VALUES ('a')") }
        #expect(error?.code == 8)  // SQLITE_READONLY
    }

    @Test func pagesOverwrittenWithGarbageAreReportedAsCorruption() throws {
        let path = directory.path("damaged.sqlite")
        do {
            let database = try SQLiteDatabase(path: path)
            try database.execute(
                """
                CREATE TABLE item (id INTEGER PRIMARY KEY, payload TEXT NOT NULL);
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
                INSERT INTO item (payload) SELECT hex(randomblob(150)) FROM n;
                """)
            #expect(try database.integrityCheck() == ["ok"])
        }
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        let pageSize = 4096
        #expect(size / pageSize > 100)
        // Ten pages in the middle of the table; page 1 (the header and the schema) stays intact.
        var generator = SeededGenerator(seed: 11)
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try file.seek(toOffset: UInt64(size / pageSize / 2 * pageSize))
        try file.write(contentsOf: generator.bytes(10 * pageSize))
        try file.close()

        let database = try SQLiteDatabase(path: path)
        do {
            let problems = try database.integrityCheck()
            #expect(problems != ["ok"])
            #expect(!problems.isEmpty)
        } catch {
            #expect(error.isCorrupt)
        }
        let error = #expect(throws: SQLiteError.self) {
            try database.query("SELECT count(*), sum(length(payload)) FROM item")
        }
        #expect(error?.isCorrupt == true)
        #expect(error?.code == 11)
    }

    @Test func configureForDurabilitySetsWALFullSyncAndForeignKeys() throws {
        let database = try SQLiteDatabase(path: directory.path("durable.sqlite"))
        #expect(try database.query("PRAGMA journal_mode") == [["delete"]])
        #expect(try database.query("PRAGMA foreign_keys") == [[0]])
        try database.configureForDurability()
        #expect(try database.query("PRAGMA journal_mode") == [["wal"]])
        #expect(try database.query("PRAGMA synchronous") == [[2]])
        #expect(try database.query("PRAGMA foreign_keys") == [[1]])

        try database.execute(
            """
            CREATE TABLE hub (id INTEGER PRIMARY KEY);
            CREATE TABLE node (id INTEGER PRIMARY KEY, hub INTEGER NOT NULL REFERENCES hub (id));
            """)
        let error = #expect(throws: SQLiteError.self) { try database.run("INSERT INTO node (hub) VALUES (7)") }
        #expect(error?.isConstraint == true)
        #expect(error?.extendedCode == 787)  // SQLITE_CONSTRAINT_FOREIGNKEY
    }

    @Test func configureForDurabilityRefusesAnInMemoryDatabase() throws {
        let database = try SQLiteDatabase(path: ":memory:")
        let error = #expect(throws: SQLiteError.self) { try database.configureForDurability() }
        #expect(error?.message == #"journal_mode is "memory", not "wal""#)
    }

    @Test func committedDataIsThereAfterClosingAndReopening() throws {
        let path = directory.path("hub.sqlite")
        weak var closed: SQLiteDatabase?
        do {
            let database = try SQLiteDatabase(path: path)
            closed = database
            try database.configureForDurability()
            try database.execute("CREATE TABLE node (id INTEGER PRIMARY KEY, name TEXT, key BLOB)")
            try database.transaction {
                try database.run("INSERT INTO node (name, key) VALUES (?, ?)", ["Lamp", .blob([1, 2, 3])])
                try database.run("INSERT INTO node (name, key) VALUES (?, ?)", ["Plug", .blob([])])
                try database.setUserVersion(3)
            }
            #expect(throws: SQLiteError.self) {
                try database.transaction { try database.run("INSERT INTO node (id) VALUES (1)") }
            }
        }
        #expect(closed == nil)
        // Closing the last connection checkpoints the write-ahead log into the file and removes it.
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))

        let reopened = try SQLiteDatabase(path: path)
        #expect(try reopened.userVersion == 3)
        #expect(try reopened.query("PRAGMA journal_mode") == [["wal"]])
        let rows = try reopened.query("SELECT id, name, key FROM node ORDER BY id")
        #expect(rows == [[1, "Lamp", .blob([1, 2, 3])], [2, "Plug", .blob([])]])
        #expect(try reopened.integrityCheck() == ["ok"])
    }
}
