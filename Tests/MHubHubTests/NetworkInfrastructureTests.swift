import MHubJSON
import MatterDataModel
import MatterNode
import Testing

@testable import MHubHub

/// A Network Infrastructure Manager is the home's router: its Wi-Fi and Thread border router show the hub's networks,
/// its credentials go out over CASE only, and its Thread Network Directory keeps the home's other networks, stored with
/// the preferences.
@Suite struct NetworkInfrastructureTests {
    let interactions = DeviceInteractionTests()
    let router = DeviceInteractionTests.node("network-infrastructure-manager")
    /// The harness's dataset with another Extended PAN ID: another network with every sub-TLV a directory needs.
    static let otherNetwork = HubHarness.threadDataset.replacingOccurrences(
        of: "02081111111122222222", with: "02083333333344444444")

    func value(_ harness: HubHarness, _ path: String) -> AttributeValue? {
        interactions.value(harness, router, path)
    }

    func command(_ harness: inout HubHarness, cluster: Int64, _ name: String, _ payload: JSONValue = [:])
        -> HubOutcome
    {
        interactions.command(&harness, "network-infrastructure-manager", cluster: cluster, name, payload)
    }

    func failure(_ harness: inout HubHarness, cluster: Int64, _ name: String, _ payload: JSONValue = [:]) -> String? {
        harness.error(
            "device_command",
            [
                "node_id": .integer(router), "endpoint_id": 1, "cluster_id": .integer(cluster),
                "command_name": .string(name), "payload": payload,
            ])?.details
    }

    func bridged(
        _ harness: inout HubHarness, cluster: ClusterID, command: CommandID, _ fields: [UInt32: AttributeValue]
    )
        -> BridgedAnswer?
    {
        BridgedRequestTests.answers(
            BridgedRequestTests.request(
                &harness, 9, endpoint: harness.hub.state.nodes[NodeID(router)]!.bridgedEndpoints[1]!,
                .invoke(cluster: cluster, command: command, fields: fields)))[9]
    }

    @Test func itShowsTheHomesNetworks() {
        let harness = DeviceInteractionTests.homeWithEveryTemplate()
        #expect(value(harness, "1/1105/0") == .bytes(Array("Test Wi-Fi".utf8)))
        #expect(value(harness, "1/1105/1") != .null)
        #expect(value(harness, "1/1106/3") == .bool(true))
        // Active Timestamp TLV 0e08 0000000000010000: one second, no ticks.
        #expect(value(harness, "1/1106/4") == .unsigned(0x1_0000))
        let home: [UInt8] = [0x11, 0x11, 0x11, 0x11, 0x22, 0x22, 0x22, 0x22]
        #expect(
            value(harness, "1/1107/1")
                == .list([
                    .structure([
                        0: .bytes(home), 1: .string("OpenThreadDemo"), 2: .unsigned(15), 3: .unsigned(0x1_0000),
                    ])
                ]))
        #expect(value(harness, "1/1107/0") == .bytes(home))
    }

    @Test func theHubsNetworksChangingChangeIt() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        let before = value(harness, "1/1105/1")
        let changed = harness.send("set_wifi_credentials", ["ssid": "Test Wi-Fi", "credentials": "new passphrase"])
        #expect(value(harness, "1/1105/1") != before)
        #expect(changed.events.contains { $0.name == "attribute_updated" })
        _ = harness.ok("remove_wifi_credentials")
        _ = harness.ok("remove_thread_dataset")
        #expect(value(harness, "1/1105/0") == .null)
        #expect(value(harness, "1/1105/1") == .null)
        #expect(value(harness, "1/1106/3") == .bool(false))
        #expect(value(harness, "1/1106/4") == .null)
        #expect(value(harness, "1/1107/1") == .list([]))
        #expect(value(harness, "1/1107/0") == .null)
    }

    @Test func credentialsGoOutOverCASEOnly() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        #expect(failure(&harness, cluster: 0x0451, "NetworkPassphraseRequest")?.contains("UNSUPPORTED_ACCESS") == true)
        #expect(failure(&harness, cluster: 0x0452, "GetActiveDatasetRequest")?.contains("UNSUPPORTED_ACCESS") == true)
        #expect(
            bridged(&harness, cluster: 0x0451, command: 0x00, [:])
                == .response(command: 0x01, fields: [0: .bytes(Array("correct horse".utf8))]))
        let dataset = try! ThreadDataset.parse(hex: HubHarness.threadDataset).get().bytes
        #expect(
            bridged(&harness, cluster: 0x0452, command: 0x00, [:])
                == .response(command: 0x02, fields: [0: .bytes(dataset)]))
        #expect(bridged(&harness, cluster: 0x0452, command: 0x01, [:]) == .status(InteractionStatus.notFound.rawValue))
        #expect(
            bridged(&harness, cluster: 0x0452, command: 0x03, [0: .bytes(dataset)])
                == .status(InteractionStatus.failsafeRequired.rawValue))
        #expect(
            bridged(
                &harness, cluster: 0x0453, command: 0x02, [0: .bytes([0x11, 0x11, 0x11, 0x11, 0x22, 0x22, 0x22, 0x22])])
                == .response(command: 0x03, fields: [0: .bytes(dataset)]))
    }

    @Test func theDirectoryKeepsTheHomesOtherNetworks() {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        let other = Self.otherNetwork
        let otherPAN = "3333333344444444"
        _ = command(&harness, cluster: 0x0453, "AddNetwork", ["operationalDataset": .string(other)])
        guard case .list(let networks)? = value(harness, "1/1107/1") else {
            Issue.record("no ThreadNetworks")
            return
        }
        #expect(networks.count == 2)
        #expect(
            harness.hub.state.preferences.threadDirectory.map(\.extendedPANID) == [
                [0x33, 0x33, 0x33, 0x33, 0x44, 0x44, 0x44, 0x44]
            ])
        #expect(harness.committed.contains(.savePreferences(harness.hub.state.preferences)))
        // Not newer than the entry it would replace; the border router's own; a dataset lacking PSKc.
        let again = failure(&harness, cluster: 0x0453, "AddNetwork", ["operationalDataset": .string(other)])
        #expect(again?.contains("INVALID_IN_STATE") == true)
        let own = failure(
            &harness, cluster: 0x0453, "AddNetwork", ["operationalDataset": .string(HubHarness.threadDataset)])
        #expect(own?.contains("INVALID_IN_STATE") == true)
        let noPSKc = other.replacingOccurrences(of: "0410445f2b5ca6f2a93a55ce570a70efeecb", with: "")
        let lacking = failure(&harness, cluster: 0x0453, "AddNetwork", ["operationalDataset": .string(noPSKc)])
        #expect(lacking?.contains("CONSTRAINT_ERROR") == true)
        // The preferred network cannot go, nor the border router's own; an unknown one is not found.
        _ = harness.ok(
            "write_attribute", ["node_id": .integer(router), "attribute_path": "1/1107/0", "value": .string(otherPAN)])
        #expect(value(harness, "1/1107/0") == .bytes([0x33, 0x33, 0x33, 0x33, 0x44, 0x44, 0x44, 0x44]))
        let preferred = failure(&harness, cluster: 0x0453, "RemoveNetwork", ["extendedPanID": .string(otherPAN)])
        #expect(preferred?.contains("CONSTRAINT_ERROR") == true)
        let unlisted = harness.error(
            "write_attribute",
            ["node_id": .integer(router), "attribute_path": "1/1107/0", "value": "5555555566666666"])
        #expect(unlisted?.details.contains("CONSTRAINT_ERROR") == true)
        _ = harness.ok(
            "write_attribute",
            ["node_id": .integer(router), "attribute_path": "1/1107/0", "value": "1111111122222222"])
        let ownRemoved = failure(&harness, cluster: 0x0453, "RemoveNetwork", ["extendedPanID": "1111111122222222"])
        #expect(ownRemoved?.contains("CONSTRAINT_ERROR") == true)
        let unknown = failure(&harness, cluster: 0x0453, "RemoveNetwork", ["extendedPanID": "5555555566666666"])
        #expect(unknown?.contains("NOT_FOUND") == true)
        _ = command(&harness, cluster: 0x0453, "RemoveNetwork", ["extendedPanID": .string(otherPAN)])
        #expect(harness.hub.state.preferences.threadDirectory.isEmpty)
        guard case .list(let left)? = value(harness, "1/1107/1") else {
            Issue.record("no ThreadNetworks")
            return
        }
        #expect(left.count == 1)
    }
}
