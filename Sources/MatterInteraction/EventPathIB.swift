import MatterDataModel
import MatterTLV

/// EventPathIB: a path to events, where an absent endpoint, cluster or event is a wildcard.
///
/// A TLV list (CHIP `src/app/MessageDef/EventPathIB.h` `Tag`): 0 Node (uint64), 1 Endpoint (uint16), 2 Cluster
/// (uint32), 3 Event (uint32), 4 IsUrgent (bool). This node reports only its own events, so Node is ignored. An
/// urgent path makes a matching event reported as soon as the subscription's minimum interval allows; other events
/// wait for the next report (Matter Core Specification 8.5.1, "Event Path"; CHIP `ReadHandler` urgent events).
public struct EventPathIB: Hashable, Sendable, CustomStringConvertible {
    public var node: UInt64?
    public var endpoint: EndpointID?
    public var cluster: ClusterID?
    public var event: UInt32?
    public var isUrgent: Bool?

    public init(
        endpoint: EndpointID? = nil, cluster: ClusterID? = nil, event: UInt32? = nil, isUrgent: Bool? = nil,
        node: UInt64? = nil
    ) {
        self.endpoint = endpoint
        self.cluster = cluster
        self.event = event
        self.isUrgent = isUrgent
        self.node = node
    }

    /// Reads a path and checks it as CHIP's `EventPathIB::Parser::ParsePath` does: an event ID needs its cluster.
    public init(_ element: TLVElement) throws(InteractionModelError) {
        let fields = try TLVFields(element, "EventPathIB", allowsList: true)
        node = try fields.unsigned(0, "Node", as: UInt64.self)
        endpoint = try fields.unsigned(1, "Endpoint", as: EndpointID.self)
        cluster = try fields.unsigned(2, "Cluster", as: ClusterID.self)
        event = try fields.unsigned(3, "Event", as: UInt32.self)
        isUrgent = try fields.bool(4, "IsUrgent")
        if event != nil, cluster == nil { throw .invalidPath("an event ID needs its cluster") }
        if endpoint == 0xFFFF { throw .invalidPath("endpoint 0xFFFF is the wildcard value") }
    }

    /// Whether an event of `cluster` on `endpoint` with ID `event` is on this path.
    public func matches(endpoint: EndpointID, cluster: ClusterID, event: UInt32) -> Bool {
        (self.endpoint == nil || self.endpoint == endpoint) && (self.cluster == nil || self.cluster == cluster)
            && (self.event == nil || self.event == event)
    }

    /// Whether endpoint, cluster and event are all given.
    public var isConcrete: Bool { endpoint != nil && cluster != nil && event != nil }

    func element(tag: TLVTag) -> TLVElement {
        var members: [TLVElement] = []
        if let node { members.append(TLVElement(tag: .context(0), .unsigned(node))) }
        if let endpoint { members.append(TLVElement(tag: .context(1), .unsigned(UInt64(endpoint)))) }
        if let cluster { members.append(TLVElement(tag: .context(2), .unsigned(UInt64(cluster)))) }
        if let event { members.append(TLVElement(tag: .context(3), .unsigned(UInt64(event)))) }
        if let isUrgent { members.append(TLVElement(tag: .context(4), .bool(isUrgent))) }
        return TLVElement(tag: tag, .list(members))
    }

    public var description: String {
        func part(_ value: (some BinaryInteger)?) -> String {
            value.map { "0x" + String($0, radix: 16, uppercase: true) } ?? "*"
        }
        return "\(endpoint.map { String($0) } ?? "*")/\(part(cluster))/\(part(event))"
    }
}

/// EventFilterIB: "report only events from this number on".
///
/// A structure (CHIP `src/app/MessageDef/EventFilterIB.h`): 0 Node (uint64), 1 EventMin (uint64). CHIP keeps the
/// last filter of a request (`ReadHandler::ProcessEventFilters`), as this node does.
public struct EventFilterIB: Hashable, Sendable {
    public var node: UInt64?
    public var eventMin: UInt64

    public init(eventMin: UInt64, node: UInt64? = nil) {
        self.eventMin = eventMin
        self.node = node
    }

    public init(_ element: TLVElement) throws(InteractionModelError) {
        let fields = try TLVFields(element, "EventFilterIB")
        node = try fields.unsigned(0, "Node", as: UInt64.self)
        eventMin = try fields.requiredUnsigned(1, "EventMin", as: UInt64.self)
    }

    func element(tag: TLVTag) -> TLVElement {
        var members: [TLVElement] = []
        if let node { members.append(TLVElement(tag: .context(0), .unsigned(node))) }
        members.append(TLVElement(tag: .context(1), .unsigned(eventMin)))
        return TLVElement(tag: tag, .structure(members))
    }
}
