import MatterInteraction
import MatterMessage
import MatterSecureChannel

/// The hub's Matter node as a value: the unsecured session PASE runs on, the one PASE session, and the exchanges
/// on both, each with its MRP state. Bytes, time and randomness in; bytes to send and log events out.
///
/// One commissioning session at a time (docs/matter.md): while a handshake runs, `PASEResponder` answers a
/// PBKDFParamRequest on another exchange with BUSY; while the PASE session is open, this table does. Without a
/// commissionee (the hub's window is closed) PASE messages get StatusReport FAILURE/INVALID_PARAMETER, as
/// matter.js's `SecureChannelProtocol` answers when no PASE server is set. A handshake not finished, or a session
/// without a message, for `paseTimeoutMilliseconds` frees the slot; one host holds the slot for at most one
/// handshake timeout at a stretch (`PASEHold`); `maximumFailedAttempts` failed handshakes use up the window.
/// Over UDP the unsecured session's peers are not verified, so each of their datagrams gets at most one datagram
/// back, no larger than itself except PASE's own handshake messages, and nothing on a timer
/// (`unsecuredMessageReceived`). Everything this table holds is bounded, so no sequence of datagrams can grow it
/// without limit.
public struct MatterSessionTable {
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

    let reader: AttributeReader
    public let paseTimeoutMilliseconds: UInt64
    private(set) var commissionee: MatterCommissionee?
    /// The window's PASE responder; nil while the window is closed or once its attempts are used up.
    var responder: PASEResponder?
    /// The host holding the PASE slot, and until when.
    var paseHold: PASEHold?
    var session: MatterSecureSession?
    var exchanges: [MatterExchange.Key: MatterExchange] = [:]
    var unsecuredPeers: [MatterUnsecuredPeer: UnsecuredPeerState] = [:]
    /// `PASEExchange.peer` values: a handle per unsecured initiator, so PASE's actions find their way back.
    var peersByHandle: [UInt64: MatterUnsecuredPeer] = [:]
    var nextHandle: UInt64 = 1
    /// The node's counter for unencrypted messages (Matter reference D, "Message counters").
    var unsecuredCounter: MessageCounter

    public init(
        reader: AttributeReader, paseTimeoutMilliseconds: UInt64, using generator: inout some RandomNumberGenerator
    ) {
        self.reader = reader
        self.paseTimeoutMilliseconds = paseTimeoutMilliseconds
        unsecuredCounter = MessageCounter(kind: .unencrypted, using: &generator)
    }

    /// When `timerFired` must be called next.
    public var nextDeadline: MonotonicInstant? {
        var deadlines = [responder?.nextDeadline, sessionDeadline]
        for exchange in exchanges.values {
            deadlines.append(exchange.reliability.nextDeadline)
            deadlines.append(exchange.lastActivity.advanced(byMilliseconds: Self.exchangeIdleMilliseconds))
        }
        return deadlines.compactMap { $0 }.min()
    }

    var sessionDeadline: MonotonicInstant? {
        session.map { $0.lastActivity.advanced(byMilliseconds: paseTimeoutMilliseconds) }
    }

    // MARK: events

    /// One whole message (a UDP datagram, or a TCP frame without its length prefix) arrived from `peer`.
    public mutating func messageReceived(
        _ bytes: [UInt8], from peer: MatterPeer, now: MonotonicInstant,
        using generator: inout some RandomNumberGenerator
    ) -> [MatterNodeAction] {
        let header: MessageHeader
        do {
            header = try MessageHeader.decode(bytes).header
        } catch {
            return [.log(.dropped(peer, reason: "\(error)"))]
        }
        let actions =
            header.isEncrypted
            ? secureMessageReceived(bytes, from: peer, now: now, using: &generator)
            : unsecuredMessageReceived(bytes, from: peer, now: now, using: &generator)
        sweep(now: now)
        return actions
    }

    /// The timer asked for by `nextDeadline` went off (early or late calls are fine).
    public mutating func timerFired(now: MonotonicInstant, using generator: inout some RandomNumberGenerator)
        -> [MatterNodeAction]
    {
        var actions: [MatterNodeAction] = []
        if var responder {
            let steps = responder.timerFired(now: now)
            self.responder = responder
            actions += runPASE(steps, now: now, using: &generator) + checkAttempts()
        }
        if let deadline = sessionDeadline, deadline <= now {
            actions += endSession(reason: "no message for \(paseTimeoutMilliseconds / 1000) s")
        }
        for key in exchanges.keys.sorted(by: { $0.exchangeID < $1.exchangeID }) {
            guard var exchange = exchanges[key], let deadline = exchange.reliability.nextDeadline, deadline <= now
            else { continue }
            let steps = exchange.reliability.timerFired(now: now, using: &generator)
            exchanges[key] = exchange
            actions += apply(steps, on: key, now: now, using: &generator)
        }
        sweep(now: now)
        return actions
    }

    /// The hub's commissioning window opened, closed or changed: PASE now answers for `commissionee`, or for
    /// nobody. Whatever belonged to the previous window (a handshake, the session, PASE exchanges) ends.
    public mutating func commissioneeChanged(to commissionee: MatterCommissionee?) -> [MatterNodeAction] {
        var actions: [MatterNodeAction] = []
        if responder?.isHandshakeInProgress == true {
            actions.append(.log(.paseAbandoned(reason: "the commissioning window changed")))
        }
        actions += endSession(reason: commissionee == nil ? "the commissioning window closed" : "a new window opened")
        exchanges = exchanges.filter { key, _ in
            if case .unsecured = key.session { false } else { true }
        }
        self.commissionee = commissionee
        responder = commissionee.map { PASEResponder(configuration: $0.responder) }
        paseHold = nil
        return actions
    }

    /// A TCP connection closed: its exchanges go, and the session too if it ran over it.
    public mutating func connectionClosed(_ peer: MatterPeer) -> [MatterNodeAction] {
        exchanges = exchanges.filter { $0.value.peer != peer }
        guard session?.peer == peer else { return [] }
        return endSession(reason: "its TCP connection closed")
    }

    // MARK: shared parts

    /// Ends the PASE session, and the exchanges on it.
    mutating func endSession(reason: String) -> [MatterNodeAction] {
        guard let session else { return [] }
        self.session = nil
        responder?.sessionIDsInUse = []
        exchanges = exchanges.filter { key, _ in key.session != .secure(localSessionID: session.localSessionID) }
        return [.log(.sessionClosed(localSessionID: session.localSessionID, reason: reason))]
    }

    /// Drops finished and idle exchanges.
    mutating func sweep(now: MonotonicInstant) {
        exchanges = exchanges.filter { _, exchange in
            !exchange.isDone && now < exchange.lastActivity.advanced(byMilliseconds: Self.exchangeIdleMilliseconds)
        }
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
