import MHubProtocol
import MatterDataModel

/// `press_button`: a person presses a momentary switch's button, as CurrentPosition set at the device would press it
/// (`set_attribute` 1 then 0), so `SwitchLogic` makes the same Switch events (Application Cluster Specification
/// 1.13.7) and the device's features decide which.
///
/// Short presses are pressed and released one after another at the hub's time now; MultiPressComplete follows after
/// the multi-press window, on the hub's clock. A long press is pressed now and let go `hold_ms` later, a change
/// scheduled on the hub's clock (`ScheduledChange`). Like `set_attribute`, it acts on the device itself: faults on
/// the way to the device (unreachable, unresponsive, slow, failing writes) do not hold it back.
extension Hub {
    mutating func pressButton(_ request: PressButton, client: ClientInfo, now: Timestamp, _ outcome: inout HubOutcome)
        throws(HubError) -> ButtonPressed
    {
        let node = try node(request.nodeID)
        try checkAccess(to: node, for: client)
        let press = request.press
        let endpoint = try Self.momentarySwitch(press.endpointID, in: node)
        let position = AttributePath(endpoint: endpoint, cluster: Self.switchCluster, attribute: 0x0001)
        if let held = devices.scheduledChanges[.init(node: node.id, path: position)] {
            throw HubError(
                .sessionState,
                "the button on endpoint \(endpoint) of node \(node.id) is held for \(held.dueAt - now) ms more")
        }
        if let current = node.data[position]?.integerValue, current != 0 {
            throw HubError(
                .sessionState,
                "the button on endpoint \(endpoint) of node \(node.id) is pressed (CurrentPosition \(current)); "
                    + "let it go first (set_attribute \(position) 0)")
        }
        for _ in 0..<press.presses {
            applyPhysically(.unsigned(1), at: position, of: node.id, now: now, &outcome)
            if press.long { break }
            applyPhysically(.unsigned(0), at: position, of: node.id, now: now, &outcome)
        }
        if press.long {
            devices.scheduledChanges[.init(node: node.id, path: position)] = ScheduledChange(
                value: .unsigned(0), dueAt: now + press.hold)
        }
        return ButtonPressed(
            nodeID: node.id, endpointID: endpoint, presses: press.presses, long: press.long,
            holdMilliseconds: press.long ? press.hold : nil, releaseAt: now + press.hold)
    }

    static let switchCluster: ClusterID = 0x003B

    /// The endpoint to press: `requested`, which must hold a momentary Switch, or the node's first that does.
    /// Switch's FeatureMap: LS (bit 0) latching, MS (bit 1) momentary (Application Cluster Specification 1.13,
    /// Features).
    static func momentarySwitch(_ requested: EndpointID?, in node: Node) throws(HubError) -> EndpointID {
        func features(_ endpoint: EndpointID) -> UInt64? {
            guard node.data.endpoints[endpoint]?.clusters[switchCluster] != nil else { return nil }
            let featureMap = AttributePath(endpoint: endpoint, cluster: switchCluster, attribute: 0xFFFC)
            return node.data[featureMap]?.integerValue.map(UInt64.init) ?? 0
        }
        guard let requested else {
            let switches = node.data.endpoints.keys.sorted().compactMap { endpoint in
                features(endpoint).map { (endpoint, $0) }
            }
            if let momentary = switches.first(where: { $0.1 & 0x02 != 0 }) { return momentary.0 }
            if let latching = switches.first(where: { $0.1 & 0x01 != 0 }) {
                throw HubError(
                    .invalidArguments,
                    "node \(node.id) has no momentary Switch to press: the Switch on endpoint \(latching.0) is "
                        + "latching (LS); set its CurrentPosition with set_attribute")
            }
            throw HubError(.invalidArguments, "node \(node.id) has no momentary Switch (0x003B with MS) to press")
        }
        guard node.data.endpoints[requested] != nil else {
            throw HubError(.invalidArguments, "node \(node.id) has no endpoint \(requested)")
        }
        guard let found = features(requested) else {
            throw HubError(.invalidArguments, "endpoint \(requested) of node \(node.id) has no Switch (0x003B)")
        }
        guard found & 0x02 != 0 else {
            let kind = found & 0x01 != 0 ? "latching (LS)" : "not momentary (no MS)"
            throw HubError(
                .invalidArguments,
                "the Switch on endpoint \(requested) of node \(node.id) is \(kind): press_button presses a momentary "
                    + "one; set a latching switch's CurrentPosition with set_attribute")
        }
        return requested
    }
}
