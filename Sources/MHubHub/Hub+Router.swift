import MHubJSON
import MHubProtocol
import MatterDataModel

extension Hub {
    /// Runs one request; `nil` means the reply comes later (a commissioning in progress).
    mutating func route(_ request: HubRequest, client: ClientInfo, now: Timestamp, outcome: inout HubOutcome)
        throws(HubError) -> JSONValue?
    {
        let (command, arguments) = try admitted(request, client: client)
        var args = arguments
        switch command {
        case .startListening:
            let events = try args.string("events") ?? EventSubscription.ohf.rawValue
            guard let subscription = EventSubscription(rawValue: events) else {
                throw HubError(.invalidArguments, "argument 'events' must be \"ohf\" or \"all\", not \"\(events)\"")
            }
            try args.rejectUnknown(command: command)
            listeners[client.connectionID] = Listener(subscription: subscription, principal: client.principal)
            switch subscription {
            case .all: beginFirstSync(client, now: now, &outcome)
            case .ohf: pendingSyncs[client.connectionID] = nil
            }
            // Before its first sync, an mhub listener's home is empty; `home_synced` brings it.
            return isSyncing(client.connectionID) ? [] : .array(visibleNodes(for: client).map(nodeJSON))
        case .getRooms: return try getRooms(&args, client: client)
        case .createRoom: return try createRoom(&args, client: client, &outcome)
        case .renameRoom: return try renameRoom(&args, client: client, &outcome)
        case .deleteRoom: return try deleteRoom(&args, client: client, &outcome)
        case .updateDevice: return try updateDevice(&args, client: client, &outcome)
        case .createStructure: return try createStructure(&args, &outcome)
        case .renameStructure: return try renameStructure(&args, client: client, &outcome)
        case .deleteStructure: return try deleteStructure(&args, client: client, &outcome)
        case .moveDevice: return try moveDevice(&args, client: client, &outcome)
        case .prepareCommissioning: return try prepare(&args, client: client, now: now, &outcome)
        case .commissionWithCode:
            return try commission(&args, request: request, client: client, now: now, &outcome)
        case .configureDevice: return try configure(&args, client: client, &outcome)
        case .completeCommissioning: return try complete(&args, client: client, &outcome)
        case .cancelCommissioning: return try cancel(&args, client: client, &outcome)
        case .resumeCommissioning: return try resume(&args, client: client, &outcome)
        case .joinAppGroup: return try joinAppGroup(&args, client: client)
        case .enableNotification: return try enableNotification(&args, client: client)
        case .removeNode: return try removeNode(&args, client: client, &outcome)
        case .readAttribute: return try readAttribute(&args, request: request, client: client, now: now, &outcome)
        case .writeAttribute: return try writeAttribute(&args, request: request, client: client, now: now, &outcome)
        case .deviceCommand: return try deviceCommand(&args, request: request, client: client, now: now, &outcome)
        case .setAttribute: return try setAttribute(&args, client: client, now: now, &outcome)
        case .setBehavior: return try setBehavior(&args, now: now)
        case .openCommissioningWindow: return try openWindow(&args, client: client, now: now, &outcome)
        case .closeCommissioningWindow: return try closeWindow(&args, now: now, &outcome)
        case .removeFabric: return try removeFabric(&args, request: request, client: client, &outcome)
        case .interviewNode: return try interviewNode(&args, &outcome)
        case .commissionOnNetwork:
            return try commissionOnNetwork(&args, request: request, client: client, now: now, &outcome)
        case .addSimulatedDevice: return try addSimulatedDevice(&args, &outcome)
        case .removeSimulatedDevice: return try removeSimulatedDevice(&args, &outcome)
        case .setFault: return try setFault(&args, now: now, &outcome)
        case .clearFaults: return try clearFaults(&args, now: now, &outcome)
        case .setPermission: return try setPermission(&args, &outcome)
        case .setTimingProfile: return try setTimingProfile(&args, &outcome)
        case .reset: return try reset(&args, &outcome)
        case .advanceClock: return try advanceClock(&args, request: request, client: client, now: now, &outcome)
        case .loadScenario: return try loadScenario(&args, now: now, &outcome)
        case .resetScenario: return try resetScenario(&args, now: now, &outcome)
        case .importTestNode: return try importTestNode(&args, now: now, &outcome)
        case .setDefaultFabricLabel: return try setDefaultFabricLabel(&args, &outcome)
        case .setWiFiCredentials: return try setWiFiCredentials(&args, &outcome)
        case .setThreadDataset: return try setThreadDataset(&args, &outcome)
        case .removeWiFiCredentials: return try removeWiFiCredentials(&args, &outcome)
        case .removeThreadDataset: return try removeThreadDataset(&args, &outcome)
        case .setFirmwareUpdate: return try setFirmwareUpdate(&args, &outcome)
        case .updateNode: return try updateNode(&args, request: request, client: client, now: now, &outcome)
        case .setACLEntry: return try setACLEntry(&args, request: request, client: client, now: now, &outcome)
        case .setNodeBinding: return try setNodeBinding(&args, request: request, client: client, now: now, &outcome)
        case .serverInfo, .diagnostics, .getNodes, .getNode, .getDevices, .getStructures, .getSession,
            .getSimulatedDevices, .getFaults, .getTemplates, .getStatus, .getNotifications, .getCommissioningWindow,
            .getAdvertising, .getFabrics, .getAttestation, .getUDCRequests, .pingNode, .getNodeIPAddresses, .discover,
            .getPermissions, .getClock, .getScenario, .exportScenario, .getVendorNames, .checkNodeUpdate:
            // The queries (`HubCommand.isQuery`), which `handle` sends straight to `answer`; a scenario's steps come here.
            return try answer(query: command, &args, client: client, now: now)
        }
    }

    /// The command `request` names, if it exists and `client` may run it, and its arguments.
    func admitted(_ request: HubRequest, client: ClientInfo) throws(HubError) -> (HubCommand, Arguments) {
        guard let command = request.known else {
            throw HubError(.invalidCommand, "unknown command \"\(request.command)\"")
        }
        guard client.scope >= command.scope else {
            throw HubError(
                .unauthorized,
                "\(request.command) needs the \(command.scope.name) scope; \(client.principal) has \(client.scope.name)"
            )
        }
        return (command, try Arguments(request.args))
    }

    /// Runs a query request (`HubRequest.isQuery`) without changing the hub.
    func query(_ request: HubRequest, client: ClientInfo, now: Timestamp) throws(HubError) -> JSONValue {
        let (command, arguments) = try admitted(request, client: client)
        var args = arguments
        return try answer(query: command, &args, client: client, now: now)
    }

    /// Runs a query (`HubCommand.isQuery`): a method that cannot change the hub, so `handle` keeps no copy of it to
    /// restore.
    func answer(query command: HubCommand, _ args: inout Arguments, client: ClientInfo, now: Timestamp)
        throws(HubError) -> JSONValue
    {
        switch command {
        case .serverInfo:
            try args.rejectUnknown(command: command)
            return serverInfo
        case .getStatus: return try status(&args, client: client)
        case .diagnostics:
            try args.rejectUnknown(command: command)
            return [
                "info": serverInfo, "nodes": .array(state.nodes.values.sorted { $0.id < $1.id }.map(nodeJSON)),
                "events": .array(devices.recentEvents),
            ]
        case .getNodes: return try getNodes(&args, client: client)
        case .getNode: return try getNode(&args, client: client)
        case .getDevices: return try getDevices(&args, client: client)
        case .getStructures: return try getStructures(&args, client: client)
        case .getSession: return try sessionInfo(&args)
        case .getSimulatedDevices: return try listSimulatedDevices(&args)
        case .getFaults: return try getFaults(&args)
        case .getTemplates:
            try args.rejectUnknown(command: command)
            let bridge: JSONValue = [
                "key": .string(SimulatedLayout.bridgeKey), "title": "Bridge (Aggregator)",
                "device_type": .integer(Int64(0x000E)),
            ]
            return .array(
                DeviceTemplates.all.map {
                    [
                        "key": .string($0.key), "title": .string($0.title),
                        "device_type": .integer(Int64($0.deviceType.id)),
                    ]
                } + [bridge])
        case .getNotifications: return try getNotifications(&args, client: client)
        case .getCommissioningWindow:
            try args.rejectUnknown(command: command)
            return windowJSON(revealingSecrets: client.scope == .admin)
        case .getAdvertising: return try getAdvertising(&args)
        case .getFabrics: return try getFabrics(&args)
        case .getAttestation: return try getAttestation(&args)
        case .getUDCRequests: return try getUDCRequests(&args)
        case .pingNode: return try pingNode(&args)
        case .getNodeIPAddresses: return try nodeAddresses(&args)
        case .discover: return try discover(&args)
        case .getPermissions: return try getPermissions(&args)
        case .getClock: return try clockStatus(&args, now: now)
        case .getScenario: return try getScenario(&args)
        case .exportScenario: return try exportScenario(&args)
        case .getVendorNames: return try getVendorNames(&args)
        case .checkNodeUpdate: return try checkNodeUpdate(&args, client: client)
        case .startListening, .commissionWithCode, .commissionOnNetwork, .deviceCommand, .readAttribute,
            .writeAttribute, .removeNode, .interviewNode, .importTestNode, .openCommissioningWindow,
            .closeCommissioningWindow, .removeFabric, .updateDevice, .createStructure, .renameStructure,
            .deleteStructure, .moveDevice, .getRooms, .createRoom, .renameRoom, .deleteRoom, .prepareCommissioning,
            .configureDevice, .completeCommissioning, .cancelCommissioning, .resumeCommissioning, .joinAppGroup,
            .enableNotification, .setAttribute, .setBehavior, .addSimulatedDevice, .removeSimulatedDevice, .setFault,
            .clearFaults, .setPermission, .setTimingProfile, .reset, .advanceClock, .loadScenario, .resetScenario,
            .setDefaultFabricLabel, .setWiFiCredentials, .setThreadDataset, .removeWiFiCredentials,
            .removeThreadDataset, .updateNode, .setACLEntry, .setNodeBinding, .setFirmwareUpdate:
            // A command that changes the hub is `route`'s (`HubCommand.isQuery` sent it here by mistake).
            throw HubError(.invalidCommand, "\(command.rawValue) is not a query")
        }
    }

    /// The OHF `ServerInfoMessage`, with mhub's own fields added (kept as `serverInfo`).
    func makeServerInfo() -> JSONValue {
        [
            "fabric_id": .integer(Int64(bitPattern: state.fabric.fabricID)),
            "compressed_fabric_id": .integer(Int64(bitPattern: state.fabric.compressedFabricID)),
            "schema_version": .integer(Int64(Self.schemaVersion)),
            "min_supported_schema_version": .integer(Int64(Self.minimumSchemaVersion)),
            "sdk_version": Self.sdkVersion,
            "wifi_credentials_set": .bool(state.preferences.wifi != nil),
            "thread_credentials_set": .bool(state.preferences.threadDataset != nil),
            "bluetooth_enabled": false,
            "mhub_version": .string(MHubVersion.string),
            "hub_name": .string(settings.hubName),
            "capabilities": Self.capabilities,
            "instance": instanceJSON,
        ]
    }

    private static let sdkVersion = JSONValue.string("mhub \(MHubVersion.string)")
    /// What this hub can do beside the OHF commands (docs/protocol.md).
    private static let capabilities: JSONValue = [
        "commissioning_sessions", "simulated_devices", "rooms", "faults", "permissions", "app_groups", "structures",
        "notifications", "scenarios", "virtual_clock",
    ]

    /// The OHF schema version mhub speaks (python-matter-server 7.0.1 uses 11).
    public static let schemaVersion = 11
    public static let minimumSchemaVersion = 11

    func status(_ args: inout Arguments, client: ClientInfo) throws(HubError) -> JSONValue {
        try args.rejectUnknown(command: .getStatus)
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
            "instance": instanceJSON,
        ]
    }
}
