import MHubJSON
import MHubProtocol
import MHubStore
import MatterDataModel
import Testing

@testable import MHubHub

/// Bridges and devices of several endpoints: created with N at creation, commissioned as one node, one device ID
/// per device endpoint.
@Suite struct DeviceLayoutTests {
    @Test func aBridgeCommissionsAsOneNodeWithADeviceIDPerBridgedDevice() throws {
        var harness = HubHarness()
        let bridge = harness.ok(
            "add_simulated_device",
            ["template": "bridge", "bridged_devices": 3, "discriminator": 888, "passcode": 24_681_357])
        #expect(bridge["template"] == "bridge")
        #expect(bridge["bridged_devices"] == 3)
        #expect(bridge["bridged_template"] == "on-off-light")
        #expect(bridge["product_id"] == .integer(0x800B))
        guard case .string(let qr)? = bridge["qr_code"] else { throw TestFailure("no QR code") }
        _ = harness.ok("prepare_commissioning")
        let node = harness.send("commission_with_code", ["code": .string(qr)]).result(for: 1)
        #expect(node?["is_bridge"] == true)
        #expect(node?["attributes"]?["1/29/3"] == [2, 3, 4])
        let completed = harness.ok("complete_commissioning")
        #expect(completed["node_ids"] == [1])
        #expect(completed["device_ids"] == ["1:2", "1:3", "1:4"])
        #expect(harness.ok("get_devices").firstElement?["device_ids"] == ["1:2", "1:3", "1:4"])
        // Each bridged light works on its own.
        let toggled = harness.send(
            "device_command",
            ["node_id": 1, "endpoint_id": 3, "cluster_id": 6, "command_name": "On", "payload": [:]])
        #expect(toggled.events.map(\.data) == [[1, "3/6/0", true]])
    }

    static let identities = [
        NodeIdentity(
            vendorID: 0xFFF1, vendorName: "mhub", productID: 0x8000, productName: "Lamp", nodeLabel: "Hall",
            serialNumber: "A1", uniqueID: "mhub-A1", hardwareVersion: 1, softwareVersion: 1,
            softwareVersionString: "1.0"),
        NodeIdentity(
            vendorID: 0x1234, vendorName: "other", productID: 0x0042, productName: "Plug", nodeLabel: "Desk",
            serialNumber: "B2", uniqueID: "mhub-B2", hardwareVersion: 3, softwareVersion: 7,
            softwareVersionString: "7.0"),
    ]

    /// A library template's node is made once and given each identity: the same node as the template makes for it.
    @Test(arguments: DeviceTemplates.all)
    func aTemplatesNodeMadeOnceTakesEachIdentity(template: DeviceTemplate) {
        for identity in Self.identities {
            #expect(
                SimulatedLayout.single(template).makeNode(identity: identity) == template.makeNode(identity: identity))
            // With the node's OHF attributes, from the ones made once.
            let made = SimulatedLayout.single(template).makeNodeWithAttributes(identity: identity)
            #expect(made.data == template.makeNode(identity: identity))
            #expect(made.attributes == template.makeNode(identity: identity).ohfAttributes)
            #expect(
                template.makeNode(identity: Self.identities[0]).settingIdentity(identity)
                    == template.makeNode(identity: identity))
            #expect(
                template.makeBridge(identity: Self.identities[0], bridgedCount: 2).settingIdentity(identity)
                    == template.makeBridge(identity: identity, bridgedCount: 2))
        }
        // A template of the same key that is not the library's is made as it is.
        var custom = template
        custom.productName = "Custom"
        custom.clusters.removeLast()
        #expect(
            SimulatedLayout.single(custom).makeNode(identity: Self.identities[1])
                == custom.makeNode(identity: Self.identities[1]))
        #expect(
            SimulatedLayout.single(custom).makeNodeWithAttributes(identity: Self.identities[1]).attributes
                == custom.makeNode(identity: Self.identities[1]).ohfAttributes)
    }

    /// A node's OHF attributes are keyed by path, every attribute once.
    @Test func ohfAttributesAreEveryAttributeByPath() {
        let data = SimulatedLayout.bridge(DeviceTemplates.all[0], count: 2).makeNode(identity: Self.identities[0])
        let node = Node(
            id: 9, structureID: 1, roomID: nil, name: "Bridge", template: "bridge/x*2", simulatedDeviceID: nil,
            commissionedAt: 0, data: data)
        let expected = Dictionary(uniqueKeysWithValues: data.attributes.map { ($0.0.description, $0.1.json) })
        #expect(node.ohfAttributesJSON == .object(expected))
        #expect(node.ohfJSON(available: true)["attributes"] == .object(expected))
        #expect(expected["0/40/5"] == "Hall")
    }

    @Test func deviceIDsSurviveTheStoredForm() throws {
        var harness = HubHarness()
        _ = harness.ok(
            "add_simulated_device",
            ["template": "on-off-plug-in-unit", "endpoints": 2, "discriminator": 999, "passcode": 24_681_357])
        let qr = try #require(harness.hub.state.simulatedDevices[3].map { harness.hub.onboardingPayload(of: $0) })
        _ = harness.ok("commission_with_code", ["code": .string(try qr.qrCodeString())])
        let node = try #require(harness.hub.state.nodes[1])
        #expect(node.deviceIDs == ["1:1", "1:2"])
        #expect(node.template == "on-off-plug-in-unit*2")
        // What the store writes and reads back names the same devices.
        let reloaded = try NodeDataCodec.decode(NodeDataCodec.encode(node.data))
        var restored = node
        restored.data = reloaded
        #expect(restored.deviceIDs == node.deviceIDs)
        #expect(harness.ok("get_devices").firstElement?["endpoints"] == 2)
    }

    @Test func layoutsAreCheckedAtCreation() {
        var harness = HubHarness()
        for args: JSONValue in [
            ["template": "bridge", "bridged_devices": 0], ["template": "bridge", "bridged_devices": 65],
            ["template": "bridge", "endpoints": 2], ["template": "on-off-light", "bridged_devices": 2],
            ["template": "on-off-light", "endpoints": 17], ["template": "on-off-light", "endpoints": 0],
        ] {
            #expect(harness.error("add_simulated_device", args)?.code == .invalidArguments, "\(args)")
        }
        #expect(
            harness.error("add_simulated_device", ["template": "bridge", "bridged_template": "toaster"])?.code
                == .unknownTemplate)
        #expect(harness.hub.state.simulatedDevices.count == 2, "nothing was created")
    }

    @Test func storedLayoutsReadBackAndNonsenseDoesNot() throws {
        let light = try #require(DeviceTemplates.named("on-off-light"))
        for layout in [SimulatedLayout.single(light), .endpoints(light, count: 4), .bridge(light, count: 64)] {
            #expect(SimulatedLayout(stored: layout.stored) == layout)
        }
        for text in ["toaster", "bridge/toaster*2", "on-off-light*0", "on-off-light*17", "bridge/on-off-light*65", ""] {
            #expect(SimulatedLayout(stored: text) == nil, "\(text)")
        }
    }
}
