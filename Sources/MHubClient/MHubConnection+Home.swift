import MHubJSON
import MHubProtocol

/// Structures, rooms and commissioned devices, as typed calls (docs/protocol.md §6, §8).
extension MHubConnection {
    public struct Structure: Sendable, Equatable, Identifiable {
        public var id: Int64
        public var name: String

        init(_ json: JSONValue) throws(MHubClientError) {
            id = try json.requiredInteger("structure_id", in: "a structure")
            name = try json.requiredString("name", in: "a structure")
        }
    }

    public struct Room: Sendable, Equatable, Identifiable {
        public var id: Int64
        public var name: String
        public var structureID: Int64

        init(_ json: JSONValue) throws(MHubClientError) {
            id = try json.requiredInteger("room_id", in: "a room")
            name = try json.requiredString("name", in: "a room")
            structureID = try json.requiredInteger("structure_id", in: "a room")
        }
    }

    /// A commissioned device (a node) as `get_devices` shows it.
    public struct Device: Sendable, Equatable, Identifiable {
        public var nodeID: UInt64
        public var name: String
        public var structureID: Int64
        public var roomID: Int64?
        public var room: String?
        public var template: String
        /// One per device endpoint: `"<node>:<endpoint>"`, several for a bridge (docs/protocol.md §9).
        public var deviceIDs: [String]
        public var simulatedDeviceID: Int64?

        public var id: UInt64 { nodeID }

        init(_ json: JSONValue) throws(MHubClientError) {
            nodeID = UInt64(try json.requiredInteger("node_id", in: "a device"))
            name = try json.requiredString("name", in: "a device")
            structureID = try json.requiredInteger("structure_id", in: "a device")
            roomID = json.optionalInteger("room_id")
            room = json.optionalString("room")
            template = try json.requiredString("template", in: "a device")
            deviceIDs = json.strings("device_ids")
            simulatedDeviceID = json.optionalInteger("simulated_device_id")
        }
    }

    // MARK: structures

    public func structures() async throws(MHubClientError) -> [Structure] {
        try await call(.getStructures).list(of: .getStructures).map { json throws(MHubClientError) in
            try Structure(json)
        }
    }

    public func createStructure(name: String) async throws(MHubClientError) -> Structure {
        try Structure(try await call(.createStructure, ["name": .string(name)]))
    }

    public func renameStructure(_ id: Int64, to name: String) async throws(MHubClientError) -> Structure {
        try Structure(try await call(.renameStructure, ["structure_id": .integer(id), "name": .string(name)]))
    }

    /// Deletes a structure; one with devices only with `movingDevicesTo` (StructureNotEmpty otherwise).
    public func deleteStructure(_ id: Int64, movingDevicesTo target: Int64? = nil) async throws(MHubClientError) {
        var args: [String: JSONValue] = ["structure_id": .integer(id)]
        if let target { args["move_devices_to"] = .integer(target) }
        _ = try await call(.deleteStructure, args)
    }

    // MARK: rooms

    public func rooms(structureID: Int64? = nil) async throws(MHubClientError) -> [Room] {
        var args: [String: JSONValue] = [:]
        if let structureID { args["structure_id"] = .integer(structureID) }
        return try await call(.getRooms, args).list(of: .getRooms).map { json throws(MHubClientError) in
            try Room(json)
        }
    }

    public func createRoom(name: String, structureID: Int64? = nil) async throws(MHubClientError) -> Room {
        var args: [String: JSONValue] = ["name": .string(name)]
        if let structureID { args["structure_id"] = .integer(structureID) }
        return try Room(try await call(.createRoom, args))
    }

    public func renameRoom(_ id: Int64, to name: String) async throws(MHubClientError) -> Room {
        try Room(try await call(.renameRoom, ["room_id": .integer(id), "name": .string(name)]))
    }

    public func deleteRoom(_ id: Int64) async throws(MHubClientError) {
        _ = try await call(.deleteRoom, ["room_id": .integer(id)])
    }

    // MARK: devices

    public func devices(structureID: Int64? = nil) async throws(MHubClientError) -> [Device] {
        var args: [String: JSONValue] = [:]
        if let structureID { args["structure_id"] = .integer(structureID) }
        return try await call(.getDevices, args).list(of: .getDevices).map { json throws(MHubClientError) in
            try Device(json)
        }
    }

    /// Renames a device and/or puts it in a room (by name; `""` for none).
    public func updateDevice(nodeID: UInt64, name: String? = nil, room: String? = nil)
        async throws(MHubClientError) -> Device
    {
        var args: [String: JSONValue] = ["node_id": .integer(Int64(nodeID))]
        if let name { args["name"] = .string(name) }
        if let room {
            if room.isEmpty { args["no_room"] = true } else { args["room"] = .string(room) }
        }
        return try Device(try await call(.updateDevice, args))
    }

    /// Moves a device to another structure, into the room of that name there, or none.
    public func moveDevice(nodeID: UInt64, toStructure structureID: Int64, room: String? = nil)
        async throws(MHubClientError) -> Device
    {
        var args: [String: JSONValue] = ["node_id": .integer(Int64(nodeID)), "structure_id": .integer(structureID)]
        if let room { args["room"] = .string(room) }
        return try Device(try await call(.moveDevice, args))
    }

    /// Decommissions a device: it leaves the home and the fabric.
    public func removeDevice(nodeID: UInt64) async throws(MHubClientError) {
        _ = try await call(.removeNode, ["node_id": .integer(Int64(nodeID))])
    }
}
