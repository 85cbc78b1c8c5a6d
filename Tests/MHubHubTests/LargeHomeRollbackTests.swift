import MHubCore
import MatterDataModel
import Testing

@testable import MHubHub

/// A request that fails in a home of 10,000 devices leaves it exactly as it was, although the undo no longer copies
/// the home (`ShardedDictionary`).
@Suite struct LargeHomeRollbackTests {
    /// 10,000 on-off lights, each bridged on endpoint numbers of its own, in the default structure.
    static func largeHome() -> HubHarness {
        var harness = HubHarness(devices: [])
        var state = harness.hub.state
        let light = DeviceTemplates.named("on-off-light")!
        for index in 1...10_000 {
            let id = NodeID(index)
            let identity = NodeIdentity(
                vendorID: 0xFFF1, vendorName: "mhub", productID: 0x8000, productName: "Light",
                nodeLabel: "Light \(index)", serialNumber: "S\(index)", uniqueID: "u\(index)", hardwareVersion: 1,
                softwareVersion: 1, softwareVersionString: "1")
            state.nodes[id] = Node(
                id: id, structureID: 1, roomID: nil, name: "Light \(index)", template: "on-off-light",
                simulatedDeviceID: nil, commissionedAt: 0, data: light.makeNode(identity: identity),
                bridgedEndpoints: [1: EndpointID(index + 1)])
        }
        state.counters.nextNodeID = 10_001
        state.counters.nextBridgedEndpoint = 10_002
        harness.hub = Hub(state: state, settings: harness.hub.settings, random: .seeded(7))
        return harness
    }

    /// An import of two nodes whose second is malformed adds the first (a node, its bridged endpoint, the
    /// counters) before it fails: all of it goes.
    @Test func aFailingRequestRollsBackEverything() throws {
        var harness = Self.largeHome()
        _ = harness.ok(
            "device_command",
            ["node_id": 5_000, "endpoint_id": 1, "cluster_id": 6, "command_name": "On", "payload": [:]])
        let before = harness.hub
        let dump = """
            {"data": {"server": {"nodes": [{"attributes": {"0/40/3": "Sensor", "1/1026/0": 2150}}, {"node_id": 9}]}}}
            """
        let outcome = harness.send("import_test_node", ["dump": .string(dump)])
        #expect(outcome.errorCode(for: HubHarness.admin.connectionID) == .invalidArguments)
        #expect(outcome.changes.isEmpty && outcome.events.isEmpty)
        #expect(harness.hub.state == before.state)
        #expect(harness.hub.bridge == before.bridge)
        #expect(harness.hub.state.nodes.count == 10_000)
        #expect(
            harness.hub.state.nodes[5_000]?.data[AttributePath(endpoint: 1, cluster: 6, attribute: 0)] == .bool(true))

        // The same import, well formed, goes through: the failed one left nothing behind that would stop it.
        let good = """
            {"data": {"server": {"nodes": [{"attributes": {"0/40/3": "Sensor", "1/1026/0": 2150}}]}}}
            """
        #expect(harness.ok("import_test_node", ["dump": .string(good)])["node_ids"]?.arrayCount == 1)
        #expect(harness.hub.state.nodes.count == 10_001)
        #expect(before.state.nodes.count == 10_000)
    }
}
