import MHubJSON
import MHubProtocol
import Testing

@testable import MHubHub

/// Structures: created, renamed, deleted only empty or with a move, and devices moved between them.
@Suite struct StructureTests {
    /// The lamp commissioned into the Home structure (1), in a room "Kitchen".
    static func homeWithLamp() -> HubHarness {
        var harness = HubHarness()
        _ = harness.ok("create_room", ["name": "Kitchen"])
        _ = harness.ok("prepare_commissioning")
        harness.send("commission_with_code", ["code": .string(HubHarness.lampQR)])
        _ = harness.ok("configure_device", ["room": "Kitchen"])
        _ = harness.ok("complete_commissioning")
        return harness
    }

    @Test func aStructureWithDevicesIsDeletedOnlyWithAMove() {
        var harness = Self.homeWithLamp()
        let cabin = harness.ok("create_structure", ["name": "Cabin"])
        #expect(cabin["structure_id"] == 2)
        #expect(harness.error("delete_structure", ["structure_id": 1])?.code == .structureNotEmpty)
        #expect(harness.hub.state.structures[1] != nil, "a refused delete changes nothing")
        #expect(
            harness.error("delete_structure", ["structure_id": 1, "move_devices_to": 1])?.code == .invalidArguments)
        #expect(
            harness.error("delete_structure", ["structure_id": 1, "move_devices_to": 9])?.code == .structureNotFound)

        _ = harness.ok("create_room", ["name": "kitchen", "structure_id": 2])
        let outcome = harness.send("delete_structure", ["structure_id": 1, "move_devices_to": 2])
        #expect(outcome.result(for: 1)?["moved_node_ids"] == [1])
        #expect(outcome.events.map(\.name) == ["device_updated", "room_removed", "structure_removed"])
        #expect(harness.hub.state.structures.keys.sorted() == [2])
        #expect(harness.hub.state.rooms.values.map(\.structureID) == [2])
        // The lamp lands in the room of the same name in its new structure.
        #expect(harness.hub.state.nodes[1]?.structureID == 2)
        #expect(harness.hub.state.nodes[1]?.roomID == 2)
        #expect(harness.committed.contains(.deleteStructure(1)))
        #expect(harness.committed.contains(.deleteRoom(1)))
        // The default structure is now the one left.
        #expect(harness.ok("get_rooms").arrayCount == 1)
    }

    @Test func theLastStructureAndOneWithAnOpenSessionStay() {
        var harness = HubHarness()
        #expect(harness.error("delete_structure", ["structure_id": 1])?.code == .sessionState)
        _ = harness.ok("create_structure", ["name": "Cabin"])
        _ = harness.ok("prepare_commissioning", ["structure_id": 2])
        #expect(harness.error("delete_structure", ["structure_id": 2])?.code == .sessionState)
        _ = harness.ok("cancel_commissioning")
        #expect(harness.ok("delete_structure", ["structure_id": 2])["deleted"] == true)
        #expect(harness.error("delete_structure", ["structure_id": 2])?.code == .structureNotFound)
    }

    @Test func deletingAStructureDropsThePermissionsRevokedOnIt() {
        var harness = HubHarness()
        _ = harness.ok("create_structure", ["name": "Cabin"])
        _ = harness.ok("set_permission", ["principal": "guest", "structure_id": 2, "granted": false])
        _ = harness.ok("delete_structure", ["structure_id": 2])
        #expect(harness.hub.state.revoked.isEmpty)
        #expect(harness.committed.last == .deleteStructure(2))
        // A principal without permission on a structure cannot delete it.
        _ = harness.ok("create_structure", ["name": "Shed"])
        _ = harness.ok("set_permission", ["principal": "uid:0", "structure_id": 3, "granted": false])
        #expect(harness.error("delete_structure", ["structure_id": 3])?.code == .permissionDenied)
    }

    @Test func aDeviceMovesBetweenStructuresIntoARoomThere() {
        var harness = Self.homeWithLamp()
        _ = harness.ok("create_structure", ["name": "Cabin"])
        _ = harness.ok("create_room", ["name": "Porch", "structure_id": 2])
        #expect(
            harness.error("move_device", ["node_id": 1, "structure_id": 2, "room": "Kitchen"])?.code == .roomNotFound)
        #expect(harness.error("move_device", ["node_id": 1, "structure_id": 2, "room_id": 1])?.code == .roomNotFound)
        #expect(harness.error("move_device", ["node_id": 9, "structure_id": 2])?.code == .nodeNotExists)
        let moved = harness.ok("move_device", ["node_id": 1, "structure_id": 2, "room": "porch"])
        #expect(moved["structure_id"] == 2)
        #expect(moved["room"] == "Porch")
        #expect(harness.ok("get_devices", ["structure_id": 1]).arrayCount == 0)
        #expect(harness.ok("get_devices", ["structure_id": 2]).arrayCount == 1)
        // Without a room it lands in none.
        #expect(harness.ok("move_device", ["node_id": 1, "structure_id": 1])["room_id"] == .null)
        // Permission on both ends is needed.
        _ = harness.ok("set_permission", ["principal": "uid:0", "structure_id": 2, "granted": false])
        #expect(harness.error("move_device", ["node_id": 1, "structure_id": 2])?.code == .permissionDenied)
    }

    /// Every structure-scoped mutation is refused to a principal whose permission on that structure is revoked,
    /// and changes nothing; the same client still changes a structure it may use (issue 11 point 10).
    @Test func structureMutationsAreRefusedWhereThePermissionIsRevoked() {
        var harness = Self.homeWithLamp()
        _ = harness.ok("create_structure", ["name": "Cabin"])
        _ = harness.ok("set_permission", ["principal": "guest", "structure_id": 1, "granted": false])
        let guest = ClientInfo(connectionID: 5, principal: Principal("guest"), scope: .commission, peer: "ws guest")
        let before = harness.hub.state
        let refused: [(String, JSONValue)] = [
            ("rename_structure", ["structure_id": 1, "name": "Mine"]),
            ("delete_structure", ["structure_id": 1, "move_devices_to": 2]),
            ("create_room", ["name": "Attic"]),
            ("rename_room", ["room_id": 1, "name": "Scullery"]),
            ("delete_room", ["room_id": 1]),
            ("update_device", ["node_id": 1, "name": "Mine"]),
            ("move_device", ["node_id": 1, "structure_id": 2]),
        ]
        for (command, args) in refused {
            let outcome = harness.send(command, args, as: guest)
            #expect(outcome.errorCode(for: guest.connectionID) == .permissionDenied, "\(command)")
            #expect(outcome.changes.isEmpty && outcome.events.isEmpty, "\(command)")
        }
        #expect(harness.hub.state == before)
        #expect(harness.hub.state.structures[1]?.name == "Home")
        #expect(harness.ok("rename_structure", ["structure_id": 2, "name": "Lodge"], as: guest)["name"] == "Lodge")
        // Granted again, the rename goes through.
        _ = harness.ok("set_permission", ["principal": "guest", "structure_id": 1, "granted": true])
        #expect(harness.ok("rename_structure", ["structure_id": 1, "name": "Mine"], as: guest)["name"] == "Mine")
    }
}
