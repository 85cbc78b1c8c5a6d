import MHubJSON
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

/// A run of requests whose commit fails, as `HubService` runs one read's requests: `handle(_:from:now:rollback:)`
/// leaves the way back at the first request with changes, and every later success adds its nodes' undo log.
@Suite struct HubRollbackTests {
    static func request(_ id: Int, _ command: String, _ args: JSONValue? = nil) -> HubRequest {
        HubRequest(messageID: .integer(Int64(id)), command: command, args: args)
    }

    static func on(_ node: Int64) -> JSONValue {
        ["node_id": .integer(node), "endpoint_id": 1, "cluster_id": 6, "command_name": "On", "payload": [:]]
    }

    @Test func aFailedCommitPutsBackEveryRequestFromTheFirstChangeOn() throws {
        var harness = LargeHomeRollbackTests.largeHome()
        var rollback: HubRollback?
        let now = harness.now
        func run(_ id: Int, _ command: String, _ args: JSONValue? = nil) -> HubOutcome {
            harness.hub.handle(Self.request(id, command, args), from: HubHarness.admin, now: now, rollback: &rollback)
        }
        // A query, then a request that changes only memory: no way back is kept for them, and a rollback keeps them.
        _ = run(1, "server_info")
        #expect(rollback == nil)
        #expect(run(2, "prepare_commissioning").changes.isEmpty)
        #expect(rollback == nil)
        let beforeChanges = harness.hub

        #expect(!run(3, "device_command", Self.on(5_000)).changes.isEmpty)
        #expect(rollback != nil)
        #expect(!run(4, "create_room", ["name": "Attic"]).changes.isEmpty)
        #expect(!run(5, "device_command", Self.on(7_000)).changes.isEmpty)
        // A request that fails undoes itself; the run's way back is unchanged by it.
        let malformed = #"{"data": {"server": {"nodes": [{"attributes": {"0/40/3": "Sensor"}}, {"node_id": 9}]}}}"#
        #expect(run(6, "import_test_node", ["dump": .string(malformed)]).changes.isEmpty)
        #expect(!run(7, "remove_node", ["node_id": 9_000]).changes.isEmpty)
        #expect(harness.hub.state.nodes.count == 9_999)
        // Compared outside `#expect`, which would print both 10,000-node homes when they differ.
        let changed = harness.hub.state != beforeChanges.state
        #expect(changed)

        harness.hub.rollBack(try #require(rollback))
        let sameState = harness.hub.state == beforeChanges.state
        let sameBridge = harness.hub.bridge == beforeChanges.bridge
        #expect(sameState && sameBridge)
        #expect(harness.hub.desk.session != nil && harness.hub.desk.session?.id == beforeChanges.desk.session?.id)
        let on = AttributePath(endpoint: 1, cluster: 6, attribute: 0)
        #expect(harness.hub.state.nodes[5_000]?.data[on] == .bool(false))
        #expect(harness.hub.state.nodes[7_000]?.data[on] == .bool(false))
        #expect(harness.hub.state.nodes[9_000] != nil && harness.hub.state.nodes.count == 10_000)
    }
}
