import MatterCrypto
import MatterTLV

/// PBKDFParamResponse (Secure Channel opcode 0x21): the responder's random, session ID and PBKDF parameters.
///
/// Matter reference C.1 (CHIP `PASESession.cpp` `SendPBKDFParamResponse`): 1 initiatorRandom (echoed),
/// 2 responderRandom (32 bytes), 3 responderSessionId (uint16), 4 pbkdf_parameters {1 iterations (uint32),
/// 2 salt (16..32 bytes)} only if the request had hasPBKDFParameters = false, 5 responderSessionParams.
public struct PBKDFParamResponse: Hashable, Sendable {
    public struct PBKDFParameters: Hashable, Sendable {
        public var iterations: UInt32
        public var salt: [UInt8]

        public init(iterations: UInt32, salt: [UInt8]) {
            self.iterations = iterations
            self.salt = salt
        }
    }

    public var initiatorRandom: [UInt8]
    public var responderRandom: [UInt8]
    public var responderSessionID: UInt16
    public var pbkdfParameters: PBKDFParameters?
    public var responderSessionParameters: SessionParameters?

    public init(
        initiatorRandom: [UInt8], responderRandom: [UInt8], responderSessionID: UInt16,
        pbkdfParameters: PBKDFParameters?, responderSessionParameters: SessionParameters? = nil
    ) {
        self.initiatorRandom = initiatorRandom
        self.responderRandom = responderRandom
        self.responderSessionID = responderSessionID
        self.pbkdfParameters = pbkdfParameters
        self.responderSessionParameters = responderSessionParameters
    }

    /// Reads a response (what an initiator does). The iteration count is not range-checked here, as in
    /// CHIP's `HandlePBKDFParamResponse`; deriving the keys checks it.
    public init(payload: [UInt8]) throws(PASEMessageError) {
        let reader = try TLVStructureReader(payload: payload)
        let random = PBKDFParamRequest.randomLength...PBKDFParamRequest.randomLength
        initiatorRandom = try reader.bytes(1, "initiatorRandom", length: random)
        responderRandom = try reader.bytes(2, "responderRandom", length: random)
        responderSessionID = try reader.requiredUnsigned(3, "responderSessionId", as: UInt16.self)
        if let element = reader.element(4) {
            let parameters = try TLVStructureReader(element, "pbkdf_parameters")
            pbkdfParameters = PBKDFParameters(
                iterations: try parameters.requiredUnsigned(1, "iterations", as: UInt32.self),
                salt: try parameters.bytes(2, "salt", length: Spake2pPasscodeKeys.saltLengthRange))
        } else {
            pbkdfParameters = nil
        }
        responderSessionParameters = try reader.element(5).map { (element) throws(PASEMessageError) in
            try SessionParameters(element)
        }
    }

    public func encoded() -> [UInt8] {
        var members = [
            TLVElement(tag: .context(1), .bytes(initiatorRandom)),
            TLVElement(tag: .context(2), .bytes(responderRandom)),
            TLVElement(tag: .context(3), .unsigned(UInt64(responderSessionID))),
        ]
        if let pbkdfParameters {
            members.append(
                TLVElement(
                    tag: .context(4),
                    .structure([
                        TLVElement(tag: .context(1), .unsigned(UInt64(pbkdfParameters.iterations))),
                        TLVElement(tag: .context(2), .bytes(pbkdfParameters.salt)),
                    ])))
        }
        if let responderSessionParameters { members.append(responderSessionParameters.element(tag: 5)) }
        return TLVEncoder.encode(TLVElement(.structure(members)))
    }
}
