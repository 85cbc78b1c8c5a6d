import MHubConfiguration
import MHubDaemonRules
import MHubHub
import MHubProtocol
import MHubTestSupport
import MatterDataModel
import Testing

@testable import MHubStore

/// Compacted changes leave on disk what the full list leaves.
@Suite final class UnsavedChangesTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// A random change over a few IDs, so that later changes often hit the rows of earlier ones.
    static func randomChange(using generator: inout SeededGenerator) -> StoreChange {
        let id = Int64.random(in: 1...4, using: &generator)
        let name = "n\(UInt8.random(in: 0...9, using: &generator))"
        switch Int.random(in: 0..<13, using: &generator) {
        case 0: return .saveFabric(FabricIdentity(fabricID: UInt64(id), compressedFabricID: 9))
        case 1:
            var counters = HubCounters()
            counters.nextRoomID = id
            return .saveCounters(counters)
        case 2: return .saveStructure(Structure(id: id, name: name))
        case 3: return .deleteStructure(id)
        case 4, 5: return .saveRoom(Room(id: id, structureID: 1, name: name))
        case 6: return .deleteRoom(id)
        case 7:
            let data = NodeData(endpoints: [
                EndpointData(
                    id: 1, deviceTypes: [], clusters: [ClusterData(id: 6, attributes: [0: .bool(id % 2 == 0)])])
            ])
            return .saveNode(
                Node(
                    id: NodeID(id), structureID: 1, roomID: nil, name: name, template: "on-off-light",
                    simulatedDeviceID: nil, commissionedAt: 0, data: data))
        case 8: return .deleteNode(NodeID(id))
        case 9:
            return .saveSimulatedDevice(
                SimulatedDevice(
                    id: id, template: "on-off-light", name: name, vendorID: 1, productID: 2, discriminator: 3,
                    passcode: 20_202_021, serialNumber: "S", nodeID: nil))
        case 10: return .deleteSimulatedDevice(id)
        case 11: return .savePermission(Principal(name), id, granted: Bool.random(using: &generator))
        default: return Int.random(in: 0..<4, using: &generator) == 0 ? .deleteAll : .deleteRoom(id)
        }
    }

    @Test(arguments: 0..<20)
    func compactedChangesLeaveWhatTheFullListLeaves(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let full = try HubStore(path: directory.path("full.sqlite3"))
        let compacted = try HubStore(path: directory.path("compacted.sqlite3"))
        let start: [StoreChange] = [.saveFabric(FabricIdentity(fabricID: 1, compressedFabricID: 2))]
        try full.apply(start)
        try compacted.apply(start)
        let changes = (0..<Int.random(in: 1...60, using: &generator)).map { _ in
            Self.randomChange(using: &generator)
        }
        // Held in pieces, as failed inputs add them one after another.
        var unsaved = UnsavedChanges()
        var rest = changes[...]
        while !rest.isEmpty {
            let count = Int.random(in: 1...5, using: &generator)
            unsaved.append(Array(rest.prefix(count)))
            rest = rest.dropFirst(count)
        }
        let later: [StoreChange] = [.saveRoom(Room(id: 9, structureID: 1, name: "later"))]
        let written = unsaved.followed(by: later)
        try full.apply(changes + later)
        try compacted.apply(written)
        #expect(try compacted.load() == full.load())
        // At most one change per row (4 IDs of 5 kinds, counters, permissions), a deleteAll and the fabric.
        #expect(written.count <= 1 + 1 + 1 + 4 * 5 + 10 * 4 + 1)
        #expect(written.last == later.last)
    }

    @Test func aRowKeepsOnlyItsLastChangeAndDeleteAllDropsWhatCameBefore() {
        var unsaved = UnsavedChanges()
        #expect(unsaved.isEmpty)
        let fabric = StoreChange.saveFabric(FabricIdentity(fabricID: 1, compressedFabricID: 2))
        unsaved.append([
            .saveRoom(Room(id: 1, structureID: 1, name: "a")), fabric,
            .saveRoom(Room(id: 1, structureID: 1, name: "b")), .saveRoom(Room(id: 2, structureID: 1, name: "c")),
        ])
        #expect(
            unsaved.followed(by: []) == [
                fabric, .saveRoom(Room(id: 1, structureID: 1, name: "b")),
                .saveRoom(Room(id: 2, structureID: 1, name: "c")),
            ])
        unsaved.append([.deleteAll, .saveStructure(Structure(id: 1, name: "Home")), .deleteRoom(2)])
        #expect(
            unsaved.followed(by: [.deleteRoom(3)]) == [
                fabric, .deleteAll, .saveStructure(Structure(id: 1, name: "Home")), .deleteRoom(2), .deleteRoom(3),
            ])
        #expect(!unsaved.isEmpty)
    }
}
