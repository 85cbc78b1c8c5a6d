import MHubConfiguration
import MHubProtocol
import Testing

@testable import MHubHub

/// Who hears which event (docs/protocol.md §5): OHF listeners only OHF event types, mhub listeners everything,
/// nobody events about a structure they have no permission for.
@Suite struct EventRecipientsTests {
    static let ohfClient = ClientInfo(connectionID: 7, principal: Principal("ha"), scope: .commission, peer: "ws ha")

    @Test func ohfListenersHearOnlyOHFEventsAndMhubListenersHearAll() {
        var harness = HubHarness()
        _ = harness.ok("start_listening", ["events": "all"])
        _ = harness.ok("start_listening", as: Self.ohfClient)
        let room = harness.send("create_room", ["name": "Kitchen"])
        #expect(room.events.map(\.name) == ["room_updated"])
        #expect(harness.hub.recipients(of: room.events[0]) == [HubHarness.admin.connectionID])
        let added = harness.send("commission_with_code", ["code": .string(HubHarness.lampQR)])
        let nodeAdded = added.events.first { $0.name == "node_added" }!
        #expect(harness.hub.recipients(of: nodeAdded) == [HubHarness.admin.connectionID, Self.ohfClient.connectionID])
        for event in added.events where event.name != "node_added" {
            #expect(!harness.hub.recipients(of: event).contains(Self.ohfClient.connectionID), "\(event.name)")
        }
        #expect(harness.error("start_listening", ["events": "some"])?.code == .invalidArguments)
    }

    @Test func theOwnerOfAnImplicitSessionHearsOnlyWhatItListensFor() {
        var harness = HubHarness()
        let outcome = harness.send("commission_with_code", ["code": .string(HubHarness.lampQR)], as: Self.ohfClient)
        let sessionEvents = outcome.events.filter { ["session_updated", "commissioning_progress"].contains($0.name) }
        #expect(!sessionEvents.isEmpty)
        for event in sessionEvents {
            #expect(harness.hub.recipients(of: event).isEmpty, "\(event.name)")
        }
        // Its own prepared session: mhub's flow, so it hears them without listening.
        let prepared = harness.send("prepare_commissioning")
        #expect(harness.hub.recipients(of: prepared.events[0]) == [HubHarness.admin.connectionID])
    }

    @Test func eventsAboutAStructureSkipListenersWithoutPermission() {
        var harness = HubHarness()
        _ = harness.ok("commission_with_code", ["code": .string(HubHarness.lampQR)])
        _ = harness.ok("start_listening", as: Self.ohfClient)
        _ = harness.ok("set_permission", ["principal": "ha", "granted": false])
        let toggled = harness.send(
            "device_command",
            ["node_id": 1, "endpoint_id": 1, "cluster_id": 6, "command_name": "Toggle", "payload": [:]])
        let update = toggled.events.first { $0.name == "attribute_updated" }!
        #expect(harness.hub.recipients(of: update).isEmpty)
        // OHF commands answer with OHF codes, mhub's name first in the details (docs/protocol.md §3).
        #expect(
            harness.error("get_node", ["node_id": 1], as: Self.ohfClient)?.details.hasPrefix("PermissionDenied") == true
        )
        let read = harness.error("read_attribute", ["node_id": 1, "attribute_path": "1/6/0"], as: Self.ohfClient)
        #expect(read?.details.hasPrefix("PermissionDenied") == true)
        #expect(harness.ok("get_nodes", as: Self.ohfClient) == .array([]))
        #expect(harness.ok("start_listening", as: Self.ohfClient) == .array([]))
    }

    @Test func onlyTheAdminScopeSeesTheWindowsPasscode() {
        var harness = HubHarness()
        let opened = harness.send("open_commissioning_window", ["enhanced": true])
        #expect(opened.events[0].data["setup_pin_code"] == nil)
        #expect(harness.ok("get_commissioning_window")["setup_pin_code"] != nil)
        let seen = harness.ok("get_commissioning_window", as: HubHarness.reader)
        #expect(seen["open"] == true)
        #expect(seen["setup_pin_code"] == nil && seen["setup_qr_code"] == nil && seen["setup_manual_code"] == nil)
        #expect(harness.ok("get_status", as: HubHarness.reader)["commissioning_window"]?["setup_pin_code"] == nil)
    }

    @Test func quotasRefuseWithQuotaExceededAndChangeNothing() {
        var harness = HubHarness()
        for index in 0..<HubQuotas.roomsPerStructure {
            _ = harness.ok("create_room", ["name": .string("Room \(index)")])
        }
        #expect(harness.error("create_room", ["name": "one more"])?.code == .quotaExceeded)
        #expect(harness.hub.state.rooms.count == HubQuotas.roomsPerStructure)
        for index in 0..<HubQuotas.revokedPermissions {
            _ = harness.ok("set_permission", ["principal": .string("p\(index)"), "granted": false])
        }
        #expect(harness.error("set_permission", ["principal": "one more", "granted": false])?.code == .quotaExceeded)
        // Granting again is always possible.
        _ = harness.ok("set_permission", ["principal": "p0", "granted": true])
    }
}
