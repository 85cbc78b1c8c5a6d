import Foundation
import MHubHub
import MHubJSON
import MHubTestSupport
import MatterDataModel
import Testing

@testable import MHubStore

/// Schema 3 (node data as JSON text) to 4 (the binary form): a database as schema 3's writer left it opens with every
/// node as it was, in one transaction that either converts all of it or none.
@Suite final class HubStoreMigrationTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    var path: String { directory.path("mhubd.sqlite3") }

    static func light(_ index: Int) -> NodeData {
        var data = DeviceTemplates.named("on-off-light")!.makeNode(
            identity: NodeIdentity(
                vendorID: 0xFFF1, vendorName: "mhub", productID: 0x8000, productName: "Light",
                nodeLabel: "Lamp \(index)", serialNumber: "S\(index)", uniqueID: "u\(index)", hardwareVersion: 1,
                softwareVersion: 1, softwareVersionString: "1"))
        data[AttributePath(endpoint: 1, cluster: 6, attribute: 0)] = .bool(index.isMultiple(of: 2))
        return data
    }

    /// A database of schema 3 as that version wrote it: its schema's steps, its counters, and nodes whose data is
    /// `NodeDataCodec`'s JSON text in the `data` column.
    func writeSchema3(nodes: [(NodeID, String)]) throws {
        let old = try SQLiteDatabase(path: path)
        try old.configureForDurability()
        try old.transaction {
            for step in HubStore.migrations[0..<3] {
                try old.execute(step)
            }
            try old.setApplicationID(HubStore.applicationID)
            try old.setUserVersion(3)
        }
        try old.run("INSERT INTO fabric (id, fabric_id, compressed_fabric_id) VALUES (1, 7, 9)")
        try old.run(
            "INSERT INTO counters (id, next_node_id, next_structure_id, next_room_id, next_simulated_device_id, "
                + "next_bridged_endpoint, next_event_number) VALUES (1, 100, 2, 1, 1, 300, 55)")
        for (id, text) in nodes {
            try old.run(
                "INSERT OR REPLACE INTO nodes (id, structure_id, room_id, name, template, simulated_device_id, "
                    + "commissioned_at, data, bridged_endpoints) VALUES (?, 1, NULL, ?, 'on-off-light', NULL, 5, ?, ?)",
                [
                    .integer(Int64(id)), .text("Lamp \(id)"), .text(text),
                    .text(HubStore.encode([1: EndpointID(id + 1)])),
                ])
        }
    }

    func columns(of table: String) throws -> [String] {
        try SQLiteDatabase(path: path).query("PRAGMA table_info(\(table))").compactMap { $0[1].stringValue }
    }

    @Test func schema3NodesOpenAsTheyWereInTheBinaryForm() throws {
        let nodes = (1...50).map { (NodeID($0), Self.light($0)) }
        try writeSchema3(nodes: nodes.map { ($0.0, JSONWriter.compact(NodeDataCodec.encode($0.1))) })
        #expect(try columns(of: "nodes").contains("data"))

        let store = try HubStore(path: path)
        #expect(try store.database.userVersion == HubStore.schemaVersion)
        let state = try #require(try store.load())
        #expect(state.nodes.count == 50)
        for (id, data) in nodes {
            #expect(state.nodes[id]?.data == data)
            #expect(
                state.nodes[id]?.name == "Lamp \(id)" && state.nodes[id]?.bridgedEndpoints == [1: EndpointID(id + 1)])
        }
        #expect(state.counters.nextNodeID == 100 && state.counters.nextEventNumber == 55)
        let columns = try columns(of: "nodes")
        #expect(!columns.contains("data") && columns.contains("node_data"))
        let stored = try store.database.query("SELECT node_data FROM nodes WHERE id = 3")
        #expect(stored.first?.first?.blobValue == NodeDataCodec.encodeBinary(Self.light(3)))
        #expect(try store.integrityCheck() == ["ok"])

        // Saved and loaded again as they are.
        var node = try #require(state.nodes[7])
        node.data[AttributePath(endpoint: 1, cluster: 6, attribute: 0)] = .bool(true)
        try store.apply([.saveNode(node)])
        #expect(try HubStore(path: path).load()?.nodes[7] == node)
    }

    /// A node whose JSON does not decode stops the open, and the conversion of the others is rolled back with it: the
    /// file stays schema 3, as it was (what a kill -9 in the middle of the migration leaves too).
    @Test func aFailedMigrationLeavesSchema3AsItWas() throws {
        let good = JSONWriter.compact(NodeDataCodec.encode(Self.light(1)))
        try writeSchema3(nodes: [(1, good), (2, good), (3, "[{\"id\": \"not a number\"}]")])
        #expect(throws: HubStore.OpenError.self) { try HubStore(path: path) }
        let database = try SQLiteDatabase(path: path)
        #expect(try database.userVersion == 3)
        #expect(try columns(of: "nodes").contains("data"))
        #expect(!(try columns(of: "nodes").contains("node_data")))
        #expect(try database.query("SELECT data FROM nodes WHERE id = 1").first?.first?.stringValue == good)
    }

    @Test func aNewDatabaseHasTheBinaryColumnOnly() throws {
        _ = try HubStore(path: path)
        let columns = try columns(of: "nodes")
        #expect(columns.contains("node_data") && !columns.contains("data"))
        #expect(try SQLiteDatabase(path: path).userVersion == HubStore.schemaVersion)
    }
}
