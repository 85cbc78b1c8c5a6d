import MHubJSON
import MHubProtocol

/// Structures, rooms and commissioned devices, as typed calls (docs/protocol.md §6, §8).
extension MHubConnection {
    public typealias Structure = MHubProtocol.Structure
    public typealias Room = MHubProtocol.Room
    /// A commissioned device (a node) as `get_devices` shows it.
    public typealias Device = HomeDevice

    // MARK: structures

    public func structures() async throws(MHubClientError) -> [Structure] {
        try await send(GetStructures())
    }

    public func createStructure(name: String) async throws(MHubClientError) -> Structure {
        try await send(CreateStructure(name: name))
    }

    public func renameStructure(_ id: Int64, to name: String) async throws(MHubClientError) -> Structure {
        try await send(RenameStructure(structureID: id, name: name))
    }

    /// Deletes a structure; one with devices only with `movingDevicesTo` (StructureNotEmpty otherwise).
    public func deleteStructure(_ id: Int64, movingDevicesTo target: Int64? = nil) async throws(MHubClientError) {
        _ = try await send(DeleteStructure(structureID: id, moveDevicesTo: target))
    }

    // MARK: rooms

    public func rooms(structureID: Int64? = nil) async throws(MHubClientError) -> [Room] {
        try await send(GetRooms(structureID: structureID))
    }

    public func createRoom(name: String, structureID: Int64? = nil) async throws(MHubClientError) -> Room {
        try await send(CreateRoom(name: name, structureID: structureID))
    }

    public func renameRoom(_ id: Int64, to name: String) async throws(MHubClientError) -> Room {
        try await send(RenameRoom(roomID: id, name: name))
    }

    public func deleteRoom(_ id: Int64) async throws(MHubClientError) {
        _ = try await send(DeleteRoom(roomID: id))
    }

    // MARK: devices

    public func devices(structureID: Int64? = nil) async throws(MHubClientError) -> [Device] {
        try await send(GetDevices(structureID: structureID))
    }

    /// Renames a device and/or puts it in a room (by name; `""` for none).
    public func updateDevice(nodeID: UInt64, name: String? = nil, room: String? = nil)
        async throws(MHubClientError) -> Device
    {
        let clearRoom = room?.isEmpty ?? false
        return try await send(UpdateDevice(nodeID: nodeID, name: name, room: clearRoom ? nil : room, noRoom: clearRoom))
    }

    /// Moves a device to another structure, into the room of that name there, or none.
    public func moveDevice(nodeID: UInt64, toStructure structureID: Int64, room: String? = nil)
        async throws(MHubClientError) -> Device
    {
        try await send(MoveDevice(nodeID: nodeID, structureID: structureID, room: room))
    }

    /// Decommissions a device: it leaves the home and the fabric.
    public func removeDevice(nodeID: UInt64) async throws(MHubClientError) {
        _ = try await send(RemoveNode(nodeID: nodeID))
    }
}
