import Foundation
import MHubClient
import MHubConfiguration
import Testing

/// The client library's typed calls and HomeKit's semantics against the real mhubd, and `mhubctl structures`.
@Suite struct ClientIntegrationTests {
    @Test func typedCallsCoverStructuresRoomsDevicesSimulatedDevicesAndFaults() async throws {
        let daemon = try DaemonHarness()
        try daemon.start()
        let hub = try daemon.connect(.webSocket)
        let cabin = try await hub.createStructure(name: "Cabin")
        #expect(try await hub.structures().map(\.name) == ["Home", "Cabin"])
        let porch = try await hub.createRoom(name: "Porch", structureID: cabin.id)
        #expect(try await hub.rooms(structureID: cabin.id) == [porch])
        let strip = try await hub.addSimulatedDevice(
            template: "on-off-plug-in-unit", layout: .endpoints(2), name: "Strip", discriminator: 77,
            passcode: 24_681_357)
        #expect(strip.deviceCount == 2)
        #expect(try await hub.simulatedDevices().map(\.name) == ["Lamp", "Door", "Strip"])
        _ = try await hub.prepareForMatterCommissioning(structureID: cabin.id)
        let node = try await hub.commissionMatterDevice(onboardingPayload: strip.qrCode)
        try await hub.configureMatterDevice(deviceName: "Porch strip", roomName: "Porch")
        #expect(try await hub.completeMatterCommissioning().deviceIDs == ["\(node):1", "\(node):2"])
        let device = try #require(try await hub.devices(structureID: cabin.id).first)
        #expect(device.room == "Porch")
        // Structures keep their devices: deleting one that holds some needs a move.
        do {
            try await hub.deleteStructure(cabin.id)
            Issue.record("a structure with devices was deleted")
        } catch {
            #expect(error == .hub(.structureNotEmpty, error.details))
        }
        try await hub.deleteStructure(cabin.id, movingDevicesTo: 1)
        #expect(try await hub.devices().first?.structureID == 1)
        // Attributes by cluster and attribute name.
        try await hub.sendCommand(nodeID: node, endpoint: 2, cluster: "OnOff", command: "On")
        #expect(try await hub.readAttribute(nodeID: node, endpoint: 2, cluster: "OnOff", attribute: "onOff") == true)
        #expect(try await hub.readAttribute(nodeID: node, endpoint: 1, cluster: "OnOff", attribute: "onOff") == false)
        // A write that fails after a delay, and changes nothing.
        try await hub.setFault(.writeFailure(simulatedDeviceID: strip.id, delayMilliseconds: 300, status: "BUSY"))
        let started = Date()
        do {
            try await hub.writeAttribute(nodeID: node, endpoint: 1, cluster: "OnOff", attribute: "onTime", value: 5)
            Issue.record("a failing write succeeded")
        } catch {
            guard case .deviceStatus(let details) = error else { throw error }
            #expect(details.hasPrefix("BUSY (0x9C)"))
        }
        #expect(Date().timeIntervalSince(started) >= 0.29)
        #expect(try await hub.readAttribute(nodeID: node, endpoint: 1, cluster: "OnOff", attribute: "onTime") == 0)
        try await hub.clearFaults()
        #expect(daemon.stop() == 0)
    }

    @Test func aSimulatedDeviceAddedOnTheNetworkShowsItsOwnNodeAndItsPort() async throws {
        let daemon = try DaemonHarness(configuration: ["matter": ["port": 0, "device_port_base": 0]])
        try daemon.start()
        let hub = try daemon.connect(.unix)
        let light = try await hub.addSimulatedDevice(
            template: "on-off-light", name: "Desk", discriminator: 2011, passcode: 34_567_890, onNetwork: true)
        let node = try #require(light.matterNode, "add_simulated_device answered no matter_node")
        #expect(light.onNetwork && light.commissionable && light.nodeID == nil)
        // Its node listens a moment later, on a port of its own, with its window open and on no fabric.
        var listed: MHubConnection.SimulatedDevice?
        for _ in 0..<100 {
            listed = try await hub.simulatedDevices().first { $0.id == light.id }
            if listed?.matterNode?.port != nil { break }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        let shown = try #require(listed?.matterNode, "\(daemon.log)")
        #expect(shown.nodeID == node.nodeID)
        #expect(shown.port != nil && shown.port != daemon.matterPort)
        #expect(shown.commissioningWindowOpen && shown.fabrics.isEmpty && shown.problem == nil)
        // The node that holds its state answers reads, though it is in no structure.
        #expect(
            try await hub.readAttribute(nodeID: node.nodeID, endpoint: 1, cluster: "OnOff", attribute: "onOff") == false
        )
        #expect(try await hub.devices().isEmpty)
        // Without onNetwork (and matter.devices_on_network false) a device has no node of its own.
        let plain = try await hub.addSimulatedDevice(template: "on-off-light", name: "Shelf")
        #expect(plain.matterNode == nil && !plain.onNetwork)
        #expect(daemon.stop() == 0)
    }

    @Test func aNotificationBringsOneAttributeToAClientThatDoesNotListen() async throws {
        let daemon = try DaemonHarness()
        try daemon.start()
        let admin = try daemon.connect(.unix)
        let node = try await admin.commissionMatterDevice(onboardingPayload: DaemonHarness.lampQR)
        let app = try daemon.connect(.webSocket)
        let events = app.events()
        try await app.enableNotification(true, nodeID: node, endpoint: 1, cluster: "OnOff", attribute: "onOff")
        _ = try await admin.call(
            .setAttribute, ["node_id": .integer(Int64(node)), "attribute_path": "1/6/16385", "value": 9])
        _ = try await admin.call(
            .setAttribute, ["node_id": .integer(Int64(node)), "attribute_path": "1/6/0", "value": true])
        var iterator = events.makeAsyncIterator()
        let first = await iterator.next()
        #expect(first == MHubEvent(name: "attribute_updated", data: [.integer(Int64(node)), "1/6/0", true]))
        #expect(daemon.stop() == 0)
    }

    @Test func theHomeManagerIsEmptyUntilItsSlowFirstSync() async throws {
        let daemon = try DaemonHarness()
        try daemon.start()
        let admin = try daemon.connect(.unix)
        _ = try await admin.call(.createRoom, ["name": "Kitchen"])
        _ = try await admin.call(.setFault, ["fault": "slow_sync", "latency_ms": 700])
        let connection = try daemon.connect(.webSocket)
        let manager = try MHubHomeManager(connection: connection)
        // Read before the sync, as an app reading HMHomeManager.homes too early does: nothing yet.
        #expect(manager.homes.isEmpty)
        #expect(try await connection.structures().isEmpty)
        let homes = try await manager.firstSync(timeout: 10)
        #expect(homes.map(\.name) == ["Home"])
        #expect(homes.first?.rooms.map(\.name) == ["Kitchen"])
        #expect(try await connection.structures().map(\.name) == ["Home"])
        // Then it follows the hub.
        _ = try await admin.call(.createRoom, ["name": "Hall"])
        #expect(try await waitFor { manager.homes.first?.rooms.count == 2 })
        #expect(daemon.stop() == 0)
    }

    @Test func mhubctlListsCreatesRenamesMovesAndRemovesStructures() throws {
        let daemon = try DaemonHarness()
        try daemon.start()
        func mhubctl(_ arguments: String...) throws -> ProcessResult {
            try runProcess(Executables.mhubctl, ["--socket", daemon.socketPath] + arguments)
        }
        #expect(try mhubctl("structures", "add", "Cabin").output == "structure 2 Cabin\n")
        #expect(try mhubctl("structures", "rename", "2", "Lodge").output == "structure 2 Lodge\n")
        #expect(try mhubctl("structures").output == "ID  STRUCTURE\n1   Home\n2   Lodge\n")
        _ = try mhubctl("commission", DaemonHarness.lampManual)
        #expect(try mhubctl("structures", "move", "1", "2").output == "node 1 is in structure 2, room -\n")
        let refused = try mhubctl("structures", "remove", "2")
        #expect(refused.status == 1)
        #expect(refused.errors.hasPrefix("mhubctl: StructureNotEmpty: structure 2 holds 1 device(s)"))
        #expect(
            try mhubctl("structures", "remove", "2", "--move-devices-to", "1").output
                == "deleted structure 2; moved node 1\n")
        #expect(try mhubctl("structures", "--json").output == #"[{"name":"Home","structure_id":1}]"# + "\n")
        #expect(daemon.stop() == 0)
    }
}

/// Polls `condition` (an async caller's) until it holds or `seconds` pass.
func waitFor(seconds: Double = 5, _ condition: () -> Bool) async throws -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        try await Task.sleep(nanoseconds: 20_000_000)
    }
    return condition()
}
