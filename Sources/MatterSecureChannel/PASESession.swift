/// What a completed PASE handshake gives the session layer.
public struct PASESession: Hashable, Sendable {
    public var exchange: PASEExchange
    /// The session ID this node chose; the peer puts it in the messages it sends.
    public var localSessionID: UInt16
    /// The session ID the peer chose; this node puts it in the messages it sends.
    public var peerSessionID: UInt16
    public var keys: PASESessionKeys
    /// The initiator's session parameters (its MRP intervals), if it sent them.
    public var peerSessionParameters: SessionParameters?
}
