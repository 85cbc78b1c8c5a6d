import Foundation
import MHubConfiguration
import MHubHub
import MHubProtocol
import MHubTestSupport
import Testing

@testable import MHubStore

/// The write-ahead log's length given before the first commit (`preallocateWriteAheadLog`): commits write inside it,
/// and what a crash leaves (the database and its log as they are between two commits) opens with every commit.
@Suite final class WriteAheadLogTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// 32 bytes of header, then (1,000 + 64) frames of 24 bytes and a 4,096-byte page.
    static let preallocatedLength = 32 + (1000 + 64) * (4096 + 24)

    func size(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    }

    /// What a crash of the process would leave: the database and its log copied while the store is open (without the
    /// shared-memory index, which SQLite rebuilds from the log).
    func crashImage(of path: String, as name: String) throws -> String {
        let copy = directory.path(name)
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        try FileManager.default.copyItem(atPath: path + "-wal", toPath: copy + "-wal")
        return copy
    }

    /// A state of a fabric, one structure and `rooms` rooms, saved one commit per room.
    func fill(_ store: HubStore, rooms: Int) throws -> HubState {
        var state = HubState(fabric: FabricIdentity(fabricID: 7, compressedFabricID: 9))
        state.structures[1] = Structure(id: 1, name: "Home")
        try store.apply([.saveFabric(state.fabric), .saveStructure(state.structures[1]!)])
        for id in RoomID(1)...RoomID(rooms) {
            state.rooms[id] = Room(id: id, structureID: 1, name: "Room \(id)")
            try store.apply([.saveRoom(state.rooms[id]!)])
        }
        return state
    }

    @Test func aFullySyncedStoreCommitsInsideTheLogsLength() throws {
        let path = directory.path("mhubd.sqlite3")
        let store = try HubStore(path: path, sync: .full)
        #expect(try size(path + "-wal") == Self.preallocatedLength)
        let state = try fill(store, rooms: 300)
        // 301 commits of a page or two: all inside the length given, none past it.
        #expect(try size(path + "-wal") == Self.preallocatedLength)
        let copy = try crashImage(of: path, as: "crashed.sqlite3")
        #expect(try HubStore(path: copy, sync: .full).load() == state)
    }

    @Test func aStoreWithUnsyncedCommitsLeavesTheLogToGrow() throws {
        let path = directory.path("mhubd.sqlite3")
        let store = try HubStore(path: path, sync: .normal)
        _ = try fill(store, rooms: 3)
        let length = try size(path + "-wal")
        _ = try fill(store, rooms: 30)
        #expect(try size(path + "-wal") > length)
        #expect(try size(path + "-wal") < Self.preallocatedLength / 10)
    }

    /// A log that already holds commits is only extended: opened fully synced, a crash image of an unsynced store
    /// (whose log is short and ends with valid frames) keeps every commit, and later commits come after them.
    @Test func extendingALogThatHoldsCommitsKeepsThem() throws {
        let path = directory.path("mhubd.sqlite3")
        let store = try HubStore(path: path, sync: .normal)
        var state = try fill(store, rooms: 20)
        let copy = try crashImage(of: path, as: "crashed.sqlite3")
        let shortLog = try size(copy + "-wal")
        #expect(shortLog > 32 && shortLog < Self.preallocatedLength)

        let reopened = try HubStore(path: copy, sync: .full)
        #expect(try size(copy + "-wal") == Self.preallocatedLength)
        #expect(try reopened.load() == state)
        state.rooms[21] = Room(id: 21, structureID: 1, name: "Attic")
        try reopened.apply([.saveRoom(state.rooms[21]!)])
        let second = try crashImage(of: copy, as: "crashed-again.sqlite3")
        #expect(try HubStore(path: second, sync: .full).load() == state)
    }

    @Test func aLogAsLongAsNeededIsLeftAlone() throws {
        let path = directory.path("mhubd.sqlite3")
        let store = try HubStore(path: path, sync: .full)
        #expect(try store.database.preallocateWriteAheadLog() == 0)
        #expect(try size(path + "-wal") == Self.preallocatedLength)
    }
}
