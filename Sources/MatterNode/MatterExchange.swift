import MatterInteraction
import MatterMessage

/// One exchange of this node, as responder or initiator: its MRP state, the last reliable message it sent (kept
/// byte for byte until acknowledged, to send again), and for Interaction Model exchanges the request in progress.
struct MatterExchange: Sendable {
    /// A reliable message of ours not yet acknowledged.
    struct SentMessage: Sendable {
        var counter: UInt32
        var bytes: [UInt8]
        /// The peer's message it acknowledged (piggybacked): a duplicate of that one gets this again.
        var acknowledging: UInt32?
    }

    /// How an exchange is known: on the unsecured session by the initiator's ephemeral node, on a secure session by
    /// the session; then by exchange ID and by who opened it (Matter Core Specification 4.10.5.1: the I flag tells a
    /// peer's exchange 5 from this node's exchange 5).
    struct Key: Hashable, Sendable {
        enum Session: Hashable, Sendable {
            case unsecured(MatterUnsecuredPeer)
            case secure(localSessionID: UInt16)

            var isSecure: Bool {
                switch self {
                case .unsecured: false
                case .secure: true
                }
            }
        }

        var session: Session
        var exchangeID: UInt16
        /// Whether this node opened the exchange (its messages carry the I flag).
        var initiatedHere = false
    }

    var peer: MatterPeer
    var reliability: ReliableMessaging
    /// Our last reliable message.
    var sent: SentMessage?
    /// Set once the exchange has said its last word; it goes when that is acknowledged.
    var closing = false
    var lastActivity: MonotonicInstant
    var interaction: InteractionResponder?
    /// An unsecured exchange a Sigma1 opened: CASE's, which outlives a change of the commissioning window.
    var carriesCASE = false
    /// The ACL a chunked write is building, applied when its last chunk is in.
    var aclDraft: [AccessControlEntry]?

    init(peer: MatterPeer, configuration: ReliableMessagingConfiguration, now: MonotonicInstant) {
        self.peer = peer
        reliability = ReliableMessaging(configuration: configuration)
        lastActivity = now
    }

    /// Whether the exchange can go: closing and nothing left to acknowledge either way.
    var isDone: Bool {
        closing && sent == nil && reliability.awaitingAcknowledgement == nil
            && reliability.pendingAcknowledgement == nil
    }
}

/// An initiator on the unsecured session: where it sends from and the ephemeral node ID it chose (Matter
/// reference D, "Unsecured messages"); answers go to that node as their destination.
struct MatterUnsecuredPeer: Hashable, Sendable {
    var peer: MatterPeer
    var ephemeralNodeID: UInt64?
}
