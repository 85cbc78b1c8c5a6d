/// What a completed (or resumed) CASE handshake gives the session layer.
public struct CASESession: Hashable, Sendable {
    public var exchange: CASEExchange
    /// The session ID this node chose; the peer puts it in the messages it sends.
    public var localSessionID: UInt16
    /// The session ID the peer chose; this node puts it in the messages it sends.
    public var peerSessionID: UInt16
    public var keys: CASESessionKeys
    public var fabricIndex: UInt8
    /// This node's operational node ID on the fabric: the source node ID of its message nonces (Matter
    /// reference §5, "Sigma3 handling" step 6).
    public var localNodeID: UInt64
    /// The peer's operational node ID, from its NOC: the source node ID of the nonces of its messages.
    public var peerNodeID: UInt64
    /// The CASE Authenticated Tags of the peer's NOC (access control subjects).
    public var peerCATs: [UInt32]
    /// The initiator's session parameters (its MRP intervals), if it sent them.
    public var peerSessionParameters: SessionParameters?
    /// True when the session came from Sigma2_Resume rather than a full handshake.
    public var isResumption: Bool
}
