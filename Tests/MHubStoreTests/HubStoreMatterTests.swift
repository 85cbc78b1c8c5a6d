import Foundation
import MHubHub
import MHubJSON
import MHubTestSupport
import MatterCredentials
import MatterDataModel
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

extension HubStoreMatterTests {
    /// A database of schema 2 (before the bridge) gains bridged endpoint numbers for the nodes it holds: from 2 up,
    /// in node and endpoint order, and the counter after them; what it held stays.
    @Test func theSecondSchemaMigratesAndNumbersItsNodes() throws {
        let old = try SQLiteDatabase(path: path)
        try old.execute(HubStore.migrations[0])
        try old.execute(HubStore.migrations[1])
        try old.setApplicationID(HubStore.applicationID)
        try old.setUserVersion(2)
        try old.run("INSERT INTO fabric (id, fabric_id, compressed_fabric_id) VALUES (1, 7, 9)")
        try old.run(
            "INSERT INTO counters (id, next_node_id, next_structure_id, next_room_id, next_simulated_device_id) "
                + "VALUES (1, 8, 2, 1, 3)")
        let light = DeviceTemplates.named("on-off-light")!
        let identity = NodeIdentity(
            vendorID: 0xFFF1, vendorName: "mhub", productID: 0x8000, productName: "Light", nodeLabel: "Lamp",
            serialNumber: "S1", uniqueID: "u1", hardwareVersion: 1, softwareVersion: 1, softwareVersionString: "1")
        var composed = light.makeNode(identity: identity)
        composed.endpoints[2] = composed.endpoints[1].map { endpoint in
            var copy = endpoint
            copy.id = 2
            return copy
        }
        for (id, data) in [(7, light.makeNode(identity: identity)), (5, composed)] {
            try old.run(
                "INSERT INTO nodes (id, structure_id, room_id, name, template, simulated_device_id, commissioned_at, "
                    + "data) VALUES (?, 1, NULL, 'n', 'on-off-light', NULL, 0, ?)",
                [.integer(Int64(id)), .text(JSONWriter.compact(NodeDataCodec.encode(data)))])
        }
        let store = try HubStore(path: path)
        let state = try #require(try store.load())
        #expect(try store.database.userVersion == HubStore.schemaVersion)
        #expect(state.nodes[5]?.bridgedEndpoints == [1: 2, 2: 3])
        #expect(state.nodes[7]?.bridgedEndpoints == [1: 4])
        #expect(state.nodes[7]?.data == light.makeNode(identity: identity))
        #expect(state.counters.nextBridgedEndpoint == 5)
        #expect(state.counters.nextNodeID == 8)

        // Saved and loaded again as they are.
        var node = try #require(state.nodes[7])
        node.bridgedEndpoints = [1: 40]
        var counters = state.counters
        counters.nextBridgedEndpoint = 41
        try store.apply([.saveNode(node), .saveCounters(counters)])
        let reloaded = try #require(try HubStore(path: path).load())
        #expect(reloaded.nodes[7]?.bridgedEndpoints == [1: 40])
        #expect(reloaded.counters.nextBridgedEndpoint == 41)
    }
}
