import MHubConfiguration
import MatterDataModel
import MatterInteraction
import MatterNode
import MatterOnboarding
import Testing

@testable import MHubHub

/// The Matter node's commands and writes on bridged devices through the hub: the device logic's effects and
/// refusals, faults, the answers as outputs; and what the hub tells the node of its changes.
@Suite struct BridgedRequestTests {
    /// Node IDs 1…10 in template order, bridged at endpoints 2…11.
    static func home() -> HubHarness { DeviceInteractionTests.homeWithEveryTemplate() }

    static func endpoint(_ template: String) -> EndpointID {
        EndpointID(DeviceInteractionTests.node(template) + 1)
    }

    static func answers(_ outcome: HubOutcome) -> [UInt64: BridgedAnswer] {
        var answers: [UInt64: BridgedAnswer] = [:]
        for case .bridgedAnswer(let id, let answer) in outcome.outputs { answers[id] = answer }
        return answers
    }

    static func changes(_ outcome: HubOutcome) -> [BridgeChange] {
        outcome.outputs.compactMap { if case .bridgeChanged(let change) = $0 { change } else { nil } }
    }

    static func request(
        _ harness: inout HubHarness, _ id: UInt64, endpoint: EndpointID, _ operation: BridgedRequest.Operation
    ) -> HubOutcome {
        let outcome = harness.hub.bridgedRequest(
            BridgedRequest(id: id, endpoint: endpoint, operation: operation), now: harness.now)
        harness.committed += outcome.changes
        return outcome
    }

    @Test func aToggleRunsTheDeviceLogicAndIsAnsweredAfterItsChange() {
        var harness = Self.home()
        let light = Self.endpoint("on-off-light")
        let outcome = Self.request(&harness, 7, endpoint: light, .invoke(cluster: 6, command: 2, fields: [:]))
        #expect(Self.answers(outcome) == [7: .status(0)])
        #expect(harness.hub.state.nodes[1]?.data[AttributePath(endpoint: 1, cluster: 6, attribute: 0)] == .bool(true))
        #expect(Self.changes(outcome) == [.attributes([AttributePath(endpoint: light, cluster: 6, attribute: 0)])])
        // One state: listeners hear attribute_updated, the change is stored.
        #expect(outcome.events.contains { $0.name == "attribute_updated" && $0.data == [1, "1/6/0", true] })
        #expect(outcome.changes.contains(.saveNode(harness.hub.state.nodes[1]!)))
        // The answer goes after the change's output, so a subscriber's data is current when the invoke is answered.
        let kinds = outcome.outputs.map { if case .bridgedAnswer = $0 { "answer" } else { "change" } }
        #expect(kinds == ["change", "answer"])
    }

    @Test func commandsWithFieldsAndResponses() {
        var harness = Self.home()
        let light = Self.endpoint("dimmable-light")
        _ = Self.request(&harness, 1, endpoint: light, .invoke(cluster: 6, command: 1, fields: [:]))
        let moved = Self.request(
            &harness, 2, endpoint: light,
            .invoke(
                cluster: 8, command: 0, fields: [0: .unsigned(100), 1: .unsigned(0), 2: .unsigned(0), 3: .unsigned(0)]))
        #expect(Self.answers(moved) == [2: .status(0)])
        #expect(
            harness.hub.state.nodes[2]?.data[AttributePath(endpoint: 1, cluster: 8, attribute: 0)] == .unsigned(100))
        // Groups answers with a response command, its fields by tag.
        let viewed = Self.request(
            &harness, 3, endpoint: light, .invoke(cluster: 4, command: 1, fields: [0: .unsigned(9)]))
        #expect(
            Self.answers(viewed) == [
                3: .response(command: 1, fields: [0: .unsigned(0x8B), 1: .unsigned(9), 2: .string("")])
            ])
        // A field of the wrong type, a missing one, an unknown command.
        let wrong = Self.request(
            &harness, 4, endpoint: light, .invoke(cluster: 8, command: 0, fields: [0: .string("x")]))
        #expect(Self.answers(wrong) == [4: .status(InteractionStatus.invalidCommand.rawValue)])
        let missing = Self.request(&harness, 5, endpoint: light, .invoke(cluster: 4, command: 1, fields: [:]))
        #expect(Self.answers(missing) == [5: .status(InteractionStatus.invalidCommand.rawValue)])
        let unknown = Self.request(&harness, 6, endpoint: light, .invoke(cluster: 6, command: 0x55, fields: [:]))
        #expect(Self.answers(unknown) == [6: .status(InteractionStatus.unsupportedCommand.rawValue)])
        let nowhere = Self.request(&harness, 8, endpoint: 999, .invoke(cluster: 6, command: 2, fields: [:]))
        #expect(Self.answers(nowhere) == [8: .status(InteractionStatus.unsupportedEndpoint.rawValue)])
    }

    /// The refusals `write_attribute` gives, as statuses.
    @Test func writesAreRefusedAsWriteAttributeRefusesThem() {
        var harness = Self.home()
        let light = Self.endpoint("on-off-light")
        let thermostat = Self.endpoint("thermostat")
        let sensor = Self.endpoint("occupancy-sensor")
        // Binding's targets, as TLV carries them (fields by tag): a node with its endpoint, or a node without one.
        let goodBinding = AttributeValue.list([.structure([1: .unsigned(2), 3: .unsigned(1), 4: .unsigned(6)])])
        let badBinding = AttributeValue.list([.structure([1: .unsigned(2)])])
        let cases: [(EndpointID, ClusterID, AttributeID, AttributeValue, InteractionStatus)] = [
            (sensor, 0x001E, 0, goodBinding, .success),
            (sensor, 0x001E, 0, badBinding, .constraintError),
            (light, 6, 0x4001, .unsigned(30), .success),
            (light, 6, 0x0000, .bool(true), .unsupportedWrite),
            (light, 6, 0x4001, .string("x"), .invalidDataType),
            (light, 6, 0x4003, .unsigned(7), .constraintError),
            (light, 6, 0x4444, .unsigned(1), .unsupportedAttribute),
            (light, 8, 0x0000, .unsigned(1), .unsupportedCluster),
            (thermostat, 0x0201, 0x0012, .signed(2900), .constraintError),
        ]
        for (index, (endpoint, cluster, attribute, value, status)) in cases.enumerated() {
            let outcome = Self.request(
                &harness, UInt64(index), endpoint: endpoint,
                .write(cluster: cluster, attribute: attribute, value: value))
            #expect(Self.answers(outcome) == [UInt64(index): .status(status.rawValue)], "\(cluster)/\(attribute)")
        }
        #expect(
            harness.hub.state.nodes[1]?.data[AttributePath(endpoint: 1, cluster: 6, attribute: 0x4001)] == .unsigned(30)
        )
    }

    @Test func faultsApplyOnTheMatterSideToo() throws {
        var harness = Self.home()
        let light = Self.endpoint("on-off-light")
        let device = try #require(harness.hub.state.nodes[1]?.simulatedDeviceID)
        // Unreachable: FAILURE, nothing changes; Reachable goes false with a ReachableChanged event.
        let fault = harness.send("set_fault", ["fault": "device_unreachable", "simulated_device_id": .integer(device)])
        let reachable = AttributePath(endpoint: light, cluster: 0x39, attribute: 0x11)
        let changes = Self.changes(fault)
        #expect(changes.first == .attributes([reachable]))
        guard case .event(let event)? = changes.last else {
            Issue.record("no ReachableChanged event: \(changes)")
            return
        }
        #expect(
            event.endpoint == light && event.cluster == 0x39 && event.event == 3 && event.fields == [0: .bool(false)])
        #expect(harness.hub.bridgeView.endpoint(light)?.device?.reachable == false)
        let refused = Self.request(&harness, 1, endpoint: light, .invoke(cluster: 6, command: 2, fields: [:]))
        #expect(Self.answers(refused) == [1: .status(InteractionStatus.failure.rawValue)])
        #expect(harness.hub.state.nodes[1]?.data[AttributePath(endpoint: 1, cluster: 6, attribute: 0)] == .bool(false))
        _ = harness.ok("clear_faults")
        #expect(harness.hub.bridgeView.endpoint(light)?.device?.reachable == true)

        // Slow: answered and applied after the latency.
        _ = harness.ok("set_fault", ["fault": "slow_device", "latency_ms": 800])
        let slow = Self.request(&harness, 2, endpoint: light, .invoke(cluster: 6, command: 2, fields: [:]))
        #expect(Self.answers(slow).isEmpty)
        #expect(Self.answers(harness.advance(by: 799)).isEmpty)
        let late = harness.advance(by: 1)
        #expect(Self.answers(late) == [2: .status(0)])
        #expect(harness.hub.state.nodes[1]?.data[AttributePath(endpoint: 1, cluster: 6, attribute: 0)] == .bool(true))
        _ = harness.ok("clear_faults")

        // Silent: never answered; after the interaction timeout the node hears there is no answer.
        _ = harness.ok("set_fault", ["fault": "device_unresponsive", "simulated_device_id": .integer(device)])
        let silent = Self.request(&harness, 3, endpoint: light, .invoke(cluster: 6, command: 2, fields: [:]))
        #expect(Self.answers(silent).isEmpty)
        #expect(Self.answers(harness.advance(by: Hub.defaultInteractionTimeout)) == [3: .noAnswer])
        #expect(harness.hub.state.nodes[1]?.data[AttributePath(endpoint: 1, cluster: 6, attribute: 0)] == .bool(true))
    }

    @Test func theNodeLabelOfBridgedDeviceBasicInformationIsTheDevicesName() {
        var harness = Self.home()
        let light = Self.endpoint("on-off-light")
        let renamed = Self.request(
            &harness, 1, endpoint: light, .write(cluster: 0x39, attribute: 5, value: .string("Desk")))
        #expect(Self.answers(renamed) == [1: .status(0)])
        #expect(harness.hub.state.nodes[1]?.name == "Desk")
        #expect(renamed.events.map(\.name) == ["device_updated"])
        #expect(Self.changes(renamed) == [.attributes([AttributePath(endpoint: light, cluster: 0x39, attribute: 5)])])
        let blank = Self.request(
            &harness, 2, endpoint: light, .write(cluster: 0x39, attribute: 5, value: .string("  ")))
        #expect(Self.answers(blank) == [2: .status(InteractionStatus.constraintError.rawValue)])
        // update_device over the control socket reaches the node the same way.
        let updated = harness.send("update_device", ["node_id": 1, "name": "Lamp"])
        #expect(Self.changes(updated) == [.attributes([AttributePath(endpoint: light, cluster: 0x39, attribute: 5)])])
        #expect(harness.hub.bridgeView.endpoint(light)?.device?.nodeLabel == "Lamp")
    }

    /// A lock's LockOperation: one number for node_event and the Matter event, stored; the next one follows.
    @Test func eventsShareTheHubsStoredNumbers() throws {
        var harness = Self.home()
        let lock = Self.endpoint("door-lock")
        let first = harness.hub.state.counters.nextEventNumber
        let locked = Self.request(&harness, 1, endpoint: lock, .invoke(cluster: 0x0101, command: 0, fields: [:]))
        guard case .event(let event)? = Self.changes(locked).last else {
            Issue.record("no event: \(locked.outputs)")
            return
        }
        #expect(event.number == first && event.endpoint == lock && event.event == 2 && event.priority == 2)
        #expect(event.fields[0] == .unsigned(0))
        let nodeEvent = try #require(locked.events.first { $0.name == "node_event" })
        #expect(nodeEvent.data["event_number"] == .integer(Int64(first)))
        #expect(harness.hub.state.counters.nextEventNumber == first + 1)
        #expect(locked.changes.contains(.saveCounters(harness.hub.state.counters)))
    }

    @Test func devicesJoiningAndLeavingChangeTheEndpoints() throws {
        var harness = Self.home()
        let removed = harness.send("remove_node", ["node_id": 2])
        #expect(Self.changes(removed) == [.endpoints(added: [], removed: [3])])
        let code = try SetupPayloadHelper.qr(discriminator: 101, passcode: 20_202_021)
        let added = harness.send("commission_with_code", ["code": .string(code)])
        let last = EndpointID(BridgeIndexTests.count + 2)
        #expect(Self.changes(added) == [.endpoints(added: [last], removed: [])])
        let view = harness.hub.bridgeView
        #expect(view.endpointIDs == [2] + Array(4...last))
        let info = try #require(view.endpoint(last))
        #expect(info.deviceTypes == [.dimmableLight])
        #expect(info.clusters[8] != nil)
        #expect(info.device?.uniqueID.hasPrefix("mhub-") == true)
        #expect(info.device?.vendorName == "mhub")
        #expect(view.endpoint(3) == nil)
        let reset = harness.send("reset")
        #expect(Self.changes(reset) == [.endpoints(added: [], removed: [2] + Array(4...last))])
    }
}
