import MatterMessage
import MatterSecureChannel

/// The one secure session PASE established: keys, counters, the peer's MRP timing and when it goes idle.
///
/// Matter reference D: the peer's messages carry this node's session ID and are opened with I2R; this node's
/// carry the peer's session ID, sealed with R2I; both sides' nonce node ID is 0 on a PASE session. Received
/// counters start synchronised at 0 (`MessageCounterWindow(mode: .encryptedUnicast)`).
struct MatterSecureSession: Sendable {
    let pase: PASESession
    var peer: MatterPeer
    var receivedCounters = MessageCounterWindow(mode: .encryptedUnicast)
    var sendCounter: MessageCounter
    var lastActivity: MonotonicInstant

    init(pase: PASESession, peer: MatterPeer, now: MonotonicInstant, using generator: inout some RandomNumberGenerator)
    {
        self.pase = pase
        self.peer = peer
        sendCounter = MessageCounter(kind: .secureSession, using: &generator)
        lastActivity = now
    }

    var localSessionID: UInt16 { pase.localSessionID }

    /// The peer's MRP intervals, from its PBKDFParamRequest session parameters.
    var reliableMessagingConfiguration: ReliableMessagingConfiguration {
        pase.peerSessionParameters?.reliableMessagingConfiguration ?? .default
    }
}
