import MHubCore
import MHubProtocol
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
