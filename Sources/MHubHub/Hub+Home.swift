import MHubJSON
import MHubProtocol
import MatterDataModel

/// Structures, rooms and commissioned devices.
extension Hub {
    /// `device_updated` for `node`, to the listeners with permission for its structure.
    func deviceUpdatedEvent(_ node: Node) -> HubEvent {
        HubEvent(.deviceUpdated, homeDevice(node), structure: node.structureID)
    }
}

extension Hub {
    var defaultStructureID: StructureID {
        state.structures.keys.min() ?? 1
    }

    /// Refuses a node `client` may not use: one of a structure it has no permission for. A node only on the network
    /// is in no structure; whoever may drive devices may drive it.
    func checkAccess(to node: Node, for client: ClientInfo) throws(HubError) {
        guard node.isInHome else { return }
        try checkStructure(node.structureID, for: client)
    }

    /// The node `id` of the home: a device only on the network is not one (it has no name, room or structure there).
    func homeNode(_ id: NodeID) throws(HubError) -> Node {
        let node = try node(id)
        guard node.isInHome else {
            throw HubError(
                .nodeNotExists,
                "node \(id) is not in the home: it is simulated device \(node.simulatedDeviceID ?? 0) on the network")
        }
        return node
    }

    func checkStructure(_ id: StructureID, for client: ClientInfo) throws(HubError) {
        guard state.structures[id] != nil else { throw HubError(.structureNotFound, "no structure \(id)") }
        if state.revoked.contains(HubState.PermissionKey(principal: client.principal, structureID: id)) {
            throw HubError(.permissionDenied, "\(client.principal) has no permission for structure \(id)")
        }
    }

    func room(named name: String, in structureID: StructureID) -> Room? {
        state.rooms.values.first { $0.structureID == structureID && $0.name.lowercased() == name.lowercased() }
    }

    /// `get_rooms {structure_id? | home?, app_group?}`: a structure's rooms; with `app_group`, those of the group's
    /// session (NoSession without one), the room list an extension offers (`rooms(in:)`).
    mutating func getRooms(_ request: GetRooms, client: ClientInfo) throws(HubError) -> [Room] {
        var id = try structure(id: request.structureID, home: request.home)
        let appGroup = try appGroup(request.appGroup, client: client)
        if let appGroup {
            guard let current = desk.session, current.appGroup == appGroup else {
                throw HubError(.noSession, "app group \(appGroup) has no commissioning session")
            }
            if let id, id != current.structureID {
                throw HubError(
                    .sessionState, "session \(current.id) is for structure \(current.structureID), not \(id)")
            }
            id = current.structureID
        }
        let structureID = id ?? defaultStructureID
        try checkStructure(structureID, for: client)
        if listening.isSyncing(client.connectionID) { return [] }
        return rooms(in: structureID)
    }

    mutating func createRoom(_ request: CreateRoom, client: ClientInfo, _ outcome: inout HubOutcome) throws(HubError)
        -> Room
    {
        let structureID = request.structureID ?? defaultStructureID
        let name = try validatedName(request.name, what: "the room name")
        try checkStructure(structureID, for: client)
        guard room(named: name, in: structureID) == nil else {
            throw HubError(.roomExists, "structure \(structureID) already has a room named \"\(name)\"")
        }
        try checkQuota(
            state.rooms.values.count { $0.structureID == structureID }, HubQuotas.roomsPerStructure,
            "rooms per structure")
        let room = Room(id: state.counters.nextRoomID, structureID: structureID, name: name)
        state.counters.nextRoomID += 1
        state.rooms[room.id] = room
        outcome.changes += [.saveRoom(room), .saveCounters(state.counters)]
        outcome.events.append(HubEvent(.roomUpdated, room))
        return room
    }

    mutating func renameRoom(_ request: RenameRoom, client: ClientInfo, _ outcome: inout HubOutcome) throws(HubError)
        -> Room
    {
        let id = request.roomID
        let name = try validatedName(request.name, what: "the room name")
        guard var room = state.rooms[id] else { throw HubError(.roomNotFound, "no room \(id)") }
        try checkStructure(room.structureID, for: client)
        if let other = self.room(named: name, in: room.structureID), other.id != id {
            throw HubError(.roomExists, "structure \(room.structureID) already has a room named \"\(name)\"")
        }
        room.name = name
        state.rooms[id] = room
        outcome.changes.append(.saveRoom(room))
        outcome.events.append(HubEvent(.roomUpdated, room))
        return room
    }

    /// Deletes a room; its devices stay, with no room.
    mutating func deleteRoom(_ request: DeleteRoom, client: ClientInfo, _ outcome: inout HubOutcome) throws(HubError)
        -> RoomDeleted
    {
        let id = request.roomID
        guard let room = state.rooms[id] else { throw HubError(.roomNotFound, "no room \(id)") }
        try checkStructure(room.structureID, for: client)
        for var node in state.nodes.values where node.roomID == id {
            node.roomID = nil
            state.nodes[node.id] = node
            outcome.changes.append(.saveNode(node))
        }
        state.rooms[id] = nil
        if desk.session?.roomID == id {
            desk.session?.roomID = nil
        }
        outcome.changes.append(.deleteRoom(id))
        outcome.events.append(HubEvent(.roomRemoved, RoomDeleted(roomID: id, isReply: false)))
        return RoomDeleted(roomID: id, isReply: true)
    }

    // MARK: devices

    /// Whether `principal` may see and use structure `id` (no `set_permission … granted: false` for it).
    func isPermitted(_ principal: Principal, structure id: StructureID) -> Bool {
        !state.revoked.contains(HubState.PermissionKey(principal: principal, structureID: id))
    }

    /// The nodes `client` may see, in ID order: those of the structures it has permission for.
    func visibleNodes(for client: ClientInfo) -> [Node] {
        state.nodes.values.filter { $0.isInHome && isPermitted(client.principal, structure: $0.structureID) }
            .sorted { $0.id < $1.id }
    }

    func getNodes(_ request: GetNodes, client: ClientInfo) -> [MatterNodeData] {
        visibleNodes(for: client).map(matterNodeData)
    }

    func getNode(_ request: GetNode, client: ClientInfo) throws(HubError) -> MatterNodeData {
        let node = try homeNode(request.nodeID)
        try checkStructure(node.structureID, for: client)
        return matterNodeData(node)
    }

    func getDevices(_ request: GetDevices, client: ClientInfo) -> [HomeDevice] {
        let structureID = request.structureID
        if listening.isSyncing(client.connectionID) { return [] }
        return state.nodes.values.filter { $0.isInHome && (structureID == nil || $0.structureID == structureID) }
            .sorted { $0.id < $1.id }.map { homeDevice($0) }
    }

    func node(_ id: NodeID) throws(HubError) -> Node {
        guard let node = state.nodes[id] else { throw HubError(.nodeNotExists, "node \(id) does not exist") }
        return node
    }

    mutating func updateDevice(_ request: UpdateDevice, client: ClientInfo, _ outcome: inout HubOutcome)
        throws(HubError) -> HomeDevice
    {
        let (id, name, roomID, roomName, clearRoom) =
            (request.nodeID, request.name, request.roomID, request.room, request.noRoom)
        var node = try homeNode(id)
        try checkStructure(node.structureID, for: client)
        if let name {
            node.name = try validatedName(name, what: "the device name")
        }
        if clearRoom {
            node.roomID = nil
        } else if let roomID {
            guard let room = state.rooms[roomID], room.structureID == node.structureID else {
                throw HubError(.roomNotFound, "room \(roomID) is not in structure \(node.structureID)")
            }
            node.roomID = room.id
        } else if let roomName {
            guard let room = room(named: roomName, in: node.structureID) else {
                throw HubError(.roomNotFound, "no room named \"\(roomName)\" in structure \(node.structureID)")
            }
            node.roomID = room.id
        }
        let renamed = state.nodes[id]?.name != node.name
        state.nodes[id] = node
        outcome.changes.append(.saveNode(node))
        outcome.events.append(deviceUpdatedEvent(node))
        if renamed, let path = bridgedInfoPath(node, attribute: 0x0005) {
            outcome.outputs.append(.bridgeChanged(.attributes([path])))
        }
        return homeDevice(node)
    }

    /// Decommissions a node: it leaves the fabric and the home, and its simulated device is
    /// commissionable again (a factory-fresh device, as after RemoveFabric on real hardware).
    mutating func removeNode(_ request: RemoveNode, client: ClientInfo, _ outcome: inout HubOutcome)
        throws(HubError) -> JSONValue
    {
        let node = try homeNode(request.nodeID)
        try checkStructure(node.structureID, for: client)
        decommission(node, &outcome)
        return .null
    }

    /// The node leaves the home and the hub's fabric (`remove_node`, or the device's RemoveFabric of the hub's
    /// fabric): its simulated device is commissionable again.
    mutating func decommission(_ node: Node, _ outcome: inout HubOutcome) {
        let id = node.id
        if let device = networkDevice(of: node) {
            // A device on the network stays there, with its state, out of the home and off mhub's fabric.
            outcome.outputs.append(.deviceNode(device, .leaveHubFabric))
            var nearby = node
            (nearby.membership, nearby.structureID, nearby.roomID) = (.nearby, Self.nearbyStructureID, nil)
            nearby.bridgedEndpoints = [:]
            state.nodes[id] = nearby
            outcome.changes.append(.saveNode(nearby))
        } else {
            state.nodes[id] = nil
            outcome.changes.append(.deleteNode(id))
        }
        listening.dropNotifications(of: id)
        bridge.remove(node)
        if let deviceID = node.simulatedDeviceID, var device = state.simulatedDevices[deviceID] {
            device.nodeID = nil
            state.simulatedDevices[deviceID] = device
            outcome.changes.append(.saveSimulatedDevice(device))
        }
        outcome.events.append(HubEvent(.nodeRemoved, NodeRemoved(nodeID: id), structure: node.structureID))
        outcome.outputs.append(.bridgeChanged(.endpoints(added: [], removed: node.bridgedEndpoints.values.sorted())))
    }

    /// The node as the home shows it.
    func homeDevice(_ node: Node) -> HomeDevice {
        let room = node.roomID.flatMap { state.rooms[$0] }
        let layout = SimulatedLayout(stored: node.template)
        var device = HomeDevice(
            nodeID: node.id, name: node.name, structureID: node.structureID, roomID: room?.id, room: room?.name,
            template: layout?.key ?? node.template, deviceIDs: node.deviceIDs,
            simulatedDeviceID: node.simulatedDeviceID,
            dateCommissioned: isoTimestamp(node.commissionedAt))
        switch layout {
        case .endpoints(_, let count)?: device.endpoints = Int64(count)
        case .bridge(let template, let count)?:
            (device.bridgedDevices, device.bridgedTemplate) = (Int64(count), template.key)
        case .single?, nil: break
        }
        return device
    }
}
