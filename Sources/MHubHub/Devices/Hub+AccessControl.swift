import MHubJSON
import MHubProtocol
import MatterDataModel

extension AccessControlWrite {
    /// The ACL a control client's JSON spells (`set_acl_entry`).
    static func entries(_ json: JSONValue, fabricIndex: UInt64) throws(InteractionError) -> AttributeValue {
        try entries(of: json, fabricIndex: fabricIndex)
    }

    /// The Binding a control client's JSON spells (`set_node_binding`).
    static func bindings(_ json: JSONValue, fabricIndex: UInt64) throws(InteractionError) -> AttributeValue {
        try bindings(of: json, fabricIndex: fabricIndex)
    }
}

extension JSONValue: ACLWriteInput {
    var isNull: Bool { self == .null }

    var listItems: [JSONValue]? {
        if case .array(let items) = self { items } else { nil }
    }

    var fields: [String: JSONValue]? {
        if case .object(let members) = self { members } else { nil }
    }

    var wholeNumber: Int64? {
        if case .integer(let number) = self { number } else { nil }
    }
}

extension Hub {
    /// `set_acl_entry {node_id, entry}` (OHF): replaces the ACL of the hub's fabric on the node, as python-matter-server
    /// writes Access Control's ACL on endpoint 0; answers like `write_attribute`.
    mutating func setACLEntry(
        _ write: SetACLEntry, request: HubRequest, client: ClientInfo, now: Timestamp, _ outcome: inout HubOutcome
    ) throws(HubError) -> JSONValue? {
        let node = try node(write.nodeID)
        let path = AttributePath(endpoint: 0, cluster: ClusterDefinition.accessControl.id, attribute: 0x0000)
        return try writeList(path, of: node, request: request, client: client, now: now, &outcome) {
            () throws(InteractionError) in
            try AccessControlWrite.entries(write.entry, fabricIndex: CommissionedNodeState.fabricIndex)
        }
    }

    /// `set_node_binding {node_id, endpoint, bindings}` (OHF): replaces the Binding of the hub's fabric on the node's
    /// endpoint.
    mutating func setNodeBinding(
        _ write: SetNodeBinding, request: HubRequest, client: ClientInfo, now: Timestamp, _ outcome: inout HubOutcome
    ) throws(HubError) -> JSONValue? {
        let node = try node(write.nodeID)
        let path = AttributePath(endpoint: write.endpoint, cluster: ClusterDefinition.binding.id, attribute: 0x0000)
        return try writeList(path, of: node, request: request, client: client, now: now, &outcome) {
            () throws(InteractionError) in
            try AccessControlWrite.bindings(write.bindings, fabricIndex: CommissionedNodeState.fabricIndex)
        }
    }

    /// Writes a fabric-scoped list attribute the device checks with `value`, through the same path as
    /// `write_attribute` (faults, latency, the reply once applied).
    private mutating func writeList(
        _ path: AttributePath, of node: Node, request: HubRequest, client: ClientInfo, now: Timestamp,
        _ outcome: inout HubOutcome, value: () throws(InteractionError) -> AttributeValue
    ) throws(HubError) -> JSONValue? {
        try checkAccess(to: node, for: client)
        let checked: AttributeValue
        do throws(InteractionError) {
            guard let endpoint = node.data.endpoints[path.endpoint] else {
                throw InteractionError(.unsupportedEndpoint, "node \(node.id) has no endpoint \(path.endpoint)")
            }
            guard endpoint.clusters[path.cluster] != nil else {
                let name = ClusterCatalog.definition(path.cluster)?.name ?? "cluster \(path.cluster)"
                throw InteractionError(.unsupportedCluster, "endpoint \(path.endpoint) has no \(name) cluster")
            }
            checked = try value()
        } catch {
            throw error.hubError
        }
        var effect = DeviceEffect()
        effect.changes.append((path, checked))
        return try answer(
            node: node, request: request, client: client, now: now, effect: effect, result: Self.writeResult(path),
            &outcome)
    }
}
