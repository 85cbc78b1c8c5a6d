import MatterDataModel

/// The checks a value written to a device's attribute passes, whatever brought it (a control client's JSON, read
/// first by `validatedValue`, or a controller's TLV over the bridge, `checkedWrite(_:at:in:)`): the attribute exists
/// and is writable, the value is within its range and its cluster's relations, and ACL and Binding entries are
/// checked as a device checks them. No JSON here: the bridged path stays on `AttributeValue`s
/// (`BridgedPathTests` keeps it so).
extension Hub {
    /// A write over Matter (a bridged device's attribute): the value as it came, checked as `validatedValue` checks
    /// one from JSON; Access Control and Binding entries are checked as `set_acl_entry` and `set_node_binding` do.
    func checkedWrite(_ value: AttributeValue, at path: AttributePath, in node: Node) throws(InteractionError)
        -> AttributeValue
    {
        let definition = try attributeDefinition(at: path, in: node, asWrite: true)
        let conformed = try MatterValueCheck.conform(
            value, to: definition.type, nullable: definition.nullable, what: definition.name)
        let checkedValue = try checked(conformed, definition, at: path, in: node)
        return try Self.fabricScopedWrite(checkedValue, at: path) ?? checkedValue
    }

    /// Access Control's ACL and Binding's targets as a device checks a write of them, on the hub's fabric (the one
    /// fabric a simulated device has); nil for any other attribute.
    static func fabricScopedWrite<Input: ACLWriteInput>(_ input: Input, at path: AttributePath)
        throws(InteractionError) -> AttributeValue?
    {
        if path.endpoint == 0 && path.cluster == ClusterDefinition.accessControl.id && path.attribute == 0 {
            return try AccessControlWrite.entries(of: input, fabricIndex: CommissionedNodeState.fabricIndex)
        }
        if path.cluster == ClusterDefinition.binding.id && path.attribute == 0 {
            return try AccessControlWrite.bindings(of: input, fabricIndex: CommissionedNodeState.fabricIndex)
        }
        return nil
    }

    /// The definition of the attribute at `path` of `node`, if the node has it (and, for a write, it is writable).
    func attributeDefinition(at path: AttributePath, in node: Node, asWrite: Bool)
        throws(InteractionError) -> AttributeDefinition
    {
        guard let endpoint = node.data.endpoints[path.endpoint] else {
            throw InteractionError(.unsupportedEndpoint, "node \(node.id) has no endpoint \(path.endpoint)")
        }
        guard let cluster = endpoint.clusters[path.cluster] else {
            throw InteractionError(.unsupportedCluster, "endpoint \(path.endpoint) has no cluster \(path.cluster)")
        }
        guard cluster.attributes[path.attribute] != nil,
            let definition = ClusterCatalog.definition(path.cluster)?.attribute(path.attribute)
        else {
            throw InteractionError(.unsupportedAttribute, "cluster \(path.cluster) has no attribute \(path.attribute)")
        }
        if asWrite && !definition.writable {
            throw InteractionError(.unsupportedWrite, "\(definition.name) (\(path)) is read-only")
        }
        return definition
    }

    /// `value` within the definition's range and the relations between the cluster's attributes.
    func checked(_ value: AttributeValue, _ definition: AttributeDefinition, at path: AttributePath, in node: Node)
        throws(InteractionError) -> AttributeValue
    {
        if let range = definition.range, let number = value.integerValue, !range.contains(number) {
            throw InteractionError(
                .constraintError, "\(definition.name) must be \(range.lowerBound) to \(range.upperBound), not \(number)"
            )
        }
        try Self.checkRelations(path, value, in: node)
        return value
    }

    /// Constraints between attributes: thermostat setpoints within their limits and apart by the dead
    /// band (Application Cluster Specification 4.3.9).
    static func checkRelations(_ path: AttributePath, _ value: AttributeValue, in node: Node) throws(InteractionError) {
        guard path.cluster == 0x0201, let number = value.integerValue else { return }
        func attribute(_ id: AttributeID) -> Int64? {
            node.data[AttributePath(endpoint: path.endpoint, cluster: 0x0201, attribute: id)]?.integerValue
        }
        let deadBand = (attribute(0x0019) ?? 20) * 10
        switch path.attribute {
        case 0x0012:  // OccupiedHeatingSetpoint
            if let low = attribute(0x0015), let high = attribute(0x0016), !(low...high).contains(number) {
                throw InteractionError(.constraintError, "occupiedHeatingSetpoint must be \(low) to \(high)")
            }
            if let cool = attribute(0x0011), number > cool - deadBand {
                throw InteractionError(
                    .constraintError, "occupiedHeatingSetpoint must stay \(deadBand) below the cooling setpoint \(cool)"
                )
            }
        case 0x0011:  // OccupiedCoolingSetpoint
            if let low = attribute(0x0017), let high = attribute(0x0018), !(low...high).contains(number) {
                throw InteractionError(.constraintError, "occupiedCoolingSetpoint must be \(low) to \(high)")
            }
            if let heat = attribute(0x0012), number < heat + deadBand {
                throw InteractionError(
                    .constraintError, "occupiedCoolingSetpoint must stay \(deadBand) above the heating setpoint \(heat)"
                )
            }
        default:
            break
        }
    }
}
