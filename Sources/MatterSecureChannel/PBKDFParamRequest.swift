import MatterTLV

/// PBKDFParamRequest (Secure Channel opcode 0x20): the initiator opens PASE.
///
/// Matter reference C.1 (CHIP `PASESession.cpp` `SendPBKDFParamRequest`, `HandlePBKDFParamRequest`):
/// an anonymous structure with 1 initiatorRandom (32 bytes), 2 initiatorSessionId (uint16),
/// 3 passcodeId (uint16, must be 0), 4 hasPBKDFParameters (bool), 5 initiatorSessionParams (optional).
public struct PBKDFParamRequest: Hashable, Sendable {
    public static let randomLength = 32

    public var initiatorRandom: [UInt8]
    public var initiatorSessionID: UInt16
    public var passcodeID: UInt16
    /// True if the initiator already knows the iterations and salt, so the response leaves them out.
    public var hasPBKDFParameters: Bool
    public var initiatorSessionParameters: SessionParameters?

    public init(
        initiatorRandom: [UInt8], initiatorSessionID: UInt16, passcodeID: UInt16 = 0, hasPBKDFParameters: Bool,
        initiatorSessionParameters: SessionParameters? = nil
    ) {
        self.initiatorRandom = initiatorRandom
        self.initiatorSessionID = initiatorSessionID
        self.passcodeID = passcodeID
        self.hasPBKDFParameters = hasPBKDFParameters
        self.initiatorSessionParameters = initiatorSessionParameters
    }

    /// Reads and checks a request: random length, passcode ID 0 (else `CHIP_ERROR_INVALID_PASE_PARAMETER`).
    public init(payload: [UInt8]) throws(PASEMessageError) {
        let reader = try TLVStructureReader(payload: payload)
        initiatorRandom = try reader.bytes(1, "initiatorRandom", length: Self.randomLength...Self.randomLength)
        initiatorSessionID = try reader.requiredUnsigned(2, "initiatorSessionId", as: UInt16.self)
        let passcode = try reader.requiredUnsigned(3, "passcodeId", as: UInt64.self)
        guard passcode == 0 else { throw .unsupportedPasscodeID(passcode) }
        passcodeID = 0
        hasPBKDFParameters = try reader.requiredBool(4, "hasPBKDFParameters")
        initiatorSessionParameters = try reader.element(5).map { (element) throws(PASEMessageError) in
            try SessionParameters(element)
        }
    }

    public func encoded() -> [UInt8] {
        var members = [
            TLVElement(tag: .context(1), .bytes(initiatorRandom)),
            TLVElement(tag: .context(2), .unsigned(UInt64(initiatorSessionID))),
            TLVElement(tag: .context(3), .unsigned(UInt64(passcodeID))),
            TLVElement(tag: .context(4), .bool(hasPBKDFParameters)),
        ]
        if let initiatorSessionParameters { members.append(initiatorSessionParameters.element(tag: 5)) }
        return TLVEncoder.encode(TLVElement(.structure(members)))
    }
}
