import MHubJSON
import MatterDataModel
import MatterInteraction

/// The home's devices as the hub's own Matter node bridges them (docs/matter.md, "The bridge"): each application
/// endpoint of each commissioned node gets an endpoint number of its own on the hub's node, once; the numbers are
/// stored with the node and never given twice.
extension Hub {
    /// The highest endpoint number Matter allows (0xFFFF is the wildcard; CHIP `kInvalidEndpointId`).
    static let highestEndpoint: EndpointID = 0xFFFE

    /// Gives `node`'s device endpoints their bridged numbers (those it has keep theirs), in endpoint order: every
    /// application endpoint but an Aggregator's (a simulated bridge's own bridged devices are bridged one by one;
    /// an aggregator under the hub's aggregator would be an empty device).
    /// Numbers count up from the stored counter; once it has passed the highest endpoint, the lowest free number
    /// (one no device holds) is taken, so a number is never shared while its device exists.
    mutating func assignBridgedEndpoints(_ node: inout Node) {
        for endpoint in node.data.deviceEndpoints where node.bridgedEndpoints[endpoint] == nil {
            guard let number = nextBridgedEndpoint(excluding: Set(node.bridgedEndpoints.values)) else { return }
            node.bridgedEndpoints[endpoint] = number
        }
    }

    /// Puts a node in the home for good, however it came (a commissioning session, a scenario, a dump): its
    /// bridged endpoints numbered, its simulated device marked as on the fabric, stored, `node_added` for the
    /// listeners and the new endpoints for the Matter node. Returns the node as stored. `attributesJSON`, if given, is
    /// the node's `ohfAttributesJSON` made before.
    mutating func addToHome(_ added: Node, attributesJSON: JSONValue? = nil, _ outcome: inout HubOutcome) -> Node {
        var node = added
        NetworkInfrastructure.apply(state.preferences, to: &node.data)
        assignBridgedEndpoints(&node)
        bridge.insert(node)
        state.nodes[node.id] = node
        devices.startMeter(of: node)
        if node.id < Self.firstTestNodeID {
            state.counters.nextNodeID = max(state.counters.nextNodeID, node.id + 1)
        }
        if let deviceID = node.simulatedDeviceID {
            state.simulatedDevices[deviceID]?.nodeID = node.id
            outcome.changes.append(.saveSimulatedDevice(state.simulatedDevices[deviceID]!))
        }
        outcome.changes += [.saveNode(node), .saveCounters(state.counters)]
        outcome.events.append(
            HubEvent(
                .nodeAdded, matterNodeData(node, attributes: attributesJSON ?? node.ohfAttributesJSON),
                structure: node.structureID))
        outcome.outputs.append(.bridgeChanged(.endpoints(added: node.bridgedEndpoints.values.sorted(), removed: [])))
        if let device = networkDevice(of: node) {
            outcome.outputs.append(.deviceNode(device, .joinHubFabric(hubFabricMembership(of: node))))
        }
        return node
    }

    /// A device's reachability changed: its bridged Reachable follows, with Bridged Device Basic Information's
    /// ReachableChanged event (0x03, Info, field 0 ReachableNewValue; Matter Core Specification 9.13.5).
    mutating func reachabilityChanged(_ node: Node, reachable: Bool, now: Timestamp, _ outcome: inout HubOutcome) {
        guard let path = bridgedInfoPath(node, attribute: 0x0011) else { return }
        outcome.outputs.append(.bridgeChanged(.attributes([path])))
        outcome.outputs.append(
            .bridgeChanged(
                .event(
                    EventRecord(
                        endpoint: path.endpoint, cluster: path.cluster, event: 0x03,
                        number: state.counters.nextEventNumber, priority: 1,
                        epochTimestampMilliseconds: UInt64(max(0, now)), fields: [0: .bool(reachable)]))))
        state.counters.nextEventNumber += 1
        outcome.changes.append(.saveCounters(state.counters))
    }

    private mutating func nextBridgedEndpoint(excluding own: Set<EndpointID>) -> EndpointID? {
        let next = state.counters.nextBridgedEndpoint
        if next >= 2, next <= Self.highestEndpoint {
            state.counters.nextBridgedEndpoint = next &+ 1
            return next
        }
        state.counters.nextBridgedEndpoint = Self.highestEndpoint &+ 1
        var candidate: EndpointID = 2
        var taken = bridge.endpoints[...]
        while candidate <= Self.highestEndpoint {
            while let first = taken.first, first < candidate { taken = taken.dropFirst() }
            if taken.first != candidate, !own.contains(candidate) { return candidate }
            candidate += 1
        }
        return nil
    }
}
