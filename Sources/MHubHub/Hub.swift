import MHubConfiguration
import MHubJSON
import MHubProtocol
import MatterDataModel

/// The hub's logic: its home, the commissioning desk, who hears it, its devices at work, this run's facts, and what
/// each input does.
///
/// A value with no I/O. Its owner feeds it requests, disconnects and the passing of time, and carries
/// out each `HubOutcome`: commit the changes, then send the replies and events. Time (`now`) and
/// randomness (`HubRandom`) are inputs, so tests drive it step by step.
///
/// `Hub` routes: each input goes to the part it concerns, and the parts are values of their own (`desk`,
/// `listening`, `devices`, `run`), each with the bookkeeping that touches only it. The home stays in `Hub`'s own
/// fields (`state`, `bridge`, `scenario`, `faults`) rather than in a value of its own: `state` is read across the
/// hub and by the store and the daemon, `bridge` is derived from its nodes and kept in step by the same methods, and
/// a wrapper would only add a step to each of those paths. All parts are stored inline, so the copy `handle` keeps
/// to undo a request is as deep as before the split.
public struct Hub: Sendable {
    // MARK: the home

    /// What the store keeps: the fabric, structures, rooms, nodes, simulated devices, permissions, preferences.
    public internal(set) var state: HubState
    /// The bridged endpoints of the hub's Matter node and the device endpoints they show (derived from the nodes).
    public internal(set) var bridge: BridgeIndex
    /// The scenario loaded, and how far its timeline has run (not stored: a restart keeps the home it made, not
    /// its timeline).
    public internal(set) var scenario: ScenarioRun?
    /// The failures tests switched on. They stay with the home, not in `devices`: they reach past the devices
    /// (the hub offline, failing commissioning steps, a slow first sync), they are settings a client chose rather
    /// than work in progress, and `reset` clears them with the home.
    public internal(set) var faults = HubFaults()

    // MARK: the parts

    /// The commissioning desk: the session, the app groups, the hub's own window, UDC requests.
    public internal(set) var desk = CommissioningDesk()
    /// Who hears the hub: listeners, their first syncs, notifications per attribute.
    public internal(set) var listening = ListenerTable()
    /// Transitions, slow replies, behaviours and firmware updates in progress.
    public internal(set) var devices = DeviceRuntime()
    /// This run's facts, none of them stored: what the other parts of the daemon reported, and the server info.
    public internal(set) var run: HubRunFacts

    // MARK: inputs it keeps

    /// The configuration's settings (a reload changes them; `run.serverInfoText` is written again then). Not in
    /// `run`: they are not a fact the run reports but what most of the hub reads, and they are not `Hashable`.
    public internal(set) var settings: HubSettings {
        didSet { refreshServerInfo() }
    }
    /// Where the hub's random values come from (an input, kept for the input journal; not `Hashable`).
    var random: HubRandom

    /// A hub on `state`, its timers on `clock` (`mhubd --clock`; chosen before the first input).
    public init(state: HubState, settings: HubSettings, random: HubRandom, clock: HubClockKind = .real) {
        self.state = state
        for (id, node) in state.nodes where Hub.settlingPrograms(node) != node {
            self.state.nodes[id] = Hub.settlingPrograms(node)
        }
        self.state.linkNetworkNodes()
        bridge = BridgeIndex(nodes: state.nodes)
        for (_, node) in state.nodes { devices.startMeter(of: node) }
        self.settings = settings
        self.random = random
        run = HubRunFacts(clock: clock)
        refreshServerInfo()
    }

    /// Writes `run.serverInfoText` again from the settings, the preferences and the instance.
    mutating func refreshServerInfo() {
        run.serverInfoText = JSONText(makeServerInfo())
    }

    /// The state of a hub that starts for the first time: a fabric, the "Home" structure and the
    /// simulated devices the configuration declares.
    public static func initialState(settings: HubSettings, random: HubRandom) -> (HubState, [StoreChange]) {
        var random = random
        return initialState(settings: settings, random: &random)
    }

    /// `initialState(settings:random:)`, leaving `random` as the state left it: an input journal keeps what it drew.
    public static func initialState(settings: HubSettings, random: inout HubRandom) -> (HubState, [StoreChange]) {
        // Kept below 2^63 so that JSON clients read them as plain positive integers.
        let fabric = FabricIdentity(
            fabricID: UInt64.random(in: 1...UInt64(Int64.max), using: &random),
            compressedFabricID: UInt64.random(in: 1...UInt64(Int64.max), using: &random))
        var hub = Hub(state: HubState(fabric: fabric), settings: settings, random: random)
        var outcome = HubOutcome()
        outcome.changes.append(.saveFabric(fabric))
        hub.populateDefaults(now: 0, &outcome)
        random = hub.random
        return (hub.state, outcome.changes)
    }

    /// The Home structure and the declared simulated devices.
    mutating func populateDefaults(now: Timestamp, _ outcome: inout HubOutcome) {
        populateHome(&outcome)
        for declaration in settings.declaredDevices {
            var device = makeSimulatedDevice(
                template: declaration.template, name: declaration.name, discriminator: declaration.discriminator,
                passcode: declaration.passcode, vendorID: declaration.vendorID, productID: declaration.productID,
                serialNumber: declaration.serialNumber)
            device.network = declaration.network.flatMap(DeviceNetwork.init(rawValue:))
            if settings.matterEnabled, declaration.onNetwork ?? settings.devicesOnNetwork {
                putOnNetwork(&device, now: now, &outcome)
            }
            state.simulatedDevices[device.id] = device
            outcome.changes.append(.saveSimulatedDevice(device))
        }
        outcome.changes.append(.saveCounters(state.counters))
    }

    /// The structure every hub starts with, "Home".
    mutating func populateHome(_ outcome: inout HubOutcome) {
        let home = Structure(id: state.counters.nextStructureID, name: "Home")
        state.counters.nextStructureID += 1
        state.structures[home.id] = home
        outcome.changes += [.saveStructure(home), .saveCounters(state.counters)]
    }

    /// The earliest time at which `tick(now:)` has something to do.
    public var nextDeadline: Timestamp? {
        let deviceDeadline = [
            devices.nextDeadline, desk.window?.closesAt, scenario?.nextStepAt, listening.nextSyncDeadline,
            nextDeviceWindowDeadline,
        ]
        .compactMap { $0 }.min()
        guard let session = desk.session else { return deviceDeadline }
        var times = [session.deadline]
        if let deviceDeadline {
            times.append(deviceDeadline)
        }
        if let since = session.unattendedSince {
            times.append(since + settings.disconnectGrace)
        }
        if case .running(let run) = session.state {
            times.append(run.stepEndsAt)
        }
        return times.min()
    }

    /// The connections `event` goes to, in connection order: the listeners that asked for its kind and may see
    /// its structure (an event about a node goes only to who has permission for the node's structure), and for
    /// `.listenersAnd(ids)` those connections too (the owner of a session it prepared and its app group's members,
    /// who speak mhub's protocol).
    public func recipients(of event: HubEvent) -> [UInt64] {
        listening.recipients(of: event) { isPermitted($0, structure: $1) }
    }

    /// `recipients(of:)` of each event, in order.
    public func recipients(ofEach events: [HubEvent]) -> [[UInt64]] {
        events.map { recipients(of: $0) }
    }

    // MARK: inputs

    /// Handles one request from a connected client.
    ///
    /// A request that fails changes nothing: the hub is restored to its state before it. A query
    /// (`HubCommand.isQuery`) cannot change it, so no copy is kept for it. For any other request the copy leaves the
    /// nodes out, and their table keeps an undo log instead (`ShardedDictionary`), so that the request's first change
    /// of a node copies no shard of them.
    public mutating func handle(_ request: HubRequest, from client: ClientInfo, now: Timestamp) -> HubOutcome {
        var rollback: HubRollback?
        return handle(request, from: client, now: now, rollback: &rollback)
    }

    /// `handle(_:from:now:)`, and what would undo the request once it succeeded, for a commit of its changes that
    /// fails: while `rollback` is nil, a request with changes sets it (its copy of the hub from before it, moved, not
    /// made again); once set, each later request that succeeds adds its nodes' undo log.
    public mutating func handle(
        _ request: HubRequest, from client: ClientInfo, now: Timestamp, rollback: inout HubRollback?
    ) -> HubOutcome {
        var before = request.isQuery ? nil : self
        if before != nil {
            before?.state.nodes = [:]
            state.nodes.startUndoLog()
        }
        var outcome = HubOutcome()
        let result: Result<JSONText?, HubError>
        do {
            result = .success(
                request.isQuery
                    ? try query(request, client: client, now: now)
                    : try route(request, client: client, now: now, outcome: &outcome))
        } catch {
            result = .failure(error)
        }
        let log = before == nil ? nil : state.nodes.stopUndoLog()
        assert(before == nil || log != nil, "\(request.command) replaced the nodes' table whole, and its undo log")
        switch result {
        case .success(let value):
            if let value {
                outcome.replies.append(
                    HubReply(connectionID: client.connectionID, messageID: request.messageID, body: .success(value)))
            }
            if rollback != nil {
                if let log, !log.isEmpty { rollback?.nodeLogs.append(log) }
            } else if let before, !outcome.changes.isEmpty {
                rollback = HubRollback(hub: before, nodeLogs: log.map { $0.isEmpty ? [] : [$0] } ?? [])
            }
        case .failure(let error):
            if let before {
                rollBack(HubRollback(hub: before, nodeLogs: log.map { [$0] } ?? []))
            }
            outcome = HubOutcome()
            outcome.replies.append(failureReply(error, to: request, from: client))
        }
        return outcome
    }

    /// The reply to a request that failed with `error`: mhub's own flow (a prepared session of this connection or its
    /// app group, or a request naming an app group) keeps mhub's codes; OHF commands get OHF codes.
    private func failureReply(_ error: HubError, to request: HubRequest, from client: ClientInfo) -> HubReply {
        let ownSession =
            desk.session.map { !$0.implicit && desk.role(of: client, in: $0) != nil } ?? false
            || argumentsNameAnAppGroup(request.args)
        let reported: HubError
        if let command = request.known, command.isOHF, !ownSession {
            reported = error.ohfCompatible(command: command)
        } else {
            reported = error
        }
        return HubReply(connectionID: client.connectionID, messageID: request.messageID, result: .failure(reported))
    }

    /// A connection closed: it stops listening and leaves its app group; a session that no one of it (its owner or
    /// a member of its app group) is connected to any more is rolled back after the grace.
    public mutating func clientDisconnected(_ connectionID: UInt64, now: Timestamp) -> HubOutcome {
        listening.connectionClosed(connectionID)
        devices.pending.removeAll { $0.connectionID == connectionID }
        var outcome = HubOutcome()
        if desk.connectionClosed(connectionID, now: now) {
            outcome.events.append(sessionEvent(.ownerDisconnected))
        }
        advance(now: now, &outcome)
        return outcome
    }

    /// Time passed: steps finish, deadlines and grace periods expire.
    public mutating func tick(now: Timestamp) -> HubOutcome {
        var outcome = HubOutcome()
        advance(now: now, &outcome)
        advanceDevices(now: now, &outcome)
        advanceWindow(now: now, &outcome)
        advanceDeviceWindows(now: now, &outcome)
        advanceScenario(now: now, &outcome)
        advanceSyncs(now: now, &outcome)
        return outcome
    }

    /// The daemon stops: an open session is rolled back, and listeners hear `server_shutdown`.
    public mutating func shutdown(now: Timestamp) -> HubOutcome {
        var outcome = HubOutcome()
        if desk.session != nil {
            endSession(reason: .shutdown, error: HubError(.shuttingDown, "the hub is shutting down"), &outcome)
        }
        outcome.events.append(HubEvent(.serverShutdown, .null))
        return outcome
    }
}

/// A request as the control protocol carries it.
public struct HubRequest: Equatable, Sendable {
    public var messageID: JSONValue
    public let command: String
    public var args: JSONValue?
    /// The command `command` names, if it is one; looked up once.
    public let known: HubCommand?

    public init(messageID: JSONValue, command: String, args: JSONValue?) {
        self.messageID = messageID
        self.command = command
        self.args = args
        known = HubCommand.named(command)
    }

    /// Whether the request names a query (`HubCommand.isQuery`), which cannot change the hub.
    public var isQuery: Bool { known?.isQuery ?? false }
}
