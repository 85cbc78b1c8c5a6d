import MHubConfiguration
import MHubJSON
import MHubProtocol
import MatterDataModel
import MatterNode

/// Where an event goes.
public enum EventAudience: Hashable, Sendable {
    /// Every connection that called `start_listening` for events of its kind.
    case listeners
    /// The listeners, and these connections even if they do not listen (the owner of a session it prepared and the
    /// members of its app group).
    case listenersAnd([UInt64])
    /// This connection only (its first sync of the home).
    case connection(UInt64)
}

/// A connection that called `start_listening`.
public struct Listener: Hashable, Sendable {
    public var subscription: EventSubscription
    /// Who it is: events about structures it has no permission for do not reach it.
    public var principal: Principal

    public init(subscription: EventSubscription, principal: Principal) {
        self.subscription = subscription
        self.principal = principal
    }
}

public struct HubEvent: Hashable, Sendable {
    public var kind: HubEventName
    /// Its data as the wire carries it, written once from the typed value (or `JSONValue`) it was made from.
    public var body: JSONText
    public var audience: EventAudience
    /// The structure the event is about (a node's), if any: only listeners with permission for it get it.
    public var structure: StructureID?
    /// The attribute an `attribute_updated` is about: connections that enabled notifications for it get it too.
    public var attribute: AttributeRef?

    /// An event whose data was written before.
    public init(
        _ name: HubEventName, _ body: JSONText, to audience: EventAudience = .listeners,
        structure: StructureID? = nil, attribute: AttributeRef? = nil
    ) {
        kind = name
        self.body = body
        self.audience = audience
        self.structure = structure
        self.attribute = attribute
    }

    /// An event whose data is a typed value of the protocol's.
    public init(
        _ name: HubEventName, _ data: some JSONWritable, to audience: EventAudience = .listeners,
        structure: StructureID? = nil, attribute: AttributeRef? = nil
    ) {
        self.init(name, JSONText(data), to: audience, structure: structure, attribute: attribute)
    }

    /// An event whose data is a `JSONValue` (a literal, or a shape not yet typed).
    public init(
        _ name: HubEventName, _ data: JSONValue, to audience: EventAudience = .listeners,
        structure: StructureID? = nil, attribute: AttributeRef? = nil
    ) {
        self.init(name, JSONText(data), to: audience, structure: structure, attribute: attribute)
    }

    /// Its name as the wire carries it.
    public var name: String { kind.rawValue }

    /// Its data read back (tests, logs).
    public var data: JSONValue { body.value }

    /// Whether an OHF client may receive it.
    public var isOHF: Bool { kind.isOHF }
}

/// One attribute of one node.
public struct AttributeRef: Hashable, Sendable {
    public var node: NodeID
    public var path: AttributePath

    public init(node: NodeID, path: AttributePath) {
        self.node = node
        self.path = path
    }
}

/// A reply to one request.
public struct HubReply: Hashable, Sendable {
    public var connectionID: UInt64
    /// The request's `message_id` as the client sent it.
    public var messageID: JSONValue
    /// The result as the wire carries it, written once from the handler's typed value (or `JSONValue`).
    public var body: Result<JSONText, HubError>

    public init(connectionID: UInt64, messageID: JSONValue, body: Result<JSONText, HubError>) {
        self.connectionID = connectionID
        self.messageID = messageID
        self.body = body
    }

    public init(connectionID: UInt64, messageID: JSONValue, result: Result<JSONValue, HubError>) {
        self.init(connectionID: connectionID, messageID: messageID, body: result.map { JSONText($0) })
    }

    /// The result read back (tests, logs); setting it writes it anew.
    public var result: Result<JSONValue, HubError> {
        get { body.map(\.value) }
        set { body = newValue.map { JSONText($0) } }
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
    case savePreferences(HubPreferences)
    /// Everything but the fabric identity and the preferences goes; the changes after it in the list rebuild the rest.
    case deleteAll
}

/// What changed in the hub that another part of the daemon follows (one direction: the hub says it, the part acts).
public enum HubOutput: Hashable, Sendable {
    /// The hub's commissioning window opened, changed or closed (nil): the Matter port serves this one.
    case windowChanged(CommissioningWindow?)
    /// `remove_fabric`: the Matter node removes the fabric (saved first) and reports back with
    /// `Hub.matterFabricRemovalDone(requestID:succeeded:now:)`.
    case removeFabric(fabricIndex: UInt8, requestID: UInt64)
    /// `advance_clock` on the virtual clock: the daemon runs every deadline up to `to` in order (`Hub.tick`
    /// at each), sets the clock there, then sends `reply`.
    case advanceClock(to: Timestamp, reply: HubReply)
    /// What the Matter node bridges changed (an attribute, a device's name or reachability, devices joining or
    /// leaving, an event): its data versions, subscriptions and events follow.
    case bridgeChanged(BridgeChange)
    /// The answer to the Matter node's `BridgedRequest` (a bridged device's command or write), once the device
    /// applied it.
    case bridgedAnswer(requestID: UInt64, BridgedAnswer)
    /// For a simulated device's own Matter node (a device on the network).
    case deviceNode(SimulatedDeviceID, DeviceNodeOutput)
    /// The answer to the HomeKit port's request (`HomeKitReport.request`), once the device applied it.
    case homeKitAnswer(requestID: UInt64, BridgedAnswer)
    /// `follow_input_journal`: the daemon sends this connection the input journal's lines so far, then each new one
    /// (`input_journaled`).
    case inputJournalFollowed(connectionID: UInt64)
}

/// What the hub asks its I/O owner to do after an input.
public struct HubOutcome: Sendable {
    public var changes: [StoreChange] = []
    public var replies: [HubReply] = []
    public var events: [HubEvent] = []
    /// For the daemon's other parts, after the events (dropped with them when a commit fails).
    public var outputs: [HubOutput] = []
    /// Lines for the daemon's log, where what the input meant decides the line (a new UDC request, or a copy).
    public var logLines: [HubLogLine] = []

    public init() {}

    public var isEmpty: Bool { changes.isEmpty && replies.isEmpty && events.isEmpty && outputs.isEmpty }

    /// Whether it asks the daemon to move the virtual clock (`advance_clock`).
    public var advancesClock: Bool {
        outputs.contains { output in
            if case .advanceClock = output { return true }
            return false
        }
    }
}

/// A line the daemon logs for an input.
public struct HubLogLine: Hashable, Sendable {
    public var level: LogLevel
    public var text: String

    public init(_ level: LogLevel, _ text: String) {
        self.level = level
        self.text = text
    }
}
