import MatterTLV

/// Sigma2_Resume (Secure Channel opcode 0x33): the responder accepts a resumption.
///
/// CHIP `CASESession.cpp` `SendSigma2Resume`, `HandleSigma2Resume`: an anonymous structure with 1 resumptionID
/// (16 bytes, a new one for the next resumption), 2 sigma2ResumeMIC (16 bytes), 3 responderSessionId (uint16),
/// optional 4 responderSessionParams. The initiator answers with StatusReport SUCCESS.
public struct Sigma2Resume: Hashable, Sendable {
    public var resumptionID: [UInt8]
    public var sigma2ResumeMIC: [UInt8]
    public var responderSessionID: UInt16
    public var responderSessionParameters: SessionParameters?

    public init(
        resumptionID: [UInt8], sigma2ResumeMIC: [UInt8], responderSessionID: UInt16,
        responderSessionParameters: SessionParameters? = nil
    ) {
        self.resumptionID = resumptionID
        self.sigma2ResumeMIC = sigma2ResumeMIC
        self.responderSessionID = responderSessionID
        self.responderSessionParameters = responderSessionParameters
    }

    public init(payload: [UInt8]) throws(CASEMessageError) {
        let reader = try SigmaFieldReader(sigma: payload)
        resumptionID = try reader.requiredBytes(1, "resumptionID", count: SigmaLimits.resumptionIDByteCount)
        sigma2ResumeMIC = try reader.requiredBytes(2, "sigma2ResumeMIC", count: SigmaLimits.micByteCount)
        responderSessionID = try reader.requiredUnsigned(3, "responderSessionId", as: UInt16.self)
        responderSessionParameters = try reader.sessionParameters(4)
    }

    public func encoded() -> [UInt8] {
        var members = [
            TLVElement(tag: .context(1), .bytes(resumptionID)),
            TLVElement(tag: .context(2), .bytes(sigma2ResumeMIC)),
            TLVElement(tag: .context(3), .unsigned(UInt64(responderSessionID))),
        ]
        if let responderSessionParameters { members.append(responderSessionParameters.element(tag: 4)) }
        return TLVEncoder.encode(TLVElement(.structure(members)))
    }
}
