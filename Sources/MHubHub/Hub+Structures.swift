import MHubJSON
import MHubProtocol
import MatterDataModel

/// Structures (homes): listed, created, renamed, deleted (empty, or with their devices moved), and devices moved
/// between them (docs/protocol.md §6).
extension Hub {
    func getStructures(_ request: GetStructures, client: ClientInfo) -> [Structure] {
        if listening.isSyncing(client.connectionID) { return [] }
        return state.structures.values.sorted { $0.id < $1.id }
    }

    mutating func createStructure(_ request: CreateStructure, _ outcome: inout HubOutcome) throws(HubError) -> Structure
    {
        let name = try validatedName(request.name, what: "the structure name")
        try checkQuota(state.structures.count, HubQuotas.structures, "structures")
        let structure = Structure(id: state.counters.nextStructureID, name: name)
        state.counters.nextStructureID += 1
        state.structures[structure.id] = structure
        outcome.changes += [.saveStructure(structure), .saveCounters(state.counters)]
        outcome.events.append(HubEvent(.structureUpdated, structure))
        return structure
    }

    mutating func renameStructure(_ request: RenameStructure, client: ClientInfo, _ outcome: inout HubOutcome)
        throws(HubError) -> Structure
    {
        let id = request.structureID
        let name = try validatedName(request.name, what: "the structure name")
        try checkStructure(id, for: client)
        guard var structure = state.structures[id] else { throw HubError(.structureNotFound, "no structure \(id)") }
        structure.name = name
        state.structures[id] = structure
        outcome.changes.append(.saveStructure(structure))
        outcome.events.append(HubEvent(.structureUpdated, structure))
        return structure
    }

    /// `delete_structure {structure_id, move_devices_to?}`: refused while it holds devices, unless they move to
    /// another structure (each into the room of the same name there, if there is one); its rooms and the permissions
    /// revoked on it go with it. The hub keeps at least one structure, and none with an open session goes.
    mutating func deleteStructure(_ request: DeleteStructure, client: ClientInfo, _ outcome: inout HubOutcome)
        throws(HubError) -> StructureDeleted
    {
        let id = request.structureID
        let target = request.moveDevicesTo
        try checkStructure(id, for: client)
        guard state.structures.count > 1 else {
            throw HubError(.sessionState, "structure \(id) is the hub's only structure")
        }
        if let session = desk.session, session.structureID == id {
            throw HubError(.sessionState, "commissioning session \(session.id) is open on structure \(id)")
        }
        let devices = state.nodes.values.filter { $0.structureID == id }.sorted { $0.id < $1.id }
        if let target {
            guard target != id else {
                throw HubError(.invalidArguments, "move_devices_to must be another structure than \(id)")
            }
            try checkStructure(target, for: client)
        } else if !devices.isEmpty {
            throw HubError(
                .structureNotEmpty,
                "structure \(id) holds \(devices.count) device(s); move them first or give move_devices_to")
        }
        for var node in devices {
            let roomName = node.roomID.flatMap { state.rooms[$0]?.name }
            node.structureID = target ?? id
            node.roomID = roomName.flatMap { room(named: $0, in: node.structureID)?.id }
            state.nodes[node.id] = node
            outcome.changes.append(.saveNode(node))
            outcome.events.append(deviceUpdatedEvent(node))
        }
        for room in state.rooms.values.filter({ $0.structureID == id }).sorted(by: { $0.id < $1.id }) {
            state.rooms[room.id] = nil
            outcome.changes.append(.deleteRoom(room.id))
            outcome.events.append(HubEvent(.roomRemoved, RoomDeleted(roomID: room.id, isReply: false)))
        }
        for key in state.revoked.filter({ $0.structureID == id }).sorted(by: { $0.principal.name < $1.principal.name })
        {
            state.revoked.remove(key)
            outcome.changes.append(.savePermission(key.principal, id, granted: true))
        }
        state.structures[id] = nil
        outcome.changes.append(.deleteStructure(id))
        outcome.events.append(HubEvent(.structureRemoved, StructureDeleted(structureID: id, movedNodeIDs: nil)))
        return StructureDeleted(structureID: id, movedNodeIDs: devices.map(\.id))
    }

    /// `move_device {node_id, structure_id, room? | room_id?}`: the device leaves its structure (and room) for
    /// another; the caller needs permission on both.
    mutating func moveDevice(_ request: MoveDevice, client: ClientInfo, _ outcome: inout HubOutcome)
        throws(HubError) -> HomeDevice
    {
        let (id, structureID, roomName, roomID) = (request.nodeID, request.structureID, request.room, request.roomID)
        var node = try homeNode(id)
        try checkStructure(node.structureID, for: client)
        try checkStructure(structureID, for: client)
        node.structureID = structureID
        node.roomID = nil
        if let roomID {
            guard let room = state.rooms[roomID], room.structureID == structureID else {
                throw HubError(.roomNotFound, "room \(roomID) is not in structure \(structureID)")
            }
            node.roomID = room.id
        } else if let roomName {
            guard let room = room(named: roomName, in: structureID) else {
                throw HubError(.roomNotFound, "no room named \"\(roomName)\" in structure \(structureID)")
            }
            node.roomID = room.id
        }
        state.nodes[id] = node
        outcome.changes.append(.saveNode(node))
        outcome.events.append(HubEvent(.deviceUpdated, homeDevice(node), structure: structureID))
        return homeDevice(node)
    }
}
