import MHubConfiguration
import MatterDataModel
import MatterOnboarding
import Testing

@testable import MHubHub

/// Bridged endpoint numbers: one per application endpoint of each device, given when the device joins the home,
/// stored with the node, never given twice.
@Suite struct BridgeIndexTests {
    /// Every device endpoint of the home of every template (a composed device has several).
    static let count = DeviceTemplates.all.map { 1 + $0.parts.count }.reduce(0, +)

    @Test func devicesGetNumbersInTheOrderTheyJoinAndKeepThem() throws {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        let hub = harness.hub
        let count = Self.count
        var next: EndpointID = 2
        for (index, template) in DeviceTemplates.all.enumerated() {
            // Each endpoint of the device in order: a composed device's parts after its endpoint 1.
            var numbers: [EndpointID: EndpointID] = [:]
            for endpoint in 1...EndpointID(1 + template.parts.count) {
                numbers[endpoint] = next
                next += 1
            }
            #expect(hub.state.nodes[NodeID(index + 1)]?.bridgedEndpoints == numbers, "\(template.key)")
        }
        #expect(hub.bridge.endpoints == Array(2...EndpointID(count + 1)))
        #expect(hub.bridge.target(of: 5) == BridgeIndex.Target(node: 4, endpoint: 1))
        #expect(hub.state.counters.nextBridgedEndpoint == EndpointID(count + 2))
        // The numbers are part of the stored node and counters.
        #expect(harness.committed.contains(.saveNode(hub.state.nodes[3]!)))
        #expect(harness.committed.contains(.saveCounters(hub.state.counters)))

        // A device that leaves frees nothing for the next: its number is not given again.
        _ = harness.ok("remove_node", ["node_id": 3])
        #expect(harness.hub.bridge.endpoints == [2, 3] + Array(5...EndpointID(count + 1)))
        #expect(harness.hub.bridge.target(of: 4) == nil)
        let code = try SetupPayloadHelper.qr(discriminator: 102, passcode: 20_202_021)
        _ = harness.ok("commission_with_code", ["code": .string(code)])
        let again = try #require(harness.hub.state.nodes[NodeID(DeviceTemplates.all.count + 1)])
        #expect(again.bridgedEndpoints == [1: EndpointID(count + 2)])
        #expect(harness.hub.bridge.endpoints.last == EndpointID(count + 2))

        // A reset empties the home; the counter goes on.
        _ = harness.ok("reset")
        #expect(harness.hub.bridge.endpoints.isEmpty)
        #expect(harness.hub.state.counters.nextBridgedEndpoint == EndpointID(count + 3))
    }

    @Test func theIndexIsRebuiltFromStoredNumbers() {
        let harness = DeviceInteractionTests.homeWithEveryTemplate()
        let rebuilt = Hub(state: harness.hub.state, settings: harness.hub.settings, random: .seeded(1))
        #expect(rebuilt.bridge == harness.hub.bridge)
    }

    /// Past the highest endpoint number the lowest number no device holds is taken.
    @Test func numbersAfterTheLastOneAreTheLowestFree() throws {
        var harness = DeviceInteractionTests.homeWithEveryTemplate()
        _ = harness.ok("remove_node", ["node_id": 2])
        harness.hub.state.counters.nextBridgedEndpoint = 0xFFFF
        let code = try SetupPayloadHelper.qr(discriminator: 101, passcode: 20_202_021)
        _ = harness.ok("commission_with_code", ["code": .string(code)])
        let count = Self.count
        #expect(harness.hub.state.nodes[NodeID(DeviceTemplates.all.count + 1)]?.bridgedEndpoints == [1: 3])
        #expect(harness.hub.bridge.endpoints == Array(2...EndpointID(count + 1)))
    }

    @Test func insertionKeepsTheEndpointsSorted() {
        var index = BridgeIndex()
        func node(_ id: NodeID, _ numbers: [EndpointID: EndpointID]) -> Node {
            Node(
                id: id, structureID: 1, roomID: nil, name: "n", template: "on-off-light", simulatedDeviceID: nil,
                commissionedAt: 0, data: NodeData(endpoints: []), bridgedEndpoints: numbers)
        }
        index.insert(node(1, [1: 9, 2: 4]))
        index.insert(node(2, [1: 6]))
        index.insert(node(3, [1: 12]))
        #expect(index.endpoints == [4, 6, 9, 12])
        index.remove(node(1, [1: 9, 2: 4]))
        #expect(index.endpoints == [6, 12])
        #expect(index.target(of: 6) == BridgeIndex.Target(node: 2, endpoint: 1))
    }
}
