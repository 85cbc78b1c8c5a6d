import MatterCrypto
import MatterTLV

/// Sigma2 (Secure Channel opcode 0x31): the responder's random, session ID, ephemeral key and its encrypted
/// credentials.
///
/// Matter reference §5, "Sigma2 construction" (CHIP `CASESession.cpp` `SendSigma2`, `ParseSigma2`): an anonymous
/// structure with 1 responderRandom (32 bytes), 2 responderSessionId (uint16), 3 responderEphPubKey (65 bytes),
/// 4 encrypted2 (TBEData2 under AES-CCM with its 16-byte tag), optional 5 responderSessionParams.
public struct Sigma2: Hashable, Sendable {
    /// The longest encrypted2: the longest TBEData2 and the tag.
    public static let maximumEncryptedByteCount = SigmaTBEData2.maximumByteCount + SigmaLimits.micByteCount

    public var responderRandom: [UInt8]
    public var responderSessionID: UInt16
    public var responderEphemeralPublicKey: [UInt8]
    public var encrypted2: [UInt8]
    public var responderSessionParameters: SessionParameters?

    public init(
        responderRandom: [UInt8], responderSessionID: UInt16, responderEphemeralPublicKey: [UInt8],
        encrypted2: [UInt8], responderSessionParameters: SessionParameters? = nil
    ) {
        self.responderRandom = responderRandom
        self.responderSessionID = responderSessionID
        self.responderEphemeralPublicKey = responderEphemeralPublicKey
        self.encrypted2 = encrypted2
        self.responderSessionParameters = responderSessionParameters
    }

    public init(payload: [UInt8]) throws(CASEMessageError) {
        let reader = try SigmaFieldReader(sigma: payload)
        responderRandom = try reader.requiredBytes(1, "responderRandom", count: SigmaLimits.randomByteCount)
        responderSessionID = try reader.requiredUnsigned(2, "responderSessionId", as: UInt16.self)
        responderEphemeralPublicKey = try reader.requiredBytes(3, "responderEphPubKey", count: P256Point.byteCount)
        encrypted2 = try reader.requiredBytes(
            4, "encrypted2", length: SigmaLimits.micByteCount + 1...Self.maximumEncryptedByteCount)
        responderSessionParameters = try reader.sessionParameters(5)
    }

    public func encoded() -> [UInt8] {
        var members = [
            TLVElement(tag: .context(1), .bytes(responderRandom)),
            TLVElement(tag: .context(2), .unsigned(UInt64(responderSessionID))),
            TLVElement(tag: .context(3), .bytes(responderEphemeralPublicKey)),
            TLVElement(tag: .context(4), .bytes(encrypted2)),
        ]
        if let responderSessionParameters { members.append(responderSessionParameters.element(tag: 5)) }
        return TLVEncoder.encode(TLVElement(.structure(members)))
    }
}
