import MatterCredentials
import MatterDataModel
import MatterInteraction
import MatterMessage
import MatterSecureChannel

/// The hub's Matter node as a value: bytes, time and randomness in; bytes to send, log events and the hub's inputs
/// out. Its state is in parts by who owns it: the session layer (`MatterSessionLayer`: the unsecured session PASE and
/// CASE run on, the secure sessions they establish, and the exchanges on all of them, each with its MRP state), the
/// root endpoint (`MatterRootEndpoint`: the commissioning clusters' state, the fabric table and the fail-safe among
/// it), and what the node itself keeps between them: the Interaction Model on the exchanges, the endpoints the owner
/// serves in the node's layout (`MatterNodeLayout`: the hub's bridge, or one device's own endpoints) and the requests
/// waiting for the hub, the events and the subscriptions. The node routes an input through them:
/// a message from the session layer to a command of the root endpoint, and back (a session's end expires the
/// fail-safe; a removed fabric ends its sessions).
///
/// One commissioning session at a time (docs/matter.md): while a handshake runs, `PASEResponder` answers a
/// PBKDFParamRequest on another exchange with BUSY; while the PASE session is open, the node does. Without a
/// commissionee (the hub's window is closed) PASE messages get StatusReport FAILURE/INVALID_PARAMETER, as
/// matter.js's `SecureChannelProtocol` answers when no PASE server is set. A handshake not finished, or a session
/// without a message, for `paseTimeoutMilliseconds` frees the slot; one host holds the slot for at most one
/// handshake timeout at a stretch (`PASEHold`); `maximumFailedAttempts` failed handshakes use up the window.
/// CASE sessions, several per fabric, are bounded by `MatterSessionLimits`; session IDs are never shared by two
/// live sessions or handshakes, PASE or CASE.
/// Over UDP the unsecured session's peers are not verified, so each of their datagrams gets at most one datagram
/// back, no larger than itself except the handshakes' own messages, and nothing on a timer
/// (`unsecuredMessageReceived`). Everything the node holds is bounded, so no sequence of datagrams can grow it
/// without limit.
public struct MatterNode {
    /// Failed PASE attempts after which the window is used up (`MatterSessionLayer`).
    public static let maximumFailedAttempts = MatterSessionLayer.maximumFailedAttempts

    /// The sessions, the exchanges on them and the handshakes that open them.
    var sessionLayer: MatterSessionLayer
    /// Endpoint 0: the commissioning clusters' state (fabrics, fail-safe, window), its data versions and the
    /// endpoint as reads see it.
    var rootEndpoint: MatterRootEndpoint
    /// How the endpoints above 0 are laid out.
    let layout: MatterNodeLayout
    /// The endpoints as the owner handed them with the input being handled; nothing between inputs
    /// (`NodeEndpoints`).
    var endpoints: any NodeEndpoints = NoNodeEndpoints()
    /// The data versions of the owner's cluster instances that changed; the others have the base (random at start).
    var bridgedVersions: [AttributeReader.ClusterInstance: UInt32] = [:]
    var bridgedVersionBase: UInt32
    /// The events of the owner's devices, for reads and subscriptions.
    var events = EventLog()
    /// Commands and writes waiting for the hub, by ticket; writes' statuses by group.
    var pendingBridged: [UInt64: PendingBridged] = [:]
    var pendingWrites: [UInt64: PendingWriteGroup] = [:]
    var nextBridgedRequest: UInt64 = 1
    var nextWriteGroup: UInt64 = 1
    /// Subscriptions, priming or established, by ID.
    var subscriptions: [UInt32: ActiveSubscription] = [:]
    /// When the node started, on the clock of the `now` its inputs carry: General Diagnostics' UpTime and
    /// TimeSnapshot count from it.
    let startedAt: MonotonicInstant

    /// A node with the fabric table `fabrics` as the store loaded it, started at `startedAt`.
    public init(
        configuration: MatterNodeConfiguration, fabrics: FabricTable = FabricTable(),
        startedAt: MonotonicInstant = MonotonicInstant(milliseconds: 0),
        using generator: inout some RandomNumberGenerator
    ) {
        self.startedAt = startedAt
        layout = configuration.layout
        sessionLayer = MatterSessionLayer(
            paseTimeoutMilliseconds: configuration.paseTimeoutMilliseconds, limits: configuration.limits,
            using: &generator)
        bridgedVersionBase = UInt32(truncatingIfNeeded: generator.next())
        rootEndpoint = MatterRootEndpoint(
            basicInformation: configuration.basicInformation, attestation: configuration.attestation,
            fabrics: fabrics, using: &generator)
        rebuildFabricCache()
        rootEndpoint.rebuild()
    }

    public var paseTimeoutMilliseconds: UInt64 { sessionLayer.paseTimeoutMilliseconds }
    public var limits: MatterSessionLimits { sessionLayer.limits }
    /// The fabrics the node holds as CASE and reads see them: the committed table with what the armed fail-safe
    /// added or changed.
    public var fabrics: FabricTable { rootEndpoint.fabrics }
    /// The fabric table as last saved (or loaded): what a rollback returns to.
    public var committedFabrics: FabricTable { rootEndpoint.committedFabrics }
    /// Every secure session, by the session ID this node chose.
    public var sessions: [UInt16: MatterSecureSession] { sessionLayer.sessions }

    /// When `timerFired` must be called next.
    public var nextDeadline: MonotonicInstant? {
        var deadlines = sessionLayer.deadlines + [rootEndpoint.failSafe?.deadline]
        for subscription in subscriptions.values {
            deadlines.append(subscription.nextDeadline)
        }
        return deadlines.compactMap { $0 }.min()
    }

    /// The PASE session, if one is open.
    public var paseSession: MatterSecureSession? {
        sessionLayer.paseSession
    }

    // MARK: events

    /// One whole message (a UDP datagram, or a TCP frame without its length prefix) arrived from `peer`; `endpoints`
    /// are the owner's endpoints as they are now, for what the message reads (let go of when the call returns).
    public mutating func messageReceived(
        _ bytes: [UInt8], from peer: MatterPeer, now: MonotonicInstant,
        endpoints: any NodeEndpoints = NoNodeEndpoints(), using generator: inout some RandomNumberGenerator
    ) -> [MatterNodeAction] {
        self.endpoints = endpoints
        defer { self.endpoints = NoNodeEndpoints() }
        let header: MessageHeader
        do {
            header = try MessageHeader.decode(bytes).header
        } catch {
            return [.log(.dropped(peer, reason: "\(error)"))]
        }
        var actions =
            header.isEncrypted
            ? secureMessageReceived(bytes, from: peer, now: now, using: &generator)
            : unsecuredMessageReceived(bytes, from: peer, now: now, using: &generator)
        actions += sweep(now: now)
        refreshRootEndpoint()
        return actions
    }

    /// The timer asked for by `nextDeadline` went off (early or late calls are fine); `endpoints` are the owner's
    /// endpoints as they are now, for the subscriptions' reports (let go of when the call returns).
    public mutating func timerFired(
        now: MonotonicInstant, endpoints: any NodeEndpoints = NoNodeEndpoints(),
        using generator: inout some RandomNumberGenerator
    ) -> [MatterNodeAction] {
        self.endpoints = endpoints
        defer { self.endpoints = NoNodeEndpoints() }
        var actions: [MatterNodeAction] = []
        if var paseResponder = sessionLayer.paseResponder {
            let steps = paseResponder.timerFired(now: now)
            sessionLayer.paseResponder = paseResponder
            actions += runPASE(steps, now: now, using: &generator) + sessionLayer.checkAttempts()
        }
        actions += runCASE(sessionLayer.caseResponder.timerFired(now: now), now: now, using: &generator)
        actions += failSafeTimerFired(now: now)
        for session in sessionLayer.sessions.values.sorted(by: { $0.localSessionID < $1.localSessionID })
        where sessionLayer.idleDeadline(of: session) <= now {
            let timeout = sessionLayer.idleTimeoutMilliseconds(of: session)
            actions += endSession(session.localSessionID, reason: "no message for \(timeout / 1000) s")
        }
        for key in sessionLayer.exchanges.keys.sorted(by: { $0.exchangeID < $1.exchangeID }) {
            guard var exchange = sessionLayer.exchanges[key], let deadline = exchange.reliability.nextDeadline,
                deadline <= now
            else { continue }
            let steps = exchange.reliability.timerFired(now: now, using: &generator)
            sessionLayer.exchanges[key] = exchange
            actions += apply(steps, on: key, now: now, using: &generator)
        }
        actions += sendReports(now: now, using: &generator)
        actions += sweep(now: now)
        refreshRootEndpoint()
        return actions
    }

    /// The hub's commissioning window opened, closed or changed: PASE now answers for `commissionee`, or for
    /// nobody. Whatever belonged to the previous window (a handshake, the PASE session, PASE exchanges) ends.
    public mutating func commissioneeChanged(to commissionee: MatterCommissionee?) -> [MatterNodeAction] {
        var actions: [MatterNodeAction] = []
        if sessionLayer.paseResponder?.isHandshakeInProgress == true {
            actions.append(.log(.paseAbandoned(reason: "the commissioning window changed")))
        }
        if let pase = paseSession {
            actions += endSession(
                pase.localSessionID,
                reason: commissionee == nil ? "the commissioning window closed" : "a new window opened")
        }
        sessionLayer.exchanges = sessionLayer.exchanges.filter { key, exchange in
            key.session.isSecure || exchange.carriesCASE
        }
        rootEndpoint.commissionee = commissionee
        sessionLayer.paseResponder = commissionee.map { PASEResponder(configuration: $0.responder) }
        sessionLayer.paseHold = nil
        refreshRootEndpoint()
        return actions
    }

    /// A TCP connection closed: its exchanges go, and the sessions that ran over it.
    public mutating func connectionClosed(_ peer: MatterPeer) -> [MatterNodeAction] {
        sessionLayer.exchanges = sessionLayer.exchanges.filter { $0.value.peer != peer }
        var actions: [MatterNodeAction] = []
        for session in sessionLayer.sessions.values.sorted(by: { $0.localSessionID < $1.localSessionID })
        where session.peer == peer {
            actions += endSession(session.localSessionID, reason: "its TCP connection closed")
        }
        return actions
    }

    // MARK: shared parts

    /// Ends a secure session, and the exchanges on it. A PASE session that ends while the fail-safe is armed takes
    /// it with it (CHIP `CommissioningWindowManager::OnSessionReleased` forces the fail-safe's expiry): the
    /// commissioning it carried did not complete.
    mutating func endSession(_ localSessionID: UInt16, reason: String) -> [MatterNodeAction] {
        guard let session = sessionLayer.removeSession(localSessionID) else { return [] }
        var actions: [MatterNodeAction] = [
            .log(.sessionClosed(localSessionID: localSessionID, reason: reason)),
            .sessionEnded(session.summary, reason: reason),
        ]
        actions += endSubscriptions(where: { $0.sessionID == localSessionID }, reason: "its session ended")
        if session.kind == .pase, rootEndpoint.failSafe != nil {
            actions += expireFailSafe(reason: "its PASE session closed before CommissioningComplete")
        }
        return actions
    }

    /// Drops finished and idle exchanges (and the subscriptions still priming on one), then the retiring sessions
    /// whose last exchange is over.
    mutating func sweep(now: MonotonicInstant) -> [MatterNodeAction] {
        let open = sessionLayer.dropFinishedExchanges(now: now)
        var actions = endSubscriptions(
            where: { subscription in subscription.primingExchange.map { !open.contains($0) } ?? false },
            reason: "its priming exchange ended")
        for id in sessionLayer.retiringSessions.sorted()
        where !sessionLayer.exchanges.keys.contains(where: { $0.session == .secure(localSessionID: id) }) {
            actions += endSession(id, reason: "its fabric was removed")
        }
        return actions
    }

    /// Makes the root endpoint's stale clusters again once an input is handled; the subscriptions hear of each whose
    /// data changed (its data version moved).
    mutating func refreshRootEndpoint() {
        for cluster in rootEndpoint.refresh() {
            markDirty([AttributePathIB(endpoint: 0, cluster: cluster)])
        }
    }
}
