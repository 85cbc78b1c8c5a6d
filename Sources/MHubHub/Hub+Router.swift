import MHubCore
import MatterDataModel

/// Which scope each command needs; docs/protocol.md lists the same table.
public enum HubCommands {
    public static let scopes: [String: Scope] = [
        "server_info": .read, "start_listening": .read, "get_status": .read, "diagnostics": .read,
        "get_nodes": .read, "get_node": .read, "get_devices": .read, "get_structures": .read, "get_rooms": .read,
        "get_session": .read, "get_simulated_devices": .read, "get_faults": .read, "get_templates": .read,
        "read_attribute": .read, "ping_node": .read, "interview_node": .read, "discover": .read,
        "get_node_ip_addresses": .read, "get_advertising": .read, "get_udc_requests": .read, "get_fabrics": .read,
        "get_attestation": .read, "remove_fabric": .admin,
        "write_attribute": .control, "device_command": .control, "set_attribute": .control,
        "set_behavior": .admin, "commission_on_network": .commission,
        "open_commissioning_window": .admin, "close_commissioning_window": .admin, "get_commissioning_window": .read,
        "create_room": .control, "rename_room": .control, "delete_room": .control, "update_device": .control,
        "create_structure": .control, "rename_structure": .control,
        "prepare_commissioning": .commission, "commission_with_code": .commission, "configure_device": .commission,
        "complete_commissioning": .commission, "cancel_commissioning": .commission,
        "resume_commissioning": .commission, "remove_node": .commission,
        "add_simulated_device": .admin, "remove_simulated_device": .admin, "set_fault": .admin,
        "clear_faults": .admin, "set_permission": .admin, "get_permissions": .admin, "set_timing_profile": .admin,
        "reset": .admin,
    ]
}

extension HubCommands {
    /// The OHF Matter Server's commands: their errors use only OHF codes (`HubError.ohfCompatible`).
    public static let ohfCommands: Set<String> = [
        "start_listening", "server_info", "diagnostics", "get_nodes", "get_node", "commission_with_code",
        "commission_on_network", "device_command", "read_attribute", "write_attribute", "remove_node",
        "interview_node", "ping_node", "discover", "get_node_ip_addresses",
    ]
}

extension Hub {
    /// Runs one request; `nil` means the reply comes later (a commissioning in progress).
    mutating func route(_ request: HubRequest, client: ClientInfo, now: Timestamp, outcome: inout HubOutcome)
        throws(HubError) -> JSONValue?
    {
        guard let needed = HubCommands.scopes[request.command] else {
            throw HubError(.invalidCommand, "unknown command \"\(request.command)\"")
        }
        guard client.scope >= needed else {
            throw HubError(
                .unauthorized,
                "\(request.command) needs the \(needed.name) scope; \(client.principal) has \(client.scope.name)")
        }
        var args = try Arguments(request.args)
        switch request.command {
        case "server_info":
            try args.rejectUnknown(command: request.command)
            return serverInfo
        case "start_listening":
            let events = try args.string("events") ?? EventSubscription.ohf.rawValue
            guard let subscription = EventSubscription(rawValue: events) else {
                throw HubError(.invalidArguments, "argument 'events' must be \"ohf\" or \"all\", not \"\(events)\"")
            }
            try args.rejectUnknown(command: request.command)
            listeners[client.connectionID] = Listener(subscription: subscription, principal: client.principal)
            return .array(visibleNodes(for: client).map(nodeJSON))
        case "get_status": return try status(&args, client: client)
        case "diagnostics":
            try args.rejectUnknown(command: request.command)
            return [
                "info": serverInfo, "nodes": .array(state.nodes.values.sorted { $0.id < $1.id }.map(nodeJSON)),
                "events": .array(devices.recentEvents),
            ]
        case "get_nodes": return try getNodes(&args, client: client)
        case "get_node": return try getNode(&args, client: client)
        case "get_devices": return try getDevices(&args)
        case "get_structures": return try getStructures(&args)
        case "get_rooms": return try getRooms(&args, client: client)
        case "get_session": return try sessionInfo(&args)
        case "get_simulated_devices": return try listSimulatedDevices(&args)
        case "get_faults": return try getFaults(&args)
        case "get_templates":
            try args.rejectUnknown(command: request.command)
            return .array(
                DeviceTemplates.all.map {
                    [
                        "key": .string($0.key), "title": .string($0.title),
                        "device_type": .integer(Int64($0.deviceType.id)),
                    ]
                })
        case "create_room": return try createRoom(&args, client: client, &outcome)
        case "rename_room": return try renameRoom(&args, client: client, &outcome)
        case "delete_room": return try deleteRoom(&args, client: client, &outcome)
        case "update_device": return try updateDevice(&args, client: client, &outcome)
        case "create_structure": return try createStructure(&args, &outcome)
        case "rename_structure": return try renameStructure(&args, client: client, &outcome)
        case "prepare_commissioning": return try prepare(&args, client: client, now: now, &outcome)
        case "commission_with_code":
            return try commission(&args, request: request, client: client, now: now, &outcome)
        case "configure_device": return try configure(&args, client: client, &outcome)
        case "complete_commissioning": return try complete(&args, client: client, &outcome)
        case "cancel_commissioning": return try cancel(&args, client: client, &outcome)
        case "resume_commissioning": return try resume(&args, client: client, &outcome)
        case "remove_node": return try removeNode(&args, client: client, &outcome)
        case "read_attribute": return try readAttribute(&args, request: request, client: client, now: now, &outcome)
        case "write_attribute": return try writeAttribute(&args, request: request, client: client, now: now, &outcome)
        case "device_command": return try deviceCommand(&args, request: request, client: client, now: now, &outcome)
        case "set_attribute": return try setAttribute(&args, client: client, now: now, &outcome)
        case "set_behavior": return try setBehavior(&args, now: now)
        case "open_commissioning_window": return try openWindow(&args, now: now, &outcome)
        case "close_commissioning_window": return try closeWindow(&args, now: now, &outcome)
        case "get_commissioning_window":
            try args.rejectUnknown(command: request.command)
            return windowJSON(revealingSecrets: client.scope == .admin)
        case "get_advertising": return try getAdvertising(&args)
        case "get_fabrics": return try getFabrics(&args)
        case "remove_fabric": return try removeFabric(&args, request: request, client: client, &outcome)
        case "get_attestation": return try getAttestation(&args)
        case "get_udc_requests": return try getUDCRequests(&args)
        case "ping_node": return try pingNode(&args)
        case "interview_node": return try interviewNode(&args, &outcome)
        case "get_node_ip_addresses": return try nodeAddresses(&args)
        case "discover": return try discover(&args)
        case "commission_on_network":
            return try commissionOnNetwork(&args, request: request, client: client, now: now, &outcome)
        case "add_simulated_device": return try addSimulatedDevice(&args, &outcome)
        case "remove_simulated_device": return try removeSimulatedDevice(&args, &outcome)
        case "set_fault": return try setFault(&args, now: now, &outcome)
        case "clear_faults": return try clearFaults(&args, now: now, &outcome)
        case "set_permission": return try setPermission(&args, &outcome)
        case "get_permissions": return try getPermissions(&args)
        case "set_timing_profile": return try setTimingProfile(&args, &outcome)
        case "reset": return try reset(&args, &outcome)
        default: throw HubError(.invalidCommand, "unknown command \"\(request.command)\"")
        }
    }

    /// The OHF `ServerInfoMessage`, with mhub's own fields added.
    public var serverInfo: JSONValue {
        [
            "fabric_id": .integer(Int64(bitPattern: state.fabric.fabricID)),
            "compressed_fabric_id": .integer(Int64(bitPattern: state.fabric.compressedFabricID)),
            "schema_version": .integer(Int64(Self.schemaVersion)),
            "min_supported_schema_version": .integer(Int64(Self.minimumSchemaVersion)),
            "sdk_version": .string("mhub \(MHubVersion.string)"),
            "wifi_credentials_set": false,
            "thread_credentials_set": false,
            "bluetooth_enabled": false,
            "mhub_version": .string(MHubVersion.string),
            "hub_name": .string(settings.hubName),
            "capabilities": ["commissioning_sessions", "simulated_devices", "rooms", "faults", "permissions"],
        ]
    }

    /// The OHF schema version mhub speaks (python-matter-server 7.0.1 uses 11).
    public static let schemaVersion = 11
    public static let minimumSchemaVersion = 11

    func status(_ args: inout Arguments, client: ClientInfo) throws(HubError) -> JSONValue {
        try args.rejectUnknown(command: "get_status")
        return [
            "online": .bool(!faults.hubOffline),
            "hub_name": .string(settings.hubName),
            "version": .string(MHubVersion.string),
            "timing_profile": .string(settings.profile.name),
            "nodes": .integer(Int64(state.nodes.count)),
            "structures": .integer(Int64(state.structures.count)),
            "rooms": .integer(Int64(state.rooms.count)),
            "simulated_devices": .integer(Int64(state.simulatedDevices.count)),
            "session": session.map { $0.json(hub: self) } ?? .null,
            "faults": faultsJSON,
            "listeners": .integer(Int64(listeners.count)),
            "commissioning_window": windowJSON(revealingSecrets: client.scope == .admin),
            "advertising": advertising.statusJSON,
        ]
    }
}
