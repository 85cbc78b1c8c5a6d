import MHubJSON

// Structures, rooms and the home's devices (docs/protocol.md §6, §8): what the hub keeps, replies and announces
// (`structure_updated`, `room_updated`, `device_updated`, `home_synced`), and what a client reads.

/// A structure (a home).
public struct Structure: ProtocolValue, Identifiable {
    public var id: Int64
    public var name: String

    public init(id: Int64, name: String) {
        self.id = id
        self.name = name
    }

    public static let what = "a structure"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        id = try object.requiredInteger("structure_id")
        name = try object.requiredString("name")
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("name", name)
        json.member("structure_id", id)
        json.endObject()
    }
}

/// A room of a structure.
public struct Room: ProtocolValue, Identifiable {
    public var id: Int64
    public var structureID: Int64
    public var name: String

    public init(id: Int64, structureID: Int64, name: String) {
        self.id = id
        self.structureID = structureID
        self.name = name
    }

    public static let what = "a room"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        id = try object.requiredInteger("room_id")
        name = try object.requiredString("name")
        structureID = try object.requiredInteger("structure_id")
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("name", name)
        json.member("room_id", id)
        json.member("structure_id", structureID)
        json.endObject()
    }
}

/// A commissioned device (a node) as the home shows it: `get_devices`, `device_updated`.
public struct HomeDevice: ProtocolValue, Identifiable {
    public var nodeID: UInt64
    public var name: String
    public var structureID: Int64
    public var roomID: Int64?
    public var room: String?
    /// Its template's key, or what was stored for a node without one.
    public var template: String
    /// One per device endpoint: `"<node>:<endpoint>"`, several for a bridge (docs/protocol.md §9).
    public var deviceIDs: [String]
    public var simulatedDeviceID: Int64?
    public var dateCommissioned: String
    /// A simulated device of several endpoints (`endpoints`), or a bridge (`bridged_devices`, `bridged_template`).
    public var endpoints: Int64?
    public var bridgedDevices: Int64?
    public var bridgedTemplate: String?

    public var id: UInt64 { nodeID }

    public init(
        nodeID: UInt64, name: String, structureID: Int64, roomID: Int64?, room: String?, template: String,
        deviceIDs: [String], simulatedDeviceID: Int64?, dateCommissioned: String, endpoints: Int64? = nil,
        bridgedDevices: Int64? = nil, bridgedTemplate: String? = nil
    ) {
        self.nodeID = nodeID
        self.name = name
        self.structureID = structureID
        self.roomID = roomID
        self.room = room
        self.template = template
        self.deviceIDs = deviceIDs
        self.simulatedDeviceID = simulatedDeviceID
        self.dateCommissioned = dateCommissioned
        self.endpoints = endpoints
        self.bridgedDevices = bridgedDevices
        self.bridgedTemplate = bridgedTemplate
    }

    public static let what = "a device"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        nodeID = try object.requiredInteger("node_id")
        name = try object.requiredString("name")
        structureID = try object.requiredInteger("structure_id")
        roomID = try object.integer("room_id")
        room = try object.string("room")
        template = try object.requiredString("template")
        deviceIDs = try object.strings("device_ids")
        simulatedDeviceID = try object.integer("simulated_device_id")
        dateCommissioned = try object.string("date_commissioned") ?? ""
        endpoints = try object.integer("endpoints")
        bridgedDevices = try object.integer("bridged_devices")
        bridgedTemplate = try object.string("bridged_template")
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        if let bridgedDevices { json.member("bridged_devices", bridgedDevices) }
        if let bridgedTemplate { json.member("bridged_template", bridgedTemplate) }
        json.member("date_commissioned", dateCommissioned)
        json.member("device_ids", deviceIDs)
        if let endpoints { json.member("endpoints", endpoints) }
        json.member("name", name)
        json.member("node_id", Int64(bitPattern: nodeID))
        json.member("room", room)
        json.member("room_id", roomID)
        json.member("simulated_device_id", simulatedDeviceID)
        json.member("structure_id", structureID)
        json.member("template", template)
        json.endObject()
    }
}

/// `delete_structure`'s reply; `structure_removed` carries only its `structure_id`.
public struct StructureDeleted: ProtocolValue {
    public var structureID: Int64
    /// The devices moved out of it first (`move_devices_to`); `nil` in the event.
    public var movedNodeIDs: [UInt64]?

    public init(structureID: Int64, movedNodeIDs: [UInt64]?) {
        self.structureID = structureID
        self.movedNodeIDs = movedNodeIDs
    }

    public static let what = "a deleted structure"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        structureID = try object.requiredInteger("structure_id")
        movedNodeIDs =
            object.members["moved_node_ids"] == nil
            ? nil
            : try object.integers("moved_node_ids").map {
                UInt64(bitPattern: $0)
            }
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        if let movedNodeIDs {
            json.member("deleted", true)
            json.member("moved_node_ids", movedNodeIDs.map { Int64(bitPattern: $0) })
        }
        json.member("structure_id", structureID)
        json.endObject()
    }
}

/// `delete_room`'s reply (`deleted: true`); `room_removed` carries only its `room_id`.
public struct RoomDeleted: ProtocolValue {
    public var roomID: Int64
    /// Whether it is the reply (`deleted: true`) rather than the event.
    public var isReply: Bool

    public init(roomID: Int64, isReply: Bool) {
        self.roomID = roomID
        self.isReply = isReply
    }

    public static let what = "a deleted room"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        roomID = try object.requiredInteger("room_id")
        isReply = try object.bool("deleted") ?? false
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        if isReply { json.member("deleted", true) }
        json.member("room_id", roomID)
        json.endObject()
    }
}

/// `home_synced`: the home as an mhub listener may see it, sent once when it starts listening.
public struct HomeSynced: ProtocolValue {
    public var structures: [Structure]
    public var rooms: [Room]
    public var devices: [HomeDevice]
    /// Each device's node as the OHF `MatterNodeData` (`get_node`).
    public var nodes: [MatterNodeData]

    public init(structures: [Structure], rooms: [Room], devices: [HomeDevice], nodes: [MatterNodeData]) {
        self.structures = structures
        self.rooms = rooms
        self.devices = devices
        self.nodes = nodes
    }

    public static let what = "a home sync"

    public init(reading object: inout JSONObjectReader<ProtocolReading>) throws(ProtocolViolation) {
        structures = try [Structure](json: object.raw("structures") ?? [])
        rooms = try [Room](json: object.raw("rooms") ?? [])
        devices = try [HomeDevice](json: object.raw("devices") ?? [])
        nodes = try [MatterNodeData](json: object.raw("nodes") ?? [])
    }

    public func write(to json: inout JSONTextWriter) {
        json.beginObject()
        json.member("devices", devices)
        json.member("nodes", nodes)
        json.member("rooms", rooms)
        json.member("structures", structures)
        json.endObject()
    }
}
