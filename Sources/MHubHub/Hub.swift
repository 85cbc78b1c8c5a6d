import MHubCore
import MatterDataModel

/// The hub's logic: its state, the one commissioning session, faults, and what each input does.
///
/// A value with no I/O. Its owner feeds it requests, disconnects and the passing of time, and carries
/// out each `HubOutcome`: commit the changes, then send the replies and events. Time (`now`) and
/// randomness (`HubRandom`) are inputs, so tests drive it step by step.
public struct Hub: Sendable {
    public internal(set) var state: HubState
    public internal(set) var session: CommissioningSession?
    public internal(set) var faults = HubFaults()
    public internal(set) var settings: HubSettings
    var random: HubRandom
    var sessionCounter = 0
    /// What `complete_commissioning` returned, per connection, so a repeated call returns it again.
    var completed: [UInt64: JSONValue] = [:]
    /// Connections that called `start_listening`: which events each asked for, and who it is.
    public internal(set) var listeners: [UInt64: Listener] = [:]
    /// Transitions, slow replies and behaviours in progress.
    public internal(set) var devices = DeviceRuntime()
    /// The hub's own commissioning window, while open.
    public internal(set) var window: CommissioningWindow?
    /// How the last window closed, while none is open (not stored: it describes this run).
    public internal(set) var windowClosure: CommissioningWindowClosure?
    /// What the daemon's DNS-SD advertiser last reported (not stored: it describes this run).
    public internal(set) var advertising = AdvertisingReport.disabled
    /// The public part of the hub's attestation identity, once the daemon has it (not stored by the hub).
    public internal(set) var attestation: HubAttestation?
    /// Where the hub is on the network (not stored: it describes this run).
    public internal(set) var network = HubNetwork.unknown
    /// The latest User Directed Commissioning requests, oldest first (not stored).
    public internal(set) var udcRequests: [UDCRequest] = []
    /// The hub's own Matter node as the Matter port reports it (not stored by the hub).
    public internal(set) var matter = HubMatterState()
    /// The bridged endpoints of the hub's Matter node and the device endpoints they show (derived from the nodes).
    public internal(set) var bridge: BridgeIndex

    public init(state: HubState, settings: HubSettings, random: HubRandom) {
        self.state = state
        bridge = BridgeIndex(nodes: state.nodes)
        self.settings = settings
        self.random = random
    }

    /// The state of a hub that starts for the first time: a fabric, the "Home" structure and the
    /// simulated devices the configuration declares.
    public static func initialState(settings: HubSettings, random: HubRandom) -> (HubState, [StoreChange]) {
        var random = random
        // Kept below 2^63 so that JSON clients read them as plain positive integers.
        let fabric = FabricIdentity(
            fabricID: UInt64.random(in: 1...UInt64(Int64.max), using: &random),
            compressedFabricID: UInt64.random(in: 1...UInt64(Int64.max), using: &random))
        var hub = Hub(state: HubState(fabric: fabric), settings: settings, random: random)
        var outcome = HubOutcome()
        outcome.changes.append(.saveFabric(fabric))
        hub.populateDefaults(&outcome)
        return (hub.state, outcome.changes)
    }

    /// The Home structure and the declared simulated devices.
    mutating func populateDefaults(_ outcome: inout HubOutcome) {
        let home = Structure(id: state.counters.nextStructureID, name: "Home")
        state.counters.nextStructureID += 1
        state.structures[home.id] = home
        outcome.changes.append(.saveStructure(home))
        for declaration in settings.declaredDevices {
            let device = makeSimulatedDevice(
                template: declaration.template, name: declaration.name, discriminator: declaration.discriminator,
                passcode: declaration.passcode, vendorID: declaration.vendorID, productID: declaration.productID,
                serialNumber: declaration.serialNumber)
            state.simulatedDevices[device.id] = device
            outcome.changes.append(.saveSimulatedDevice(device))
        }
        outcome.changes.append(.saveCounters(state.counters))
    }

    /// The earliest time at which `tick(now:)` has something to do.
    public var nextDeadline: Timestamp? {
        let deviceDeadline = [devices.nextDeadline, window?.closesAt].compactMap { $0 }.min()
        guard let session else { return deviceDeadline }
        var times = [session.deadline]
        if let deviceDeadline {
            times.append(deviceDeadline)
        }
        if let gone = session.ownerGoneAt {
            times.append(gone + settings.disconnectGrace)
        }
        if case .running(let run) = session.state {
            times.append(run.stepEndsAt)
        }
        return times.min()
    }

    /// The connections `event` goes to, in connection order: the listeners that asked for its kind and may see
    /// its structure (an event about a node goes only to who has permission for the node's structure), and for
    /// `.listenersAnd(id)` that connection too (it owns a session it prepared, so it speaks mhub's protocol).
    public func recipients(of event: HubEvent) -> [UInt64] {
        var targets = Set(
            listeners.filter { _, listener in
                (event.isOHF || listener.subscription == .all)
                    && event.structure.map { isPermitted(listener.principal, structure: $0) } ?? true
            }.keys)
        if case .listenersAnd(let id) = event.audience {
            targets.insert(id)
        }
        return targets.sorted()
    }

    // MARK: inputs

    /// Handles one request from a connected client.
    ///
    /// A request that fails changes nothing: the hub is restored to its state before it.
    public mutating func handle(_ request: HubRequest, from client: ClientInfo, now: Timestamp) -> HubOutcome {
        let before = self
        var outcome = HubOutcome()
        do {
            if let result = try route(request, client: client, now: now, outcome: &outcome) {
                outcome.replies.append(
                    HubReply(connectionID: client.connectionID, messageID: request.messageID, result: .success(result)))
            }
        } catch {
            self = before
            outcome = HubOutcome()
            // mhub's own flow (a prepared session) keeps mhub's codes; OHF commands get OHF codes.
            let ownSession =
                before.session.map { !$0.implicit && $0.owner.connectionID == client.connectionID } ?? false
            let speaksOHF = HubCommands.ohfCommands.contains(request.command) && !ownSession
            outcome.replies.append(
                HubReply(
                    connectionID: client.connectionID, messageID: request.messageID,
                    result: .failure(speaksOHF ? error.ohfCompatible(command: request.command) : error)))
        }
        return outcome
    }

    /// A connection closed: it stops listening, and a session it owns is rolled back after the grace.
    public mutating func clientDisconnected(_ connectionID: UInt64, now: Timestamp) -> HubOutcome {
        listeners[connectionID] = nil
        completed[connectionID] = nil
        devices.pending.removeAll { $0.connectionID == connectionID }
        var outcome = HubOutcome()
        if var current = session, current.owner.connectionID == connectionID, current.ownerGoneAt == nil {
            current.ownerGoneAt = now
            session = current
            outcome.events.append(sessionEvent("owner_disconnected"))
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
        return outcome
    }

    /// The daemon stops: an open session is rolled back, and listeners hear `server_shutdown`.
    public mutating func shutdown(now: Timestamp) -> HubOutcome {
        var outcome = HubOutcome()
        if session != nil {
            endSession(reason: "shutdown", error: HubError(.shuttingDown, "the hub is shutting down"), &outcome)
        }
        outcome.events.append(HubEvent("server_shutdown", .null))
        return outcome
    }
}

/// A request as the control protocol carries it.
public struct HubRequest: Sendable {
    public var messageID: JSONValue
    public var command: String
    public var args: JSONValue?

    public init(messageID: JSONValue, command: String, args: JSONValue?) {
        self.messageID = messageID
        self.command = command
        self.args = args
    }
}
