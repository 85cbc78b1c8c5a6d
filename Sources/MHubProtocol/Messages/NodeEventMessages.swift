import MHubJSON

// What listeners hear about nodes as they change (docs/protocol.md §5): `attribute_updated`, `node_event`,
// `node_removed`, and the recent node events `diagnostics` lists.

/// `attribute_updated`'s data, as OHF sends it: `[node_id, "endpoint/cluster/attribute", value]`: the change it
/// reports.
extension AttributeChange: ProtocolReply, JSONWritable {
    public init(json: JSONValue) throws(ProtocolViolation) {
        guard case .array(let parts) = json, parts.count == 3, case .integer(let node) = parts[0],
            case .string(let path) = parts[1]
        else { throw ProtocolViolation("an attribute update is [node_id, attribute_path, value], not \(json)") }
        self.init(nodeID: UInt64(bitPattern: node), attributePath: path, value: parts[2])
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginArray()
        json.integer(Int64(bitPattern: nodeID))
        json.string(attributePath)
        json.value(value)
        json.endArray()
    }
}

/// `node_removed`'s data: the node's ID alone.
public struct NodeRemoved: ProtocolReply, JSONWritable, Hashable {
    public var nodeID: UInt64

    public init(nodeID: UInt64) {
        self.nodeID = nodeID
    }

    public init(json: JSONValue) throws(ProtocolViolation) {
        guard case .integer(let id) = json else { throw ProtocolViolation("a removed node is \(json.typeName)") }
        nodeID = UInt64(bitPattern: id)
    }

    public func write(to json: inout JSONTextWriter) {
        json.integer(Int64(bitPattern: nodeID))
    }
}

/// An event a node raised (OHF `MatterNodeEvent`): `node_event`'s data, and an entry of `diagnostics`' events.
public struct NodeEventInfo: ProtocolValue {
    public var nodeID: UInt64
    public var endpointID: Int64
    public var clusterID: Int64
    public var eventID: Int64
    public var eventNumber: Int64
    public var priority: Int64
    /// Milliseconds since the epoch (`timestamp_type` 0, epoch time).
    public var timestamp: Int64
    /// The event's fields by tag number.
    public var data: [String: JSONValue]

    public init(
        nodeID: UInt64, endpointID: Int64, clusterID: Int64, eventID: Int64, eventNumber: Int64, priority: Int64,
        timestamp: Int64, data: [String: JSONValue]
    ) {
        self.nodeID = nodeID
        self.endpointID = endpointID
        self.clusterID = clusterID
        self.eventID = eventID
        self.eventNumber = eventNumber
        self.priority = priority
        self.timestamp = timestamp
        self.data = data
    }

    public static let what = "a node event"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        nodeID = try object.requiredInteger("node_id")
        endpointID = try object.integer("endpoint_id") ?? 0
        clusterID = try object.integer("cluster_id") ?? 0
        eventID = try object.integer("event_id") ?? 0
        eventNumber = try object.integer("event_number") ?? 0
        priority = try object.integer("priority") ?? 0
        timestamp = try object.integer("timestamp") ?? 0
        if case .object(let fields)? = object.raw("data") { data = fields } else { data = [:] }
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("cluster_id", clusterID)
        json.member("data", data)
        json.member("endpoint_id", endpointID)
        json.member("event_id", eventID)
        json.member("event_number", eventNumber)
        json.member("node_id", Int64(bitPattern: nodeID))
        json.member("priority", priority)
        json.member("timestamp", timestamp)
        json.member("timestamp_type", Int64(0))
        json.endObject()
    }
}

/// `diagnostics`: the server info, every node, and the latest node events (OHF's dump).
public struct Diagnostics: ProtocolValue {
    public var info: ServerInfo
    public var nodes: [MatterNodeData]
    public var events: [NodeEventInfo]

    public init(info: ServerInfo, nodes: [MatterNodeData], events: [NodeEventInfo]) {
        self.info = info
        self.nodes = nodes
        self.events = events
    }

    public static let what = "the diagnostics"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        info = try ServerInfo(json: object.raw("info") ?? [:])
        nodes = try [MatterNodeData](json: object.raw("nodes") ?? [])
        events = try [NodeEventInfo](json: object.raw("events") ?? [])
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("events", events)
        json.member("info", info)
        json.member("nodes", nodes)
        json.endObject()
    }
}

public struct GetDiagnostics: ProtocolRequest {
    public typealias Reply = Diagnostics
    public static let command = HubCommand.diagnostics

    public init() {}

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) {}

    public var arguments: [String: JSONValue] { [:] }
}

/// The node an event is about, whatever the event: first in `attribute_updated`'s list, the whole of `node_removed`'s
/// data, or the `node_id` of a node event, a node or a device. What a filter by node (`mhubctl watch --node`) reads.
public func nodeOfEvent(_ data: JSONValue) -> UInt64? {
    if let update = try? AttributeChange(json: data) { return update.nodeID }
    if let removed = try? NodeRemoved(json: data) { return removed.nodeID }
    if case .integer(let id)? = data["node_id"] { return UInt64(bitPattern: id) }
    return nil
}
