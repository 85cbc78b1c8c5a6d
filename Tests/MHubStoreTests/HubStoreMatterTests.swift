import Foundation
import MHubCore
import MHubHub
import MHubTestSupport
import MatterCredentials
import MatterNode
import Testing

@testable import MHubStore

/// The Matter commissionee's state in the hub's database: attestation identity and fabric table, and the migration
/// from the schema before them.
@Suite final class HubStoreMatterTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    var path: String { directory.path("mhubd.sqlite3") }

    static func record(_ index: UInt8, label: String) -> FabricRecord {
        FabricRecord(
            fabricIndex: index, rootCertificate: [0x15, index],
            intermediateCertificate: index == 1 ? nil : [0x16, index],
            operationalCertificate: [0x17, index], operationalPrivateKey: Array(repeating: index, count: 32),
            identityProtectionEpochKey: Array("temporary ipk 01".utf8), vendorID: 0xFFF1, label: label,
            accessControl: [
                AccessControlEntry(
                    privilege: .administer, authMode: .case, subjects: [112_233], targets: nil, fabricIndex: index),
                AccessControlEntry(
                    privilege: .operate, authMode: .case, subjects: nil,
                    targets: [.init(cluster: 6, endpoint: 2, deviceType: nil)], fabricIndex: index),
            ])
    }

    @Test func attestationAndFabricsSurviveAReopenAndAReplacementIsWhole() throws {
        let store = try HubStore(path: path)
        #expect(try store.loadAttestation() == nil)
        #expect(try store.loadFabricTable() == FabricTable())
        var generator = SystemRandomNumberGenerator()
        let identity = try AttestationIdentity.make(
            vendorID: 0xFFF1, productID: 0x8001, now: UTCDateTime(secondsSinceUnixEpoch: 1_796_083_200),
            using: &generator)
        try store.saveAttestation(identity)
        var table = FabricTable()
        table.store(Self.record(1, label: "home"))
        table.store(Self.record(2, label: "other"))
        try store.saveFabricTable(table)
        let reopened = try HubStore(path: path)
        #expect(try reopened.loadAttestation() == identity)
        #expect(try reopened.loadFabricTable() == table)
        table.remove(1)
        try reopened.saveFabricTable(table)
        #expect(try HubStore(path: path).loadFabricTable() == table)
        #expect(table.nextFabricIndex == 3)
    }

    /// A database of the first schema (before the Matter tables) opens with its state intact and gains them.
    @Test func theFirstSchemaMigratesWithItsStateIntact() throws {
        let old = try SQLiteDatabase(path: path)
        try old.execute(HubStore.migrations[0])
        try old.setApplicationID(HubStore.applicationID)
        try old.setUserVersion(1)
        try old.run("INSERT INTO fabric (id, fabric_id, compressed_fabric_id) VALUES (1, 7, 9)")
        try old.run("INSERT INTO structures (id, name) VALUES (1, 'Home')")
        try old.run("INSERT INTO rooms (id, structure_id, name) VALUES (4, 1, 'Attic')")
        let store = try HubStore(path: path)
        let state = try #require(try store.load())
        #expect(state.fabric == FabricIdentity(fabricID: 7, compressedFabricID: 9))
        #expect(state.rooms[4]?.name == "Attic")
        #expect(try store.database.userVersion == HubStore.schemaVersion)
        #expect(try store.loadFabricTable() == FabricTable())
        try store.saveFabricTable(FabricTable(records: [Self.record(1, label: "x")], nextFabricIndex: 2))
        #expect(try store.loadFabricTable().records.count == 1)
    }
}
