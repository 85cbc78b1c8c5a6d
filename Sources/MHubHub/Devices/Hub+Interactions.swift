import MHubJSON
import MHubProtocol
import MatterDataModel
import MatterInteraction
import MatterNode

/// Reads, writes and commands on commissioned nodes (the OHF Matter Server's `read_attribute`,
/// `write_attribute`, `device_command`), and changes made "physically" on a device.
///
/// A write or command replies only once the device has applied it, after the device's latency (the
/// `slow_device` fault); an unreachable device fails at once with NodeNotReady, a silent one
/// (`device_unresponsive`) after the interaction timeout.
extension Hub {
    /// How long a silent device is waited for when the request gives no `interaction_timeout_ms`.
    static let defaultInteractionTimeout: Int64 = 10_000

    mutating func readAttribute(
        _ read: ReadAttribute, request: HubRequest, client: ClientInfo, now: Timestamp, _ outcome: inout HubOutcome
    ) throws(HubError) -> JSONValue? {
        let node = try node(read.nodeID)
        let patterns = try attributePatterns(read.attributePaths)
        try checkAccess(to: node, for: client)
        var values: [String: JSONValue] = [:]
        for pattern in patterns {
            let matches = node.data.attributes.filter { pattern.matches($0.0) }
            if matches.isEmpty, let concrete = pattern.concrete {
                throw try missing(concrete, in: node).hubError
            }
            for (path, value) in matches {
                values[path.description] = value.json
            }
        }
        return try answer(
            node: node, request: request, client: client, now: now, effect: nil, result: .object(values), &outcome)
    }

    mutating func writeAttribute(
        _ write: WriteAttribute, request: HubRequest, client: ClientInfo, now: Timestamp, _ outcome: inout HubOutcome
    ) throws(HubError) -> JSONValue? {
        let node = try node(write.change.nodeID)
        let (path, json) = try pathAndValue(write.change)
        try checkAccess(to: node, for: client)
        let value: AttributeValue
        do {
            value = try checkedWrite(json, at: path, in: node)
        } catch {
            throw error.hubError
        }
        let effect: DeviceEffect
        do {
            effect = try DeviceLogic.write(value, at: path, in: node)
        } catch {
            throw error.hubError
        }
        return try answer(
            node: node, request: request, client: client, now: now, effect: effect,
            result: Self.writeResult(path), &outcome)
    }

    /// A successful write's answer, as python-matter-server answers `write_attribute` (chip's AttributeWriteResult).
    static func writeResult(_ path: AttributePath) -> JSONValue {
        [
            [
                "Path": [
                    "EndpointId": .integer(Int64(path.endpoint)), "ClusterId": .integer(Int64(path.cluster)),
                    "AttributeId": .integer(Int64(path.attribute)),
                ],
                "Status": 0,
            ]
        ]
    }

    mutating func deviceCommand(
        _ invoke: DeviceCommand, request: HubRequest, client: ClientInfo, now: Timestamp, _ outcome: inout HubOutcome
    ) throws(HubError) -> JSONValue? {
        let node = try node(invoke.nodeID)
        let (endpoint, clusterID, commandName) = (invoke.endpointID, invoke.clusterID, invoke.commandName)
        let payload = invoke.payload ?? .object([:])
        let timeout = invoke.interactionTimeoutMilliseconds
        try checkAccess(to: node, for: client)
        let effect: DeviceEffect
        let response: DeviceLogic.Response?
        do throws(InteractionError) {
            guard let endpointData = node.data.endpoints[endpoint] else {
                throw InteractionError(.unsupportedEndpoint, "node \(node.id) has no endpoint \(endpoint)")
            }
            guard let instance = endpointData.clusters[clusterID], let cluster = ClusterCatalog.definition(clusterID)
            else {
                throw InteractionError(.unsupportedCluster, "endpoint \(endpoint) has no cluster \(clusterID)")
            }
            guard let command = cluster.command(named: commandName) else {
                throw InteractionError(.unsupportedCommand, "\(cluster.name) has no command \(commandName)")
            }
            guard instance.accepts(command: command.id) else {
                throw InteractionError(
                    .unsupportedCommand, "\(cluster.name) on endpoint \(endpoint) does not accept \(commandName)")
            }
            let fields = try Self.commandFields(payload, command: command)
            (effect, response) = try DeviceLogic.invoke(
                DeviceLogic.Invocation(
                    node: node, endpoint: endpoint, cluster: cluster, command: command, fields: fields, now: now,
                    preferences: state.preferences, transitions: devices.transitions))
        } catch {
            throw error.hubError
        }
        return try answer(
            node: node, request: request, client: client, now: now, effect: effect,
            result: response.map { .object($0.mapValues(\.json)) } ?? .null,
            timeout: timeout, &outcome)
    }

    /// `set_attribute`: someone pressed the switch. Any attribute of the node changes, writable or not,
    /// within its type and range; subscribers see it as a change made elsewhere.
    mutating func setAttribute(_ set: SetAttribute, client: ClientInfo, now: Timestamp, _ outcome: inout HubOutcome)
        throws(HubError) -> JSONValue
    {
        let node = try node(set.change.nodeID)
        let (path, json) = try pathAndValue(set.change)
        try checkAccess(to: node, for: client)
        let value: AttributeValue
        do {
            value = try validatedValue(json, at: path, in: node, asWrite: false)
        } catch {
            throw error.hubError
        }
        applyPhysically(value, at: path, of: node.id, now: now, &outcome)
        return .object([path.description: value.json])
    }

    /// Sets `path` as someone at the device does (`DeviceLogic.physical`, with the transitions under way), on the
    /// node as it is now: `set_attribute`, a button pressed, a held button let go.
    mutating func applyPhysically(
        _ value: AttributeValue, at path: AttributePath, of nodeID: NodeID, now: Timestamp, _ outcome: inout HubOutcome
    ) {
        guard let node = state.nodes[nodeID] else { return }
        apply(
            DeviceLogic.physical(value, at: path, in: node, now: now, transitions: devices.transitions), to: nodeID,
            now: now, &outcome)
    }

    // MARK: helpers

    /// The `attribute_path` (one concrete path) and `value` (any JSON, null included) of a change.
    private func pathAndValue(_ change: AttributeChange) throws(HubError) -> (AttributePath, JSONValue) {
        guard let path = AttributePath(change.attributePath) else {
            throw HubError(
                .invalidArguments,
                "attribute_path must be \"endpoint/cluster/attribute\", not \"\(change.attributePath)\"")
        }
        return (path, change.value)
    }

    /// Replies now, later (a slow device), or never in time (a silent device); applies the effect when
    /// the device takes it.
    mutating func answer(
        node: Node, request: HubRequest, client: ClientInfo, now: Timestamp, effect: DeviceEffect?, result: JSONValue,
        timeout: Int64? = nil, _ outcome: inout HubOutcome
    ) throws(HubError) -> JSONValue? {
        let device = node.simulatedDeviceID
        if let device, faults.unreachableDevices.contains(device) {
            throw HubError(.deviceUnreachable, "node \(node.id) is unreachable")
        }
        let latency = faults.latency(for: device)
        let silent = device.map { faults.unresponsiveDevices.contains($0) } ?? false
        // A write or command (an effect) to a device whose writes fail: refused after the delay, not applied.
        let refusal = effect == nil ? nil : device.flatMap { faults.failingWrites[$0] }
        if silent || latency > 0 || refusal != nil {
            try checkQuota(devices.pending.count, HubQuotas.pendingInteractions, "requests waiting for devices")
            try checkQuota(
                devices.pending.count { $0.connectionID == client.connectionID },
                HubQuotas.pendingInteractionsPerConnection, "requests waiting for devices per connection")
        }
        if silent {
            let wait = timeout ?? Self.defaultInteractionTimeout
            devices.pending.append(
                PendingInteraction(
                    connectionID: client.connectionID, messageID: request.messageID, dueAt: now + wait,
                    outcome: .timeout("node \(node.id) did not answer within \(wait) ms")))
            return nil
        }
        if let refusal, refusal.delay == 0 {
            throw InteractionError(refusal.status, "node \(node.id) failed the write (write_failure fault)").hubError
        }
        if let refusal {
            devices.pending.append(
                PendingInteraction(
                    connectionID: client.connectionID, messageID: request.messageID, dueAt: now + refusal.delay,
                    outcome: .refuse(
                        InteractionError(refusal.status, "node \(node.id) failed the write (write_failure fault)"))))
            return nil
        }
        if latency > 0 {
            devices.pending.append(
                PendingInteraction(
                    connectionID: client.connectionID, messageID: request.messageID, dueAt: now + latency,
                    outcome: .apply(node: node.id, effect: effect ?? DeviceEffect(), result: result)))
            return nil
        }
        if let effect {
            apply(effect, to: node.id, now: now, &outcome)
        }
        return result
    }

    /// Applies an effect to a node: stops and starts transitions, writes values (only attributes the node
    /// has), reports each change, records events, and stores the node.
    mutating func apply(_ effect: DeviceEffect, to nodeID: NodeID, now: Timestamp, _ outcome: inout HubOutcome) {
        // The energy drawn so far counts at the power drawn so far, whatever the effect changes.
        readMeter(of: nodeID, now: now, &outcome)
        guard var node = state.nodes[nodeID] else { return }
        for path in effect.stopping {
            // A change of the attribute cancels a change scheduled for it (a held button let go by hand first).
            devices.scheduledChanges[.init(node: nodeID, path: path)] = nil
            if let stopped = devices.transitions.removeValue(forKey: .init(node: nodeID, path: path)),
                let remaining = stopped.remainingTime
            {
                set(remaining, .unsigned(0), on: &node, &outcome)
            }
        }
        for (path, value) in effect.changes {
            set(path, value, on: &node, &outcome)
        }
        for transition in effect.transitions {
            devices.transitions[.init(node: nodeID, path: transition.path)] = transition
        }
        for (path, change) in effect.scheduled { devices.scheduledChanges[.init(node: nodeID, path: path)] = change }
        let events = effect.events + changePrograms(effect, on: &node, now: now, &outcome)
        let networkDevice = events.isEmpty ? nil : networkDevice(of: node)
        for event in events {
            let emitted = nodeEvent(event, node: nodeID, now: now)
            devices.recordRecent(emitted)
            func record(on endpoint: EndpointID) -> EventRecord {
                EventRecord(
                    endpoint: endpoint, cluster: event.cluster, event: event.event,
                    number: state.counters.nextEventNumber, priority: event.priority,
                    epochTimestampMilliseconds: UInt64(max(0, now)), fields: event.data)
            }
            if let bridged = node.bridgedEndpoints[event.endpoint] {
                outcome.outputs.append(.bridgeChanged(.event(record(on: bridged))))
            }
            if let networkDevice {
                outcome.outputs.append(.deviceNode(networkDevice, .changed(.event(record(on: event.endpoint)))))
            }
            state.counters.nextEventNumber += 1
            outcome.events.append(HubEvent(.nodeEvent, emitted, structure: node.structureID))
        }
        state.nodes[nodeID] = node
        outcome.changes.append(.saveNode(node))
        if !events.isEmpty { outcome.changes.append(.saveCounters(state.counters)) }
        if effect.leavesFabric { decommission(node, &outcome) }
        if let preferences = effect.preferences { setPreferences(preferences, &outcome) }
    }

    /// Sets one attribute if the node has it, with what follows from it, and reports a change.
    func set(_ path: AttributePath, _ value: AttributeValue, on node: inout Node, _ outcome: inout HubOutcome) {
        guard node.data.endpoints[path.endpoint]?.clusters[path.cluster]?.attributes[path.attribute] != nil else {
            return
        }
        if node.data[path] != value {
            node.data[path] = value
            outcome.events.append(
                HubEvent(
                    .attributeUpdated,
                    AttributeChange(nodeID: node.id, attributePath: path.description, value: value.json),
                    structure: node.structureID, attribute: AttributeRef(node: node.id, path: path)))
            if let bridged = node.bridgedEndpoints[path.endpoint] {
                outcome.outputs.append(
                    .bridgeChanged(
                        .attributes([AttributePath(endpoint: bridged, cluster: path.cluster, attribute: path.attribute)]
                        )
                    ))
            }
            if let device = networkDevice(of: node) {
                outcome.outputs.append(.deviceNode(device, .changed(.attributes([path]))))
            }
        }
        // Window Covering: CurrentPositionLiftPercentage follows the 100ths value (0x0008 ← 0x000E).
        if path.cluster == 0x0102 && path.attribute == 0x000E, let hundredths = value.integerValue {
            set(
                AttributePath(endpoint: path.endpoint, cluster: 0x0102, attribute: 0x0008),
                .unsigned(UInt64(hundredths / 100)), on: &node, &outcome)
        }
        // A heat pump's power follows its thermostat.
        for follow in Self.followers {
            for (following, followingValue) in follow(path, node.data) {
                set(following, followingValue, on: &node, &outcome)
            }
        }
    }

    /// What follows a change of one attribute in the device itself, each family's rule: a heat pump's power its
    /// thermostat, an energy device's readings its power, a content app platform's CurrentApp and the other apps'
    /// focus a Content App's Status.
    static let followers: [@Sendable (AttributePath, NodeData) -> [(AttributePath, AttributeValue)]] = [
        { HeatPumpLogic.following($0, in: $1) }, { EnergyDeviceLogic.following($0, in: $1) },
        { ApplicationLauncherLogic.following($0, in: $1) },
    ]

    func nodeEvent(_ event: NodeEventRecord, node: NodeID, now: Timestamp) -> NodeEventInfo {
        NodeEventInfo(
            nodeID: node, endpointID: Int64(event.endpoint), clusterID: Int64(event.cluster),
            eventID: Int64(event.event), eventNumber: Int64(state.counters.nextEventNumber),
            priority: Int64(event.priority), timestamp: now,
            data: Dictionary(
                uniqueKeysWithValues: event.data.map { (event.fieldNames[$0.key] ?? String($0.key), $0.value.json) }))
    }

    /// The value a control client's write sets, checked as the device checks it: against the attribute's definition,
    /// and the fabric-scoped lists (Access Control's ACL, Binding) entry by entry from the JSON, whose entries may
    /// name their fields, as `set_acl_entry` and `set_node_binding` check them. A write over the hub's Matter bridge
    /// is `checkedWrite(_:at:in:)` on its `AttributeValue` (Hub+AttributeChecks).
    func checkedWrite(_ json: JSONValue, at path: AttributePath, in node: Node) throws(InteractionError)
        -> AttributeValue
    {
        let value = try validatedValue(json, at: path, in: node, asWrite: true)
        return try Self.fabricScopedWrite(json, at: path) ?? value
    }

    /// The value a write (or a physical change) would set, checked against the attribute's definition.
    func validatedValue(_ json: JSONValue, at path: AttributePath, in node: Node, asWrite: Bool)
        throws(InteractionError) -> AttributeValue
    {
        let definition = try attributeDefinition(at: path, in: node, asWrite: asWrite)
        let value = try MatterValueReader.read(
            json, as: definition.type, nullable: definition.nullable, what: definition.name)
        return try checked(value, definition, at: path, in: node)
    }

    private func missing(_ path: AttributePath, in node: Node) throws(HubError) -> InteractionError {
        guard let endpoint = node.data.endpoints[path.endpoint] else {
            return InteractionError(.unsupportedEndpoint, "node \(node.id) has no endpoint \(path.endpoint)")
        }
        guard endpoint.clusters[path.cluster] != nil else {
            return InteractionError(.unsupportedCluster, "endpoint \(path.endpoint) has no cluster \(path.cluster)")
        }
        return InteractionError(.unsupportedAttribute, "cluster \(path.cluster) has no attribute \(path.attribute)")
    }

    private func attributePatterns(_ texts: [String]) throws(HubError) -> [AttributePattern] {
        try texts.map { text throws(HubError) in
            guard let pattern = AttributePattern(text) else {
                throw HubError(
                    .invalidArguments, "invalid attribute path \"\(text)\" (endpoint/cluster/attribute, * allowed)")
            }
            return pattern
        }
    }

    /// Decodes a command's payload (fields by name, as chip.clusters writes them, or by tag number).
    static func commandFields(_ payload: JSONValue, command: CommandDefinition) throws(InteractionError)
        -> [String: AttributeValue]
    {
        guard case .object(let members) = payload else {
            throw InteractionError(.invalidCommand, "the payload must be an object")
        }
        var named: [(CommandField, JSONValue)] = []
        for (key, json) in members {
            guard let field = command.fields.first(where: { $0.name == key || String($0.id) == key }) else {
                throw InteractionError(.invalidCommand, "\(command.name) has no field \(key)")
            }
            named.append((field, json))
        }
        return try commandFields(
            named, command: command, isNull: { $0 == .null },
            read: { (json, field) throws(InteractionError) in
                try MatterValueReader.read(json, as: field.type, nullable: field.nullable, what: field.name)
            })
    }

    /// The fields by name from each field's value, read by `read`; the rules of every command's fields, whether they
    /// came as JSON (`device_command`) or over Matter (`MatterValueCheck.commandFields`).
    static func commandFields<Value>(
        _ named: [(CommandField, Value)], command: CommandDefinition, isNull: (Value) -> Bool,
        read: (Value, CommandField) throws(InteractionError) -> AttributeValue
    ) throws(InteractionError) -> [String: AttributeValue] {
        var fields: [String: AttributeValue] = [:]
        for (field, value) in named {
            // An optional field left out arrives as null from the chip.clusters dataclasses (`LockDoor`'s PINCode
            // from Home Assistant): it is absent, as the SDK's TLV writer leaves it out.
            if isNull(value) && field.optional && !field.nullable { continue }
            fields[field.name] = try read(value, field)
        }
        for field in command.fields where !field.optional && fields[field.name] == nil {
            // The chip.clusters dataclasses send every field; a missing mandatory one is an error unless nullable.
            if field.nullable { continue }
            throw InteractionError(.invalidCommand, "\(command.name) needs field \(field.name)")
        }
        return fields
    }
}

/// An attribute path with `*` wildcards, as `read_attribute` and `enable_notification` take it.
struct AttributePattern: Hashable, Sendable {
    var endpoint: EndpointID?
    var cluster: ClusterID?
    var attribute: AttributeID?

    init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        func part<T: FixedWidthInteger>(_ text: Substring, _ type: T.Type) -> T?? {
            if text == "*" { return .some(nil) }
            guard let value = T(text) else { return nil }
            return .some(value)
        }
        guard let endpoint = part(parts[0], EndpointID.self), let cluster = part(parts[1], ClusterID.self),
            let attribute = part(parts[2], AttributeID.self)
        else { return nil }
        self.endpoint = endpoint
        self.cluster = cluster
        self.attribute = attribute
    }

    var concrete: AttributePath? {
        guard let endpoint, let cluster, let attribute else { return nil }
        return AttributePath(endpoint: endpoint, cluster: cluster, attribute: attribute)
    }

    func matches(_ path: AttributePath) -> Bool {
        (endpoint == nil || endpoint == path.endpoint) && (cluster == nil || cluster == path.cluster)
            && (attribute == nil || attribute == path.attribute)
    }
}
