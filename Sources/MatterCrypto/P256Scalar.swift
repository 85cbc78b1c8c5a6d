internal import CCrypto

/// An integer modulo n, the order of the P-256 group, as 32 big-endian bytes.
public struct P256Scalar: Hashable, Sendable {
    public static let byteCount = 32

    /// The 32 big-endian bytes; always below n.
    public let bytes: [UInt8]

    /// A scalar from exactly 32 big-endian bytes whose value is below n.
    public init(bytes: [UInt8]) throws(CryptoError) {
        guard bytes.count == Self.byteCount else {
            throw .invalidLength(what: "a P-256 scalar", expected: "32", actual: bytes.count)
        }
        let group = P256Group.shared
        let number = try group.bigNumber(bytes)
        guard BN_cmp(number.pointer, group.order) < 0 else { throw .invalidScalar }
        self.bytes = bytes
    }

    /// The big-endian integer `wideBytes` (any length) reduced modulo n.
    ///
    /// SPAKE2+ reduces 40-byte PBKDF2 outputs this way (w0 = w0s mod n, CHIP `Spake2pVerifier::ComputeWS`,
    /// `Spake2p_P256_SHA256_HKDF_HMAC::FELoad`).
    public init(reducing wideBytes: [UInt8]) throws(CryptoError) {
        let group = P256Group.shared
        let number = try group.bigNumber(wideBytes)
        guard let context = BN_CTX_new() else { throw .libraryFailure("BN_CTX_new") }
        defer { BN_CTX_free(context) }
        guard let reduced = BN_new() else { throw .libraryFailure("BN_new") }
        let result = BigNumberHandle(reduced)
        guard BN_nnmod(result.pointer, number.pointer, group.order, context) == 1 else {
            throw .libraryFailure("BN_nnmod")
        }
        bytes = try result.bytes(count: Self.byteCount)
    }

    /// Whether the scalar is 0, which no SPAKE2+ secret may be.
    public var isZero: Bool {
        bytes.allSatisfy { $0 == 0 }
    }

    /// A uniformly random scalar in [1, n − 1], drawn from `generator` by rejection.
    public static func random(using generator: inout some RandomNumberGenerator) -> P256Scalar {
        while true {
            // n is just below 2^256, so almost every 32-byte string is accepted at the first draw.
            if let scalar = try? P256Scalar(bytes: generator.bytes(count: byteCount)), !scalar.isZero {
                return scalar
            }
        }
    }
}
