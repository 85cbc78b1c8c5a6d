import MHubJSON

// App groups and per-attribute notifications (docs/protocol.md §7b, §8): what an app's extension shares with the
// app, and the attributes a connection follows without listening to everything.

/// The hub's fabric, as `join_app_group` shows it.
public struct FabricIDs: Hashable, Sendable {
    public var fabricID: UInt64
    public var compressedFabricID: UInt64

    public init(fabricID: UInt64, compressedFabricID: UInt64) {
        self.fabricID = fabricID
        self.compressedFabricID = compressedFabricID
    }
}

/// What `join_app_group` shares: the group's session (or none), the rooms of its structure (the first structure's
/// without a session) and the hub's fabric.
public struct AppGroupJoined: ProtocolValue {
    public var appGroup: String
    public var session: SessionInfo?
    public var structureID: Int64
    public var rooms: [Room]
    public var fabric: FabricIDs

    public init(appGroup: String, session: SessionInfo?, structureID: Int64, rooms: [Room], fabric: FabricIDs) {
        self.appGroup = appGroup
        self.session = session
        self.structureID = structureID
        self.rooms = rooms
        self.fabric = fabric
    }

    public static let what = "a joined app group"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        appGroup = try object.requiredString("app_group")
        session = try SessionInfo?(json: object.raw("session") ?? .null)
        structureID = try object.requiredInteger("structure_id")
        rooms = try [Room](json: object.raw("rooms") ?? [])
        var fabric = try object.object("fabric")
        self.fabric = FabricIDs(
            fabricID: UInt64(bitPattern: try fabric.integer("fabric_id") ?? 0),
            compressedFabricID: UInt64(bitPattern: try fabric.integer("compressed_fabric_id") ?? 0))
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("app_group", appGroup)
        json.key("fabric")
        json.beginObject()
        json.member("compressed_fabric_id", Int64(bitPattern: fabric.compressedFabricID))
        json.member("fabric_id", Int64(bitPattern: fabric.fabricID))
        json.endObject()
        json.member("rooms", rooms)
        json.member("session", session)
        json.member("structure_id", structureID)
        json.endObject()
    }
}

/// One attribute path (`*` allowed) of one node whose changes a connection follows.
public struct FollowedAttribute: ProtocolValue {
    public var nodeID: UInt64
    public var attributePath: String

    public init(nodeID: UInt64, attributePath: String) {
        self.nodeID = nodeID
        self.attributePath = attributePath
    }

    public static let what = "a notification"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        nodeID = try object.requiredInteger("node_id")
        attributePath = try object.requiredString("attribute_path")
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("attribute_path", attributePath)
        json.member("node_id", Int64(bitPattern: nodeID))
        json.endObject()
    }
}

// MARK: requests

/// Joins an app group: the connection shares the group's session.
public struct JoinAppGroup: ProtocolRequest {
    public typealias Reply = AppGroupJoined
    public static let command = HubCommand.joinAppGroup
    public var appGroup: String?

    public init(appGroup: String) {
        self.appGroup = appGroup
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        appGroup = try args.string("app_group")
    }

    public var arguments: [String: JSONValue] { appGroup.map { ["app_group": .string($0)] } ?? [:] }
}

/// The attributes this connection follows.
public struct GetNotifications: ProtocolRequest {
    public typealias Reply = [FollowedAttribute]
    public static let command = HubCommand.getNotifications

    public init() {}

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) {}

    public var arguments: [String: JSONValue] { [:] }
}

/// Whether a request's `args` name an app group (`app_group`): such a request is mhub's own flow, whatever its
/// command, and its failures keep mhub's codes.
public func argumentsNameAnAppGroup(_ arguments: JSONValue?) -> Bool {
    arguments?["app_group"] != nil
}
