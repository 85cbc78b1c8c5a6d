/// An ECDSA signature on P-256, kept as Matter carries it: raw r ‖ s, each 32 big-endian bytes, left-padded.
///
/// Matter's commissioning and CASE messages carry this raw form; X.509 certificates, CSRs and the CMS
/// envelope of a Certification Declaration carry the DER `ECDSA-Sig-Value` (RFC 3279 §2.2.3,
/// SEQUENCE { INTEGER r, INTEGER s }). CHIP converts between them in `CHIPCryptoPAL.cpp`
/// `EcdsaRawSignatureToAsn1` / `EcdsaAsn1SignatureToRaw`.
public struct P256Signature: Hashable, Sendable {
    /// Length of the raw form: r (32) ‖ s (32).
    public static let rawByteCount = 64
    /// Length of one integer in the raw form.
    static let integerByteCount = 32

    /// r ‖ s.
    public let raw: [UInt8]

    /// A signature from its raw 64 bytes.
    public init(raw bytes: [UInt8]) throws(CryptoError) {
        guard bytes.count == Self.rawByteCount else {
            throw .invalidLength(what: "a raw P-256 ECDSA signature", expected: "64", actual: bytes.count)
        }
        raw = bytes
    }

    /// A signature from a DER `ECDSA-Sig-Value`, which must be strict DER (definite short lengths, minimal
    /// non-negative integers of at most 32 significant bytes, nothing after the sequence).
    public init(derEncoded bytes: [UInt8]) throws(CryptoError) {
        guard bytes.count >= 2, bytes[0] == 0x30 else { throw .invalidSignatureEncoding("not a DER SEQUENCE") }
        // At most 2 · (2 + 33) = 70 content bytes, so the length is always in the short form.
        guard bytes[1] < 0x80, Int(bytes[1]) == bytes.count - 2 else {
            throw .invalidSignatureEncoding("the SEQUENCE's length does not match the input")
        }
        var offset = 2
        let r = try Self.readInteger(bytes, &offset)
        let s = try Self.readInteger(bytes, &offset)
        guard offset == bytes.count else { throw .invalidSignatureEncoding("bytes after the second INTEGER") }
        raw = r + s
    }

    /// The DER `ECDSA-Sig-Value` of this signature.
    public var derEncoded: [UInt8] {
        let content =
            Self.derInteger(raw[0..<Self.integerByteCount]) + Self.derInteger(raw[Self.integerByteCount...])
        return [0x30, UInt8(content.count)] + content
    }

    /// Reads one DER INTEGER at `offset` and returns its value as 32 left-padded bytes.
    private static func readInteger(_ bytes: [UInt8], _ offset: inout Int) throws(CryptoError) -> [UInt8] {
        guard bytes.count - offset >= 2, bytes[offset] == 0x02 else {
            throw .invalidSignatureEncoding("expected an INTEGER")
        }
        let length = Int(bytes[offset + 1])
        let start = offset + 2
        guard length >= 1, length <= integerByteCount + 1, bytes.count - start >= length else {
            throw .invalidSignatureEncoding("an INTEGER's length is out of range")
        }
        var value = Array(bytes[start..<start + length])
        offset = start + length
        guard value[0] & 0x80 == 0 else { throw .invalidSignatureEncoding("a negative INTEGER") }
        if value.count > 1, value[0] == 0 {
            // A leading zero is allowed only to keep the next byte's top bit from reading as a sign.
            guard value[1] & 0x80 != 0 else { throw .invalidSignatureEncoding("an INTEGER that is not minimal") }
            value.removeFirst()
        }
        guard value.count <= integerByteCount else {
            throw .invalidSignatureEncoding("an INTEGER wider than 32 bytes")
        }
        return [UInt8](repeating: 0, count: integerByteCount - value.count) + value
    }

    /// The DER INTEGER of an unsigned big-endian value: leading zeros dropped, one added back before a set top bit.
    private static func derInteger(_ value: ArraySlice<UInt8>) -> [UInt8] {
        var significant = Array(value.drop { $0 == 0 })
        if significant.isEmpty {
            significant = [0]
        } else if significant[0] & 0x80 != 0 {
            significant.insert(0, at: 0)
        }
        return [0x02, UInt8(significant.count)] + significant
    }
}
