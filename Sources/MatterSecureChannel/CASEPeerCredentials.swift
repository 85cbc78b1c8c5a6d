import MatterCredentials
import MatterCrypto

/// Who the peer of a CASE handshake is, from the NOC (and ICAC) it sent, once they are validated.
///
/// CHIP `CASESession::ValidatePeerIdentity` → `FabricTable::VerifyCredentials`: the chain must lead to the
/// fabric's own root and name the fabric's ID; the NOC's node ID must be operational (Matter reference §5,
/// "Sigma3 handling" step 3; the initiator checks the responder's in the same way after Sigma2).
public struct CASEPeerCredentials: Hashable, Sendable {
    public let nodeID: UInt64
    public let caseAuthenticatedTags: [UInt32]
    /// The key that signed TBSData2 or TBSData3.
    public let publicKey: P256Point

    /// Validates `noc` and `icac` under `fabric`'s root; `time` (Matter epoch seconds) checks validity periods,
    /// nil skips them.
    public init(noc: [UInt8], icac: [UInt8]?, fabric: CASEFabric, at time: UInt32?) throws(CASEFailure) {
        let chain: OperationalCertificateChain
        do {
            chain = try OperationalCertificateChain(rcac: fabric.rcac, icac: icac, noc: noc, at: time)
        } catch {
            throw .invalidCredentials(error)
        }
        guard chain.fabricID == fabric.fabricID else {
            throw .wrongFabric(fabricID: chain.fabricID, expected: fabric.fabricID)
        }
        nodeID = chain.nodeID
        caseAuthenticatedTags = chain.caseAuthenticatedTags
        publicKey = chain.nodePublicKey
    }
}
