/// The SPAKE2+ transcript hash, keys and key confirmations shared by prover and verifier.
///
/// Matter reference C.3 (CHIP `CHIPCryptoPAL.cpp` `Spake2p::InternalHash`, `GenerateKeys`, `Mac`), the
/// draft-bar-cfrg-spake2plus-01 schedule, not RFC 9383's:
/// TT = Σ len64LE(field) ‖ field over Context, idProver, idVerifier, M, N, X, Y, Z, V, w0;
/// Ka ‖ Ke = SHA-256(TT); KcA ‖ KcB = HKDF-SHA256(Ka, salt: empty, info: "ConfirmationKeys", 32);
/// cA = HMAC(KcA, Y) (sent by the prover), cB = HMAC(KcB, X) (sent by the verifier).
public struct Spake2pKeySchedule: Sendable {
    /// Ka: the first half of the transcript hash, the root of the confirmation keys.
    public let ka: [UInt8]
    /// Ke: the shared secret; Matter's PASE derives the session keys from it.
    public let ke: [UInt8]
    public let kcA: [UInt8]
    public let kcB: [UInt8]
    /// cA = HMAC-SHA256(KcA, Y): the prover's confirmation.
    public let confirmationA: [UInt8]
    /// cB = HMAC-SHA256(KcB, X): the verifier's confirmation.
    public let confirmationB: [UInt8]

    /// The schedule for one exchange; Matter's PASE passes empty identities.
    public init(
        context: [UInt8], proverIdentity: [UInt8], verifierIdentity: [UInt8], x: P256Point, y: P256Point,
        z: P256Point, v: P256Point, w0: P256Scalar
    ) throws(CryptoError) {
        var transcript: [UInt8] = []
        let fields = [
            context, proverIdentity, verifierIdentity, Spake2p.m.uncompressed, Spake2p.n.uncompressed,
            x.uncompressed, y.uncompressed, z.uncompressed, v.uncompressed, w0.bytes,
        ]
        for field in fields {
            let length = UInt64(field.count)
            transcript += (0..<8).map { UInt8(truncatingIfNeeded: length >> (8 * $0)) }
            transcript += field
        }
        let hash = SHA256.hash(transcript)
        ka = Array(hash[0..<16])
        ke = Array(hash[16..<32])
        let confirmationKeys = try HKDFSHA256.deriveKey(
            inputKeyMaterial: ka, salt: [], info: Array("ConfirmationKeys".utf8), outputByteCount: 32)
        kcA = Array(confirmationKeys[0..<16])
        kcB = Array(confirmationKeys[16..<32])
        confirmationA = HMACSHA256.authenticationCode(key: kcA, message: y.uncompressed)
        confirmationB = HMACSHA256.authenticationCode(key: kcB, message: x.uncompressed)
    }
}

/// The SPAKE2+ constants for P-256.
public enum Spake2p {
    /// M, the prover's blinding point (CHIP `CHIPCryptoPAL.h` `spake2p_M_p256`).
    public static let m = constantPoint(
        "04886e2f97ace46e55ba9dd7242579f2993b64e16ef3dcab95afd497333d8fa12f"
            + "5ff355163e43ce224e0b0e65ff02ac8e5c7be09419c785e0ca547d55a12e2d20")
    /// N, the verifier's blinding point (CHIP `CHIPCryptoPAL.h` `spake2p_N_p256`).
    public static let n = constantPoint(
        "04d8bbd6c639c62937b04d997f38c3770719c629d7014d49a24b4f98baa1292b49"
            + "07d60aa6bfade45008a636337f5168c64d9bd36034808cd564490b1e656edbe7")

    private static func constantPoint(_ hex: String) -> P256Point {
        let digits = Array(hex.utf8)
        let bytes = stride(from: 0, to: digits.count, by: 2).map {
            UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)!
        }
        guard let point = try? P256Point(uncompressed: bytes) else { preconditionFailure("bad SPAKE2+ constant") }
        return point
    }
}
