import MHubConfiguration
import MHubJSON
import MHubProtocol
import MatterDataModel
import Testing

@testable import MHubHub

/// HomeKit's semantics on a manual clock: the first sync as an event, notifications per attribute, and writes
/// that fail after a delay.
@Suite struct HomeSyncTests {
    static let app = ClientInfo(connectionID: 40, principal: Principal("uid:501"), scope: .control, peer: "app")
    static let viewer = ClientInfo(connectionID: 41, principal: Principal("uid:502"), scope: .read, peer: "viewer")

    /// The lamp (node 1) and a dimmable light (node 2) commissioned into Home, which has a Kitchen.
    static func home() -> HubHarness {
        var devices = HubHarness.defaultDevices
        devices.append(
            SimulatedDeviceDeclaration(template: "dimmable-light", discriminator: 2000, passcode: 20_202_021))
        var harness = HubHarness(devices: devices)
        _ = harness.ok("create_room", ["name": "Kitchen"])
        _ = harness.ok("commission_with_code", ["code": .string(HubHarness.lampQR)])
        _ = harness.ok("commission_with_code", ["code": "MT:06PS0AFN00I40648G00"])
        return harness
    }

    func syncs(_ outcome: HubOutcome, _ hub: Hub, to client: ClientInfo) -> [HubEvent] {
        outcome.events.filter { $0.name == "home_synced" && hub.recipients(of: $0) == [client.connectionID] }
    }

    @Test func withoutTheFaultTheFirstSyncComesWithTheListeningReply() {
        var harness = Self.home()
        let outcome = harness.send("start_listening", ["events": "all"], as: Self.app)
        let synced = syncs(outcome, harness.hub, to: Self.app)
        #expect(synced.count == 1)
        #expect(synced.first?.data["structures"] == [["name": "Home", "structure_id": 1]])
        #expect(synced.first?.data["devices"]?.arrayCount == 2)
        #expect(synced.first?.data["nodes"]?.arrayCount == 2)
        #expect(outcome.result(for: Self.app.connectionID)?.arrayCount == 2)
        // Once per connection.
        #expect(
            syncs(harness.send("start_listening", ["events": "all"], as: Self.app), harness.hub, to: Self.app).isEmpty)
        // OHF listeners have no such thing.
        let ohf = harness.send("start_listening", as: Self.viewer)
        #expect(ohf.events.isEmpty)
        #expect(ohf.result(for: Self.viewer.connectionID)?.arrayCount == 2)
    }

    @Test func aSlowFirstSyncReadsAnEmptyHomeUntilItsEventArrives() {
        var harness = Self.home()
        _ = harness.ok("set_fault", ["fault": "slow_sync", "latency_ms": 2000])
        let listening = harness.send("start_listening", ["events": "all"], as: Self.app)
        #expect(listening.result(for: Self.app.connectionID) == [])
        #expect(syncs(listening, harness.hub, to: Self.app).isEmpty)
        #expect(harness.ok("get_structures", as: Self.app) == [])
        #expect(harness.ok("get_rooms", as: Self.app) == [])
        #expect(harness.ok("get_devices", as: Self.app) == [])
        #expect(harness.hub.nextDeadline == harness.now + 2000)
        // Changes meanwhile are not heard: the sync brings the home as it is when it is done.
        let room = harness.send("create_room", ["name": "Hall"])
        #expect(!harness.hub.recipients(of: room.events[0]).contains(Self.app.connectionID))
        #expect(syncs(harness.advance(by: 1999), harness.hub, to: Self.app).isEmpty)
        let done = syncs(harness.advance(by: 1), harness.hub, to: Self.app)
        #expect(done.first?.data["rooms"]?.arrayCount == 2)
        #expect(harness.ok("get_structures", as: Self.app).arrayCount == 1)
        #expect(harness.ok("get_rooms", as: Self.app).arrayCount == 2)
        let renamed = harness.send("rename_room", ["room_id": 2, "name": "Hallway"])
        #expect(harness.hub.recipients(of: renamed.events[0]).contains(Self.app.connectionID))
        // Others were never slowed.
        #expect(harness.ok("get_structures").arrayCount == 1)
    }

    @Test func aFirstSyncShowsOnlyTheStructuresTheListenerMaySee() {
        var harness = Self.home()
        _ = harness.ok("create_structure", ["name": "Cabin"])
        _ = harness.ok("set_permission", ["principal": "uid:501", "structure_id": 1, "granted": false])
        let synced = syncs(harness.send("start_listening", ["events": "all"], as: Self.app), harness.hub, to: Self.app)
        #expect(synced.first?.data["structures"] == [["name": "Cabin", "structure_id": 2]])
        #expect(synced.first?.data["nodes"] == [])
    }

    @Test func aNotificationBringsOneAttributesChangesWithoutListening() {
        var harness = Self.home()
        let enabled = harness.ok(
            "enable_notification", ["node_id": 2, "attribute_path": "1/8/0"], as: Self.viewer)
        #expect(enabled == [["attribute_path": "1/8/0", "node_id": 2]])
        _ = harness.ok(
            "device_command", ["node_id": 2, "endpoint_id": 1, "cluster_id": 6, "command_name": "On", "payload": [:]])
        let moving = harness.send(
            "device_command",
            [
                "node_id": 2, "endpoint_id": 1, "cluster_id": 8, "command_name": "MoveToLevel",
                "payload": ["level": 200, "transitionTime": 2, "optionsMask": 0, "optionsOverride": 0],
            ])
        func heard(_ outcome: HubOutcome) -> [JSONValue] {
            outcome.events.filter { harness.hub.recipients(of: $0).contains(Self.viewer.connectionID) }.map(\.data)
        }
        #expect(heard(moving).isEmpty, "remainingTime (1/8/1) is not asked for")
        #expect(heard(harness.advance(by: 100)) == [[2, "1/8/0", 227]])
        #expect(heard(harness.advance(by: 100)) == [[2, "1/8/0", 200]])
        // Wildcards, and switching one off.
        _ = harness.ok("enable_notification", ["node_id": 1, "attribute_path": "1/6/*"], as: Self.viewer)
        _ = harness.ok(
            "enable_notification", ["node_id": 2, "attribute_path": "1/8/0", "enabled": false], as: Self.viewer)
        #expect(harness.ok("get_notifications", as: Self.viewer) == [["attribute_path": "1/6/*", "node_id": 1]])
        let toggled = harness.send(
            "device_command", ["node_id": 1, "endpoint_id": 1, "cluster_id": 6, "command_name": "On", "payload": [:]])
        #expect(heard(toggled) == [[1, "1/6/0", true]])
        let dimmed = harness.send("set_attribute", ["node_id": 2, "attribute_path": "1/8/0", "value": 10])
        #expect(heard(dimmed).isEmpty)
    }

    @Test func notificationsFollowPermissionsAndTheNode() {
        var harness = Self.home()
        #expect(
            harness.error("enable_notification", ["node_id": 1, "attribute_path": "9/6/0"], as: Self.viewer)?.code
                == .invalidArguments)
        #expect(
            harness.error("enable_notification", ["node_id": 7, "attribute_path": "1/6/0"], as: Self.viewer)?.code
                == .nodeNotExists)
        _ = harness.ok("enable_notification", ["node_id": 1, "attribute_path": "1/6/0"], as: Self.viewer)
        _ = harness.ok("set_permission", ["principal": "uid:502", "granted": false])
        let toggled = harness.send("set_attribute", ["node_id": 1, "attribute_path": "1/6/0", "value": true])
        #expect(!harness.hub.recipients(of: toggled.events[0]).contains(Self.viewer.connectionID))
        _ = harness.ok("set_permission", ["principal": "uid:502", "granted": true])
        _ = harness.ok("remove_node", ["node_id": 1])
        #expect(harness.ok("get_notifications", as: Self.viewer) == [])
        _ = harness.ok("enable_notification", ["node_id": 2, "attribute_path": "1/6/0"], as: Self.viewer)
        _ = harness.disconnect(Self.viewer)
        #expect(harness.hub.listening.notifications.isEmpty)
    }

    @Test func aFailingWriteIsAnsweredAfterItsDelayAndChangesNothing() {
        var harness = Self.home()
        _ = harness.ok("set_fault", ["fault": "write_failure", "simulated_device_id": 1, "delay_ms": 1500])
        let write = harness.send(
            "device_command", ["node_id": 1, "endpoint_id": 1, "cluster_id": 6, "command_name": "On", "payload": [:]],
            as: Self.app)
        #expect(write.replies.isEmpty, "nothing is answered early")
        #expect(write.events.isEmpty)
        #expect(harness.advance(by: 1499).replies.isEmpty)
        let failed = harness.advance(by: 1)
        let error = failed.errorCode(for: Self.app.connectionID)
        #expect(error == .sdkStackError)
        guard case .failure(let reason)? = failed.replies.first?.result else { return }
        #expect(reason.details.hasPrefix("FAILURE (0x1)"))
        #expect(failed.events.isEmpty)
        #expect(harness.hub.state.nodes[1]?.data[AttributePath(endpoint: 1, cluster: 6, attribute: 0)] == .bool(false))
        // Reads, the other device and physical changes are not affected.
        #expect(harness.ok("read_attribute", ["node_id": 1, "attribute_path": "1/6/0"]) == ["1/6/0": false])
        #expect(
            harness.send("write_attribute", ["node_id": 2, "attribute_path": "1/8/17", "value": 10]).replies.count == 1)
        #expect(
            harness.ok("set_attribute", ["node_id": 1, "attribute_path": "1/6/0", "value": true]) == ["1/6/0": true])
        // Another status, at once; and off again.
        _ = harness.ok(
            "set_fault", ["fault": "write_failure", "simulated_device_id": 1, "delay_ms": 0, "status": "BUSY"])
        #expect(
            harness.error("write_attribute", ["node_id": 1, "attribute_path": "1/6/16385", "value": 5])?.details
                .hasPrefix("BUSY") == true)
        _ = harness.ok("set_fault", ["fault": "write_failure", "simulated_device_id": 1, "enabled": false])
        #expect(
            harness.send("write_attribute", ["node_id": 1, "attribute_path": "1/6/16385", "value": 5]).replies.count
                == 1)
        #expect(
            harness.error("set_fault", ["fault": "write_failure", "simulated_device_id": 1, "status": "SUCCESS"])?.code
                == .invalidArguments)
    }
}
