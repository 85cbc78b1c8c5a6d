import MHubCore
import MatterDataModel

/// Where an event goes.
public enum EventAudience: Hashable, Sendable {
    /// Every connection that called `start_listening`.
    case listeners
    /// The listeners, and this connection even if it does not listen (a session's owner).
    case listenersAnd(UInt64)
}

public struct HubEvent: Hashable, Sendable {
    public var name: String
    public var data: JSONValue
    public var audience: EventAudience

    public init(_ name: String, _ data: JSONValue, to audience: EventAudience = .listeners) {
        self.name = name
        self.data = data
        self.audience = audience
    }
}

/// A reply to one request.
public struct HubReply: Hashable, Sendable {
    public var connectionID: UInt64
    /// The request's `message_id` as the client sent it.
    public var messageID: JSONValue
    public var result: Result<JSONValue, HubError>

    public init(connectionID: UInt64, messageID: JSONValue, result: Result<JSONValue, HubError>) {
        self.connectionID = connectionID
        self.messageID = messageID
        self.result = result
    }
}

/// A durable change; the I/O layer commits all of an outcome's changes in one transaction before any
/// of its replies leave, so a reply that says "done" means it is on disk (docs/architecture.md, "When a
/// commit fails": a request's events wait for the commit too; time's events do not).
public enum StoreChange: Hashable, Sendable {
    case saveFabric(FabricIdentity)
    case saveCounters(HubCounters)
    case saveStructure(Structure)
    case deleteStructure(StructureID)
    case saveRoom(Room)
    case deleteRoom(RoomID)
    case saveNode(Node)
    case deleteNode(NodeID)
    case saveSimulatedDevice(SimulatedDevice)
    case deleteSimulatedDevice(SimulatedDeviceID)
    case savePermission(Principal, StructureID, granted: Bool)
    /// Everything but the fabric identity goes; the changes after it in the list rebuild the rest.
    case deleteAll
}

/// What the hub asks its I/O owner to do after an input.
public struct HubOutcome: Sendable {
    public var changes: [StoreChange] = []
    public var replies: [HubReply] = []
    public var events: [HubEvent] = []

    public init() {}

    public var isEmpty: Bool { changes.isEmpty && replies.isEmpty && events.isEmpty }
}
