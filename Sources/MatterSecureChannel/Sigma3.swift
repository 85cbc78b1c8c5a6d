import MatterTLV

/// Sigma3 (Secure Channel opcode 0x32): the initiator's encrypted credentials, 1 encrypted3 (TBEData3 under
/// AES-CCM with its 16-byte tag).
///
/// Matter reference §5, "Sigma3 handling" (CHIP `CASESession.cpp` `SendSigma3`, `HandleSigma3`).
public struct Sigma3: Hashable, Sendable {
    /// The longest encrypted3: the longest TBEData3 and the tag.
    public static let maximumEncryptedByteCount = SigmaTBEData3.maximumByteCount + SigmaLimits.micByteCount

    public var encrypted3: [UInt8]

    public init(encrypted3: [UInt8]) {
        self.encrypted3 = encrypted3
    }

    public init(payload: [UInt8]) throws(CASEMessageError) {
        let reader = try SigmaFieldReader(sigma: payload)
        encrypted3 = try reader.requiredBytes(
            1, "encrypted3", length: SigmaLimits.micByteCount + 1...Self.maximumEncryptedByteCount)
    }

    public func encoded() -> [UInt8] {
        TLVEncoder.encode(TLVElement(.structure([TLVElement(tag: .context(1), .bytes(encrypted3))])))
    }
}
