import Foundation
import MHubConfiguration
import MHubHub
import MHubProtocol
import MHubTestSupport
import MatterDataModel
import Testing

@testable import MHubStore

/// The hub's database: first start, changes surviving a reopen, and a commit that fails.
@Suite final class HubStoreTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    var path: String { directory.path("mhubd.sqlite3") }

    /// A store with a fabric, the Home structure and one room.
    func makeStore() throws -> (HubStore, HubState) {
        let store = try HubStore(path: path)
        #expect(try store.load() == nil)
        var state = HubState(fabric: FabricIdentity(fabricID: 7, compressedFabricID: 9))
        state.structures[1] = Structure(id: 1, name: "Home")
        state.rooms[1] = Room(id: 1, structureID: 1, name: "Kitchen")
        try store.apply([.saveFabric(state.fabric), .saveStructure(state.structures[1]!), .saveRoom(state.rooms[1]!)])
        return (store, state)
    }

    @Test func changesSurviveAReopen() throws {
        let (store, state) = try makeStore()
        #expect(try store.load() == state)
        #expect(try HubStore(path: path).load() == state)
    }

    /// What OHF clients set, and a simulated device's network and firmware, come back after a reopen; `deleteAll`
    /// (a reset or a scenario's load) keeps the preferences, which `reset` clears itself.
    @Test func preferencesNetworksAndFirmwareSurviveAReopen() throws {
        let (store, base) = try makeStore()
        var state = base
        state.preferences = HubPreferences(
            fabricLabel: "Beach house", wifi: WiFiCredentials(ssid: "Home", credentials: "correct horse"),
            threadDataset: try ThreadDataset.parse(
                hex: "0e080000000000010000000300000f35060004001fffe0020811111111222222220708fdad70bfe5aa15dd0510001122"
                    + "33445566778899aabbccddeeff030e4f70656e54687265616444656d6f010212340410445f2b5ca6f2a93a55ce570a70efeecb"
                    + "0c0402a0f7f8"
            ).get())
        // The home's other Thread networks (a Network Infrastructure Manager's directory), in their order.
        let home = state.preferences.threadDataset!.bytes
        state.preferences.threadDirectory = try [[0x33, 0x33], [0x55, 0x55]].map { (pan: [UInt8]) in
            let other = home.replacing([0x11, 0x11, 0x11, 0x11, 0x22, 0x22, 0x22, 0x22], with: pan + pan + pan + pan)
            return try ThreadDataset.parse(bytes: other).get()
        }
        #expect(Set(state.preferences.threadDirectory.map(\.extendedPANID)).count == 2)
        var device = SimulatedDevice(
            id: 1, template: "contact-sensor", name: "Door", vendorID: 0xFFF1, productID: 0x8005, discriminator: 3000,
            passcode: 34_567_890, serialNumber: "MHUB-000001", nodeID: nil)
        device.network = .ethernet
        device.firmware.version = 3
        device.firmware.versionString = "1.2.0"
        device.firmware.offer = FirmwareOffer(
            version: 4, versionString: "1.3.0", releaseNotesURL: "https://mhub.invalid/n", sizeBytes: 1234)
        state.simulatedDevices[1] = device
        try store.apply([.savePreferences(state.preferences), .saveSimulatedDevice(device)])
        #expect(try HubStore(path: path).load() == state)
        try store.apply([.deleteAll])
        #expect(try HubStore(path: path).load()?.preferences == state.preferences)
    }

    /// A home of 1,300 lights, each its own identity, half of them bridged: loaded in one run of the decoder per CPU
    /// (`decodeNodeData`), every node comes back as it was saved, and one node's unreadable data stops the load with
    /// that node's ID.
    @Test func aLargeHomeLoadsWhole() throws {
        let (store, state) = try makeStore()
        let light = DeviceTemplates.named("on-off-light")!
        var expected = state
        for id in NodeID(1)...1300 {
            let identity = NodeIdentity(
                vendorID: 0xFFF1, vendorName: "mhub", productID: 0x8000, productName: "Light", nodeLabel: "Lamp \(id)",
                serialNumber: "S\(id)", uniqueID: "u\(id)", hardwareVersion: 1, softwareVersion: 1,
                softwareVersionString: "1")
            expected.nodes[id] = Node(
                id: id, structureID: 1, roomID: id.isMultiple(of: 3) ? 1 : nil, name: "Light \(id)",
                template: "on-off-light", simulatedDeviceID: nil, commissionedAt: Int64(id),
                data: light.makeNode(identity: identity),
                bridgedEndpoints: id.isMultiple(of: 2) ? [1: EndpointID(id % 60_000 + 2)] : [:])
        }
        try store.apply(expected.nodes.values.map { .saveNode($0) })
        #expect(try HubStore(path: path).load() == expected)

        try store.database.run("UPDATE nodes SET node_data = x'01ff' WHERE id = 1234")
        #expect {
            try HubStore(path: path).load()
        } throws: { error in
            "\(error)".contains("node 1234 has unreadable data")
        }
    }

    /// A write's statement is prepared once and run again with new values, in one transaction and across them.
    @Test func aStatementRunsAgainWithNewValues() throws {
        let (store, state) = try makeStore()
        try store.apply([
            .saveRoom(Room(id: 2, structureID: 1, name: "Hall")), .saveRoom(Room(id: 3, structureID: 1, name: "Den")),
        ])
        try store.apply([.saveRoom(Room(id: 2, structureID: 1, name: "Porch")), .deleteRoom(3), .deleteRoom(1)])
        var expected = state
        expected.rooms = [2: Room(id: 2, structureID: 1, name: "Porch")]
        #expect(try store.load() == expected)
        #expect(try HubStore(path: path).load() == expected)
    }

    @Test(arguments: [(StorageSync.full, Int64(2)), (StorageSync.normal, Int64(1))])
    func commitsAreSyncedAsConfigured(sync: StorageSync, synchronous: Int64) throws {
        let store = try HubStore(path: path, sync: sync)
        #expect(try store.database.query("PRAGMA synchronous").first?.first?.int64Value == synchronous)
        #expect(try store.database.query("PRAGMA journal_mode").first?.first?.stringValue == "wal")
    }

    @Test func aCommitWhoseRollbackFailsReopensTheConnection() throws {
        let (store, state) = try makeStore()
        weak let first = store.database
        store.database.refuseTransactionStatements(["COMMIT", "ROLLBACK"])
        #expect(throws: SQLiteError.self) { try store.apply([.deleteRoom(1)]) }
        // The stuck connection is closed (which rolls it back) and replaced, so the next commit works and
        // the failed one left nothing.
        #expect(first == nil)
        try store.apply([.saveRoom(Room(id: 2, structureID: 1, name: "Hall"))])
        var expected = state
        expected.rooms[2] = Room(id: 2, structureID: 1, name: "Hall")
        #expect(try HubStore(path: path).load() == expected)
    }

    @Test func aCommitThatFailsAndRollsBackKeepsTheConnection() throws {
        let (store, state) = try makeStore()
        let first = store.database
        first.refuseTransactionStatements(["COMMIT"])
        #expect(throws: SQLiteError.self) { try store.apply([.deleteRoom(1)]) }
        #expect(store.database === first && !first.isInTransaction)
        first.refuseTransactionStatements([])
        #expect(try store.load() == state)
    }
}
