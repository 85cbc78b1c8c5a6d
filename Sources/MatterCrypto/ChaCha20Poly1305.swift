internal import CCrypto

/// The ChaCha20-Poly1305 AEAD (RFC 8439 §2.8): 32-byte key, 12-byte nonce, 16-byte tag.
///
/// HomeKit encrypts Pair Setup M5/M6 and Pair Verify M2/M3 with it (nonce 00000000 ‖ "PS-Msg05" and so on,
/// no additional data), and every frame of a verified session (nonce 00000000 ‖ little-endian 64-bit counter,
/// the frame's 2 length bytes as additional data): HAP R14 §5.6, §5.7; ADK `HAPIPSecurityProtocol.c`.
public enum ChaCha20Poly1305 {
    public static let keyByteCount = 32
    public static let nonceByteCount = 12
    public static let tagByteCount = 16

    /// Encrypts `plaintext` and authenticates it with `additionalData`; returns ciphertext ‖ tag.
    public static func seal(
        _ plaintext: [UInt8], key: [UInt8], nonce: [UInt8], additionalData: [UInt8]
    ) throws(CryptoError) -> [UInt8] {
        try checkSizes(key: key, nonce: nonce)
        guard let context = EVP_CIPHER_CTX_new() else { throw .libraryFailure("EVP_CIPHER_CTX_new") }
        defer { EVP_CIPHER_CTX_free(context) }
        var output = [UInt8](repeating: 0, count: plaintext.count + tagByteCount)
        var length: Int32 = 0
        guard EVP_EncryptInit_ex(context, EVP_chacha20_poly1305(), nil, nil, nil) == 1,
            EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_AEAD_SET_IVLEN, Int32(nonceByteCount), nil) == 1,
            EVP_EncryptInit_ex(context, nil, nil, key, nonce) == 1
        else { throw .libraryFailure("EVP_EncryptInit_ex") }
        if !additionalData.isEmpty {
            guard EVP_EncryptUpdate(context, nil, &length, additionalData, Int32(additionalData.count)) == 1 else {
                throw .libraryFailure("EVP_EncryptUpdate(additional data)")
            }
        }
        // Input and output are separate arrays: OpenSSL's ChaCha20 does not promise to handle overlapping
        // buffers (the ADK's OpenSSL PAL notes the same).
        let failure: String? = output.withUnsafeMutableBufferPointer { out -> String? in
            let ciphertext = out.baseAddress!
            if !plaintext.isEmpty {
                let status = plaintext.withNonNullBytes { input in
                    EVP_EncryptUpdate(context, ciphertext, &length, input, Int32(plaintext.count))
                }
                guard status == 1, Int(length) == plaintext.count else { return "EVP_EncryptUpdate" }
            }
            guard EVP_EncryptFinal_ex(context, ciphertext + plaintext.count, &length) == 1, length == 0 else {
                return "EVP_EncryptFinal_ex"
            }
            guard
                EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_AEAD_GET_TAG, Int32(tagByteCount), ciphertext + plaintext.count)
                    == 1
            else { return "EVP_CTRL_AEAD_GET_TAG" }
            return nil
        }
        if let failure { throw .libraryFailure(failure) }
        return output
    }

    /// Checks the tag at the end of `sealed` (ciphertext ‖ tag) and returns the plaintext.
    ///
    /// Throws `authenticationFailed` when the tag does not match the ciphertext, the additional data, the key
    /// and the nonce: HomeKit then closes the connection (HAP-python `hap_crypto.py`).
    public static func open(
        _ sealed: [UInt8], key: [UInt8], nonce: [UInt8], additionalData: [UInt8]
    ) throws(CryptoError) -> [UInt8] {
        try checkSizes(key: key, nonce: nonce)
        guard sealed.count >= tagByteCount else {
            throw .invalidLength(what: "a sealed message", expected: "at least \(tagByteCount)", actual: sealed.count)
        }
        let ciphertext = Array(sealed.dropLast(tagByteCount))
        var tag = Array(sealed.suffix(tagByteCount))
        guard let context = EVP_CIPHER_CTX_new() else { throw .libraryFailure("EVP_CIPHER_CTX_new") }
        defer { EVP_CIPHER_CTX_free(context) }
        var plaintext = [UInt8](repeating: 0, count: ciphertext.count + tagByteCount)
        var length: Int32 = 0
        guard EVP_DecryptInit_ex(context, EVP_chacha20_poly1305(), nil, nil, nil) == 1,
            EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_AEAD_SET_IVLEN, Int32(nonceByteCount), nil) == 1,
            EVP_DecryptInit_ex(context, nil, nil, key, nonce) == 1
        else { throw .libraryFailure("EVP_DecryptInit_ex") }
        if !additionalData.isEmpty {
            guard EVP_DecryptUpdate(context, nil, &length, additionalData, Int32(additionalData.count)) == 1 else {
                throw .libraryFailure("EVP_DecryptUpdate(additional data)")
            }
        }
        let failure: String? = plaintext.withUnsafeMutableBufferPointer { out -> String? in
            let output = out.baseAddress!
            if !ciphertext.isEmpty {
                let status = ciphertext.withNonNullBytes { input in
                    EVP_DecryptUpdate(context, output, &length, input, Int32(ciphertext.count))
                }
                guard status == 1, Int(length) == ciphertext.count else { return "EVP_DecryptUpdate" }
            }
            guard EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_AEAD_SET_TAG, Int32(tagByteCount), &tag) == 1 else {
                return "EVP_CTRL_AEAD_SET_TAG"
            }
            return nil
        }
        if let failure { throw .libraryFailure(failure) }
        // The tag is checked by the final call: ≤ 0 means it does not match (EVP_DecryptFinal_ex(3)).
        let status = plaintext.withUnsafeMutableBufferPointer { out in
            EVP_DecryptFinal_ex(context, out.baseAddress! + ciphertext.count, &length)
        }
        guard status == 1 else { throw .authenticationFailed }
        return Array(plaintext.prefix(ciphertext.count))
    }

    private static func checkSizes(key: [UInt8], nonce: [UInt8]) throws(CryptoError) {
        guard key.count == keyByteCount else {
            throw .invalidLength(what: "a ChaCha20-Poly1305 key", expected: "\(keyByteCount)", actual: key.count)
        }
        guard nonce.count == nonceByteCount else {
            throw .invalidLength(what: "a ChaCha20-Poly1305 nonce", expected: "\(nonceByteCount)", actual: nonce.count)
        }
    }
}
