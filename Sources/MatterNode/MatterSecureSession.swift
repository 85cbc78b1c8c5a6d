import MatterMessage
import MatterSecureChannel

/// A secure session PASE or CASE established: keys, who is at each end, counters, the peer's MRP timing and when it
/// goes idle.
///
/// Matter reference D and §5: the peer's messages carry this node's session ID and are opened with I2R; this node's
/// carry the peer's session ID, sealed with R2I. A message's nonce names its sender's node ID: 0 on both sides of a
/// PASE session, the operational node IDs on a CASE session (§5 "Sigma3 handling" step 6; CHIP
/// `CryptoContext::BuildNonce`). Received counters start synchronised at 0
/// (`MessageCounterWindow(mode: .encryptedUnicast)`).
public struct MatterSecureSession: Sendable {
    public enum Kind: String, Hashable, Sendable {
        case pase
        case `case`
    }

    public let kind: Kind
    public let localSessionID: UInt16
    public let peerSessionID: UInt16
    let initiatorToResponderKey: [UInt8]
    let responderToInitiatorKey: [UInt8]
    /// The 16-byte challenge AttestationRequest and CSRRequest sign (Matter reference §2.6).
    let attestationChallenge: [UInt8]
    /// The accessing fabric: a CASE session's fabric; on a PASE session 0 until AddNOC binds it to the new fabric
    /// (CHIP `SecureSession::AdoptFabricIndex`).
    public internal(set) var fabricIndex: UInt8
    /// This node's node ID in the session's nonces: its operational node ID on a CASE session, 0 on PASE.
    public let localNodeID: UInt64
    /// The peer's node ID: its operational node ID on a CASE session, 0 on PASE.
    public let peerNodeID: UInt64
    /// The CASE Authenticated Tags of the peer's NOC (access control subjects).
    public let peerCATs: [UInt32]
    let peerSessionParameters: SessionParameters?
    public internal(set) var peer: MatterPeer
    var receivedCounters = MessageCounterWindow(mode: .encryptedUnicast)
    var sendCounter: MessageCounter
    public internal(set) var lastActivity: MonotonicInstant

    init(pase: PASESession, peer: MatterPeer, now: MonotonicInstant, using generator: inout some RandomNumberGenerator)
    {
        kind = .pase
        localSessionID = pase.localSessionID
        peerSessionID = pase.peerSessionID
        initiatorToResponderKey = pase.keys.initiatorToResponder
        responderToInitiatorKey = pase.keys.responderToInitiator
        attestationChallenge = pase.keys.attestationChallenge
        fabricIndex = 0
        localNodeID = 0
        peerNodeID = 0
        peerCATs = []
        peerSessionParameters = pase.peerSessionParameters
        self.peer = peer
        sendCounter = MessageCounter(kind: .secureSession, using: &generator)
        lastActivity = now
    }

    init(
        case session: CASESession, peer: MatterPeer, now: MonotonicInstant,
        using generator: inout some RandomNumberGenerator
    ) {
        kind = .case
        localSessionID = session.localSessionID
        peerSessionID = session.peerSessionID
        initiatorToResponderKey = session.keys.initiatorToResponder
        responderToInitiatorKey = session.keys.responderToInitiator
        attestationChallenge = session.keys.attestationChallenge
        fabricIndex = session.fabricIndex
        localNodeID = session.localNodeID
        peerNodeID = session.peerNodeID
        peerCATs = session.peerCATs
        peerSessionParameters = session.peerSessionParameters
        self.peer = peer
        sendCounter = MessageCounter(kind: .secureSession, using: &generator)
        lastActivity = now
    }

    /// The peer's MRP intervals, from the session parameters of its PBKDFParamRequest or Sigma1.
    var reliableMessagingConfiguration: ReliableMessagingConfiguration {
        peerSessionParameters?.reliableMessagingConfiguration ?? .default
    }

    /// What the hub hears of the session.
    public var summary: MatterSessionSummary {
        MatterSessionSummary(
            kind: kind, localSessionID: localSessionID, fabricIndex: fabricIndex, peerNodeID: peerNodeID,
            peer: peer.description)
    }
}

/// A secure session as the hub is told of it: no keys, the peer as text.
public struct MatterSessionSummary: Hashable, Sendable {
    public var kind: MatterSecureSession.Kind
    public var localSessionID: UInt16
    public var fabricIndex: UInt8
    public var peerNodeID: UInt64
    public var peer: String

    public init(
        kind: MatterSecureSession.Kind, localSessionID: UInt16, fabricIndex: UInt8, peerNodeID: UInt64, peer: String
    ) {
        self.kind = kind
        self.localSessionID = localSessionID
        self.fabricIndex = fabricIndex
        self.peerNodeID = peerNodeID
        self.peer = peer
    }
}
