import MHubJSON

// The hub's own Matter node as the control protocol shows it (docs/protocol.md §15): its fabrics and Matter
// sessions (`get_fabrics`, `fabric_added/updated/removed`, `matter_session_opened/closed`) and `remove_fabric`.

/// One fabric of the hub's node; IDs as 16 uppercase hexadecimal digits, as Matter writes them.
public struct MatterFabricInfo: ProtocolValue {
    public var fabricIndex: Int64
    public var vendorID: Int64
    public var fabricID: String
    public var nodeID: String
    public var compressedFabricID: String
    public var label: String
    /// False while it is under the fail-safe of the commissioning that added it.
    public var committed: Bool

    public init(
        fabricIndex: Int64, vendorID: Int64, fabricID: String, nodeID: String, compressedFabricID: String,
        label: String, committed: Bool
    ) {
        self.fabricIndex = fabricIndex
        self.vendorID = vendorID
        self.fabricID = fabricID
        self.nodeID = nodeID
        self.compressedFabricID = compressedFabricID
        self.label = label
        self.committed = committed
    }

    public static let what = "a fabric"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        fabricIndex = try object.requiredInteger("fabric_index")
        vendorID = try object.integer("vendor_id") ?? 0
        fabricID = try object.string("fabric_id") ?? ""
        nodeID = try object.string("node_id") ?? ""
        compressedFabricID = try object.string("compressed_fabric_id") ?? ""
        label = try object.string("label") ?? ""
        committed = try object.bool("committed") ?? false
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("committed", committed)
        json.member("compressed_fabric_id", compressedFabricID)
        json.member("fabric_id", fabricID)
        json.member("fabric_index", fabricIndex)
        json.member("label", label)
        json.member("node_id", nodeID)
        json.member("vendor_id", vendorID)
        json.endObject()
    }
}

/// One secure session of the hub's node: PASE (no fabric) or CASE; `matter_session_closed` adds why it closed.
public struct MatterSessionInfo: ProtocolValue {
    public var sessionID: Int64
    /// `pase` or `case`.
    public var kind: String
    public var fabricIndex: Int64?
    public var peerNodeID: String
    public var peer: String
    public var openedAt: String
    public var reason: String?

    public init(
        sessionID: Int64, kind: String, fabricIndex: Int64?, peerNodeID: String, peer: String, openedAt: String,
        reason: String? = nil
    ) {
        self.sessionID = sessionID
        self.kind = kind
        self.fabricIndex = fabricIndex
        self.peerNodeID = peerNodeID
        self.peer = peer
        self.openedAt = openedAt
        self.reason = reason
    }

    public static let what = "a Matter session"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        sessionID = try object.requiredInteger("session_id")
        kind = try object.string("kind") ?? ""
        fabricIndex = try object.integer("fabric_index")
        peerNodeID = try object.string("peer_node_id") ?? ""
        peer = try object.string("peer") ?? ""
        openedAt = try object.string("opened_at") ?? ""
        reason = try object.string("reason")
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("fabric_index", fabricIndex)
        json.member("kind", kind)
        json.member("opened_at", openedAt)
        json.member("peer", peer)
        json.member("peer_node_id", peerNodeID)
        if let reason { json.member("reason", reason) }
        json.member("session_id", sessionID)
        json.endObject()
    }
}

/// `get_fabrics`: the node's fabrics, its Matter sessions, how many fabrics it takes, and when a fail-safe last
/// expired.
public struct FabricsStatus: ProtocolValue {
    public var fabrics: [MatterFabricInfo]
    public var sessions: [MatterSessionInfo]
    public var supportedFabrics: Int64
    public var failSafeExpiredAt: String?

    public init(
        fabrics: [MatterFabricInfo], sessions: [MatterSessionInfo], supportedFabrics: Int64, failSafeExpiredAt: String?
    ) {
        self.fabrics = fabrics
        self.sessions = sessions
        self.supportedFabrics = supportedFabrics
        self.failSafeExpiredAt = failSafeExpiredAt
    }

    public static let what = "the fabrics"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        fabrics = try [MatterFabricInfo](json: object.raw("fabrics") ?? [])
        sessions = try [MatterSessionInfo](json: object.raw("sessions") ?? [])
        supportedFabrics = try object.integer("supported_fabrics") ?? 0
        failSafeExpiredAt = try object.string("fail_safe_expired_at")
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("fabrics", fabrics)
        json.member("fail_safe_expired_at", failSafeExpiredAt)
        json.member("sessions", sessions)
        json.member("supported_fabrics", supportedFabrics)
        json.endObject()
    }
}

/// `remove_fabric`'s reply (`removed: true`) and `fabric_removed` (the index alone).
public struct FabricRemoved: ProtocolValue {
    public var fabricIndex: Int64
    public var isReply: Bool

    public init(fabricIndex: Int64, isReply: Bool) {
        self.fabricIndex = fabricIndex
        self.isReply = isReply
    }

    public static let what = "a removed fabric"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        fabricIndex = try object.requiredInteger("fabric_index")
        isReply = try object.bool("removed") ?? false
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("fabric_index", fabricIndex)
        if isReply { json.member("removed", true) }
        json.endObject()
    }
}

// MARK: requests

public struct GetFabrics: ProtocolRequest {
    public typealias Reply = FabricsStatus
    public static let command = HubCommand.getFabrics

    public init() {}

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) {}

    public var arguments: [String: JSONValue] { [:] }
}

/// The node leaves a fabric, as RemoveFabric from its administrator would; replies once the smaller table is saved.
public struct RemoveFabric: ProtocolRequest {
    public typealias Reply = FabricRemoved
    public static let command = HubCommand.removeFabric
    public var fabricIndex: UInt8

    public init(fabricIndex: UInt8) {
        self.fabricIndex = fabricIndex
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        fabricIndex = try args.requiredInteger("fabric_index")
    }

    public var arguments: [String: JSONValue] { ["fabric_index": .integer(Int64(fabricIndex))] }
}
