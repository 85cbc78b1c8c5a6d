import MHubCore
import MatterInteraction
import MatterSecureChannel

/// What happened on the Matter port that deserves a log line; the port logs it at `level`.
enum MatterPortEvent: Hashable, Sendable, CustomStringConvertible {
    /// A datagram or frame that is not a message this node takes (malformed, unknown session, wrong key).
    case dropped(MatterPeer, reason: String)
    case paseStarted(MatterPeer)
    case paseEstablished(MatterPeer, localSessionID: UInt16, peerSessionID: UInt16)
    case paseFailed(MatterPeer?, PASEFailure)
    /// A running handshake ended because the hub's commissioning window closed or changed.
    case paseAbandoned(reason: String)
    /// A PBKDFParamRequest answered with StatusReport BUSY: a handshake runs or a session is open.
    case busy(MatterPeer, minimumWaitMilliseconds: UInt16, sessionOpen: Bool)
    /// A PASE message while the hub's commissioning window is closed, answered with FAILURE/INVALID_PARAMETER.
    case windowClosed(MatterPeer)
    case sessionClosed(localSessionID: UInt16, reason: String)
    case interaction(MatterPeer, InteractionEvent)
    /// A reliable message that was never acknowledged.
    case deliveryFailed(MatterPeer, exchangeID: UInt16)

    var level: LogLevel {
        switch self {
        case .dropped, .deliveryFailed: .debug
        case .paseStarted, .interaction: .info
        case .paseFailed(_, .malformedMessage), .paseFailed(_, .unexpectedMessage): .info
        case .paseEstablished, .paseFailed, .paseAbandoned, .busy, .windowClosed, .sessionClosed: .notice
        }
    }

    var description: String {
        switch self {
        case .dropped(let peer, let reason): "matter: dropped a message from \(peer): \(reason)"
        case .paseStarted(let peer): "matter: PASE from \(peer) started"
        case .paseEstablished(let peer, let local, let remote):
            "matter: PASE session with \(peer) established (local session \(local), peer session \(remote))"
        case .paseFailed(let peer, let failure):
            "matter: PASE\(peer.map { " from \($0)" } ?? "") failed: \(failure)"
        case .paseAbandoned(let reason): "matter: the running PASE handshake ended: \(reason)"
        case .busy(let peer, let wait, let sessionOpen):
            "matter: PASE from \(peer) refused with BUSY (\(sessionOpen ? "a PASE session is open" : "a handshake runs"))"
                + ", minimum wait \(wait) ms"
        case .windowClosed(let peer):
            "matter: PASE from \(peer) refused: the hub's commissioning window is closed"
        case .sessionClosed(let session, let reason): "matter: PASE session \(session) closed: \(reason)"
        case .interaction(let peer, let event): "matter: \(peer): \(event)"
        case .deliveryFailed(let peer, let exchange):
            "matter: no acknowledgement from \(peer) on exchange \(exchange); exchange closed"
        }
    }
}

/// What the owner of a `MatterSessionTable` must do after an event.
enum MatterPortAction: Hashable, Sendable {
    /// Send these bytes, one whole message, to the peer (the TCP owner adds the length prefix).
    case send([UInt8], to: MatterPeer)
    case log(MatterPortEvent)
}
