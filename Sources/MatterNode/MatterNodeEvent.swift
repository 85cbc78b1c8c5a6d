import MatterInteraction
import MatterSecureChannel

/// What happened on the Matter node that deserves a log line; its owner logs it at `level`.
public enum MatterNodeEvent: Hashable, Sendable, CustomStringConvertible {
    /// Why a PBKDFParamRequest got StatusReport BUSY.
    public enum BusyReason: Hashable, Sendable, CustomStringConvertible {
        /// Another initiator's handshake runs.
        case handshakeRunning
        /// The PASE session is open.
        case sessionOpen
        /// The peer held the slot for a whole handshake timeout while others were refused: it leaves the slot
        /// to them for one more timeout.
        case yielding

        public var description: String {
            switch self {
            case .handshakeRunning: "a handshake runs"
            case .sessionOpen: "a PASE session is open"
            case .yielding: "it held the slot for a whole timeout while others waited"
            }
        }
    }

    /// A datagram or frame that is not a message this node takes (malformed, unknown session, wrong key).
    case dropped(MatterPeer, reason: String)
    case paseStarted(MatterPeer)
    case paseEstablished(MatterPeer, localSessionID: UInt16, peerSessionID: UInt16)
    case paseFailed(MatterPeer?, PASEFailure)
    /// A running handshake ended because the hub's commissioning window closed or changed.
    case paseAbandoned(reason: String)
    case caseEstablished(
        MatterPeer, localSessionID: UInt16, fabricIndex: UInt8, peerNodeID: UInt64, resumed: Bool)
    case caseFailed(MatterPeer?, CASEFailure)
    /// A Sigma1 refused with BUSY: every handshake slot is taken, or every session is and none may go.
    case caseBusy(MatterPeer, minimumWaitMilliseconds: UInt16)
    /// A PBKDFParamRequest answered with StatusReport BUSY.
    case busy(MatterPeer, minimumWaitMilliseconds: UInt16, because: BusyReason)
    /// A PASE message while the hub's commissioning window is closed (or has run out of attempts), answered with
    /// FAILURE/INVALID_PARAMETER.
    case windowClosed(MatterPeer)
    /// The window's PASE attempts are used up: the port asks the hub to close it.
    case attemptsExhausted(failedAttempts: Int)
    /// An answer to an unverified peer (the unsecured session over UDP) not sent, because it was larger than
    /// the datagram it answered (docs/matter.md, "What an unverified peer gets").
    case answerWithheld(MatterPeer, answerBytes: Int, receivedBytes: Int)
    /// A TCP connection refused at once (too many in all, or from its host).
    case connectionRefused(name: String, reason: String)
    case sessionClosed(localSessionID: UInt16, reason: String)
    case interaction(MatterPeer, InteractionEvent)
    /// A reliable message that was never acknowledged.
    case deliveryFailed(MatterPeer, exchangeID: UInt16)
    /// A command the node carried out, or refused: its path, and what it answered.
    case command(MatterPeer, path: String, outcome: String)
    case failSafeExpired(reason: String)
    /// The owner's save of the fabric table failed: the change is not made, its command answers FAILURE.
    case saveFailed(String)
    /// A bridged device never answered a command or write (`device_unresponsive`): nothing is sent.
    case bridgedNoAnswer(path: String)
    case subscriptionEstablished(
        MatterPeer, subscriptionID: UInt32, paths: Int, minInterval: UInt16, maxInterval: UInt16)
    case subscriptionEnded(subscriptionID: UInt32, reason: String)

    public var level: MatterLogLevel {
        switch self {
        case .dropped, .deliveryFailed, .answerWithheld, .connectionRefused: .debug
        case .paseStarted, .interaction, .command, .bridgedNoAnswer, .subscriptionEstablished, .subscriptionEnded: .info
        case .paseFailed(_, .malformedMessage), .paseFailed(_, .unexpectedMessage): .info
        case .caseFailed(_, .malformedMessage), .caseFailed(_, .unexpectedMessage),
            .caseFailed(_, .noSharedTrustRoots):
            .info
        case .paseEstablished, .paseFailed, .paseAbandoned, .busy, .windowClosed, .attemptsExhausted,
            .sessionClosed, .caseEstablished, .caseFailed, .caseBusy, .failSafeExpired:
            .notice
        case .saveFailed: .error
        }
    }

    /// Events that anyone can cause as often as they send datagrams share a limit per kind (`MatterLogLimiter`);
    /// nil for the rest, which the node's own bounds keep rare.
    public var floodKind: String? {
        switch self {
        case .dropped: "dropped messages"
        case .busy, .caseBusy: "BUSY refusals"
        case .windowClosed: "closed-window refusals"
        case .answerWithheld: "answers withheld"
        case .connectionRefused: "refused TCP connections"
        case .paseFailed(_, .malformedMessage), .paseFailed(_, .unexpectedMessage): "malformed PASE messages"
        case .caseFailed(_, .malformedMessage), .caseFailed(_, .unexpectedMessage),
            .caseFailed(_, .noSharedTrustRoots):
            "refused CASE messages"
        case .paseStarted, .paseEstablished, .paseFailed, .paseAbandoned, .attemptsExhausted, .sessionClosed,
            .interaction, .deliveryFailed, .caseEstablished, .caseFailed, .command, .failSafeExpired, .saveFailed,
            .bridgedNoAnswer, .subscriptionEstablished, .subscriptionEnded:
            nil
        }
    }

    public var description: String {
        switch self {
        case .dropped(let peer, let reason): "matter: dropped a message from \(peer): \(reason)"
        case .paseStarted(let peer): "matter: PASE from \(peer) started"
        case .paseEstablished(let peer, let local, let remote):
            "matter: PASE session with \(peer) established (local session \(local), peer session \(remote))"
        case .paseFailed(let peer, let failure):
            "matter: PASE\(peer.map { " from \($0)" } ?? "") failed: \(failure)"
        case .paseAbandoned(let reason): "matter: the running PASE handshake ended: \(reason)"
        case .caseEstablished(let peer, let local, let fabric, let node, let resumed):
            "matter: CASE session \(local) with \(peer) established\(resumed ? " (resumed)" : ""), fabric \(fabric), "
                + "node 0x\(String(node, radix: 16, uppercase: true))"
        case .caseFailed(let peer, let failure):
            "matter: CASE\(peer.map { " from \($0)" } ?? "") failed: \(failure)"
        case .caseBusy(let peer, let wait):
            "matter: CASE from \(peer) refused with BUSY, minimum wait \(wait) ms"
        case .busy(let peer, let wait, let reason):
            "matter: PASE from \(peer) refused with BUSY (\(reason)), minimum wait \(wait) ms"
        case .windowClosed(let peer):
            "matter: PASE from \(peer) refused: the hub's commissioning window is closed"
        case .attemptsExhausted(let count):
            "matter: \(count) failed PASE attempts in this commissioning window: it closes"
        case .answerWithheld(let peer, let answer, let received):
            "matter: no answer to \(peer): \(answer) bytes would answer a \(received)-byte datagram"
        case .connectionRefused(let name, let reason): "matter: TCP connection from \(name) refused: \(reason)"
        case .sessionClosed(let session, let reason): "matter: session \(session) closed: \(reason)"
        case .interaction(let peer, let event): "matter: \(peer): \(event)"
        case .command(let peer, let path, let outcome): "matter: \(peer): command \(path): \(outcome)"
        case .failSafeExpired(let reason): "matter: the fail-safe expired (\(reason)); what was added under it is gone"
        case .saveFailed(let reason): "matter: could not save the fabric table: \(reason)"
        case .bridgedNoAnswer(let path): "matter: the bridged device did not answer \(path); nothing is sent"
        case .subscriptionEstablished(let peer, let id, let paths, let floor, let ceiling):
            "matter: \(peer): subscription 0x\(String(id, radix: 16, uppercase: true)) of \(paths) path(s) established, "
                + "reports every \(floor) to \(ceiling) s"
        case .subscriptionEnded(let id, let reason):
            "matter: subscription 0x\(String(id, radix: 16, uppercase: true)) ended: \(reason)"
        case .deliveryFailed(let peer, let exchange):
            "matter: no acknowledgement from \(peer) on exchange \(exchange); exchange closed"
        }
    }
}
