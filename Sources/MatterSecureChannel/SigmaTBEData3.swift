import MatterCrypto
import MatterTLV

/// TBEData3, what encrypted3 of Sigma3 holds: the initiator's NOC and ICAC and its signature over TBSData3.
///
/// Matter reference §5, "Sigma3 handling" step 3 (CHIP `CASESession.cpp` `SendSigma3`, `HandleSigma3`): an
/// anonymous structure with 1 initiatorNOC, optional 2 initiatorICAC, 3 signature (raw r ‖ s, 64 bytes).
public struct SigmaTBEData3: Hashable, Sendable {
    /// The longest encoding: the structure's two bytes, two certificates of the longest kind (4 bytes of
    /// control, tag and length each) and the signature (3 bytes of overhead).
    public static let maximumByteCount =
        2 + 2 * (4 + SigmaLimits.maximumCertificateByteCount) + (3 + P256Signature.rawByteCount)

    public var initiatorNOC: [UInt8]
    public var initiatorICAC: [UInt8]?
    public var signature: [UInt8]

    public init(initiatorNOC: [UInt8], initiatorICAC: [UInt8]?, signature: [UInt8]) {
        self.initiatorNOC = initiatorNOC
        self.initiatorICAC = initiatorICAC
        self.signature = signature
    }

    public init(payload: [UInt8]) throws(CASEMessageError) {
        (initiatorNOC, initiatorICAC, signature) = try SigmaFieldReader(sigma: payload).senderCredentials("initiator")
    }

    public func encoded() -> [UInt8] {
        TLVEncoder.encode(
            TLVElement(.structure(.senderCredentials(noc: initiatorNOC, icac: initiatorICAC, tag3: signature))))
    }
}
