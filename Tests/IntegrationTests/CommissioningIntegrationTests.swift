import Foundation
import MHubClient
import MHubJSON
import Testing

/// The Google Home APIs commissioning flow against the real mhubd, over both control sockets.
@Suite struct CommissioningIntegrationTests {
    @Test(arguments: DaemonHarness.Transport.allCases)
    func theFlowEndToEnd(transport: DaemonHarness.Transport) async throws {
        let daemon = try DaemonHarness()
        try daemon.start()
        let hub = try daemon.connect(transport)
        hub.closeAfter(seconds: 300)
        #expect(hub.serverInfo["schema_version"] == 11)
        _ = try await hub.call("create_room", ["name": "Living room"])
        let events = hub.events()

        let session = try await hub.prepareForMatterCommissioning()
        #expect(session.state == "prepared")
        let nodeID = try await hub.commissionMatterDevice(onboardingPayload: DaemonHarness.lampQR)
        let rooms = try await hub.rooms()
        #expect(rooms.map(\.name) == ["Living room"])
        try await hub.configureMatterDevice(deviceName: "Reading lamp", roomName: "Living room")
        let ids = try await hub.completeMatterCommissioning()
        #expect(ids.nodeIDs == [nodeID])
        #expect(ids.deviceIDs == ["\(nodeID):1"])

        // Progress arrived step by step, in order, before the result.
        var steps: [String] = []
        for await event in events {
            if event.name == "commissioning_progress", event.data["status"] == "completed",
                case .string(let step)? = event.data["step"]
            {
                steps.append(step)
            }
            if event.name == "session_updated", event.data["change"] == "completed" { break }
        }
        #expect(
            steps == [
                "discovery", "pase", "attestation", "csr", "noc", "network_setup", "operational_discovery",
                "commissioned",
            ])

        let devices = try await hub.call("get_devices")
        #expect(devices == .array([devices.firstElement!]))
        #expect(devices.firstElement?["name"] == "Reading lamp")
        #expect(devices.firstElement?["room"] == "Living room")
        let node = try await hub.call("get_node", ["node_id": .integer(Int64(nodeID))])
        #expect(node["attributes"]?["0/40/2"] == 65521)
        #expect(daemon.stop() == 0)
    }

    @Test(arguments: DaemonHarness.Transport.allCases)
    func prepareFailsForPermissionThenOfflineThenBusy(transport: DaemonHarness.Transport) throws {
        let daemon = try DaemonHarness()
        try daemon.start()
        let holder = try daemon.connect(transport == .unix ? .webSocket : .unix)
        let hub = try daemon.connect(transport)
        _ = try holder.call("prepare_commissioning")
        _ = try holder.call("set_fault", ["fault": "hub_offline"])
        _ = try holder.call("set_permission", ["principal": .string(daemon.principal(transport)), "granted": false])
        #expect(hub.errorCode("prepare_commissioning") == 200)
        _ = try holder.call("set_permission", ["principal": .string(daemon.principal(transport)), "granted": true])
        #expect(hub.errorCode("prepare_commissioning") == 201)
        _ = try holder.call("set_fault", ["fault": "hub_offline", "enabled": false])
        do {
            _ = try hub.call("prepare_commissioning")
            Issue.record("a second session was allowed")
        } catch {
            #expect(error.code == 202)
            #expect(error.name == "SessionBusy")
            #expect(error.details.contains(transport == .unix ? "ws 127.0.0.1" : "unix uid"))
            #expect(error.details.contains("until 20"))
        }
        #expect(daemon.stop() == 0)
    }

    @Test(arguments: DaemonHarness.Transport.allCases)
    func cancelRollsBackAndTheDeviceIsCommissionableAgain(transport: DaemonHarness.Transport) throws {
        let daemon = try DaemonHarness()
        try daemon.start()
        let hub = try daemon.connect(transport)
        _ = try hub.call("prepare_commissioning")
        _ = try hub.call("commission_with_code", ["code": .string(DaemonHarness.lampManual)])
        #expect(try hub.call("cancel_commissioning")["cancelled"] == true)
        #expect(try hub.call("get_nodes") == .array([]))
        #expect(try hub.call("get_simulated_devices").firstElement?["commissionable"] == true)
        #expect(try hub.call("cancel_commissioning")["cancelled"] == false)
        // Commissionable again: the implicit flow takes it.
        #expect(try hub.call("commission_with_code", ["code": .string(DaemonHarness.lampManual)])["node_id"] == 1)
        #expect(daemon.stop() == 0)
    }

    @Test(arguments: DaemonHarness.Transport.allCases)
    func disconnectRollsBackAfterTheGrace(transport: DaemonHarness.Transport) throws {
        let daemon = try DaemonHarness()
        try daemon.start()
        let watcher = try daemon.connect(.unix)
        do {
            let hub = try daemon.connect(transport)
            _ = try hub.call("prepare_commissioning")
            _ = try hub.call("commission_with_code", ["code": .string(DaemonHarness.lampQR)])
            hub.close()
        }
        #expect(try waitUntil { try watcher.call("get_session") == .null })
        #expect(try watcher.call("get_nodes") == .array([]))
        _ = try watcher.call("prepare_commissioning")
        #expect(try watcher.call("commission_with_code", ["code": .string(DaemonHarness.lampQR)])["node_id"] == 1)
        #expect(daemon.stop() == 0)
    }

    /// With an earlier session ended first, the timer armed for its deadline is left armed; it fires early for the
    /// second session's later deadline, and the second session still rolls back at its own.
    @Test(arguments: [false, true])
    func theDeadlineRollsBack(afterAnEarlierSession: Bool) throws {
        let daemon = try DaemonHarness(configuration: ["commissioning": ["session_timeout_s": 1]])
        try daemon.start()
        let hub = try daemon.connect(.unix)
        if afterAnEarlierSession {
            _ = try hub.call("prepare_commissioning")
            #expect(try hub.call("cancel_commissioning")["cancelled"] == true)
            Thread.sleep(forTimeInterval: 0.5)
        }
        _ = try hub.call("prepare_commissioning")
        _ = try hub.call("commission_with_code", ["code": .string(DaemonHarness.lampQR)])
        #expect(try waitUntil(seconds: 5) { try hub.call("get_session") == .null })
        #expect(hub.errorCode("complete_commissioning") == 203)
        #expect(try hub.call("get_nodes") == .array([]))
        #expect(daemon.stop() == 0)
    }

    @Test(arguments: DaemonHarness.Transport.allCases)
    func wrongPasscodeAndUnknownDeviceFailWithTheirOwnErrors(transport: DaemonHarness.Transport) throws {
        let daemon = try DaemonHarness()
        try daemon.start()
        let hub = try daemon.connect(transport)
        _ = try hub.call("prepare_commissioning")
        // Discriminator 1234 (the lamp), passcode 20202022: found, but PASE fails.
        #expect(hub.errorCode("commission_with_code", ["code": "MT:-24J0Q1212GF0648G00"]) == 207)
        // Discriminator 99: nobody answers.
        #expect(hub.errorCode("commission_with_code", ["code": "MT:-24J0YDA138-.548G00"]) == 206)
        #expect(hub.errorCode("commission_with_code", ["code": "MT:garbage"]) == 205)
        #expect(try hub.call("get_session")["state"] == "prepared")
        #expect(try hub.call("commission_with_code", ["code": .string(DaemonHarness.lampQR)])["node_id"] == 1)
        #expect(daemon.stop() == 0)
    }

    @Test func anAcknowledgedCompleteSurvivesKillDashNine() throws {
        let daemon = try DaemonHarness()
        try daemon.start()
        do {
            let hub = try daemon.connect(.unix)
            _ = try hub.call("create_room", ["name": "Office"])
            _ = try hub.call("prepare_commissioning")
            _ = try hub.call("commission_with_code", ["code": .string(DaemonHarness.lampQR)])
            _ = try hub.call("configure_device", ["name": "Desk lamp", "room": "Office"])
            #expect(try hub.call("complete_commissioning")["node_ids"] == [1])
        }
        daemon.killHard()
        try daemon.start()
        let hub = try daemon.connect(.webSocket)
        let device = try hub.call("get_devices").firstElement
        #expect(device?["name"] == "Desk lamp")
        #expect(device?["room"] == "Office")
        #expect(try hub.call("get_simulated_devices").firstElement?["commissionable"] == false)
        #expect(daemon.stop() == 0)
    }

    @Test func mhubctlCommissionsAndListsDevices() throws {
        let daemon = try DaemonHarness()
        try daemon.start()
        _ = try runProcess(Executables.mhubctl, ["--socket", daemon.socketPath, "rooms", "add", "Hall"])
        let result = try runProcess(
            Executables.mhubctl,
            [
                "--socket", daemon.socketPath, "commission", DaemonHarness.lampManual, "--name", "Hall light", "--room",
                "Hall",
            ])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("✓ pase"))
        #expect(result.output.hasSuffix("commissioned: node 1\n"))
        let list = try runProcess(Executables.mhubctl, ["--url", "ws://127.0.0.1:\(daemon.port)/ws", "devices"])
        #expect(list.output.contains("Hall light"))
        let failed = try runProcess(
            Executables.mhubctl, ["--socket", daemon.socketPath, "commission", DaemonHarness.lampManual])
        #expect(failed.status == 1)
        #expect(failed.errors == "mhubctl: DeviceNotFound: no commissionable device with that discriminator answered\n")
        let status = try runProcess(Executables.mhubctl, ["--socket", daemon.socketPath, "session", "status"])
        #expect(status.output == "no commissioning session\n")
        #expect(daemon.stop() == 0)
    }
}

/// Polls `condition` until it holds or `seconds` pass.
func waitUntil(seconds: Double = 5, _ condition: () throws -> Bool) throws -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try condition() { return true }
        usleep(20_000)
    }
    return try condition()
}

extension JSONValue {
    var firstElement: JSONValue? {
        if case .array(let values) = self { return values.first }
        return nil
    }
}
