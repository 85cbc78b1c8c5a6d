import MatterCrypto
import MatterTLV

/// TBSData2 and TBSData3, the structure a Sigma2 or Sigma3 sender signs with its operational key: its own
/// NOC and ICAC, its ephemeral key and the peer's.
///
/// Matter reference §5 (CHIP `CASESession.cpp` `ConstructTBSData`): an anonymous structure with 1 senderNOC,
/// optional 2 senderICAC, 3 senderEphPubKey (65 bytes), 4 receiverEphPubKey (65 bytes). Only ever encoded:
/// each side rebuilds it from what it received and checks the signature over the bytes.
public struct SigmaTBSData: Hashable, Sendable {
    public var senderNOC: [UInt8]
    public var senderICAC: [UInt8]?
    public var senderEphemeralPublicKey: [UInt8]
    public var receiverEphemeralPublicKey: [UInt8]

    public init(
        senderNOC: [UInt8], senderICAC: [UInt8]?, senderEphemeralPublicKey: [UInt8],
        receiverEphemeralPublicKey: [UInt8]
    ) {
        self.senderNOC = senderNOC
        self.senderICAC = senderICAC
        self.senderEphemeralPublicKey = senderEphemeralPublicKey
        self.receiverEphemeralPublicKey = receiverEphemeralPublicKey
    }

    public func encoded() -> [UInt8] {
        var members = [TLVElement].senderCredentials(noc: senderNOC, icac: senderICAC, tag3: senderEphemeralPublicKey)
        members.append(TLVElement(tag: .context(4), .bytes(receiverEphemeralPublicKey)))
        return TLVEncoder.encode(TLVElement(.structure(members)))
    }
}
