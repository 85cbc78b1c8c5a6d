internal import CCrypto

/// PBKDF2 with HMAC-SHA256 (RFC 8018 §5.2).
public enum PBKDF2SHA256 {
    /// `outputByteCount` bytes derived from `password` and `salt` in `iterations` rounds.
    ///
    /// Any iteration count from 1 is accepted here; Matter's narrower limits for the SPAKE2+ verifier are
    /// checked by `Spake2pPasscodeKeys`.
    public static func deriveKey(
        password: [UInt8], salt: [UInt8], iterations: UInt32, outputByteCount: Int
    ) throws(CryptoError) -> [UInt8] {
        guard iterations >= 1, iterations <= UInt32(Int32.max) else {
            throw .invalidParameter("PBKDF2 needs between 1 and \(Int32.max) iterations, not \(iterations)")
        }
        guard (1...4096).contains(outputByteCount) else {
            throw .invalidParameter("PBKDF2 output must be 1 to 4096 bytes, not \(outputByteCount)")
        }
        var output = [UInt8](repeating: 0, count: outputByteCount)
        let status = password.withNonNullBytes { passwordBytes in
            passwordBytes.withMemoryRebound(to: CChar.self, capacity: max(password.count, 1)) { passwordPointer in
                salt.withNonNullBytes { saltPointer in
                    output.withUnsafeMutableBufferPointer { out in
                        PKCS5_PBKDF2_HMAC(
                            passwordPointer, Int32(password.count), saltPointer, Int32(salt.count), Int32(iterations),
                            EVP_sha256(), Int32(outputByteCount), out.baseAddress)
                    }
                }
            }
        }
        guard status == 1 else { throw .libraryFailure("PKCS5_PBKDF2_HMAC") }
        return output
    }
}
