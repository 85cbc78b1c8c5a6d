import MHubJSON

// The OHF Matter Server's nodes and the interactions with them (docs/protocol.md §5, §7): `get_nodes`,
// `get_node`, `node_added`, `node_updated`, reads, writes, commands, and mhub's own `set_attribute`,
// `set_behavior` and notifications. Attribute values and maps of them are data, carried as `JSONValue`.

/// A node as the OHF Matter Server's `MatterNodeData`: its attributes keyed `"endpoint/cluster/attribute"`.
public struct MatterNodeData: ProtocolValue, Identifiable {
    public var nodeID: UInt64
    public var dateCommissioned: String
    public var lastInterview: String
    public var interviewVersion: Int64
    public var available: Bool
    public var isBridge: Bool
    public var attributes: JSONValue

    public var id: UInt64 { nodeID }

    public init(
        nodeID: UInt64, dateCommissioned: String, lastInterview: String, interviewVersion: Int64 = 6,
        available: Bool, isBridge: Bool, attributes: JSONValue
    ) {
        self.nodeID = nodeID
        self.dateCommissioned = dateCommissioned
        self.lastInterview = lastInterview
        self.interviewVersion = interviewVersion
        self.available = available
        self.isBridge = isBridge
        self.attributes = attributes
    }

    public static let what = "a node"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        nodeID = try object.requiredInteger("node_id")
        dateCommissioned = try object.string("date_commissioned") ?? ""
        lastInterview = try object.string("last_interview") ?? ""
        interviewVersion = try object.integer("interview_version") ?? 0
        available = try object.bool("available") ?? false
        isBridge = try object.bool("is_bridge") ?? false
        attributes = object.raw("attributes") ?? .object([:])
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("attribute_subscriptions", JSONValue.array([]))
        json.member("attributes", attributes)
        json.member("available", available)
        json.member("date_commissioned", dateCommissioned)
        json.member("interview_version", interviewVersion)
        json.member("is_bridge", isBridge)
        json.member("last_interview", lastInterview)
        json.member("node_id", Int64(bitPattern: nodeID))
        json.endObject()
    }
}

extension JSONValue: ProtocolReply {
    /// A reply that is data rather than a message of fixed members (attribute values, address maps).
    public init(json: JSONValue) {
        self = json
    }
}

// MARK: requests about nodes

public struct GetNodes: ProtocolRequest {
    public typealias Reply = [MatterNodeData]
    public static let command = HubCommand.getNodes
    /// Accepted as the OHF server takes it; mhub returns every node, unavailable ones marked so.
    public var onlyAvailable: Bool?

    public init(onlyAvailable: Bool? = nil) {
        self.onlyAvailable = onlyAvailable
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        onlyAvailable = try args.bool("only_available")
    }

    public var arguments: [String: JSONValue] { onlyAvailable.map { ["only_available": .bool($0)] } ?? [:] }
}

public struct GetNode: ProtocolRequest {
    public typealias Reply = MatterNodeData
    public static let command = HubCommand.getNode
    public var nodeID: UInt64

    public init(nodeID: UInt64) {
        self.nodeID = nodeID
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        nodeID = try args.requiredInteger("node_id")
    }

    public var arguments: [String: JSONValue] { ["node_id": .integer(Int64(bitPattern: nodeID))] }
}

/// Decommissions a node: it leaves the home and the fabric.
public struct RemoveNode: ProtocolRequest {
    public typealias Reply = NoReply
    public static let command = HubCommand.removeNode
    public var nodeID: UInt64

    public init(nodeID: UInt64) {
        self.nodeID = nodeID
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        nodeID = try args.requiredInteger("node_id")
    }

    public var arguments: [String: JSONValue] { ["node_id": .integer(Int64(bitPattern: nodeID))] }
}

/// Reads every attribute again; listeners get `node_updated`.
public struct InterviewNode: ProtocolRequest {
    public typealias Reply = NoReply
    public static let command = HubCommand.interviewNode
    public var nodeID: UInt64

    public init(nodeID: UInt64) {
        self.nodeID = nodeID
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        nodeID = try args.requiredInteger("node_id")
    }

    public var arguments: [String: JSONValue] { ["node_id": .integer(Int64(bitPattern: nodeID))] }
}

// MARK: interactions

/// One attribute path or a list of them (`*` allowed in each part), as `read_attribute` takes them.
public struct ReadAttribute: ProtocolRequest {
    public typealias Reply = JSONValue
    public static let command = HubCommand.readAttribute
    public var nodeID: UInt64
    public var attributePaths: [String]
    /// Whether the paths were sent as a list (one path may be either).
    public var isList: Bool
    public var fabricFiltered: Bool?

    /// `asList` sends even one path as a list.
    public init(nodeID: UInt64, attributePaths: [String], asList: Bool = false, fabricFiltered: Bool? = nil) {
        self.nodeID = nodeID
        self.attributePaths = attributePaths
        self.isList = asList || attributePaths.count != 1
        self.fabricFiltered = fabricFiltered
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        nodeID = try args.requiredInteger("node_id")
        switch args.raw("attribute_path") {
        case .string(let text)?: (attributePaths, isList) = ([text], false)
        case .array(let values)?:
            var texts: [String] = []
            for value in values {
                guard case .string(let text) = value else {
                    throw args.failure("attribute_path", "attribute_path entries must be strings")
                }
                texts.append(text)
            }
            (attributePaths, isList) = (texts, true)
        case nil: throw args.failure("attribute_path", .missing)
        case let other?:
            throw args.failure("attribute_path", "attribute_path must be a string or a list, not \(other.typeName)")
        }
        fabricFiltered = try args.bool("fabric_filtered")
    }

    public var arguments: [String: JSONValue] {
        var args: [String: JSONValue] = [
            "node_id": .integer(Int64(bitPattern: nodeID)),
            "attribute_path": isList ? .array(attributePaths.map { .string($0) }) : .string(attributePaths[0]),
        ]
        if let fabricFiltered { args["fabric_filtered"] = .bool(fabricFiltered) }
        return args
    }
}

/// `write_attribute` (checked as a device checks a write) and mhub's `set_attribute` (as if by hand): one
/// concrete path and any JSON value, `null` included.
public struct AttributeChange: Hashable, Sendable {
    public var nodeID: UInt64
    public var attributePath: String
    public var value: JSONValue

    public init(nodeID: UInt64, attributePath: String, value: JSONValue) {
        self.nodeID = nodeID
        self.attributePath = attributePath
        self.value = value
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        nodeID = try args.requiredInteger("node_id")
        attributePath = try args.requiredString("attribute_path")
        guard args.members["value"] != nil else { throw args.failure("value", .missing) }
        value = args.raw("value") ?? .null
    }

    public var arguments: [String: JSONValue] {
        ["node_id": .integer(Int64(bitPattern: nodeID)), "attribute_path": .string(attributePath), "value": value]
    }
}

public struct WriteAttribute: ProtocolRequest {
    public typealias Reply = JSONValue
    public static let command = HubCommand.writeAttribute
    public var change: AttributeChange

    public init(nodeID: UInt64, attributePath: String, value: JSONValue) {
        change = AttributeChange(nodeID: nodeID, attributePath: attributePath, value: value)
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        change = try AttributeChange(reading: &args)
    }

    public var arguments: [String: JSONValue] { change.arguments }
}

public struct SetAttribute: ProtocolRequest {
    public typealias Reply = JSONValue
    public static let command = HubCommand.setAttribute
    public var change: AttributeChange

    public init(nodeID: UInt64, attributePath: String, value: JSONValue) {
        change = AttributeChange(nodeID: nodeID, attributePath: attributePath, value: value)
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        change = try AttributeChange(reading: &args)
    }

    public var arguments: [String: JSONValue] { change.arguments }
}

/// `set_acl_entry {node_id, entry}` (OHF): the ACL of the hub's fabric on the node, as Access Control's entries in
/// JSON (the device checks them field by field); answered as `write_attribute` is.
public struct SetACLEntry: ProtocolRequest {
    public typealias Reply = JSONValue
    public static let command = HubCommand.setACLEntry
    public var nodeID: UInt64
    public var entry: JSONValue

    public init(nodeID: UInt64, entry: JSONValue) {
        self.nodeID = nodeID
        self.entry = entry
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        nodeID = try args.requiredInteger("node_id")
        guard let entry = args.raw("entry") else { throw args.failure("entry", .missing) }
        self.entry = entry
    }

    public var arguments: [String: JSONValue] { ["node_id": .integer(Int64(bitPattern: nodeID)), "entry": entry] }
}

/// `set_node_binding {node_id, endpoint, bindings}` (OHF): the Binding of the hub's fabric on the node's endpoint.
public struct SetNodeBinding: ProtocolRequest {
    public typealias Reply = JSONValue
    public static let command = HubCommand.setNodeBinding
    public var nodeID: UInt64
    public var endpoint: UInt16
    public var bindings: JSONValue

    public init(nodeID: UInt64, endpoint: UInt16, bindings: JSONValue) {
        self.nodeID = nodeID
        self.endpoint = endpoint
        self.bindings = bindings
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        nodeID = try args.requiredInteger("node_id")
        endpoint = try args.requiredInteger("endpoint")
        guard let bindings = args.raw("bindings") else { throw args.failure("bindings", .missing) }
        self.bindings = bindings
    }

    public var arguments: [String: JSONValue] {
        ["node_id": .integer(Int64(bitPattern: nodeID)), "endpoint": .integer(Int64(endpoint)), "bindings": bindings]
    }
}

/// A cluster command on one endpoint; `payload` holds its fields by name (or tag number).
public struct DeviceCommand: ProtocolRequest {
    public typealias Reply = JSONValue
    public static let command = HubCommand.deviceCommand
    public var nodeID: UInt64
    public var endpointID: UInt16
    public var clusterID: UInt32
    public var commandName: String
    public var payload: JSONValue?
    /// Accepted as the OHF server takes them.
    public var responseType: String?
    public var timedRequestTimeoutMilliseconds: Int64?
    /// How long a silent device is waited for.
    public var interactionTimeoutMilliseconds: Int64?

    public init(
        nodeID: UInt64, endpointID: UInt16, clusterID: UInt32, commandName: String, payload: JSONValue? = nil,
        interactionTimeoutMilliseconds: Int64? = nil
    ) {
        self.nodeID = nodeID
        self.endpointID = endpointID
        self.clusterID = clusterID
        self.commandName = commandName
        self.payload = payload
        self.interactionTimeoutMilliseconds = interactionTimeoutMilliseconds
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        nodeID = try args.requiredInteger("node_id")
        endpointID = try args.requiredInteger("endpoint_id")
        clusterID = try args.requiredInteger("cluster_id")
        commandName = try args.requiredString("command_name")
        payload = args.raw("payload")
        responseType = try args.string("response_type")
        timedRequestTimeoutMilliseconds = try args.integer("timed_request_timeout_ms")
        interactionTimeoutMilliseconds = try args.integer("interaction_timeout_ms")
    }

    public var arguments: [String: JSONValue] {
        var args: [String: JSONValue] = [
            "node_id": .integer(Int64(bitPattern: nodeID)), "endpoint_id": .integer(Int64(endpointID)),
            "cluster_id": .integer(Int64(clusterID)), "command_name": .string(commandName),
            "payload": payload ?? .object([:]),
        ]
        if let responseType { args["response_type"] = .string(responseType) }
        if let timedRequestTimeoutMilliseconds {
            args["timed_request_timeout_ms"] = .integer(timedRequestTimeoutMilliseconds)
        }
        if let interactionTimeoutMilliseconds {
            args["interaction_timeout_ms"] = .integer(interactionTimeoutMilliseconds)
        }
        return args
    }
}

/// Lets a device act by itself (`temperature_drift`, `contact_toggle`, `occupancy_toggle`), or stops it.
/// A simulated behaviour on a node, as `set_behavior` answers it.
public struct BehaviorInfo: ProtocolValue {
    public var nodeID: UInt64
    public var behavior: String
    public var enabled: Bool
    public var intervalMilliseconds: Int64

    public init(nodeID: UInt64, behavior: String, enabled: Bool, intervalMilliseconds: Int64) {
        self.nodeID = nodeID
        self.behavior = behavior
        self.enabled = enabled
        self.intervalMilliseconds = intervalMilliseconds
    }

    public static let what = "a behavior"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        nodeID = try object.requiredInteger("node_id")
        behavior = try object.requiredString("behavior")
        enabled = try object.bool("enabled") ?? false
        intervalMilliseconds = try object.integer("interval_ms") ?? 0
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("behavior", behavior)
        json.member("enabled", enabled)
        json.member("interval_ms", intervalMilliseconds)
        json.member("node_id", Int64(bitPattern: nodeID))
        json.endObject()
    }
}

public struct SetBehavior: ProtocolRequest {
    public typealias Reply = BehaviorInfo
    public static let command = HubCommand.setBehavior
    public var nodeID: UInt64
    public var behavior: String
    public var enabled: Bool
    public var intervalMilliseconds: Int64?

    public init(nodeID: UInt64, behavior: String, enabled: Bool = true, intervalMilliseconds: Int64? = nil) {
        self.nodeID = nodeID
        self.behavior = behavior
        self.enabled = enabled
        self.intervalMilliseconds = intervalMilliseconds
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        nodeID = try args.requiredInteger("node_id")
        behavior = try args.requiredString("behavior")
        enabled = try args.bool("enabled") ?? true
        intervalMilliseconds = try args.integer("interval_ms")
    }

    public var arguments: [String: JSONValue] {
        var args: [String: JSONValue] = [
            "node_id": .integer(Int64(bitPattern: nodeID)), "behavior": .string(behavior), "enabled": .bool(enabled),
        ]
        if let intervalMilliseconds { args["interval_ms"] = .integer(intervalMilliseconds) }
        return args
    }
}

/// `attribute_updated` for the attributes a path names (`*` allowed) of one node, listening or not.
public struct EnableNotification: ProtocolRequest {
    public typealias Reply = [FollowedAttribute]
    public static let command = HubCommand.enableNotification
    public var nodeID: UInt64
    public var attributePath: String
    public var enabled: Bool

    public init(nodeID: UInt64, attributePath: String, enabled: Bool = true) {
        self.nodeID = nodeID
        self.attributePath = attributePath
        self.enabled = enabled
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        nodeID = try args.requiredInteger("node_id")
        attributePath = try args.requiredString("attribute_path")
        enabled = try args.bool("enabled") ?? true
    }

    public var arguments: [String: JSONValue] {
        [
            "node_id": .integer(Int64(bitPattern: nodeID)), "attribute_path": .string(attributePath),
            "enabled": .bool(enabled),
        ]
    }
}
