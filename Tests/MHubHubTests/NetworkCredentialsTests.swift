import MHubJSON
import MatterDataModel
import Testing

@testable import MHubHub

/// What OHF clients set for the hub's commissioning (docs/protocol.md §7a): the networks `network_setup` gives devices,
/// the fabric label, and what a commissioned node shows of them.
@Suite struct NetworkCredentialsTests {
    /// A hub without networks set, and a device of `template` waiting; the device's QR code.
    static func hub(with template: String, network: String? = nil) -> (HubHarness, String) {
        var harness = HubHarness(networks: false)
        var args: [String: JSONValue] = ["template": .string(template)]
        if let network { args["network"] = .string(network) }
        let device = harness.ok("add_simulated_device", .object(args))
        guard case .string(let code)? = device["qr_code"] else { fatalError("no QR code") }
        return (harness, code)
    }

    @Test(arguments: [
        ("on-off-light", "wifi", "joins Wi-Fi and the hub has no Wi-Fi credentials"),
        ("contact-sensor", "thread", "joins Thread and the hub has no Thread dataset"),
    ])
    func networkSetupFailsWithoutWhatTheDevicesNetworkNeeds(template: String, network: String, reason: String) {
        var (harness, code) = Self.hub(with: template)
        guard case .array(let devices) = harness.ok("get_simulated_devices") else { return }
        #expect(devices.last?["network"] == .string(network))
        let failed = harness.send("commission_with_code", ["code": .string(code)])
        #expect(failed.progress.last == "network_setup:failed")
        #expect(failed.errorCode(for: 1) == .nodeCommissionFailed)
        let error = harness.error("commission_with_code", ["code": .string(code)])
        #expect(error?.details.hasPrefix("StepFailed (208): network_setup failed") == true)
        #expect(error?.details.contains(reason) == true, "\(error?.details ?? "")")
        // Nothing was added, and the device is commissionable still.
        #expect(harness.hub.state.nodes.isEmpty)
        if network == "wifi" {
            _ = harness.ok("set_wifi_credentials", ["ssid": "Home", "credentials": "correct horse"])
        } else {
            _ = harness.ok("set_thread_dataset", ["dataset": .string(HubHarness.threadDataset)])
        }
        #expect(harness.send("commission_with_code", ["code": .string(code)]).result(for: 1)?["node_id"] == 1)
    }

    @Test func anEthernetDeviceNeedsNoCredentials() {
        var (harness, code) = Self.hub(with: "on-off-light", network: "ethernet")
        let node = harness.send("commission_with_code", ["code": .string(code)]).result(for: 1)
        #expect(node?["attributes"]?["0/49/65532"] == 4)
        #expect(node?["attributes"]?["0/51/0"]?.elements.first?["7"] == 2)
        #expect(
            harness.error("add_simulated_device", ["template": "on-off-light", "network": "zigbee"])?.code
                == .invalidArguments)
    }

    @Test func credentialsAreCheckedStoredShownAsFlagsAndAnnounced() {
        var harness = HubHarness(networks: false)
        _ = harness.ok("start_listening")
        #expect(harness.hub.run.serverInfo["wifi_credentials_set"] == false)
        #expect(harness.error("set_wifi_credentials", ["ssid": "", "credentials": "x"])?.code == .invalidArguments)
        #expect(
            harness.error(
                "set_wifi_credentials", ["ssid": "Home", "credentials": .string(String(repeating: "x", count: 65))])?
                .code == .invalidArguments)
        #expect(harness.error("set_thread_dataset", ["dataset": "0e08"])?.code == .invalidArguments)
        #expect(
            harness.error("set_wifi_credentials", ["ssid": "Home", "credentials": "x", "id": "Guest"])?.code
                == .invalidArguments)
        #expect(harness.hub.state.preferences == HubPreferences(), "a refused request changed nothing")

        let set = harness.send(
            "set_wifi_credentials", ["ssid": "Home", "credentials": "correct horse", "id": "default"])
        #expect(set.result(for: 1) == .null)
        #expect(set.events.map(\.name) == ["server_info_updated"])
        #expect(set.events.first?.data["wifi_credentials_set"] == true)
        #expect(set.changes.contains(.savePreferences(harness.hub.state.preferences)))
        _ = harness.ok("set_thread_dataset", ["dataset": .string(HubHarness.threadDataset)])
        #expect(harness.hub.run.serverInfo["thread_credentials_set"] == true)
        // The passphrase is never shown again.
        #expect(!JSONWriter.compact(harness.ok("get_status")).contains("correct horse"))
        #expect(!JSONWriter.compact(harness.hub.run.serverInfo).contains("correct horse"))

        _ = harness.ok("remove_wifi_credentials")
        #expect(harness.hub.run.serverInfo["wifi_credentials_set"] == false)
        _ = harness.ok("reset")
        #expect(harness.hub.state.preferences == HubPreferences())
        #expect(harness.hub.run.serverInfo["thread_credentials_set"] == false)
    }

    @Test func theFabricLabelIsTheLabelOfNodesCommissionedAfterIt() {
        var harness = HubHarness()
        _ = harness.ok("set_default_fabric_label", ["label": "Beach house"])
        let first = harness.send("commission_with_code", ["code": .string(HubHarness.lampQR)]).result(for: 1)
        let fabrics = first?["attributes"]?["0/62/1"]?.elements
        #expect(fabrics?.count == 1)
        #expect(fabrics?.first?["5"] == "Beach house")
        #expect(fabrics?.first?["254"] == 1)
        #expect(first?["attributes"]?["0/62/3"] == 1)
        #expect(first?["attributes"]?["0/31/0"]?.elements.first?["3"] == [112_233])
        // null is "Home"; a long label is cut to 32 bytes, on a character boundary.
        _ = harness.ok("set_default_fabric_label", ["label": .null])
        #expect(harness.hub.state.preferences.effectiveFabricLabel == "Home")
        _ = harness.ok("set_default_fabric_label", ["label": .string(String(repeating: "é", count: 20))])
        #expect(harness.hub.state.preferences.fabricLabel == String(repeating: "é", count: 16))
        #expect(harness.error("set_default_fabric_label")?.code == .invalidArguments)
    }

    @Test func aThreadNodeShowsItsNetwork() throws {
        var harness = HubHarness()
        let device = harness.ok("add_simulated_device", ["template": "contact-sensor"])
        let node = harness.send("commission_with_code", ["code": device["qr_code"] ?? .null]).result(for: 1)
        let attributes = try #require(node?["attributes"])
        #expect(attributes["0/49/65532"] == 2)
        #expect(attributes["0/49/1"]?.elements.first?["0"] == "ERERESIiIiI=")
        #expect(attributes["0/53/2"] == "OpenThreadDemo")
        #expect(attributes["0/53/1"] == 2)
        #expect(attributes["0/29/1"]?.elements.contains(53) == true)
    }
}

extension JSONValue {
    /// The elements of an array, or none.
    var elements: [JSONValue] {
        if case .array(let values) = self { return values }
        return []
    }
}

/// What a controller sends a device it administers: UpdateFabricLabel, and RemoveFabric of the hub's fabric, which
/// decommissions the device (Home Assistant's "manage fabrics" sends them through `device_command`).
@Suite struct DeviceFabricCommandsTests {
    static func command(_ name: String, _ payload: JSONValue) -> JSONValue {
        ["node_id": 1, "endpoint_id": 0, "cluster_id": 62, "command_name": .string(name), "payload": payload]
    }

    @Test func aDeviceRelabelsItsFabricAndLeavesItOnRemoveFabric() {
        var harness = HubHarness()
        _ = harness.send("commission_with_code", ["code": .string(HubHarness.lampQR)])
        #expect(
            harness.ok("device_command", Self.command("UpdateFabricLabel", ["label": "Attic"])) == [
                "statusCode": 0, "fabricIndex": 1,
            ])
        #expect(
            harness.hub.state.nodes[1]?.data[AttributePath(endpoint: 0, cluster: 62, attribute: 1)].map(\.json)?
                .elements.first?["5"] == "Attic")
        #expect(harness.ok("device_command", Self.command("RemoveFabric", ["fabricIndex": 4]))["statusCode"] == 11)
        #expect(harness.hub.state.nodes[1] != nil, "another fabric's index removes nothing")
        let removed = harness.send("device_command", Self.command("RemoveFabric", ["fabricIndex": 1]))
        #expect(removed.result(for: 1) == ["statusCode": 0, "fabricIndex": 1])
        #expect(removed.events.contains { $0.name == "node_removed" })
        #expect(harness.hub.state.nodes[1] == nil)
        #expect(harness.hub.state.simulatedDevices[1]?.nodeID == nil, "commissionable again")
    }
}
