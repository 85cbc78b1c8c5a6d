import MHubJSON
import MHubProtocol
import MatterDataModel

extension Hub {
    /// Runs one request; `nil` means the reply comes later (a commissioning in progress).
    mutating func route(_ request: HubRequest, client: ClientInfo, now: Timestamp, outcome: inout HubOutcome)
        throws(HubError) -> JSONText?
    {
        let (command, arguments) = try admitted(request, client: client)
        var args = arguments
        switch command {
        case .startListening:
            let subscription = (try read(&args) as StartListening).events
            listening.startListening(
                client.connectionID, Listener(subscription: subscription, principal: client.principal))
            if subscription == .all {
                beginFirstSync(client, now: now, &outcome)
            }
            // Before its first sync, an mhub listener's home is empty; `home_synced` brings it.
            return JSONText(
                listening.isSyncing(client.connectionID) ? [] : visibleNodes(for: client).map(matterNodeData))
        case .getRooms: return JSONText(try getRooms(read(&args), client: client))
        case .createRoom: return JSONText(try createRoom(read(&args), client: client, &outcome))
        case .renameRoom: return JSONText(try renameRoom(read(&args), client: client, &outcome))
        case .deleteRoom: return JSONText(try deleteRoom(read(&args), client: client, &outcome))
        case .updateDevice: return JSONText(try updateDevice(read(&args), client: client, &outcome))
        case .createStructure: return JSONText(try createStructure(read(&args), &outcome))
        case .renameStructure: return JSONText(try renameStructure(read(&args), client: client, &outcome))
        case .deleteStructure: return JSONText(try deleteStructure(read(&args), client: client, &outcome))
        case .moveDevice: return JSONText(try moveDevice(read(&args), client: client, &outcome))
        case .prepareCommissioning: return JSONText(try prepare(read(&args), client: client, now: now, &outcome))
        case .commissionWithCode:
            return try commission(read(&args), request: request, client: client, now: now, &outcome)
        case .configureDevice: return JSONText(try configure(read(&args), client: client, &outcome))
        case .completeCommissioning: return JSONText(try complete(read(&args), client: client, &outcome))
        case .cancelCommissioning: return JSONText(try cancel(read(&args), client: client, &outcome))
        case .resumeCommissioning: return JSONText(try resume(read(&args), client: client, &outcome))
        case .joinAppGroup: return JSONText(try joinAppGroup(read(&args), client: client))
        case .enableNotification: return JSONText(try enableNotification(read(&args), client: client))
        case .removeNode: return try reply(removeNode(read(&args), client: client, &outcome))
        case .readAttribute:
            return try reply(readAttribute(read(&args), request: request, client: client, now: now, &outcome))
        case .writeAttribute:
            return try reply(writeAttribute(read(&args), request: request, client: client, now: now, &outcome))
        case .deviceCommand:
            return try reply(deviceCommand(read(&args), request: request, client: client, now: now, &outcome))
        case .setAttribute: return try reply(setAttribute(read(&args), client: client, now: now, &outcome))
        case .pressButton: return JSONText(try pressButton(read(&args), client: client, now: now, &outcome))
        case .setBehavior: return JSONText(try setBehavior(read(&args), now: now))
        case .openCommissioningWindow: return JSONText(try openWindow(read(&args), client: client, now: now, &outcome))
        case .closeCommissioningWindow: return JSONText(closeWindow(try read(&args), now: now, &outcome))
        case .removeFabric: return try reply(removeFabric(read(&args), request: request, client: client, &outcome))
        case .interviewNode: return try reply(interviewNode(read(&args), &outcome))
        case .commissionOnNetwork:
            return try commissionOnNetwork(read(&args), request: request, client: client, now: now, &outcome)
        case .addSimulatedDevice: return JSONText(try addSimulatedDevice(read(&args), now: now, &outcome))
        case .removeSimulatedDevice: return try reply(removeSimulatedDevice(read(&args), &outcome))
        case .resetSimulatedDevice: return JSONText(try resetSimulatedDevice(read(&args), now: now, &outcome))
        case .setFault: return JSONText(try setFault(read(&args), now: now, &outcome))
        case .clearFaults: return JSONText(clearFaults(try read(&args), now: now, &outcome))
        case .setPermission: return JSONText(try setPermission(read(&args), &outcome))
        case .setTimingProfile: return JSONText(try setTimingProfile(read(&args)))
        case .reset: return JSONText(reset(try read(&args), now: now, &outcome))
        case .advanceClock:
            return try advanceClock(read(&args), request: request, client: client, now: now, &outcome)
        case .followInputJournal: return try reply(followInputJournal(&args, client: client, &outcome))
        case .loadScenario: return JSONText(try loadScenario(read(&args), now: now, &outcome))
        case .resetScenario: return JSONText(try resetScenario(read(&args), now: now, &outcome))
        case .importTestNode: return JSONText(try importTestNode(read(&args), now: now, &outcome))
        case .setDefaultFabricLabel:
            setDefaultFabricLabel(try read(&args), &outcome)
            return .nullValue
        case .setWiFiCredentials:
            try setWiFiCredentials(read(&args), &outcome)
            return .nullValue
        case .setThreadDataset:
            try setThreadDataset(read(&args), &outcome)
            return .nullValue
        case .removeWiFiCredentials:
            removeWiFiCredentials(try read(&args), &outcome)
            return .nullValue
        case .removeThreadDataset:
            removeThreadDataset(try read(&args), &outcome)
            return .nullValue
        case .setFirmwareUpdate: return JSONText(try setFirmwareUpdate(read(&args), &outcome))
        case .updateNode:
            return try reply(updateNode(read(&args), request: request, client: client, now: now, &outcome))
        case .setACLEntry:
            return try reply(setACLEntry(read(&args), request: request, client: client, now: now, &outcome))
        case .setNodeBinding:
            return try reply(setNodeBinding(read(&args), request: request, client: client, now: now, &outcome))
        case .serverInfo, .diagnostics, .getNodes, .getNode, .getDevices, .getStructures, .getSession,
            .getSimulatedDevices, .getFaults, .getTemplates, .getStatus, .getNotifications, .getCommissioningWindow,
            .getAdvertising, .getFabrics, .getAttestation, .getUDCRequests, .pingNode, .getNodeIPAddresses, .discover,
            .getPermissions, .getClock, .getScenario, .exportScenario, .getVendorNames, .checkNodeUpdate, .getHomeKit:
            // The queries (`HubCommand.isQuery`), which `handle` sends straight to `answer`; a scenario's steps come here.
            return try answer(query: command, &args, client: client, now: now)
        }
    }

    /// A handler's result as the wire carries it; `nil`, a reply that comes later, stays `nil`.
    private func reply(_ value: JSONValue?) -> JSONText? {
        value.map { JSONText($0) }
    }

    /// The typed request `args` hold, with every argument read: one the command does not know is an error.
    func read<Request: ProtocolRequest>(_ args: inout Arguments) throws(HubError) -> Request {
        let request = try Request(reading: &args)
        try args.rejectUnknown(command: Request.command)
        return request
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
    func query(_ request: HubRequest, client: ClientInfo, now: Timestamp) throws(HubError) -> JSONText {
        let (command, arguments) = try admitted(request, client: client)
        var args = arguments
        return try answer(query: command, &args, client: client, now: now)
    }

    /// Runs a query (`HubCommand.isQuery`): a method that cannot change the hub, so `handle` keeps no copy of it to
    /// restore.
    func answer(query command: HubCommand, _ args: inout Arguments, client: ClientInfo, now: Timestamp)
        throws(HubError) -> JSONText
    {
        switch command {
        case .serverInfo:
            try args.rejectUnknown(command: command)
            return run.serverInfoText
        case .getStatus: return JSONText(status(try read(&args), client: client))
        case .diagnostics:
            let _: GetDiagnostics = try read(&args)
            return JSONText(
                Diagnostics(
                    info: makeServerInfo(), nodes: state.nodes.values.sorted { $0.id < $1.id }.map(matterNodeData),
                    events: devices.recentEvents))
        case .getNodes: return JSONText(getNodes(try read(&args), client: client))
        case .getNode: return JSONText(try getNode(read(&args), client: client))
        case .getDevices: return JSONText(getDevices(try read(&args), client: client))
        case .getStructures: return JSONText(getStructures(try read(&args), client: client))
        case .getSession: return JSONText(sessionInfo(try read(&args)))
        case .getSimulatedDevices: return JSONText(listSimulatedDevices(try read(&args)))
        case .getFaults: return JSONText(getFaults(try read(&args)))
        case .getTemplates:
            let _: GetTemplates = try read(&args)
            return JSONText(
                DeviceTemplates.all.map {
                    DeviceTemplateInfo(
                        key: $0.key, title: $0.title, deviceType: Int64($0.deviceType.id), category: $0.category,
                        partDeviceTypes: $0.parts.map { Int64($0.deviceType.id) })
                } + [
                    DeviceTemplateInfo(
                        key: SimulatedLayout.bridgeKey, title: "Bridge (Aggregator)", deviceType: 0x000E,
                        category: "Bridges")
                ])
        case .getNotifications: return JSONText(getNotifications(try read(&args), client: client))
        case .getCommissioningWindow:
            let _: GetCommissioningWindow = try read(&args)
            return JSONText(windowInfo(revealingSecrets: client.scope == .admin))
        case .getAdvertising: return JSONText(getAdvertising(try read(&args)))
        case .getFabrics: return JSONText(getFabrics(try read(&args)))
        case .getAttestation: return JSONText(try getAttestation(read(&args)))
        case .getHomeKit:
            let _: GetHomeKit = try read(&args)
            return JSONText(homeKitStatus(revealingSecrets: client.scope == .admin))
        case .getUDCRequests: return JSONText(getUDCRequests(try read(&args)))
        case .pingNode: return JSONText(try pingNode(read(&args)))
        case .getNodeIPAddresses: return JSONText(try nodeAddresses(read(&args)))
        case .discover: return JSONText(discover(try read(&args)))
        case .getPermissions: return JSONText(getPermissions(try read(&args)))
        case .getClock: return JSONText(clockStatus(try read(&args), now: now))
        case .getScenario: return JSONText(getScenario(try read(&args)))
        case .exportScenario: return JSONText(exportScenario(try read(&args)))
        case .getVendorNames: return JSONText(getVendorNames(try read(&args)))
        case .checkNodeUpdate: return JSONText(try checkNodeUpdate(read(&args), client: client))
        case .startListening, .commissionWithCode, .commissionOnNetwork, .deviceCommand, .readAttribute,
            .writeAttribute, .removeNode, .interviewNode, .importTestNode, .openCommissioningWindow,
            .closeCommissioningWindow, .removeFabric, .updateDevice, .createStructure, .renameStructure,
            .deleteStructure, .moveDevice, .getRooms, .createRoom, .renameRoom, .deleteRoom, .prepareCommissioning,
            .configureDevice, .completeCommissioning, .cancelCommissioning, .resumeCommissioning, .joinAppGroup,
            .enableNotification, .setAttribute, .pressButton, .setBehavior, .addSimulatedDevice, .removeSimulatedDevice,
            .resetSimulatedDevice,
            .setFault, .clearFaults, .setPermission, .setTimingProfile, .reset, .advanceClock, .loadScenario,
            .resetScenario, .setDefaultFabricLabel, .setWiFiCredentials, .setThreadDataset, .removeWiFiCredentials,
            .removeThreadDataset, .updateNode, .setACLEntry, .setNodeBinding, .setFirmwareUpdate, .followInputJournal:
            // A command that changes the hub is `route`'s (`HubCommand.isQuery` sent it here by mistake).
            throw HubError(.invalidCommand, "\(command.rawValue) is not a query")
        }
    }

    /// The OHF `ServerInfoMessage`, with mhub's own fields added (kept as `serverInfo`).
    func makeServerInfo() -> ServerInfo {
        ServerInfo(
            fabricID: state.fabric.fabricID, compressedFabricID: state.fabric.compressedFabricID,
            schemaVersion: Int64(Self.schemaVersion), minSupportedSchemaVersion: Int64(Self.minimumSchemaVersion),
            sdkVersion: "mhub \(MHubVersion.string)", wifiCredentialsSet: state.preferences.wifi != nil,
            threadCredentialsSet: state.preferences.threadDataset != nil, bluetoothEnabled: false,
            mhubVersion: MHubVersion.string, hubName: settings.hubName, capabilities: ServerInfo.mhubCapabilities,
            instance: run.instance?.info)
    }

    /// The OHF schema version mhub speaks (python-matter-server 7.0.1 uses 11).
    public static let schemaVersion = 11
    public static let minimumSchemaVersion = 11

    func status(_: GetStatus, client: ClientInfo) -> HubStatus {
        HubStatus(
            online: !faults.hubOffline, hubName: settings.hubName, version: MHubVersion.string,
            timingProfile: settings.profile.name, nodes: Int64(state.nodes.values.count(where: \.isInHome)),
            structures: Int64(state.structures.count), rooms: Int64(state.rooms.count),
            simulatedDevices: Int64(state.simulatedDevices.count), session: desk.session.map { $0.info(hub: self) },
            faults: faultsStatus, listeners: Int64(listening.listeners.count),
            commissioningWindow: windowInfo(revealingSecrets: client.scope == .admin),
            advertising: run.advertising.status, instance: run.instance?.info)
    }
}
