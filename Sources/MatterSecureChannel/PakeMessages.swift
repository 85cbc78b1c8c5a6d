import MatterCrypto
import MatterTLV

/// Pake1 (Secure Channel opcode 0x22): the prover's share, 1 pA = X (65-byte uncompressed point).
///
/// Matter reference C.1; the point is only length-checked here, `Spake2pVerifier` validates it.
public struct Pake1: Hashable, Sendable {
    public var pA: [UInt8]

    public init(pA: [UInt8]) {
        self.pA = pA
    }

    public init(payload: [UInt8]) throws(PASEMessageError) {
        let reader = try TLVStructureReader(payload: payload)
        pA = try reader.bytes(1, "pA", length: P256Point.byteCount...P256Point.byteCount)
    }

    public func encoded() -> [UInt8] {
        TLVEncoder.encode(TLVElement(.structure([TLVElement(tag: .context(1), .bytes(pA))])))
    }
}

/// Pake2 (Secure Channel opcode 0x23): 1 pB = Y (65 bytes), 2 cB = HMAC(KcB, X) (32 bytes) (Matter reference C.1).
public struct Pake2: Hashable, Sendable {
    public var pB: [UInt8]
    public var cB: [UInt8]

    public init(pB: [UInt8], cB: [UInt8]) {
        self.pB = pB
        self.cB = cB
    }

    public init(payload: [UInt8]) throws(PASEMessageError) {
        let reader = try TLVStructureReader(payload: payload)
        pB = try reader.bytes(1, "pB", length: P256Point.byteCount...P256Point.byteCount)
        cB = try reader.bytes(2, "cB", length: HMACSHA256.byteCount...HMACSHA256.byteCount)
    }

    public func encoded() -> [UInt8] {
        TLVEncoder.encode(
            TLVElement(
                .structure([TLVElement(tag: .context(1), .bytes(pB)), TLVElement(tag: .context(2), .bytes(cB))])))
    }
}

/// Pake3 (Secure Channel opcode 0x24): 1 cA = HMAC(KcA, Y), exactly 32 bytes (Matter reference C.1;
/// CHIP `HandleMsg3` fails other lengths with `CHIP_ERROR_INVALID_MESSAGE_LENGTH`).
public struct Pake3: Hashable, Sendable {
    public var cA: [UInt8]

    public init(cA: [UInt8]) {
        self.cA = cA
    }

    public init(payload: [UInt8]) throws(PASEMessageError) {
        let reader = try TLVStructureReader(payload: payload)
        cA = try reader.bytes(1, "cA", length: HMACSHA256.byteCount...HMACSHA256.byteCount)
    }

    public func encoded() -> [UInt8] {
        TLVEncoder.encode(TLVElement(.structure([TLVElement(tag: .context(1), .bytes(cA))])))
    }
}
