import MHubJSON

// The requests about structures, rooms and the home's devices (docs/protocol.md §6, §8).

public struct GetStructures: ProtocolRequest {
    public typealias Reply = [Structure]
    public static let command = HubCommand.getStructures

    public init() {}

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) {}

    public var arguments: [String: JSONValue] { [:] }
}

public struct CreateStructure: ProtocolRequest {
    public typealias Reply = Structure
    public static let command = HubCommand.createStructure
    public var name: String

    public init(name: String) {
        self.name = name
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        name = try args.requiredString("name")
    }

    public var arguments: [String: JSONValue] { ["name": .string(name)] }
}

public struct RenameStructure: ProtocolRequest {
    public typealias Reply = Structure
    public static let command = HubCommand.renameStructure
    public var structureID: Int64
    public var name: String

    public init(structureID: Int64, name: String) {
        self.structureID = structureID
        self.name = name
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        structureID = try args.requiredInteger("structure_id")
        name = try args.requiredString("name")
    }

    public var arguments: [String: JSONValue] { ["structure_id": .integer(structureID), "name": .string(name)] }
}

/// Refused while the structure holds devices, unless they move to `moveDevicesTo`.
public struct DeleteStructure: ProtocolRequest {
    public typealias Reply = StructureDeleted
    public static let command = HubCommand.deleteStructure
    public var structureID: Int64
    public var moveDevicesTo: Int64?

    public init(structureID: Int64, moveDevicesTo: Int64? = nil) {
        self.structureID = structureID
        self.moveDevicesTo = moveDevicesTo
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        structureID = try args.requiredInteger("structure_id")
        moveDevicesTo = try args.integer("move_devices_to")
    }

    public var arguments: [String: JSONValue] {
        var args: [String: JSONValue] = ["structure_id": .integer(structureID)]
        if let moveDevicesTo { args["move_devices_to"] = .integer(moveDevicesTo) }
        return args
    }
}

/// A structure's rooms, named by ID or by name (`home`); with `appGroup`, those of the group's session.
public struct GetRooms: ProtocolRequest {
    public typealias Reply = [Room]
    public static let command = HubCommand.getRooms
    public var structureID: Int64?
    public var home: String?
    public var appGroup: String?

    public init(structureID: Int64? = nil, home: String? = nil, appGroup: String? = nil) {
        self.structureID = structureID
        self.home = home
        self.appGroup = appGroup
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        structureID = try args.integer("structure_id")
        home = try args.string("home")
        appGroup = try args.string("app_group")
    }

    public var arguments: [String: JSONValue] {
        var args: [String: JSONValue] = [:]
        if let structureID { args["structure_id"] = .integer(structureID) }
        if let home { args["home"] = .string(home) }
        if let appGroup { args["app_group"] = .string(appGroup) }
        return args
    }
}

public struct CreateRoom: ProtocolRequest {
    public typealias Reply = Room
    public static let command = HubCommand.createRoom
    public var structureID: Int64?
    public var name: String

    public init(name: String, structureID: Int64? = nil) {
        self.name = name
        self.structureID = structureID
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        structureID = try args.integer("structure_id")
        name = try args.requiredString("name")
    }

    public var arguments: [String: JSONValue] {
        var args: [String: JSONValue] = ["name": .string(name)]
        if let structureID { args["structure_id"] = .integer(structureID) }
        return args
    }
}

public struct RenameRoom: ProtocolRequest {
    public typealias Reply = Room
    public static let command = HubCommand.renameRoom
    public var roomID: Int64
    public var name: String

    public init(roomID: Int64, name: String) {
        self.roomID = roomID
        self.name = name
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        roomID = try args.requiredInteger("room_id")
        name = try args.requiredString("name")
    }

    public var arguments: [String: JSONValue] { ["room_id": .integer(roomID), "name": .string(name)] }
}

/// Deletes a room; its devices stay, with no room.
public struct DeleteRoom: ProtocolRequest {
    public typealias Reply = RoomDeleted
    public static let command = HubCommand.deleteRoom
    public var roomID: Int64

    public init(roomID: Int64) {
        self.roomID = roomID
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        roomID = try args.requiredInteger("room_id")
    }

    public var arguments: [String: JSONValue] { ["room_id": .integer(roomID)] }
}

public struct GetDevices: ProtocolRequest {
    public typealias Reply = [HomeDevice]
    public static let command = HubCommand.getDevices
    public var structureID: Int64?

    public init(structureID: Int64? = nil) {
        self.structureID = structureID
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        structureID = try args.integer("structure_id")
    }

    public var arguments: [String: JSONValue] { structureID.map { ["structure_id": .integer($0)] } ?? [:] }
}

/// Renames a device and/or puts it in a room (by ID or by name), or in none (`noRoom`).
public struct UpdateDevice: ProtocolRequest {
    public typealias Reply = HomeDevice
    public static let command = HubCommand.updateDevice
    public var nodeID: UInt64
    public var name: String?
    public var roomID: Int64?
    public var room: String?
    public var noRoom: Bool

    public init(nodeID: UInt64, name: String? = nil, roomID: Int64? = nil, room: String? = nil, noRoom: Bool = false) {
        self.nodeID = nodeID
        self.name = name
        self.roomID = roomID
        self.room = room
        self.noRoom = noRoom
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        nodeID = try args.requiredInteger("node_id")
        name = try args.string("name")
        roomID = try args.integer("room_id")
        room = try args.string("room")
        noRoom = try args.bool("no_room") ?? false
    }

    public var arguments: [String: JSONValue] {
        var args: [String: JSONValue] = ["node_id": .integer(Int64(bitPattern: nodeID))]
        if let name { args["name"] = .string(name) }
        if let roomID { args["room_id"] = .integer(roomID) }
        if let room { args["room"] = .string(room) }
        if noRoom { args["no_room"] = true }
        return args
    }
}

/// Moves a device to another structure, into a room there (by ID or by name) or none.
public struct MoveDevice: ProtocolRequest {
    public typealias Reply = HomeDevice
    public static let command = HubCommand.moveDevice
    public var nodeID: UInt64
    public var structureID: Int64
    public var room: String?
    public var roomID: Int64?

    public init(nodeID: UInt64, structureID: Int64, room: String? = nil, roomID: Int64? = nil) {
        self.nodeID = nodeID
        self.structureID = structureID
        self.room = room
        self.roomID = roomID
    }

    @inlinable
    public init<Context: JSONReadContext>(reading args: inout JSONObjectReader<Context>) throws(Context.Failure) {
        nodeID = try args.requiredInteger("node_id")
        structureID = try args.requiredInteger("structure_id")
        room = try args.string("room")
        roomID = try args.integer("room_id")
    }

    public var arguments: [String: JSONValue] {
        var args: [String: JSONValue] = [
            "node_id": .integer(Int64(bitPattern: nodeID)), "structure_id": .integer(structureID),
        ]
        if let room { args["room"] = .string(room) }
        if let roomID { args["room_id"] = .integer(roomID) }
        return args
    }
}
