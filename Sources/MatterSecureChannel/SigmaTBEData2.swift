import MatterCrypto
import MatterTLV

/// TBEData2, what encrypted2 of Sigma2 holds: the responder's NOC and ICAC, its signature over TBSData2 and the
/// resumption ID of the session.
///
/// Matter reference §5, "Sigma2 construction" step 4 (CHIP `CASESession.cpp` `SendSigma2`, `HandleSigma2`): an
/// anonymous structure with 1 responderNOC, optional 2 responderICAC, 3 signature (raw r ‖ s, 64 bytes),
/// 4 resumptionID (16 bytes; CHIP's initiator refuses a TBEData2 without it).
public struct SigmaTBEData2: Hashable, Sendable {
    /// The longest encoding: the structure's two bytes, two certificates of the longest kind (4 bytes of
    /// control, tag and length each), the signature and the resumption ID (3 bytes of overhead each).
    public static let maximumByteCount =
        2 + 2 * (4 + SigmaLimits.maximumCertificateByteCount) + (3 + P256Signature.rawByteCount)
        + (3 + SigmaLimits.resumptionIDByteCount)

    public var responderNOC: [UInt8]
    public var responderICAC: [UInt8]?
    public var signature: [UInt8]
    public var resumptionID: [UInt8]

    public init(responderNOC: [UInt8], responderICAC: [UInt8]?, signature: [UInt8], resumptionID: [UInt8]) {
        self.responderNOC = responderNOC
        self.responderICAC = responderICAC
        self.signature = signature
        self.resumptionID = resumptionID
    }

    public init(payload: [UInt8]) throws(CASEMessageError) {
        let reader = try SigmaFieldReader(sigma: payload)
        (responderNOC, responderICAC, signature) = try reader.senderCredentials("responder")
        resumptionID = try reader.requiredBytes(4, "resumptionID", count: SigmaLimits.resumptionIDByteCount)
    }

    public func encoded() -> [UInt8] {
        var members = [TLVElement].senderCredentials(noc: responderNOC, icac: responderICAC, tag3: signature)
        members.append(TLVElement(tag: .context(4), .bytes(resumptionID)))
        return TLVEncoder.encode(TLVElement(.structure(members)))
    }
}
