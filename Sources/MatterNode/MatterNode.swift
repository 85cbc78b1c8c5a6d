import MatterCredentials
import MatterDataModel
import MatterInteraction
import MatterMessage
import MatterSecureChannel

/// The hub's Matter node as a value: the unsecured session PASE and CASE run on, the secure sessions they establish,
/// and the exchanges on all of them, each with its MRP state. Bytes, time and randomness in; bytes to send, log
/// events and the hub's inputs out.
///
/// One commissioning session at a time (docs/matter.md): while a handshake runs, `PASEResponder` answers a
/// PBKDFParamRequest on another exchange with BUSY; while the PASE session is open, this table does. Without a
/// commissionee (the hub's window is closed) PASE messages get StatusReport FAILURE/INVALID_PARAMETER, as
/// matter.js's `SecureChannelProtocol` answers when no PASE server is set. A handshake not finished, or a session
/// without a message, for `paseTimeoutMilliseconds` frees the slot; one host holds the slot for at most one
/// handshake timeout at a stretch (`PASEHold`); `maximumFailedAttempts` failed handshakes use up the window.
/// CASE sessions, several per fabric, are bounded by `MatterSessionLimits`; session IDs are never shared by two
/// live sessions or handshakes, PASE or CASE.
/// Over UDP the unsecured session's peers are not verified, so each of their datagrams gets at most one datagram
/// back, no larger than itself except the handshakes' own messages, and nothing on a timer
/// (`unsecuredMessageReceived`). Everything this table holds is bounded, so no sequence of datagrams can grow it
/// without limit.
public struct MatterNode {
    /// Exchanges kept at once; the least recently active goes first (closing ones before open ones).
    static let maximumExchanges = 32
    /// Unsecured initiators whose counters are kept for duplicate detection.
    static let maximumUnsecuredPeers = 128
    /// An exchange with no message either way for this long is dropped.
    static let exchangeIdleMilliseconds: UInt64 = 60_000
    /// Failed PASE attempts after which the window is used up (CHIP `kMaxFailedCommissioningAttempts`,
    /// `src/app/server/CommissioningWindowManager.cpp`).
    public static let maximumFailedAttempts = 20

    struct UnsecuredPeerState {
        var counters = MessageCounterWindow(mode: .unencrypted)
        var handle: UInt64
        var lastActivity: MonotonicInstant
    }

    /// LocationCapability: IndoorOutdoor (2), so any RegulatoryConfig is accepted.
    static let locationCapability: UInt8 = 2

    let basicInformation: ClusterTemplate
    let attestation: AttestationIdentity
    public let paseTimeoutMilliseconds: UInt64
    public let limits: MatterSessionLimits
    private(set) var commissionee: MatterCommissionee? {
        didSet { rootEndpoint.stale.insert(Self.administratorCommissioning) }
    }
    /// The window's PASE responder; nil while the window is closed or once its attempts are used up.
    var paseResponder: PASEResponder?
    /// The host holding the PASE slot, and until when.
    var paseHold: PASEHold?
    var caseResponder: CASEResponder
    var resumptions: CASEResumptionStore
    /// The fabrics the node holds as CASE and reads see them: the committed table with what the armed fail-safe
    /// added or changed.
    public internal(set) var fabrics: FabricTable {
        didSet { rootEndpoint.stale.formUnion([Self.accessControl, Self.operationalCredentials]) }
    }
    /// The fabric table as last saved (or loaded): what a rollback returns to.
    public internal(set) var committedFabrics: FabricTable
    /// What each fabric's certificates say (IDs, root key, IPK), computed once per change of `fabrics`.
    var fabricFacts: [UInt8: FabricIdentityFacts] = [:] {
        didSet { rootEndpoint.stale.insert(Self.operationalCredentials) }
    }
    /// The armed fail-safe; its pending root certificate is in the TrustedRootCertificates a read sees.
    var failSafe: FailSafe? {
        didSet { rootEndpoint.stale.insert(Self.operationalCredentials) }
    }
    /// GeneralCommissioning's Breadcrumb: 0 at start, as CHIP's server sets it (a controller that reads more
    /// skips stages, matter-commissionee.md §10).
    var breadcrumb: UInt64 = 0 {
        didSet { rootEndpoint.stale.insert(Self.generalCommissioning) }
    }
    var regulatoryConfig: UInt8 = 2 {
        didSet { rootEndpoint.stale.insert(Self.generalCommissioning) }
    }
    var countryCode = "XX"
    /// Endpoint 0's clusters' data versions (random at start, as CHIP's are).
    var dataVersions: [ClusterID: UInt32] = [:]
    /// Endpoint 0 as reads see it, kept between inputs; the observers above mark what a change makes stale.
    var rootEndpoint = RootEndpointCache()
    /// Sessions that end once their last exchange is over (the one that removed its own fabric).
    var retiringSessions: Set<UInt16> = []
    /// A durable change waiting for the owner's save, and the ticket the next one gets.
    var pendingSave: PendingSave?
    var nextTicket: UInt64 = 1
    /// Every secure session, by the session ID this node chose.
    public internal(set) var sessions: [UInt16: MatterSecureSession] = [:]
    var exchanges: [MatterExchange.Key: MatterExchange] = [:]
    var unsecuredPeers: [MatterUnsecuredPeer: UnsecuredPeerState] = [:]
    /// `PASEExchange.peer` values: a handle per unsecured initiator, so PASE's and CASE's actions find their way back.
    var peersByHandle: [UInt64: MatterUnsecuredPeer] = [:]
    var nextHandle: UInt64 = 1
    /// The node's counter for unencrypted messages (Matter reference D, "Message counters").
    var unsecuredCounter: MessageCounter
    /// The exchange ID the node's next own exchange gets (random at start, as CHIP's `ExchangeManager` starts).
    var nextExchangeID: UInt16
    /// The home as the owner handed it with the input being handled; nothing between inputs (`BridgedHome`).
    var home: any BridgedHome = NoBridgedHome()
    /// The data versions of bridged cluster instances that changed; the others have the base (random at start).
    var bridgedVersions: [AttributeReader.ClusterInstance: UInt32] = [:]
    var bridgedVersionBase: UInt32
    /// The events of the bridged devices, for reads and subscriptions.
    var events = EventLog()
    /// Commands and writes waiting for the hub, by ticket; writes' statuses by group.
    var pendingBridged: [UInt64: PendingBridged] = [:]
    var pendingWrites: [UInt64: PendingWriteGroup] = [:]
    var nextBridgedRequest: UInt64 = 1
    var nextWriteGroup: UInt64 = 1
    /// Subscriptions, priming or established, by ID.
    var subscriptions: [UInt32: ActiveSubscription] = [:]

    /// A node with the fabric table `fabrics` as the store loaded it.
    public init(
        configuration: MatterNodeConfiguration, fabrics: FabricTable = FabricTable(),
        using generator: inout some RandomNumberGenerator
    ) {
        basicInformation = configuration.basicInformation
        attestation = configuration.attestation
        paseTimeoutMilliseconds = configuration.paseTimeoutMilliseconds
        limits = configuration.limits
        self.fabrics = fabrics
        committedFabrics = fabrics
        caseResponder = CASEResponder(
            configuration: CASEResponderConfiguration(sessionParameters: MatterCommissionee.sessionParameters),
            fabrics: [])
        resumptions = CASEResumptionStore(capacity: limits.resumptionRecords)
        unsecuredCounter = MessageCounter(kind: .unencrypted, using: &generator)
        nextExchangeID = UInt16(truncatingIfNeeded: generator.next())
        bridgedVersionBase = UInt32(truncatingIfNeeded: generator.next())
        for cluster in Self.rootClusterIDs {
            dataVersions[cluster] = UInt32(truncatingIfNeeded: generator.next())
        }
        rebuildFabricCache()
        rootEndpoint = RootEndpointCache(node: makeRootNode())
    }

    /// When `timerFired` must be called next.
    public var nextDeadline: MonotonicInstant? {
        var deadlines = [paseResponder?.nextDeadline, caseResponder.nextDeadline, failSafe?.deadline]
        for session in sessions.values {
            deadlines.append(idleDeadline(of: session))
        }
        for exchange in exchanges.values {
            deadlines.append(exchange.reliability.nextDeadline)
            deadlines.append(exchange.lastActivity.advanced(byMilliseconds: Self.exchangeIdleMilliseconds))
        }
        for subscription in subscriptions.values {
            deadlines.append(subscription.nextDeadline)
        }
        return deadlines.compactMap { $0 }.min()
    }

    /// The PASE session, if one is open.
    public var paseSession: MatterSecureSession? {
        sessions.values.first { $0.kind == .pase }
    }

    /// When `session` ends for lack of messages from its peer.
    func idleDeadline(of session: MatterSecureSession) -> MonotonicInstant {
        session.lastActivity.advanced(
            byMilliseconds: session.kind == .pase ? paseTimeoutMilliseconds : limits.caseIdleMilliseconds)
    }

    // MARK: events

    /// One whole message (a UDP datagram, or a TCP frame without its length prefix) arrived from `peer`; `home` is
    /// the home as it is now, for what the message reads (let go of when the call returns).
    public mutating func messageReceived(
        _ bytes: [UInt8], from peer: MatterPeer, now: MonotonicInstant, home: any BridgedHome = NoBridgedHome(),
        using generator: inout some RandomNumberGenerator
    ) -> [MatterNodeAction] {
        self.home = home
        defer { self.home = NoBridgedHome() }
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

    /// The timer asked for by `nextDeadline` went off (early or late calls are fine); `home` is the home as it is now,
    /// for the subscriptions' reports (let go of when the call returns).
    public mutating func timerFired(
        now: MonotonicInstant, home: any BridgedHome = NoBridgedHome(),
        using generator: inout some RandomNumberGenerator
    ) -> [MatterNodeAction] {
        self.home = home
        defer { self.home = NoBridgedHome() }
        var actions: [MatterNodeAction] = []
        if var paseResponder {
            let steps = paseResponder.timerFired(now: now)
            self.paseResponder = paseResponder
            actions += runPASE(steps, now: now, using: &generator) + checkAttempts()
        }
        actions += runCASE(caseResponder.timerFired(now: now), now: now, using: &generator)
        actions += failSafeTimerFired(now: now)
        for session in sessions.values.sorted(by: { $0.localSessionID < $1.localSessionID })
        where idleDeadline(of: session) <= now {
            let timeout = session.kind == .pase ? paseTimeoutMilliseconds : limits.caseIdleMilliseconds
            actions += endSession(session.localSessionID, reason: "no message for \(timeout / 1000) s")
        }
        for key in exchanges.keys.sorted(by: { $0.exchangeID < $1.exchangeID }) {
            guard var exchange = exchanges[key], let deadline = exchange.reliability.nextDeadline, deadline <= now
            else { continue }
            let steps = exchange.reliability.timerFired(now: now, using: &generator)
            exchanges[key] = exchange
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
        if paseResponder?.isHandshakeInProgress == true {
            actions.append(.log(.paseAbandoned(reason: "the commissioning window changed")))
        }
        if let pase = paseSession {
            actions += endSession(
                pase.localSessionID,
                reason: commissionee == nil ? "the commissioning window closed" : "a new window opened")
        }
        exchanges = exchanges.filter { key, exchange in key.session.isSecure || exchange.carriesCASE }
        self.commissionee = commissionee
        paseResponder = commissionee.map { PASEResponder(configuration: $0.responder) }
        paseHold = nil
        refreshRootEndpoint()
        return actions
    }

    /// A TCP connection closed: its exchanges go, and the sessions that ran over it.
    public mutating func connectionClosed(_ peer: MatterPeer) -> [MatterNodeAction] {
        exchanges = exchanges.filter { $0.value.peer != peer }
        var actions: [MatterNodeAction] = []
        for session in sessions.values.sorted(by: { $0.localSessionID < $1.localSessionID }) where session.peer == peer
        {
            actions += endSession(session.localSessionID, reason: "its TCP connection closed")
        }
        return actions
    }

    // MARK: shared parts

    /// Ends a secure session, and the exchanges on it. A PASE session that ends while the fail-safe is armed takes
    /// it with it (CHIP `CommissioningWindowManager::OnSessionReleased` forces the fail-safe's expiry): the
    /// commissioning it carried did not complete.
    mutating func endSession(_ localSessionID: UInt16, reason: String) -> [MatterNodeAction] {
        guard let session = sessions.removeValue(forKey: localSessionID) else { return [] }
        exchanges = exchanges.filter { key, _ in key.session != .secure(localSessionID: localSessionID) }
        retiringSessions.remove(localSessionID)
        var actions: [MatterNodeAction] = [
            .log(.sessionClosed(localSessionID: localSessionID, reason: reason)),
            .sessionEnded(session.summary, reason: reason),
        ]
        actions += endSubscriptions(where: { $0.sessionID == localSessionID }, reason: "its session ended")
        if session.kind == .pase, failSafe != nil {
            actions += expireFailSafe(reason: "its PASE session closed before CommissioningComplete")
        }
        return actions
    }

    /// Tells each responder which session IDs are taken: every live session's and the other's handshakes'.
    mutating func shareSessionIDs() {
        let live = Set(sessions.keys)
        caseResponder.sessionIDsInUse = live.union(paseResponder?.pendingSessionID.map { [$0] } ?? [])
        paseResponder?.sessionIDsInUse = live.union(caseResponder.pendingSessionIDs)
    }

    /// Drops finished and idle exchanges (and the subscriptions still priming on one), then the retiring sessions
    /// whose last exchange is over.
    mutating func sweep(now: MonotonicInstant) -> [MatterNodeAction] {
        exchanges = exchanges.filter { _, exchange in
            !exchange.isDone && now < exchange.lastActivity.advanced(byMilliseconds: Self.exchangeIdleMilliseconds)
        }
        let open = Set(exchanges.keys)
        var actions = endSubscriptions(
            where: { subscription in subscription.primingExchange.map { !open.contains($0) } ?? false },
            reason: "its priming exchange ended")
        for id in retiringSessions.sorted()
        where !exchanges.keys.contains(where: { $0.session == .secure(localSessionID: id) }) {
            actions += endSession(id, reason: "its fabric was removed")
        }
        return actions
    }

    /// The exchange `key`, created for `peer` if new; the table never holds more than `maximumExchanges`.
    mutating func openExchange(
        _ key: MatterExchange.Key, peer: MatterPeer, configuration: ReliableMessagingConfiguration,
        now: MonotonicInstant
    ) {
        guard exchanges[key] == nil else { return }
        if exchanges.count >= Self.maximumExchanges,
            let oldest = exchanges.min(by: {
                ($0.value.closing ? 0 : 1, $0.value.lastActivity) < ($1.value.closing ? 0 : 1, $1.value.lastActivity)
            })
        {
            exchanges[oldest.key] = nil
        }
        exchanges[key] = MatterExchange(peer: peer, configuration: configuration, now: now)
    }

    /// The state of an unsecured initiator, created if new; peers with live exchanges are never evicted.
    mutating func unsecuredPeerState(_ peer: MatterUnsecuredPeer, now: MonotonicInstant) -> UnsecuredPeerState {
        if let state = unsecuredPeers[peer] { return state }
        if unsecuredPeers.count >= Self.maximumUnsecuredPeers {
            let busy = Set(
                exchanges.keys.compactMap { key -> MatterUnsecuredPeer? in
                    if case .unsecured(let peer) = key.session { peer } else { nil }
                })
            if let oldest = unsecuredPeers.filter({ !busy.contains($0.key) }).min(by: {
                $0.value.lastActivity < $1.value.lastActivity
            }) {
                unsecuredPeers[oldest.key] = nil
                peersByHandle[oldest.value.handle] = nil
            }
        }
        let state = UnsecuredPeerState(handle: nextHandle, lastActivity: now)
        nextHandle &+= 1
        unsecuredPeers[peer] = state
        peersByHandle[state.handle] = peer
        return state
    }
}
