import MatterMessage
import MatterSecureChannel

extension MatterTestController {
    /// A new CASE attempt with `initiator` (its fabric and the hub's node ID): Sigma1 on a new exchange from a new
    /// ephemeral node, optionally asking to resume `record`. The hub's answers go through `receive`.
    public mutating func sigma1(_ initiator: CASEInitiator, resuming record: CASEResumptionRecord? = nil) throws
        -> [UInt8]
    {
        var initiator = initiator
        let payload = try initiator.sigma1(resuming: record)
        caseInitiator = initiator
        caseAwaitsReport = false
        ephemeralNodeID = random.next()
        exchangeID &+= 1
        return unsecured(.sigma1, payload, exchangeID: exchangeID, acknowledging: nil)
    }

    /// The CASE session the last handshake established.
    public var caseSession: Session? {
        caseInitiator?.established.flatMap { sessions[$0.localSessionID] }
    }

    /// Holds the session `established` gave, with the fabric's node IDs in its nonces, and makes it current.
    mutating func installCASE(_ established: CASEInitiator.Established) {
        guard let initiator = caseInitiator else { return }
        let session = Session(
            localSessionID: established.localSessionID, peerSessionID: established.peerSessionID,
            sendKey: established.keys.initiatorToResponder, receiveKey: established.keys.responderToInitiator,
            attestationChallenge: established.keys.attestationChallenge, localNodeID: initiator.fabric.nodeID,
            peerNodeID: initiator.peerNodeID, isCASE: true)
        sessions[established.localSessionID] = session
        self.session = session
    }
}
