import MatterCrypto
import MatterTLV

/// Sigma1 (Secure Channel opcode 0x30): the initiator opens CASE.
///
/// Matter reference §5 (CHIP `CASESession.cpp` `SendSigma1`, `ParseSigma1`): an anonymous structure with
/// 1 initiatorRandom (32 bytes), 2 initiatorSessionId (uint16), 3 destinationId (32 bytes), 4 initiatorEphPubKey
/// (65 bytes), optional 5 initiatorSessionParams, optional 6 resumptionID (16 bytes) and 7 initiatorResumeMIC
/// (16 bytes), both or neither. The key is only length-checked here; the responder checks that it is a point.
public struct Sigma1: Hashable, Sendable {
    /// What an initiator that holds a resumption record adds to ask for Sigma2_Resume.
    public struct Resumption: Hashable, Sendable {
        public var resumptionID: [UInt8]
        public var initiatorResumeMIC: [UInt8]

        public init(resumptionID: [UInt8], initiatorResumeMIC: [UInt8]) {
            self.resumptionID = resumptionID
            self.initiatorResumeMIC = initiatorResumeMIC
        }
    }

    public var initiatorRandom: [UInt8]
    public var initiatorSessionID: UInt16
    public var destinationID: [UInt8]
    public var initiatorEphemeralPublicKey: [UInt8]
    public var initiatorSessionParameters: SessionParameters?
    public var resumption: Resumption?

    public init(
        initiatorRandom: [UInt8], initiatorSessionID: UInt16, destinationID: [UInt8],
        initiatorEphemeralPublicKey: [UInt8], initiatorSessionParameters: SessionParameters? = nil,
        resumption: Resumption? = nil
    ) {
        self.initiatorRandom = initiatorRandom
        self.initiatorSessionID = initiatorSessionID
        self.destinationID = destinationID
        self.initiatorEphemeralPublicKey = initiatorEphemeralPublicKey
        self.initiatorSessionParameters = initiatorSessionParameters
        self.resumption = resumption
    }

    public init(payload: [UInt8]) throws(CASEMessageError) {
        let reader = try SigmaFieldReader(sigma: payload)
        initiatorRandom = try reader.requiredBytes(1, "initiatorRandom", count: SigmaLimits.randomByteCount)
        initiatorSessionID = try reader.requiredUnsigned(2, "initiatorSessionId", as: UInt16.self)
        destinationID = try reader.requiredBytes(3, "destinationId", count: CASEDestinationID.byteCount)
        initiatorEphemeralPublicKey = try reader.requiredBytes(4, "initiatorEphPubKey", count: P256Point.byteCount)
        initiatorSessionParameters = try reader.sessionParameters(5)
        let resumptionID = try reader.bytes(6, "resumptionID", count: SigmaLimits.resumptionIDByteCount)
        let mic = try reader.bytes(7, "initiatorResumeMIC", count: SigmaLimits.micByteCount)
        switch (resumptionID, mic) {
        case (let resumptionID?, let mic?): resumption = Resumption(resumptionID: resumptionID, initiatorResumeMIC: mic)
        case (nil, nil): resumption = nil
        case (_?, nil), (nil, _?): throw .unpairedResumptionFields
        }
    }

    public func encoded() -> [UInt8] {
        var members = [
            TLVElement(tag: .context(1), .bytes(initiatorRandom)),
            TLVElement(tag: .context(2), .unsigned(UInt64(initiatorSessionID))),
            TLVElement(tag: .context(3), .bytes(destinationID)),
            TLVElement(tag: .context(4), .bytes(initiatorEphemeralPublicKey)),
        ]
        if let initiatorSessionParameters { members.append(initiatorSessionParameters.element(tag: 5)) }
        members.append(6, bytes: resumption?.resumptionID)
        members.append(7, bytes: resumption?.initiatorResumeMIC)
        return TLVEncoder.encode(TLVElement(.structure(members)))
    }
}
