/// What a node keeps after a CASE session so that the peer can resume it with Sigma1 + resumption ID instead of
/// a full handshake.
///
/// CHIP `SessionResumptionStorage` (`Save(node, resumptionId, sharedSecret, cats)`): the resumption ID given
/// out in the last TBEData2 or Sigma2_Resume, the ECDH shared secret of the original handshake (a resumed session
/// derives its keys from it again), and who the peer is.
public struct CASEResumptionRecord: Hashable, Sendable {
    public var resumptionID: [UInt8]
    /// - Important: A secret: whoever holds it can resume the session as the peer. Keep it out of logs.
    public var sharedSecret: [UInt8]
    public var fabricIndex: UInt8
    public var peerNodeID: UInt64
    /// The CASE Authenticated Tags of the peer's NOC.
    public var peerCATs: [UInt32]

    public init(
        resumptionID: [UInt8], sharedSecret: [UInt8], fabricIndex: UInt8, peerNodeID: UInt64, peerCATs: [UInt32]
    ) {
        self.resumptionID = resumptionID
        self.sharedSecret = sharedSecret
        self.fabricIndex = fabricIndex
        self.peerNodeID = peerNodeID
        self.peerCATs = peerCATs
    }
}
