import MatterMessage
import MatterSecureChannel

/// The node's session layer as a value: the unsecured session's initiators and its message counter, the PASE
/// responder of the open window and the hold on its one slot, the CASE responder and its resumption records, the
/// secure sessions with their limits, and the exchanges on all of them, each with its MRP state.
///
/// It holds what a message travels on, not what the message does: PASE's and CASE's steps, a message's counters and
/// keys, and which exchange and session it belongs to are its rules; the Interaction Model, the commissioning
/// commands and what the end of a session means to them are the node's (`MatterNode`), which routes between this
/// value and the root endpoint (`MatterRootEndpoint`). Everything it holds is bounded.
struct MatterSessionLayer {
    /// Exchanges kept at once; the least recently active goes first (closing ones before open ones).
    static let maximumExchanges = 32
    /// Unsecured initiators whose counters are kept for duplicate detection.
    static let maximumUnsecuredPeers = 128
    /// An exchange with no message either way for this long is dropped.
    static let exchangeIdleMilliseconds: UInt64 = 60_000
    /// Failed PASE attempts after which the window is used up (CHIP `kMaxFailedCommissioningAttempts`,
    /// `src/app/server/CommissioningWindowManager.cpp`).
    static let maximumFailedAttempts = 20

    struct UnsecuredPeerState {
        var counters = MessageCounterWindow(mode: .unencrypted)
        var handle: UInt64
        var lastActivity: MonotonicInstant
    }

    let paseTimeoutMilliseconds: UInt64
    let limits: MatterSessionLimits
    /// The window's PASE responder; nil while the window is closed or once its attempts are used up.
    var paseResponder: PASEResponder?
    /// The host holding the PASE slot, and until when.
    var paseHold: PASEHold?
    var caseResponder: CASEResponder
    var resumptions: CASEResumptionStore
    /// Sessions that end once their last exchange is over (the one that removed its own fabric).
    var retiringSessions: Set<UInt16> = []
    /// Every secure session, by the session ID this node chose.
    var sessions: [UInt16: MatterSecureSession] = [:]
    var exchanges: [MatterExchange.Key: MatterExchange] = [:]
    var unsecuredPeers: [MatterUnsecuredPeer: UnsecuredPeerState] = [:]
    /// `PASEExchange.peer` values: a handle per unsecured initiator, so PASE's and CASE's actions find their way back.
    var peersByHandle: [UInt64: MatterUnsecuredPeer] = [:]
    var nextHandle: UInt64 = 1
    /// The node's counter for unencrypted messages (Matter reference D, "Message counters").
    var unsecuredCounter: MessageCounter
    /// The exchange ID the node's next own exchange gets (random at start, as CHIP's `ExchangeManager` starts).
    var nextExchangeID: UInt16

    /// No sessions, no exchanges, no window; the CASE responder answers for no fabric until it is told them.
    init(
        paseTimeoutMilliseconds: UInt64, limits: MatterSessionLimits, using generator: inout some RandomNumberGenerator
    ) {
        self.paseTimeoutMilliseconds = paseTimeoutMilliseconds
        self.limits = limits
        caseResponder = CASEResponder(
            configuration: CASEResponderConfiguration(sessionParameters: MatterCommissionee.sessionParameters),
            fabrics: [])
        resumptions = CASEResumptionStore(capacity: limits.resumptionRecords)
        unsecuredCounter = MessageCounter(kind: .unencrypted, using: &generator)
        nextExchangeID = UInt16(truncatingIfNeeded: generator.next())
    }

    /// The deadlines of the handshakes, the sessions' idleness and the exchanges' MRP and idleness.
    var deadlines: [MonotonicInstant?] {
        var deadlines = [paseResponder?.nextDeadline, caseResponder.nextDeadline]
        for session in sessions.values {
            deadlines.append(idleDeadline(of: session))
        }
        for exchange in exchanges.values {
            deadlines.append(exchange.reliability.nextDeadline)
            deadlines.append(exchange.lastActivity.advanced(byMilliseconds: Self.exchangeIdleMilliseconds))
        }
        return deadlines
    }

    /// The PASE session, if one is open.
    var paseSession: MatterSecureSession? {
        sessions.values.first { $0.kind == .pase }
    }

    /// When `session` ends for lack of messages from its peer.
    func idleDeadline(of session: MatterSecureSession) -> MonotonicInstant {
        session.lastActivity.advanced(byMilliseconds: idleTimeoutMilliseconds(of: session))
    }

    /// How long `session` may go without a message from its peer.
    func idleTimeoutMilliseconds(of session: MatterSecureSession) -> UInt64 {
        session.kind == .pase ? paseTimeoutMilliseconds : limits.caseIdleMilliseconds
    }

    /// Removes secure session `localSessionID`, its exchanges and its place among the retiring ones; nil if there is
    /// no such session.
    mutating func removeSession(_ localSessionID: UInt16) -> MatterSecureSession? {
        guard let session = sessions.removeValue(forKey: localSessionID) else { return nil }
        exchanges = exchanges.filter { key, _ in key.session != .secure(localSessionID: localSessionID) }
        retiringSessions.remove(localSessionID)
        return session
    }

    /// A handshake on `exchange` ended without a session: its exchange goes once its last message is acknowledged.
    /// Returns the initiator's peer, if it is still known.
    mutating func handshakeEnded(on exchange: PASEExchange) -> MatterPeer? {
        guard let initiator = peersByHandle[exchange.peer] else { return nil }
        exchanges[MatterExchange.Key(session: .unsecured(initiator), exchangeID: exchange.exchangeID)]?
            .closing = true
        return initiator.peer
    }

    /// Tells each responder which session IDs are taken: every live session's and the other's handshakes'.
    mutating func shareSessionIDs() {
        let live = Set(sessions.keys)
        caseResponder.sessionIDsInUse = live.union(paseResponder?.pendingSessionID.map { [$0] } ?? [])
        paseResponder?.sessionIDsInUse = live.union(caseResponder.pendingSessionIDs)
    }

    /// Drops finished and idle exchanges; returns those left open.
    mutating func dropFinishedExchanges(now: MonotonicInstant) -> Set<MatterExchange.Key> {
        exchanges = exchanges.filter { _, exchange in
            !exchange.isDone && now < exchange.lastActivity.advanced(byMilliseconds: Self.exchangeIdleMilliseconds)
        }
        return Set(exchanges.keys)
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
